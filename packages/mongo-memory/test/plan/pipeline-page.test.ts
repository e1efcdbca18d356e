import type { Document as DriverDocument } from 'mongodb';
import { describe, expect, it } from 'vitest';
import { type Document, MemoryMongoClient } from '../../src/index.js';

// A page at the head of a pipeline (`$match`, `$sort`, `$skip`?, `$limit`, as query-dsl sends for
// populate) is read as the same find: in an index's order until the page is full, and `explain()`
// shows that plan in a first `$cursor` stage, MongoDB's form for an aggregate.

interface Student {
  _id: number;
  school: string;
  tags: string[];
}

const SCHOOL_SIZE = 3000;

async function students() {
  const collection = new MemoryMongoClient().db('page').collection<Student>('students');
  await collection.createIndex({ school: 1, _id: 1 });
  await collection.createIndex({ tags: 1 });
  const docs: Student[] = [];
  for (let n = 0; n < 2 * SCHOOL_SIZE; n++) {
    docs.push({ _id: n, school: n % 2 === 0 ? 'A' : 'B', tags: n % 100 === 0 ? ['rare'] : ['common'] });
  }
  await collection.insertMany(docs);
  return collection;
}

type Explained = {
  stages: Array<{
    $cursor?: {
      queryPlanner: { winningPlan: { stage: string; inputStage?: { stage: string; indexName: string } } };
      executionStats?: { nReturned: number; totalKeysExamined: number; totalDocsExamined: number };
    };
    [stage: string]: unknown;
  }>;
};

/** An explain output read as the aggregate form (its `stages` are untyped in the driver's `Document`). */
const explainedOf = (output: DriverDocument): Explained => ({ stages: output.stages });

const page: Document[] = [
  { $match: { school: { $in: ['A'] } } },
  { $sort: { _id: 1 } },
  { $skip: 2 },
  { $limit: 3 },
];
const lookup = { $lookup: { from: 'schools', localField: 'school', foreignField: '_id', as: 'of' } };

describe('a page at the head of a pipeline', () => {
  it('answers as the find with the same filter, sort, skip and limit', async () => {
    const collection = await students();
    const found = await collection.find({ school: { $in: ['A'] } }, { sort: { _id: 1 }, skip: 2, limit: 3 });
    const aggregated = await collection.aggregate([...page, lookup]).toArray();
    expect(aggregated.map((d) => d._id)).toEqual((await found.toArray()).map((d) => d._id));
    expect(aggregated.map((d) => d._id)).toEqual([4, 6, 8]);
    expect(aggregated[0]!.of).toEqual([]);
  });

  it('reads the index in its order until the page is full, and explains it in a $cursor stage', async () => {
    const collection = await students();
    const explained = explainedOf(await collection.aggregate([...page, lookup]).explain());
    const [cursor, ...rest] = explained.stages;
    expect(cursor!.$cursor!.queryPlanner.winningPlan).toMatchObject({
      stage: 'FETCH',
      inputStage: { stage: 'IXSCAN', indexName: 'school_1__id_1' },
    });
    expect(cursor!.$cursor!.executionStats).toMatchObject({ nReturned: 3, totalDocsExamined: 5 });
    expect(rest).toEqual([lookup]);
  });

  it('leaves executionStats out for the queryPlanner verbosity', async () => {
    const collection = await students();
    const explained = explainedOf(await collection.aggregate(page).explain('queryPlanner'));
    expect(explained.stages).toHaveLength(1);
    expect(explained.stages[0]!.$cursor!.executionStats).toBeUndefined();
  });

  it("explains a count's pipeline through the index its $match bounds", async () => {
    const collection = await students();
    const count = [{ $match: { tags: 'rare' } }, { $group: { _id: 1, n: { $sum: 1 } } }];
    const explained = explainedOf(await collection.aggregate(count).explain());
    expect(explained.stages[0]!.$cursor).toMatchObject({
      queryPlanner: { winningPlan: { inputStage: { indexName: 'tags_1' } } },
      executionStats: { nReturned: (2 * SCHOOL_SIZE) / 100, totalKeysExamined: (2 * SCHOOL_SIZE) / 100 },
    });
    expect(await collection.aggregate(count).toArray()).toEqual([{ _id: 1, n: (2 * SCHOOL_SIZE) / 100 }]);
  });

  it('explains a pipeline that does not start with $match as a collection scan', async () => {
    const collection = await students();
    const explained = explainedOf(
      await collection.aggregate([{ $sort: { _id: 1 } }, { $limit: 1 }]).explain(),
    );
    expect(explained.stages[0]!.$cursor!.queryPlanner.winningPlan).toEqual({
      stage: 'COLLSCAN',
      direction: 'forward',
    });
    expect(explained.stages.slice(1)).toEqual([{ $sort: { _id: 1 } }, { $limit: 1 }]);
  });
});
