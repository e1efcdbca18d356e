/**
 * Every error code of docs/http-api.md with its HTTP status and the envelope
 * `{ response: null, errors: [{ code, message, param }] }`, and a property: hostile query strings
 * never crash the host, they get a 200 or a 400 envelope.
 */
import { RESERVED_PARAMS } from '@school/query-dsl';
import fc from 'fast-check';
import type { Db } from 'mongodb';
import { describe, expect, it } from 'vitest';
import { build, expectError, expectErrors, expectOk, type Json, q } from '../support/helper.js';

const BODY_LIMIT = 4096;
/** While set, `db.collection('staff')` fails like a dropped connection would. */
let staffFails = false;
const DRIVER_MESSAGE = 'connection 7 to 10.20.30.40:27017 closed; auth user=admin password=hunter2';

function failingStaff(db: Db): Db {
  return new Proxy(db, {
    get(target, property, receiver) {
      if (property === 'collection') {
        return (name: string, ...rest: unknown[]) => {
          if (staffFails && name === 'staff') {
            throw Object.assign(new Error(DRIVER_MESSAGE), { name: 'MongoNetworkError', code: 'ECONNRESET' });
          }
          return (target.collection as (...args: unknown[]) => unknown)(name, ...rest);
        };
      }
      const value = Reflect.get(target, property, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

const t = await build({ env: { BODY_LIMIT: String(BODY_LIMIT) }, wrapDb: failingStaff });
const { A, B } = await t.seed();

const students = (query: string) => t.get(`/api/students?${query}`);

describe('400 INVALID_QUERY family', () => {
  it('UNKNOWN_FIELD names the field and suggests the close one', async () => {
    const error = expectError(await students('user.nmae=Ana'), 400, 'UNKNOWN_FIELD');
    expect(error.param).toBe('user.nmae');
    expect(error.message).toContain('user.name');
  });

  it('UNKNOWN_FIELD in select, sort, elemMatch and on a hidden field', async () => {
    expect(expectError(await students('select=nosuch'), 400, 'UNKNOWN_FIELD').param).toBe('nosuch');
    expect(expectError(await students('__sort[nosuch]=asc'), 400, 'UNKNOWN_FIELD').param).toBe('__sort');
    const elemMatch = q({ elemMatch: '{"property":"years","parameters":{"nosuch":1}}' });
    expectError(await students(elemMatch), 400, 'UNKNOWN_FIELD');
    expectError(await students('_search=jose'), 400, 'UNKNOWN_FIELD');
  });

  it('INVALID_VALUE when a value does not fit its field', async () => {
    const errors = expectErrors(await students('active=maybe&school=123&created_at[$gte]=yesterday'), 400);
    expect(errors.map((error) => [error.code, error.param])).toEqual([
      ['INVALID_VALUE', 'active'],
      ['INVALID_VALUE', 'school'],
      ['INVALID_VALUE', 'created_at'],
    ]);
    expect(expectError(await t.get('/api/years?passing_score=high'), 400, 'INVALID_VALUE').param).toBe(
      'passing_score',
    );
  });

  it('UNSUPPORTED_OPERATOR for any other $-operator, in either form and anywhere', async () => {
    for (const query of [
      'user.name[$where]=1',
      q({ 'user.name': '{"$regex":"^A"}' }),
      '$where=sleep(1000)',
      q({ 'user.name[$expr]': '1' }),
      q({ elemMatch: '{"property":"years","parameters":{"enrolled":{"$function":"x"}}}' }),
      q({ select: '{"years":{"$elemMatch":{"$where":"1"}}}' }),
    ]) {
      const errors = expectErrors(await students(query), 400);
      expect(
        errors.map((error) => error.code),
        query,
      ).toContain('UNSUPPORTED_OPERATOR');
    }
  });

  it('INVALID_JSON for a parameter that must be JSON', async () => {
    const errors = expectErrors(await students('populate={"school"&elemMatch={x&__sort={'), 400);
    expect(errors.map((error) => [error.code, error.param]).sort()).toEqual([
      ['INVALID_JSON', '__sort'],
      ['INVALID_JSON', 'elemMatch'],
      ['INVALID_JSON', 'populate'],
    ]);
  });

  it('INVALID_PAGINATION for __page, __per_page and __include_totals out of range', async () => {
    for (const [query, param] of [
      ['__page=0', '__page'],
      ['__page=-1', '__page'],
      ['__page=1.5', '__page'],
      ['__page=abc', '__page'],
      ['__per_page=0', '__per_page'],
      ['__per_page=101', '__per_page'],
      ['__include_totals=yes', '__include_totals'],
    ]) {
      expect(expectError(await students(query!), 400, 'INVALID_PAGINATION').param, query).toBe(param);
    }
  });

  it('INVALID_SORT for an order other than asc, desc, 1, -1 and for a sort that is not an object', async () => {
    expect(expectError(await students('__sort[user.name]=up'), 400, 'INVALID_SORT').param).toBe('__sort');
    expectError(await students('__sort=user.name'), 400, 'INVALID_SORT');
    expectError(await students(q({ __sort: '{"user.name":2}' })), 400, 'INVALID_SORT');
  });

  it('INVALID_SELECT when select mixes inclusion and exclusion', async () => {
    expect(
      expectError(await students(q({ select: '{"user.name":1,"citizenship":0}' })), 400, 'INVALID_SELECT')
        .param,
    ).toBe('select');
    expectError(await students('select=user.name+-citizenship'), 400, 'INVALID_SELECT');
  });

  it('INVALID_POPULATE for a non-reference or a field the referenced collection lacks', async () => {
    expect(
      expectError(await students(q({ populate: '{"citizenship":"name"}' })), 400, 'INVALID_POPULATE').param,
    ).toBe('populate.citizenship');
    expectError(await students(q({ populate: '{"school":"nosuch"}' })), 400, 'INVALID_POPULATE');
    expectError(
      await students(q({ populate: '{"school":"name","parents.user":"name"}' })),
      400,
      'INVALID_POPULATE',
    );
  });

  it('QUERY_TOO_COMPLEX beyond each limit', async () => {
    const words = Array.from({ length: 11 }, (_, index) => `w${index}`).join('%20');
    const filters = Array.from({ length: 51 }, (_, index) => `f${index}=1`).join('&');
    const deep = q({ 'user.name': `{"$in":${'['.repeat(10)}${']'.repeat(10)}}` });
    const populate = q({
      populate: JSON.stringify(
        Object.fromEntries(
          ['school', 'parents', 'years.year', 'years.group', 'a', 'b', 'c', 'd', 'e', 'f', 'g'].map((key) => [
            key,
            '',
          ]),
        ),
      ),
    });
    for (const query of [
      `global_search=${words}`,
      `global_search=${'a'.repeat(65)}`,
      `global_search=${'a'.repeat(9000)}`,
      filters,
      deep,
      populate,
      'a[b][c][d][e][f][g][h][i][j]=1',
    ]) {
      expectError(await students(query), 400, 'QUERY_TOO_COMPLEX');
    }
  });

  it('reports every problem of a query at once', async () => {
    const errors = expectErrors(
      await students('user.nmae=Ana&__page=0&__sort[user.name]=up&active=maybe'),
      400,
    );
    expect(errors.map((error) => error.code).sort()).toEqual([
      'INVALID_PAGINATION',
      'INVALID_SORT',
      'INVALID_VALUE',
      'UNKNOWN_FIELD',
    ]);
  });

  it('GET /:id checks its select and populate too', async () => {
    expectError(await t.get(`/api/students/${A.students[0]}?select=nosuch`), 400, 'UNKNOWN_FIELD');
    expectError(await t.get(`/api/students/${A.students[0]}?populate={bad`), 400, 'INVALID_JSON');
  });
});

describe('400 VALIDATION_FAILED', () => {
  it('lists every problem of a body, each with its JSON path (array elements by index)', async () => {
    const reply = await t.post('/api/students', {
      school: A.school,
      nickname: 'Pepe',
      relational_data: { all: 'x' },
      created_at: '2020-01-01T00:00:00Z',
      user: { _id: '0123456789abcdef01234567', name: 42, email: 'not-an-email' },
      years: [{ enrolled: 'yes' }],
      emergency: { contacts: [{ phones: { mobile: 99 } }] },
    });
    const errors = expectErrors(reply, 400);
    for (const error of errors) expect(error.code).toBe('VALIDATION_FAILED');
    const byParam = Object.fromEntries(errors.map((error) => [error.param, error.message]));
    expect(byParam).toMatchObject({
      nickname: expect.stringMatching(/not a field/),
      relational_data: expect.stringMatching(/read-only/),
      created_at: expect.stringMatching(/read-only/),
      'user._id': expect.stringMatching(/read-only/),
      'user.name': expect.stringMatching(/string/),
      'user.surname': expect.stringMatching(/required/),
      'user.email': expect.stringMatching(/email/),
      'years.0.year': expect.stringMatching(/required/),
      'years.0.enrolled': expect.stringMatching(/boolean/),
      'emergency.contacts.0.phones.mobile': expect.stringMatching(/string/),
    });
  });

  it('a missing required field', async () => {
    expect(
      expectError(await t.post('/api/grades', { school: A.school }), 400, 'VALIDATION_FAILED').param,
    ).toBe('name');
  });

  it('a body that is not an object, not JSON, or empty', async () => {
    expectError(await t.post('/api/grades', [1, 2]), 400, 'VALIDATION_FAILED');
    expectError(await t.post('/api/grades', 'text'), 400, 'VALIDATION_FAILED');
    for (const payload of ['{"name":', '']) {
      const headers = { 'content-type': 'application/json' };
      expectError(await t.request('POST', '/api/grades', { payload, headers }), 400, 'VALIDATION_FAILED');
    }
  });

  it('a school is needed from a token not limited to exactly one school', async () => {
    expect(expectError(await t.post('/api/grades', { name: 'x' }), 400, 'VALIDATION_FAILED').param).toBe(
      'school',
    );
  });
});

describe('400 INVALID_HEADER', () => {
  it('without the type header', async () => {
    expect(expectError(await t.get('/api/students', { type: null }), 400, 'INVALID_HEADER').param).toBe(
      'type',
    );
  });

  it('with another type', async () => {
    for (const type of ['api', 'WEB', 'API ', '']) {
      expectError(await t.get('/api/students', { type }), 400, 'INVALID_HEADER');
    }
  });
});

describe('401 UNAUTHORIZED', () => {
  it('without a token, with WWW-Authenticate: Bearer', async () => {
    const reply = await t.get('/api/students', { token: null });
    expect(expectError(reply, 401, 'UNAUTHORIZED').param).toBe('Authorization');
    expect(reply.headers['www-authenticate']).toMatch(/^Bearer\b/);
  });

  it('with an unknown token, or another scheme', async () => {
    for (const authorization of [
      'Bearer not-a-known-token-123',
      'Basic dXNlcjpwYXNz',
      'Bearer',
      'test-full-access-token-0001',
    ]) {
      const reply = await t.request('GET', '/api/students', { token: null, headers: { authorization } });
      expectError(reply, 401, 'UNAUTHORIZED');
      expect(reply.headers['www-authenticate']).toMatch(/^Bearer\b/);
    }
  });

  it('on every /api route, known or not, and before the type header is looked at', async () => {
    expectError(await t.post('/api/grades', { name: 'x' }, { token: null, type: null }), 401, 'UNAUTHORIZED');
    expectError(await t.get('/api/nothing-here', { token: null }), 401, 'UNAUTHORIZED');
  });
});

describe('403 FORBIDDEN', () => {
  it('when the token lacks the scope', async () => {
    expectError(
      await t.post('/api/grades', { school: A.school, name: 'x' }, { token: 'read' }),
      403,
      'FORBIDDEN',
    );
    expectError(await t.put(`/api/grades/${A.grade}`, { code: 'x' }, { token: 'read' }), 403, 'FORBIDDEN');
    expectError(await t.get('/api/grades', { token: 'write' }), 403, 'FORBIDDEN');
    expectError(await t.get(`/api/grades/${A.grade}`, { token: 'write' }), 403, 'FORBIDDEN');
  });

  it("when the body names a school outside the token's schools", async () => {
    const error = expectError(
      await t.post('/api/grades', { school: B.school, name: 'x' }, { token: 'schoolA' }),
      403,
      'FORBIDDEN',
    );
    expect(error.param).toBe('school');
  });
});

describe('404 NOT_FOUND', () => {
  it('for an unknown route', async () => {
    for (const [method, url] of [
      ['GET', '/api/teachers'],
      ['GET', '/nothing'],
      ['DELETE', '/api/teachers/0123456789abcdef01234567'],
    ] as const) {
      expectError(await t.request(method, url), 404, 'NOT_FOUND');
    }
  });

  it('a known path with another method is 405 METHOD_NOT_ALLOWED instead (test/plugins/method-not-allowed.test.ts)', async () => {
    for (const [method, url] of [
      ['DELETE', `/api/students/${A.students[0]}`],
      ['PATCH', '/api/students'],
    ] as const) {
      expectError(await t.request(method, url), 405, 'METHOD_NOT_ALLOWED');
    }
  });

  it('for an unknown id', async () => {
    expectError(await t.get('/api/grades/0123456789abcdef01234567'), 404, 'NOT_FOUND');
  });

  // Regression (was a bug): a path with a malformed percent-escape (`/api/students/%E0%A4%A`, `/api/%`, `/%`) answers
  // Fastify's own body {"error":"Bad Request","code":"FST_ERR_BAD_URL",...}, not the envelope.
  it('a path with a malformed percent-escape still gets the envelope', async () => {
    for (const url of ['/api/students/%E0%A4%A', '/api/%', '/%']) {
      const reply = await t.request('GET', url);
      expect([400, 404], url).toContain(reply.status);
      expectErrors(reply, reply.status);
    }
  });
});

describe('409 CONFLICT', () => {
  it('for a second student with the same user.id_card in one school; another school is fine', async () => {
    const body = { user: { name: 'Doble', surname: 'Cédula', id_card: '0999999999' } };
    expectOk(await t.post('/api/students', { ...body, school: A.school }), 201);
    const error = expectError(await t.post('/api/students', { ...body, school: A.school }), 409, 'CONFLICT');
    expect(error.param).toBe('user.id_card');
    expectOk(await t.post('/api/students', { ...body, school: B.school }), 201);
  });

  it('for parents and staff too', async () => {
    const user = { name: 'Padre', surname: 'Repetido', id_card: '0988888888' };
    expectOk(await t.post('/api/parents', { school: A.school, user }), 201);
    expectError(await t.post('/api/parents', { school: A.school, user }), 409, 'CONFLICT');
    expectOk(await t.post('/api/staff', { school: A.school, user }), 201);
    expectError(await t.post('/api/staff', { school: A.school, user }), 409, 'CONFLICT');
  });

  it('students without an identification number never conflict', async () => {
    expectOk(
      await t.post('/api/students', { school: A.school, user: { name: 'Sin', surname: 'Cédula' } }),
      201,
    );
    expectOk(
      await t.post('/api/students', { school: A.school, user: { name: 'Sin', surname: 'Cédula' } }),
      201,
    );
  });
});

describe('413 PAYLOAD_TOO_LARGE and 415 UNSUPPORTED_MEDIA_TYPE', () => {
  it('413 for a body over BODY_LIMIT', async () => {
    const reply = await t.post('/api/grades', { school: A.school, name: 'x', code: 'y'.repeat(BODY_LIMIT) });
    expectError(reply, 413, 'PAYLOAD_TOO_LARGE');
  });

  it('a body just under the limit is read', async () => {
    const reply = await t.post('/api/grades', { school: A.school, name: 'x', code: 'y'.repeat(50) });
    expectOk(reply, 201);
  });

  it('415 for a body that is not JSON', async () => {
    for (const type of [
      'application/xml',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
    ]) {
      const reply = await t.request('POST', '/api/grades', {
        payload: 'name=x',
        headers: { 'content-type': type },
      });
      expectError(reply, 415, 'UNSUPPORTED_MEDIA_TYPE');
    }
  });

  it('415 for a body without a Content-Type', async () => {
    expectError(
      await t.request('POST', '/api/grades', { payload: '{"name":"x"}' }),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    );
  });

  // Regression (was a bug): a text/plain body answers 400 VALIDATION_FAILED ("body must be object"): Fastify's built-in
  // text/plain parser accepts it, so it never reaches the 415 branch.
  it('415 for a text/plain body', async () => {
    const reply = await t.request('POST', '/api/grades', {
      payload: '{"name":"x"}',
      headers: { 'content-type': 'text/plain' },
    });
    expectError(reply, 415, 'UNSUPPORTED_MEDIA_TYPE');
  });
});

describe('500 INTERNAL', () => {
  it('says nothing of the failure: no stack trace, no driver message', async () => {
    staffFails = true;
    try {
      for (const reply of [
        await t.get('/api/staff'),
        await t.get(`/api/staff/${A.staff}`),
        await t.post('/api/staff', { school: A.school, user: { name: 'Falla', surname: 'Total' } }),
      ]) {
        const error = expectError(reply, 500, 'INTERNAL');
        const text = reply.raw.body;
        for (const secret of [
          'hunter2',
          '10.20.30.40',
          'Mongo',
          'ECONNRESET',
          'connection 7',
          ' at ',
          '.ts:',
          'stack',
        ]) {
          expect(text).not.toContain(secret);
        }
        expect(error.message.length).toBeGreaterThan(0);
      }
    } finally {
      staffFails = false;
    }
  });

  it('the other collections keep working, and staff recovers', async () => {
    staffFails = true;
    try {
      expectOk(await t.get('/api/students?__per_page=1'));
    } finally {
      staffFails = false;
    }
    expectOk(await t.get('/api/staff'));
  });
});

describe('hostile input never crashes the host', () => {
  const FAMILY = new Set([
    'UNKNOWN_FIELD',
    'INVALID_VALUE',
    'UNSUPPORTED_OPERATOR',
    'INVALID_JSON',
    'INVALID_PAGINATION',
    'INVALID_SORT',
    'INVALID_SELECT',
    'INVALID_POPULATE',
    'QUERY_TOO_COMPLEX',
  ]);
  const key = fc.oneof(
    fc.constantFrom(
      'user.name',
      'user.id_card',
      'active',
      'school',
      '_id',
      'years.year',
      'years.enrolled',
      'years',
      'created_at',
      'parents',
      // Every parameter with a meaning of its own, as the library lists them.
      ...RESERVED_PARAMS,
      '__sort[user.name]',
      '$where',
      'user.name[$in]',
      'user.name[$regex]',
      'created_at[$gte]',
      'user[name]',
      '__proto__',
      'constructor[prototype][x]',
      'a[b][c][d][e][f][g][h][i][j]',
      'user.name[]',
      '',
    ),
    fc.string({ maxLength: 12 }),
  );
  const value = fc.oneof(
    fc.constantFrom(
      'true',
      'null',
      '1e400',
      '-1',
      '0',
      '"x"',
      '[1,2]',
      '["a",{"$gt":1}]',
      '{"$where":"1"}',
      '{"$gt":""}',
      '{"school":"name"}',
      '{"parents.user":"name"}',
      '{"property":"years","parameters":{"enrolled":true}}',
      '{"user.name":1,"x":0}',
      '0123456789abcdef01234567',
      '{',
      '%',
      '%E0%A4%A',
      'José 8vo',
      '\u0000',
      '𝔘𝔫𝔦',
    ),
    fc.string({ maxLength: 30 }),
    fc.string({ unit: 'grapheme', maxLength: 20 }),
    fc.json({ maxDepth: 4 }),
  );
  /** Percent-encodes what a URL can't carry raw, and sometimes everything. */
  const encode = (text: string, all: boolean) =>
    all
      ? encodeURIComponent(text.replace(/[\uD800-\uDFFF]/g, '?'))
      : [...Buffer.from(text, 'utf8')]
          .map((byte) =>
            byte > 0x20 && byte < 0x7f && byte !== 0x23
              ? String.fromCharCode(byte)
              : `%${byte.toString(16).padStart(2, '0')}`,
          )
          .join('');
  const query = fc
    .array(fc.tuple(key, value, fc.boolean(), fc.boolean()), { minLength: 1, maxLength: 6 })
    .map((pairs) =>
      pairs
        .map(([k, v, encodeKey, encodeValue]) => `${encode(k, encodeKey)}=${encode(v, encodeValue)}`)
        .join('&'),
    );

  it('random query strings to GET /api/students always answer a 200 or 400 envelope', async () => {
    await fc.assert(
      fc.asyncProperty(query, fc.constantFrom('full', 'schoolA'), async (text, token) => {
        const reply = await t.get(`/api/students?${text}`, { token: token as 'full' | 'schoolA' });
        expect([200, 400], `${text} → ${reply.raw.body.slice(0, 300)}`).toContain(reply.status);
        const body = reply.body as Json;
        expect(Object.keys(body).sort()).toEqual(['errors', 'response']);
        if (reply.status === 200) {
          expect(body.errors).toEqual([]);
          expect(Array.isArray(body.response) || Array.isArray(body.response?.results)).toBe(true);
        } else {
          expect(body.response).toBeNull();
          expect(body.errors.length).toBeGreaterThan(0);
          for (const error of body.errors) expect(FAMILY, text).toContain(error.code);
        }
      }),
      { numRuns: 250 },
    );
  });

  it('random JSON bodies to POST and PUT answer an envelope, never a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(fc.jsonValue({ maxDepth: 4 }), fc.boolean(), async (body, put) => {
        const reply = put
          ? await t.put(`/api/students/${A.students[2]}`, body)
          : await t.post('/api/sections', body);
        expect(reply.status, reply.raw.body).toBeLessThan(500);
        expect(Object.keys(reply.body).sort()).toEqual(['errors', 'response']);
      }),
      { numRuns: 150 },
    );
  });
});
