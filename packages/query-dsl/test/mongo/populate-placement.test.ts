/**
 * Where populate puts the records it looks up. The placement stages depend only on the shape of
 * the reference and are shared between queries, so: a path that is a single reference in one
 * collection and an array (or sits in an array) in another still gets its own placement, the shared
 * stages are frozen so that editing one query's pipeline cannot change the next, a reference deeper
 * in an array's elements is set without disturbing its siblings, and a lookup that needs no scope,
 * projection or nested lookup carries no `pipeline`.
 */
import { createQueryDsl, defineCollection, type ParseOptions, toMongo } from '@school/query-dsl';
import { describe, expect, it } from 'vitest';

const ref = { type: 'string', format: 'objectid', 'x-ref': 'people' } as const;
const refs = { type: 'array', items: ref } as const;
const people = defineCollection('people', {
  schema: { type: 'object', properties: { name: { type: 'string' } } },
});
/** `mentor` and `desk.owner` are single references here... */
const solo = defineCollection('solo', {
  schema: {
    type: 'object',
    properties: { mentor: ref, desk: { type: 'object', properties: { owner: ref } } },
  },
});
/** ...and here the same paths are an array of references and a reference in an array's elements. */
const group = defineCollection('group', {
  schema: {
    type: 'object',
    properties: {
      mentor: refs,
      desk: { type: 'array', items: { type: 'object', properties: { owner: ref } } },
      rows: {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            label: { type: 'string' },
            seat: {
              type: 'object',
              properties: { owner: ref, lamp: { type: 'object', properties: { owner: ref } } },
            },
          },
        },
      },
    },
  },
});
const dsl = createQueryDsl({ collections: [people, solo, group] });

function stagesOf(collection: 'solo' | 'group', populate: string, options?: ParseOptions) {
  const result = dsl.parse(collection, `populate=${encodeURIComponent(populate)}`, options);
  if (!result.ok) throw new Error(JSON.stringify(result.issues));
  const { read } = toMongo(result.plan);
  if (read.kind !== 'aggregate') throw new Error('expected a pipeline');
  return read.pipeline.slice(2);
}

/** The record of `people` whose `_id` is `id`, from the lookup's temporary field, or null. */
const resolved = (id: string) => ({
  $ifNull: [
    { $first: { $filter: { input: '$__populate_0', as: 'doc', cond: { $eq: ['$$doc._id', id] } } } },
    null,
  ],
});
const inPlace = (path: string) => [
  { $lookup: { from: 'people', localField: path, foreignField: '_id', as: path } },
  { $set: { [path]: { $ifNull: [{ $first: `$${path}` }, null] } } },
];
const lookedUpAside = (path: string) => ({
  $lookup: { from: 'people', localField: path, foreignField: '_id', as: '__populate_0' },
});
const mapped = (input: string, as: string, expression: unknown) => ({
  $cond: [{ $isArray: input }, { $map: { input, as, in: expression } }, input],
});
const groupMentor = [
  lookedUpAside('mentor'),
  { $set: { mentor: mapped('$mentor', 'ref', resolved('$$ref')) } },
  { $unset: '__populate_0' },
];
const groupDeskOwner = [
  lookedUpAside('desk.owner'),
  {
    $set: {
      desk: mapped('$desk', 'item', { $mergeObjects: ['$$item', { owner: resolved('$$item.owner') }] }),
    },
  },
  { $unset: '__populate_0' },
];

describe('a path that is a reference of another shape in another collection', () => {
  it('gets the single-reference placement in one and the array placement in the other, in either order', () => {
    expect(stagesOf('solo', '{"mentor":""}')).toEqual(inPlace('mentor'));
    expect(stagesOf('group', '{"mentor":""}')).toEqual(groupMentor);
    expect(stagesOf('solo', '{"mentor":""}')).toEqual(inPlace('mentor'));
  });

  it('gets the subdocument placement in one and the per-element placement in the other, in either order', () => {
    expect(stagesOf('solo', '{"desk.owner":""}')).toEqual(inPlace('desk.owner'));
    expect(stagesOf('group', '{"desk.owner":""}')).toEqual(groupDeskOwner);
    expect(stagesOf('solo', '{"desk.owner":""}')).toEqual(inPlace('desk.owner'));
  });
});

describe("a reference in a subdocument of an array's elements", () => {
  it("is replaced in each element, keeping the element and the subdocument's other fields", () => {
    const item = {
      $mergeObjects: [
        '$$item',
        { seat: { $mergeObjects: ['$$item.seat', { owner: resolved('$$item.seat.owner') }] } },
      ],
    };
    expect(stagesOf('group', '{"rows.seat.owner":""}')).toEqual([
      lookedUpAside('rows.seat.owner'),
      { $set: { rows: mapped('$rows', 'item', item) } },
      { $unset: '__populate_0' },
    ]);
  });
});

describe("a reference two subdocuments deep in an array's elements", () => {
  it('is replaced through both subdocuments, keeping their other fields', () => {
    const lamp = { $mergeObjects: ['$$item.seat.lamp', { owner: resolved('$$item.seat.lamp.owner') }] };
    const item = { $mergeObjects: ['$$item', { seat: { $mergeObjects: ['$$item.seat', { lamp }] } }] };
    expect(stagesOf('group', '{"rows.seat.lamp.owner":""}')).toEqual([
      lookedUpAside('rows.seat.lamp.owner'),
      { $set: { rows: mapped('$rows', 'item', item) } },
      { $unset: '__populate_0' },
    ]);
  });
});

/** Whether `value` and every object or array inside it is frozen. */
function deeplyFrozen(value: unknown): boolean {
  if (value === null || typeof value !== 'object') return true;
  return Object.isFrozen(value) && Object.values(value).every(deeplyFrozen);
}

describe('the placement stages shared between queries', () => {
  it.each([
    ['a single reference', 'solo', '{"mentor":""}'],
    ['an array of references', 'group', '{"mentor":""}'],
    ['a reference in an array', 'group', '{"desk.owner":""}'],
  ] as const)(
    'are frozen for %s, so that editing one pipeline cannot change the next',
    (_case, collection, spec) => {
      const placement = stagesOf(collection, spec).slice(1);
      expect(placement.length).toBeGreaterThan(0);
      expect(placement.every(deeplyFrozen)).toBe(true);
      expect(Reflect.set(placement[0]!, '$set', {})).toBe(false);
      expect(stagesOf(collection, spec).slice(1)).toEqual(placement);
    },
  );
});

describe('the pipeline inside a lookup', () => {
  it('is left out when there is no scope, no field list and no nested populate', () => {
    expect(stagesOf('solo', '{"mentor":""}')[0]).toEqual({
      $lookup: { from: 'people', localField: 'mentor', foreignField: '_id', as: 'mentor' },
    });
  });

  it("has no $match when the caller's base filter is empty", () => {
    expect(stagesOf('solo', '{"mentor":""}', { baseFilter: {} })).toEqual(inPlace('mentor'));
  });

  it("has the field list's $project alone when there is no scope", () => {
    expect(stagesOf('solo', '{"mentor":"name"}')[0]).toEqual({
      $lookup: {
        from: 'people',
        localField: 'mentor',
        foreignField: '_id',
        as: 'mentor',
        pipeline: [{ $project: { name: 1 } }],
      },
    });
  });
});
