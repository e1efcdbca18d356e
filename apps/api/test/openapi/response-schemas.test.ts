/**
 * The reply schemas of the OpenAPI document describe replies as they come: no field is required
 * and none has a `default` (`select` leaves any field out, and a client generator reads a default
 * as "always there"), and a reference is an id or, with `populate`, the record — the delivery
 * log's `school` too.
 */
import { ObjectId } from 'bson';
import { describe, expect, it } from 'vitest';
import { build, expectOk, type Json, q } from '../support/helper.js';

const t = await build();
const { A } = await t.seed();
const document = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json() as Json;
const schemas = document.components.schemas;

/** Every `required` and `default` in a schema, by path. */
function claims(schema: Json, path = ''): string[] {
  if (schema === null || typeof schema !== 'object') return [];
  const own = [
    ...(Array.isArray(schema.required) && path !== '' ? [`${path} required`] : []),
    ...('default' in schema ? [`${path} default`] : []),
  ];
  return [
    ...own,
    ...Object.entries<Json>(schema.properties ?? {}).flatMap(([key, child]) =>
      claims(child, `${path}.${key}`),
    ),
    ...(schema.items ? claims(schema.items, `${path}[]`) : []),
  ];
}

describe('record schemas as replies show them', () => {
  for (const name of [
    'School',
    'Year',
    'Course',
    'Section',
    'Grade',
    'Student',
    'Parent',
    'StaffMember',
    'Delivery',
  ]) {
    it(`${name} requires nothing and has no default`, () => {
      expect(schemas[name].required).toBeUndefined();
      expect(claims({ ...schemas[name], required: undefined }, '')).toEqual([]);
    });
  }

  it('a populated reference is described as an id or the record, in the delivery log too', async () => {
    expect(schemas.Delivery.properties.school.oneOf).toEqual([
      expect.objectContaining({ type: 'string' }),
      expect.objectContaining({ type: 'object', required: ['_id'] }),
      { type: 'null' },
    ]);
    await t.db.collection('sync_deliveries').insertOne({
      _id: new ObjectId(),
      school: ObjectId.createFromHexString(A.school),
      collection: 'students',
      record: ObjectId.createFromHexString(A.students[0]),
      operation: 'create',
      method: 'POST',
      url: 'http://127.0.0.1:9/students',
      status: 201,
      outcome: 'acknowledged',
      error_class: null,
      error_code: null,
      duration_ms: 3,
      attempt: 1,
      worker: 'test',
      at: new Date('2025-03-01T10:00:00Z'),
    });
    const [delivery] = expectOk(
      await t.get(`/api/integration/deliveries?${q({ populate: '{"school":"name"}', select: 'school' })}`),
    ) as Json[];
    expect(delivery).toEqual({ _id: expect.any(String), school: { _id: A.school, name: 'Colegio Andino' } });
  });
});
