/**
 * How a `populate` spec is read: the values that populate nothing, the field lists (names kept
 * once, in order), paths that share references merged into one lookup, the limit on how many paths
 * one spec names, and each refusal with its code, param and the example its message gives (made
 * of the collection's own first reference, never another domain's words). A checked spec is
 * cached by its text (a typed description's apart); a refused one is refused again each time it comes.
 */
import {
  createQueryDsl,
  DEFAULT_LIMITS,
  defineCollection,
  type JsonSchema,
  toMongo,
} from '@school/query-dsl';
import { describe, expect, it } from 'vitest';
import { emptyDb, mongoFor } from '../support/helpers.js';
import { nestedArrays } from '../support/nested-arrays.js';
import { type CollectionName, collections, dsl } from '../support/school-collections.js';

const json = (value: string) => encodeURIComponent(value);
/**
 * The issues a query is refused with, read by a library of its own: checked specs are cached by
 * their text, and a refusal cached by an earlier test would hide a change to how it is written.
 */
const refusal = (query: string, collection: CollectionName = 'students') => {
  const result = createQueryDsl({ collections }).parse(collection, query);
  if (result.ok) throw new Error(`Expected ${query} to be rejected`);
  return result.issues.map(({ code, param, message }) => ({ code, param, message }));
};
/** The stages after the page (sort, limit, hidden-field projection): the populate stages. */
const populateStages = (query: string) => {
  const { read } = mongoFor(query);
  return read.kind === 'aggregate' ? read.pipeline.slice(3) : [];
};

describe('values that populate nothing', () => {
  it.each(['populate=false', 'populate='])('%s gives a plain find', (query) => {
    expect(mongoFor(query).read.kind).toBe('find');
  });
});

describe('field lists', () => {
  it('reads the bracket form of a populate object as its JSON form', () => {
    expect(populateStages('populate[school]=name&populate[years.year]=')).toEqual(
      populateStages(`populate=${json('{"school":"name","years.year":""}')}`),
    );
    expect(populateStages('populate[school]=name')).not.toEqual([]);
  });

  it('keeps each listed field once, in the order given', () => {
    expect(populateStages(`populate=${json('{"school":"name code name"}')}`)[0]).toMatchObject({
      $lookup: { from: 'schools', pipeline: [{ $project: { name: 1, code: 1 } }] },
    });
  });

  it('merges paths that cross the same reference into one lookup, adding the deeper reference to its fields', () => {
    const stages = populateStages(`populate=${json('{"years.group.section":"name","years.group":"code"}')}`);
    expect(stages.filter((stage) => '$lookup' in stage)).toHaveLength(1);
    expect(stages[0]).toMatchObject({
      $lookup: {
        from: 'grades',
        pipeline: [
          { $project: { code: 1, section: 1 } },
          { $lookup: { from: 'sections', as: 'section', pipeline: [{ $project: { name: 1 } }] } },
          { $set: { section: { $ifNull: [{ $first: '$section' }, null] } } },
        ],
      },
    });
  });

  it('refuses a field list that is not text, with an example field of the referenced collection', () => {
    expect(refusal(`populate=${json('{"school":1}')}`)).toEqual([
      {
        code: 'INVALID_POPULATE',
        param: 'populate.school',
        message: expect.stringContaining('such as "name"'),
      },
    ]);
  });

  it('refuses a field list that is not text on a path that is no reference, with no example to give', () => {
    expect(refusal(`populate=${json('{"nope":5}')}`)).toEqual([
      {
        code: 'INVALID_POPULATE',
        param: 'populate.nope',
        message: 'nope is not a reference of students; references: school, parents, years.year, years.group.',
      },
      {
        code: 'INVALID_POPULATE',
        param: 'populate.nope',
        message:
          'The field list for nope must be a string of field names separated by spaces ("" for every field).',
      },
    ]);
  });

  it('refuses a field the referenced collection does not have or hides, once per name', () => {
    expect(refusal(`populate=${json('{"school":"nope _sync name"}')}`)).toEqual([
      { code: 'INVALID_POPULATE', param: 'populate.school', message: 'schools has no field "nope".' },
      { code: 'INVALID_POPULATE', param: 'populate.school', message: 'schools has no field "_sync".' },
    ]);
  });
});

describe('beside a select', () => {
  const projectStage = (query: string) => {
    const { read } = mongoFor(query);
    return read.kind === 'aggregate' ? read.pipeline[2] : undefined;
  };

  it('adds each populated path to the fields a select names', () => {
    expect(projectStage(`select=user.name&populate=${json('{"school":""}')}`)).toEqual({
      $project: { 'user.name': 1, school: 1 },
    });
  });

  it('adds no populated path inside an array a select keeps by $elemMatch: its elements come whole', () => {
    const select = json('{"years":{"$elemMatch":{"enrolled":true}}}');
    const stage = projectStage(`select=${select}&populate=${json('{"years.year":"","school":""}')}`);
    expect(stage).toEqual({
      $project: { school: 1, years: expect.objectContaining({ $cond: expect.any(Array) }) },
    });
  });
});

