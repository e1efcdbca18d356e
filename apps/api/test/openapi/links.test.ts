/**
 * The document links each collection's create → get → update → list: a tool that follows the links
 * (a stateful fuzzer) takes the `_id` a reply holds, as the link's runtime expression says, and
 * reaches the same record through every linked operation.
 */
import { describe, expect, it } from 'vitest';
import { COLLECTIONS } from '../../src/collections/index.js';
import { build, expectOk, type Json } from '../support/helper.js';
import { operationsOf } from '../support/openapi-corpus.js';

const t = await build();
const document = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json() as Json;
const operations = new Map(operationsOf(document).map((operation) => [operation.operationId, operation]));

/** A runtime expression `$response.body#/json/pointer` evaluated against a reply body. */
function evaluate(expression: string, body: Json): unknown {
  const [, pointer = ''] = /^\$response\.body#(.*)$/u.exec(expression) ?? [];
  return pointer
    .split('/')
    .slice(1)
    .reduce((value, key) => value?.[key.replaceAll('~1', '/').replaceAll('~0', '~')], body);
}

/** A request for a linked operation, its parameters taken from the reply the link starts from. */
function linkedUrl(link: Json, body: Json): string {
  const operation = operations.get(link.operationId)!;
  let path = operation.path;
  const query = new URLSearchParams();
  for (const [name, expression] of Object.entries<string>(link.parameters)) {
    const value = String(evaluate(expression, body));
    const declared = operation.parameters.find((parameter: Json) => parameter.name === name);
    if (declared?.in === 'path') path = path.replace(`{${name}}`, value);
    else query.set(name, value);
  }
  return `${path}${query.size > 0 ? `?${query}` : ''}`;
}

describe('OpenAPI links between the operations of a collection', () => {
  it.each(COLLECTIONS.map((collection) => collection.name))(
    '%s: create (201), get and update (200) link to get, update and list, each operationId of the document',
    (name) => {
      const of = (verb: string) =>
        [...operations.values()].find(
          (operation) =>
            operation.path === `/api/${name}${verb === 'list' || verb === 'create' ? '' : '/{id}'}` &&
            operation.method === (verb === 'create' ? 'post' : verb === 'update' ? 'put' : 'get'),
        )!;
      const targets = ['get', 'update', 'list'].map((verb) => of(verb).operationId).sort();
      for (const [verb, status] of [
        ['create', '201'],
        ['get', '200'],
        ['update', '200'],
      ] as const) {
        const links = of(verb).responses[status].links ?? {};
        expect(
          Object.values<Json>(links)
            .map((link) => link.operationId)
            .sort(),
          `${verb} ${status}`,
        ).toEqual(targets);
        for (const link of Object.values<Json>(links))
          expect(Object.values(link.parameters)).toEqual(['$response.body#/response/_id']);
      }
    },
  );

  it('following the links of a create reaches the record it created', async () => {
    const created = await t.post('/api/sections', { school: t.schools.A, name: 'Z', code: 'Z' });
    expect(created.status).toBe(201);
    const links = operations.get('createSection')!.responses['201'].links;
    const get = await t.get(linkedUrl(links.getSection, created.body));
    expect(expectOk(get)._id).toBe(created.body.response._id);
    const update = await t.put(linkedUrl(links.updateSection, created.body), { name: 'Y' });
    expect(expectOk(update).name).toBe('Y');
    const list = await t.get(linkedUrl(links.listSections, created.body));
    expect(expectOk(list).map((record: Json) => record._id)).toEqual([created.body.response._id]);
  });
});
