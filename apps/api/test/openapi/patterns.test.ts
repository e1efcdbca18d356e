/**
 * What the document states about a value's text is what the service checks: every identifier
 * carries its pattern (a standard validator ignores `format: objectid`), and an e-mail address is
 * accepted exactly when the document's schema accepts it, as judged by an independent validator
 * (@hyperjump/json-schema, for which `format` is only an annotation).
 */
import { registerSchema, validate } from '@hyperjump/json-schema/openapi-3-1';
import { describe, expect, it } from 'vitest';
import { build, type Json } from '../support/helper.js';

const t = await build();
const document = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json() as Json;
const HEX_PATTERN = '^[0-9a-fA-F]{24}$';

/** Every schema node of the document with where it is. */
function nodes(value: unknown, where = '#'): Array<[string, Json]> {
  if (Array.isArray(value)) return value.flatMap((item, index) => nodes(item, `${where}/${index}`));
  if (value === null || typeof value !== 'object') return [];
  return [
    [where, value],
    ...Object.entries(value).flatMap(([key, child]) => nodes(child, `${where}/${key}`)),
  ];
}

describe('identifiers in the OpenAPI document', () => {
  const identifiers = nodes(document).filter(
    ([, node]) => node.format === 'objectid' || typeof node['x-ref'] === 'string',
  );

  it('every schema of an identifier (format objectid, or a reference) states the 24-hex pattern', () => {
    expect(identifiers.length).toBeGreaterThan(40);
    expect(identifiers.filter(([, node]) => node.pattern !== HEX_PATTERN).map(([where]) => where)).toEqual(
      [],
    );
  });

  it('the body fields that hold a reference are among them (school, parents[], years[].year, addresses[].city_zone)', () => {
    const create = document.components.schemas.StudentCreate;
    expect(create.properties.school.pattern).toBe(HEX_PATTERN);
    expect(create.properties.parents.items.pattern).toBe(HEX_PATTERN);
    expect(create.properties.years.items.properties.year.pattern).toBe(HEX_PATTERN);
    expect(create.properties.years.items.properties.group.pattern).toBe(HEX_PATTERN);
    expect(create.properties.addresses.items.properties.city_zone.pattern).toBe(HEX_PATTERN);
  });
});

describe('user.email: the document and the service agree on every address', () => {
  const RESOURCE = 'https://patterns.test/openapi';
  const rehome = (node: unknown): Json =>
    JSON.parse(JSON.stringify(node).replaceAll('#/components/schemas/', '#/$defs/'));
  registerSchema(
    {
      $schema: 'https://spec.openapis.org/oas/3.1/dialect/base',
      $defs: rehome(document.components.schemas),
    },
    RESOURCE,
  );
  const documentAccepts = async (body: Json) =>
    (await validate(`${RESOURCE}#/$defs/ParentCreate`, body)).valid;

  const addresses = [
    'ana@colegio.edu.ec',
    'a.b+c@x-y.ec',
    'ANA@COLEGIO.EC',
    '0@com',
    'ana@localhost',
    'ana@@colegio.ec',
    'ana..b@colegio.ec',
    '.ana@colegio.ec',
    'ana@-colegio.ec',
    'ana@colegio.ec.',
    'a b@colegio.ec',
    'ñandu@colegio.ec',
    'ana@colegio_x.ec',
  ];

  it.each(addresses)('%s is accepted by the service exactly when the document accepts it', async (email) => {
    const body = { school: t.schools.A, user: { name: 'Ana', surname: 'Núñez', email } };
    const reply = await t.post('/api/parents', body);
    const accepted = await documentAccepts(body);
    expect([reply.status, accepted], JSON.stringify(reply.body)).toEqual([accepted ? 201 : 400, accepted]);
  });

  it('the document refuses an address without a dot in its host, as the service does', async () => {
    const body = { school: t.schools.A, user: { name: 'Ana', surname: 'Núñez', email: '0@com' } };
    expect(await documentAccepts(body)).toBe(false);
  });
});

describe('a filter on a text field: every value the document offers is one the service reads', () => {
  const RESOURCE = 'https://patterns.test/name-filter';
  const parameter = document.paths['/api/schools'].get.parameters.find((p: Json) => p.name === 'name');
  registerSchema(
    { $schema: 'https://spec.openapis.org/oas/3.1/dialect/base', ...parameter.schema.anyOf[0] },
    RESOURCE,
  );
  const documentOffers = async (value: string) => (await validate(RESOURCE, value)).valid;
  const serviceReads = async (value: string) =>
    (await t.get(`/api/schools?name=${encodeURIComponent(value)}`)).status === 200;

  it.each([
    'Colegio Andino',
    '"Colegio Andino"',
    '"Ana',
    '["Colegio Andino","Liceo"]',
    '{"$gte":"C"}',
    'null',
    '',
  ])('%s is offered by the document and read by the service', async (value) => {
    expect([await documentOffers(value), await serviceReads(value)]).toEqual([true, true]);
  });

  it.each(['{"a":1}', '{"$regex":"^C"}', '[1]', '[{"a":1}]'])(
    '%s, JSON the service refuses on a text field, is not offered by the document',
    async (value) => {
      expect([await documentOffers(value), await serviceReads(value)]).toEqual([false, false]);
    },
  );

  it('text that opens like JSON without being JSON ([draft, {x}) is read as text, though the document offers only the JSON form there', async () => {
    expect([await documentOffers('[draft'), await serviceReads('[draft')]).toEqual([false, true]);
    expect([await documentOffers('{x}'), await serviceReads('{x}')]).toEqual([false, true]);
  });
});
