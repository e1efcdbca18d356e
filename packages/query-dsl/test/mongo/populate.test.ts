import { createQueryDsl, defineCollection, toMongo } from '@school/query-dsl';
import { describe, expect, it } from 'vitest';
import { issuesFor, mongoFor } from '../support/helpers.js';

const pipelineOf = (query: string, options?: Parameters<typeof mongoFor>[2]) => {
  const { read } = mongoFor(query, 'students', options);
  if (read.kind !== 'aggregate') throw new Error('expected a pipeline');
  return read.pipeline;
};

describe('populate', () => {
  it('replaces a single reference by the record, with only the listed fields, or null', () => {
    expect(pipelineOf('populate={"school":"name code"}').slice(3)).toEqual([
      {
        $lookup: {
          from: 'schools',
          localField: 'school',
          foreignField: '_id',
          as: 'school',
          pipeline: [{ $project: { name: 1, code: 1 } }],
        },
      },
      { $set: { school: { $ifNull: [{ $first: '$school' }, null] } } },
    ]);
  });

  it('an empty field list returns every visible field of the referenced record', () => {
    const stages = pipelineOf('populate={"parents":""}');
    expect(stages[3]).toEqual({
      $lookup: {
        from: 'parents',
        localField: 'parents',
        foreignField: '_id',
        as: '__populate_0',
        pipeline: [{ $project: { _search: 0, _sync: 0, _rev: 0 } }],
      },
    });
  });

  it('keeps the order of an array of references and puts null where one resolves to nothing', () => {
    const stages = pipelineOf('populate={"parents":"user.name"}');
    expect(stages.slice(4)).toEqual([
      {
        $set: {
          parents: {
            $cond: [
              { $isArray: '$parents' },
              {
                $map: {
                  input: '$parents',
                  as: 'ref',
                  in: {
                    $ifNull: [
                      {
                        $first: {
                          $filter: {
                            input: '$__populate_0',
                            as: 'doc',
                            cond: { $eq: ['$$doc._id', '$$ref'] },
                          },
                        },
                      },
                      null,
                    ],
                  },
                },
              },
              '$parents',
            ],
          },
        },
      },
      { $unset: '__populate_0' },
    ]);
  });

  it('reaches references inside arrays of subdocuments, keeping the other fields of each element', () => {
    const stages = pipelineOf('populate={"years.year":"name"}');
    expect(stages[4]).toMatchObject({
      $set: {
        years: {
          $cond: [
            { $isArray: '$years' },
            {
              $map: {
                input: '$years',
                as: 'item',
                in: { $mergeObjects: ['$$item', { year: expect.any(Object) }] },
              },
            },
            '$years',
          ],
        },
      },
    });
  });

  it('chains through a populated record up to three references deep', () => {
    const stages = pipelineOf('populate={"years.group":"name","years.group.section":"name"}');
    expect(stages[3]).toMatchObject({
      $lookup: {
        from: 'grades',
        localField: 'years.group',
        pipeline: [
          { $project: { name: 1, section: 1 } },
          {
            $lookup: {
              from: 'sections',
              localField: 'section',
              as: 'section',
              pipeline: [{ $project: { name: 1 } }],
            },
          },
          { $set: { section: { $ifNull: [{ $first: '$section' }, null] } } },
        ],
      },
    });
  });

  it('populate=true applies the collection default', () => {
    const froms = pipelineOf('populate=true').flatMap((stage) =>
      '$lookup' in stage ? [(stage.$lookup as { from: string }).from] : [],
    );
    expect(froms).toEqual(['schools', 'years', 'grades']);
  });

  it('populate=true on a collection without a default populates nothing', () => {
    expect(mongoFor('populate=true', 'years').read.kind).toBe('find');
  });

  it('returns populated paths even when select leaves them out', () => {
    expect(pipelineOf('select=user.name&populate={"school":"name","years.year":"name"}')[2]).toEqual({
      $project: { 'user.name': 1, school: 1, 'years.year': 1 },
    });
  });

  it('does not let an exclusion remove a populated path', () => {
    expect(pipelineOf('select=-school -citizenship&populate={"school":"name"}')[2]).toEqual({
      $project: { citizenship: 0, _sync: 0, _search: 0, _rev: 0 },
    });
  });

  it('scopes every lookup with the caller base filter for the target collection', () => {
    const scope = (collection: { name: string }) => ({
      [collection.name === 'schools' ? '_id' : 'school']: 'S1',
    });
    const stages = pipelineOf('populate={"school":"name","parents":""}', { baseFilter: scope });
    const lookups = stages
      .filter((stage) => '$lookup' in stage)
      .map((stage) => (stage.$lookup as { pipeline: unknown[] }).pipeline[0]);
    expect(lookups).toEqual([{ $match: { _id: 'S1' } }, { $match: { school: 'S1' } }]);
  });

  it('refuses references that are not declared in the schema', () => {
    expect(issuesFor('populate={"addresses.city_zone":""}')).toEqual([
      expect.objectContaining({ code: 'INVALID_POPULATE', param: 'populate.addresses.city_zone' }),
    ]);
  });

  it('refuses chains of more than three references', () => {
    const ref = (to: string) => ({ type: 'string', format: 'objectid', 'x-ref': to }) as const;
    const chain = ['a', 'b', 'c', 'd', 'e'].map((name, index, all) =>
      defineCollection(name, {
        schema: {
          type: 'object',
          properties: all[index + 1] ? { next: ref(all[index + 1]!) } : { name: { type: 'string' } },
        },
      }),
    );
    const local = createQueryDsl({ collections: chain });
    expect(local.parse('a', 'populate={"next.next.next":""}').ok).toBe(true);
    const deeper = local.parse('a', 'populate={"next.next.next.next":""}');
    expect(deeper).toMatchObject({
      ok: false,
      issues: [{ code: 'INVALID_POPULATE', message: expect.stringMatching(/at most 3/) }],
    });
    const ok = local.parse('a', 'populate={"next.next.next":"next"}');
    expect(ok.ok && toMongo(ok.plan).read.kind).toBe('aggregate');
  });
});
