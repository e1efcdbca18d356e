/**
 * A client of the service generated from its OpenAPI document (openapi-typescript types, called
 * through openapi-fetch), used as a client developer would. test/openapi/client.test.ts generates
 * `generated/schema.d.ts` and type-checks this file: it must compile (strict, with
 * exactOptionalPropertyTypes and noUncheckedIndexedAccess); it also runs `enrolledSince` against
 * the service.
 */
import createClient, { type Client } from 'openapi-fetch';
import type { components, paths } from './generated/schema.js';

type Student = components['schemas']['Student'];
type ErrorCode = components['schemas']['ErrorCode'];

const client = createClient<paths>({
  baseUrl: 'http://127.0.0.1:3000',
  headers: { Authorization: 'Bearer demo-token-0123456789', type: 'API' },
});

export async function listEnrolled(): Promise<Student[]> {
  const { data } = await client.GET('/api/students', {
    params: {
      query: {
        'user.name': 'Ana',
        'years.enrolled': true,
        'user.surname': ['Pérez', 'Núñez'],
        global_search: 'jose 8vo',
        __page: 2,
        __per_page: 20,
        __include_totals: false,
        select: 'user.name user.surname',
      },
    },
  });
  const response = data?.response;
  if (response === undefined) return [];
  return Array.isArray(response) ? response : response.results;
}

export async function totals(): Promise<number> {
  const { data } = await client.GET('/api/students', { params: { query: { __include_totals: true } } });
  const response = data?.response;
  return response && !Array.isArray(response) ? response.total + response.actual_total : 0;
}

export async function rename(id: string): Promise<string | undefined> {
  const { data, error } = await client.PUT('/api/students/{id}', {
    params: { path: { id } },
    body: { user: { name: 'Ana', surname: 'Núñez' }, citizenship: null },
  });
  if (error) {
    const codes: ErrorCode[] = error.errors.map((entry) => entry.code);
    return codes.includes('NOT_FOUND') ? undefined : codes.join(',');
  }
  return data.response.user?.name;
}

export function schoolOf(student: Student): string | undefined {
  // A reference is an id, or with populate the record it points to, or null.
  const school = student.school;
  if (typeof school === 'string') return school;
  return school?._id;
}

export async function issue(): Promise<string | undefined> {
  const { data } = await client.POST('/api/tokens', {
    body: { name: 'andes-app', scopes: ['read'], schools: ['64b7f0c2a1b2c3d4e5f60718'] },
  });
  return data?.response.token;
}

export async function health(): Promise<boolean> {
  const { data } = await client.GET('/health');
  return data?.response.database?.reachable === true;
}

export async function retry(id: string): Promise<'pending' | undefined> {
  const { data } = await client.POST('/api/integration/sync/{collection}/{id}/retry', {
    params: { path: { collection: 'students', id } },
  });
  return data?.response.state;
}

/**
 * Operators in the bracket form, typed: `created_at[$gte]=…`, `user.surname[$in]=[…]` and
 * `__sort[user.surname]=asc`, as openapi-fetch writes an object parameter (deepObject).
 */
export async function enrolledSince(api: Client<paths>, since: string): Promise<string[]> {
  const { data, error } = await api.GET('/api/students', {
    params: {
      query: {
        created_at: { $gte: since },
        'user.surname': { $in: '["Pérez","Núñez","Müller"]' },
        'years.enrolled': true,
        __sort: { 'user.surname': 'desc' },
        select: 'user.surname',
      },
    },
  });
  if (error) throw new Error(error.errors.map((entry) => `${entry.param}: ${entry.message}`).join(' '));
  const response = data.response;
  const records = Array.isArray(response) ? response : response.results;
  return records.map((record) => record.user?.surname ?? '');
}