describe('paths that are refused', () => {
  it('names the references the collection has when a path is not one', () => {
    expect(refusal(`populate=${json('{"user":""}')}`)).toEqual([
      {
        code: 'INVALID_POPULATE',
        param: 'populate.user',
        message: 'user is not a reference of students; references: school, parents, years.year, years.group.',
      },
    ]);
  });

  it('names a dotted path that is no reference whole', () => {
    expect(refusal(`populate=${json('{"user.name":""}')}`)).toEqual([
      {
        code: 'INVALID_POPULATE',
        param: 'populate.user.name',
        message:
          'user.name is not a reference of students; references: school, parents, years.year, years.group.',
      },
    ]);
  });

  it('names the collection a chain reached when it goes on past a field that is no reference', () => {
    expect(refusal(`populate=${json('{"years.group.section.school.x":""}')}`)).toEqual([
      {
        code: 'INVALID_POPULATE',
        param: 'populate.years.group.section.school.x',
        message: 'x is not a reference of schools.',
      },
    ]);
  });

  it('refuses a reference inside an array inside an array, which a lookup cannot reach', () => {
    const result = nestedArrays.parse('classes', `populate=${json('{"terms.seats.person":"name"}')}`);
    expect(result.ok ? [] : result.issues.map(({ code, param }) => [code, param])).toEqual([
      ['INVALID_POPULATE', 'populate.terms.seats.person'],
    ]);
  });
});

describe('a populate spec as a whole', () => {
  it('shows how to write it with the collection’s own first reference', () => {
    expect(refusal('populate=yes')).toEqual([
      {
        code: 'INVALID_POPULATE',
        param: 'populate',
        message: expect.stringContaining('e.g. {"school":"name"}'),
      },
    ]);
  });

  it('says in full what it takes, with an example', () => {
    expect(refusal('populate=yes').map(({ message }) => message)).toEqual([
      'populate takes true, or a JSON object of reference paths to field lists ("" for every field), e.g. {"school":"name"}.',
    ]);
  });

  it('takes for its example field the first of the referenced collection that is visible, not _id and not nested', () => {
    const shelf = (properties: Record<string, JsonSchema>) =>
      defineCollection('shelves', { schema: { type: 'object', properties } });
    const items = defineCollection('items', {
      schema: {
        type: 'object',
        properties: { shelf: { type: 'string', format: 'objectid', 'x-ref': 'shelves' } },
      },
    });
    const id: JsonSchema = { type: 'string', format: 'objectid' };
    const secret: JsonSchema = { type: 'string', 'x-hidden': true };
    const hintFor = (properties: Record<string, JsonSchema>) => {
      const result = createQueryDsl({ collections: [items, shelf(properties)] }).parse(
        'items',
        'populate=yes',
      );
      return result.ok ? '' : result.issues.map(({ message }) => message).join();
    };
    // The fields in the order the schema lists them: `_id`, `secret`, `place.room`, then `place`.
    const place: JsonSchema = { type: 'object', properties: { room: { type: 'string' } } };
    expect(hintFor({ _id: id, secret, place, label: { type: 'string' } })).toContain(
      'e.g. {"shelf":"place"}.',
    );
    // None to give: every field for the example.
    expect(hintFor({ _id: id, secret })).toContain('e.g. {"shelf":""}.');
  });

  it('says so when the collection has no references to populate', () => {
    expect(refusal('populate=yes', 'schools')).toEqual([
      {
        code: 'INVALID_POPULATE',
        param: 'populate',
        message: expect.stringContaining('schools has no references to populate'),
      },
    ]);
  });

  it('takes up to maxPopulatePaths paths and refuses one more', () => {
    const strict = createQueryDsl({ collections, limits: { maxPopulatePaths: 3 } });
    expect(
      strict.parse('students', `populate=${json('{"school":"","parents":"","years.year":""}')}`).ok,
    ).toBe(true);
    const refused = strict.parse(
      'students',
      `populate=${json('{"school":"","parents":"","years.year":"","years.group":""}')}`,
    );
    expect(refused.ok ? [] : refused.issues.map(({ code, param }) => [code, param])).toEqual([
      ['QUERY_TOO_COMPLEX', 'populate'],
    ]);
    expect(DEFAULT_LIMITS.maxPopulatePaths).toBe(10);
  });

  it('is refused again, with the same issues, each time the same refused spec comes', () => {
    const query = `populate=${json('{"school":"nope"}')}`;
    const first = dsl.parse('students', query);
    const second = dsl.parse('students', query);
    expect(first.ok).toBe(false);
    expect(second).toEqual(first);
  });

  it('gives the same lookups each time the same accepted spec comes', () => {
    const query = `populate=${json('{"school":"name"}')}`;
    const first = dsl.parse('students', query);
    const second = dsl.parse('students', query);
    expect(first.ok && second.ok && toMongo(second.plan)).toEqual(first.ok && toMongo(first.plan));
  });
});

describe('the caches of checked specs', () => {
  it('keep a typed description’s spec apart from a query string’s, whatever text the query string holds', async () => {
    // A typed populate object is cached under its paths and field lists led by their lengths.
    const typedKey = '6:school4:name';
    const typedFirst = createQueryDsl({ collections });
    expect((await typedFirst.find(emptyDb, 'students', { populate: { school: 'name' } })).ok).toBe(true);
    expect(typedFirst.parse('students', `populate=${typedKey}`).ok).toBe(false);
    const textFirst = createQueryDsl({ collections });
    expect(textFirst.parse('students', `populate=${typedKey}`).ok).toBe(false);
    expect((await textFirst.find(emptyDb, 'students', { populate: { school: 'name' } })).ok).toBe(true);
  });
});
