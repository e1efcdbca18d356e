/**
 * Mistakes a client generated from the OpenAPI document must refuse at compile time.
 * test/openapi/client.test.ts type-checks this file and expects an error on the line after each
 * `// ✗` comment, and nowhere else.
 */
import createClient from 'openapi-fetch';
import type { components, paths } from './generated/schema.js';

const client = createClient<paths>({ baseUrl: 'http://127.0.0.1:3000' });

export async function mistakes(): Promise<void> {
  await client.GET('/api/students', {
    // ✗ a misspelled filter
    params: { query: { 'user.nmae': 'Ana' } },
  });
  await client.GET('/api/students', {
    // ✗ a page given as a string
    params: { query: { __page: '2' } },
  });
  await client.GET('/api/students', {
    // ✗ a boolean filter given a number
    params: { query: { 'years.enrolled': 1 } },
  });
  await client.POST('/api/grades', {
    // ✗ a create body without its required name
    body: { code: '8' },
  });
  await client.POST('/api/tokens', {
    // ✗ a scope that does not exist
    body: { name: 'x', scopes: ['superuser'], schools: '*' },
  });
  await client.GET('/api/students', {
    // ✗ an operator that is not supported
    params: { query: { created_at: { $regex: '^2025' } } },
  });
  await client.GET('/api/students', {
    // ✗ a sort on a field that does not exist
    params: { query: { __sort: { 'user.nmae': 'asc' } } },
  });
  await client.GET('/api/schools', {
    // ✗ global_search on a collection without search
    params: { query: { global_search: 'andino' } },
  });
  await client.GET('/api/students/{id}', {
    // ✗ a filter on a record read by id
    params: { path: { id: 'x' }, query: { 'user.name': 'Ana' } },
  });
  // ✗ resync of a collection that is not synced (one operation per synced collection)
  await client.POST('/api/integration/sync/staff/resync');
  await client.PUT('/api/schools/{id}', {
    params: { path: { id: 'x' } },
    // ✗ clearing a field every school has
    body: { name: null },
  });
  await client.POST('/api/integration/sync/{collection}/{id}/retry', {
    // ✗ a collection that is not synced
    params: { path: { collection: 'staff', id: 'x' } },
  });
}

// ✗ an error code that does not exist
export const code: components['schemas']['ErrorCode'] = 'NOT_A_CODE';

export function fieldsOf(student: components['schemas']['Student']): string[] {
  const user = student.user;
  if (!user) return [];
  return [
    // ✗ a field a `select` may have left out (`select=user.surname`), read as always there
    user.name.toUpperCase(),
    // ✗ `_id`, which `select={"_id":0}` leaves out, read as always there
    student._id.slice(0, 8),
  ];
}
