import { closedPort, Receiver, type Scripted } from '@school/testkit/external-system';
import { Ajv } from 'ajv';
import { ObjectId } from 'bson';
import { Webhook } from 'standardwebhooks';
import { Agent } from 'undici';
import { describe, expect, it, onTestFinished } from 'vitest';
import {
  buildFailureNotice,
  buildGradePayload,
  buildParentPayload,
  buildStudentPayload,
  type CreateDelivery,
  type CreateResult,
  createIntegrationClient,
  DeliveryHttpError,
  DeliveryNetworkError,
  DeliveryTimeoutError,
  diffPayload,
  failureNoticeSchema,
  generateSigningSecret,
  type IntegrationClientOptions,
  type IntegrationCollection,
  InvalidOptionsError,
  InvalidPayloadError,
  InvalidReplyError,
  idempotencyKeyFor,
  patchSchemas,
  payloadSchemas,
  type StudentPayload,
  type UpdateDelivery,
} from '../../src/index.js';

const ajv = new Ajv({ strict: true, allowUnionTypes: true });

const school = new ObjectId('65f0c2a1b4d3e2f1a0b9c800');
const studentRecord = {
  _id: new ObjectId('65f0c2a1b4d3e2f1a0b9c801'),
  school,
  user: {
    _id: new ObjectId('65f0c2a1b4d3e2f1a0b9c802'),
    name: 'Ana',
    surname: 'Pérez',
    email: 'ana@colegio.edu.ec',
  },
};
const parentRecord = {
  _id: new ObjectId('65f0c2a1b4d3e2f1a0b9c803'),
  school,
  user: { _id: new ObjectId('65f0c2a1b4d3e2f1a0b9c804'), name: 'Luis', surname: 'Pérez' },
};
const gradeRecord = {
  _id: new ObjectId('65f0c2a1b4d3e2f1a0b9c805'),
  school,
  name: '8vo A',
  code: '8A',
  section: new ObjectId('65f0c2a1b4d3e2f1a0b9c806'),
};
const student = buildStudentPayload(studentRecord, { parentUserIds: [parentRecord.user._id] });
const parent = buildParentPayload(parentRecord);
const grade = buildGradePayload(gradeRecord);
const studentKey = idempotencyKeyFor('students', studentRecord._id);

/** Every request not answered from `receiver.replies` gets `fallback`. */
async function setup(
  fallback: Scripted = { status: 200, body: { status: 'ok' } },
  options: Partial<IntegrationClientOptions> = {},
) {
  const receiver = await Receiver.start();
  receiver.script = () => fallback;
  const client = createIntegrationClient({ baseUrl: receiver.url, ...options });
  onTestFinished(async () => {
    await client.close();
    await receiver.close();
  });
  return { receiver, client };
}

function verify(secret: string, request: { raw: string; headers: Record<string, unknown> }): unknown {
  return new Webhook(secret).verify(request.raw, request.headers as Record<string, string>);
}

describe('delivery: the six events', () => {
  const secret = generateSigningSecret();
  // Each case holds its collection and payload together: one `{ collection, payload }` value of
  // the union, sent as it is whatever its collection.
  const creates: ReadonlyArray<readonly [CreateDelivery, unknown, string]> = [
    [
      { collection: 'students', payload: student, idempotencyKey: 'create-students-1' },
      { status: 'success', data: { userId: 'ext-student-1' } },
      'ext-student-1',
    ],
    [
      { collection: 'parents', payload: parent, idempotencyKey: 'create-parents-1' },
      { status: 'success', data: { userId: 'ext-parent-1' } },
      'ext-parent-1',
    ],
    [
      { collection: 'grades', payload: grade, idempotencyKey: 'create-grades-1' },
      { status: 'success', data: { id: 'ext-grade-1' } },
      'ext-grade-1',
    ],
  ];

  it.each(creates.map((entry) => [entry[0].collection, ...entry] as const))(
    '%s created: POST, signed, acknowledged with the external id',
    async (_name, delivery, reply, externalId) => {
      const { collection, payload } = delivery;
      const { receiver, client } = await setup(
        { status: 201, body: reply },
        { token: 'tok-123', signingSecrets: secret },
      );
      const result = await client.create(delivery);

      expect(result).toMatchObject({
        outcome: 'acknowledged',
        status: 201,
        externalId,
        replyStatus: 'success',
        method: 'POST',
        url: `${receiver.url}/api/integration/${collection}`,
        messageId: `create-${collection}-1`,
      });
      expect(receiver.requests).toHaveLength(1);
      const request = receiver.requests[0]!;
      expect(request.method).toBe('POST');
      expect(request.path).toBe(`/api/integration/${collection}`);
      expect(request.headers).toMatchObject({
        'content-type': 'application/json',
        accept: 'application/json',
        authorization: 'Bearer tok-123',
        'idempotency-key': `create-${collection}-1`,
        'webhook-id': `create-${collection}-1`,
        'user-agent': '@school/integration-client/0.1.0',
      });
      expect(JSON.parse(request.raw)).toEqual(payload);
      expect(verify(secret, request)).toEqual(payload);
      expect(ajv.validate(payloadSchemas[collection], JSON.parse(request.raw))).toBe(true);
    },
  );

  const updates: readonly UpdateDelivery[] = [
    {
      collection: 'students',
      externalId: 'ext/1 ñ',
      patch: { email: null, metadata: { school: '65f0c2a1b4d3e2f1a0b9c8ff' } },
    },
    { collection: 'parents', externalId: 'ext/1 ñ', patch: { second_name: 'José' } },
    { collection: 'grades', externalId: 'ext/1 ñ', patch: { code: null, name: '8vo B' } },
  ];

  it.each(updates)('$collection updated: PUT to the external id, signed, acknowledged', async (delivery) => {
    const { collection, patch } = delivery;
    const { receiver, client } = await setup(
      { status: 200, body: { status: 'updated', data: { userId: 'ext/1 ñ' } } },
      { signingSecrets: secret },
    );
    const result = await client.update(delivery);

    expect(result).toMatchObject({
      outcome: 'acknowledged',
      status: 200,
      externalId: 'ext/1 ñ',
      replyStatus: 'updated',
    });
    const request = receiver.requests[0]!;
    expect(request.method).toBe('PUT');
    expect(request.path).toBe(`/api/integration/${collection}/ext%2F1%20%C3%B1`);
    expect(request.headers.authorization).toBeUndefined();
    expect(request.headers['idempotency-key']).toBeUndefined();
    expect(request.headers['webhook-id']).toMatch(/^msg_[0-9a-f-]{36}$/);
    expect(verify(secret, request)).toEqual(patch);
    expect(ajv.validate(patchSchemas[collection], JSON.parse(request.raw))).toBe(true);
  });

  it('sends what diffPayload found and nothing else', async () => {
    const { receiver, client } = await setup();
    const changed = buildStudentPayload(
      { ...studentRecord, user: { ...studentRecord.user, email: null, second_name: 'María' } },
      { parentUserIds: [parentRecord.user._id] },
    );
    const patch = diffPayload(student, changed);
    expect(patch).toEqual({ second_name: 'María', email: null });
    await client.update('students', 'ext-student-1', patch!);
    expect(JSON.parse(receiver.requests[0]!.raw)).toEqual({ second_name: 'María', email: null });
  });

  it('waits past informational 1xx replies', async () => {
    const { client } = await setup({
      respond: (res) => {
        res.writeEarlyHints({ link: '</style.css>; rel=preload' });
        res.writeHead(201, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ status: 'ok', data: { userId: 'u-103' } }));
      },
    });
    const result = await client.create('students', student, { idempotencyKey: studentKey });
    expect(result).toMatchObject({ outcome: 'acknowledged', status: 201, externalId: 'u-103' });
  });

  it('accepts data.userId in a grade create reply', async () => {
    const { client } = await setup({ status: 200, body: { status: 'ok', data: { userId: 'g-7' } } });
    const result = await client.create('grades', grade, { idempotencyKey: 'k' });
    expect(result).toMatchObject({ outcome: 'acknowledged', externalId: 'g-7' });
  });
});

describe('delivery: signatures', () => {
  it('carries both signatures while a secret is rotated; each verifies alone', async () => {
    const oldSecret = generateSigningSecret();
    const newSecret = generateSigningSecret();
    const { receiver, client } = await setup(
      { status: 201, body: { status: 'ok', data: { userId: 'u' } } },
      { signingSecrets: [newSecret, oldSecret] },
    );
    await client.create('students', student, { idempotencyKey: studentKey });
    const request = receiver.requests[0]!;
    expect(String(request.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(verify(oldSecret, request)).toEqual(student);
    expect(verify(newSecret, request)).toEqual(student);
    expect(() => verify(generateSigningSecret(), request)).toThrow('No matching signature found');
    expect(() => verify(oldSecret, { ...request, raw: request.raw.replace('Ana', 'Ann') })).toThrow();
  });

  it('signs the exact bytes sent, non-ASCII included', async () => {
    const secret = generateSigningSecret();
    const { receiver, client } = await setup(undefined, { signingSecrets: secret });
    const patch = { name: 'Zoë 😀 \u2028', second_surname: 'Ñandú' };
    await client.update('parents', 'p1', patch);
    const request = receiver.requests[0]!;
    expect(Number(request.headers['content-length'])).toBe(Buffer.byteLength(request.raw));
    expect(verify(secret, request)).toEqual(patch);
  });

  it('sends extra headers and a custom User-Agent', async () => {
    const { receiver, client } = await setup(undefined, {
      headers: { 'X-Api-Key': 'k-1' },
      userAgent: 'school-sync/2',
    });
    await client.update('parents', 'p1', { name: 'Luisa' });
    expect(receiver.requests[0]!.headers).toMatchObject({
      'x-api-key': 'k-1',
      'user-agent': 'school-sync/2',
    });
  });

  it('sends webhook-id and webhook-timestamp but no signature without secrets', async () => {
    const { receiver, client } = await setup();
    await client.update('parents', 'p1', { name: 'Luisa' });
    const { headers } = receiver.requests[0]!;
    expect(headers['webhook-signature']).toBeUndefined();
    expect(headers['webhook-timestamp']).toMatch(/^\d{10}$/);
  });
});

describe('delivery: retries and idempotency', () => {
  it('keeps the Idempotency-Key and webhook-id across retries of the same create', async () => {
    const { receiver, client } = await setup();
    receiver.replies.push(
      { status: 500, body: { error: 'boom' } },
      { status: 503 },
      {
        status: 201,
        body: { status: 'ok', data: { userId: 'ext-1' } },
      },
    );
    const outcomes: string[] = [];
    for (let attempt = 1; attempt <= 3; attempt++) {
      // The key is derived from the record again on each attempt, as a restarted worker would.
      const result = await client.create('students', student, {
        idempotencyKey: idempotencyKeyFor('students', studentRecord._id.toHexString()),
      });
      outcomes.push(result.outcome);
    }
    expect(outcomes).toEqual(['retryable', 'retryable', 'acknowledged']);
    const keys = receiver.requests.map((r) => [r.headers['idempotency-key'], r.headers['webhook-id']]);
    expect(keys).toEqual(Array(3).fill([studentKey, studentKey]));
    expect(new Set(receiver.requests.map((r) => r.raw)).size).toBe(1);
  });

  it('500 is retryable, with method, URL and a truncated body kept out of the message', async () => {
    const body = `{"error":"ana@colegio.edu.ec ${'x'.repeat(5000)}"}`;
    const { receiver, client } = await setup({ status: 500, raw: body });
    const result = await client.create('students', student, { idempotencyKey: studentKey });
    expect(result.outcome).toBe('retryable');
    if (result.outcome !== 'retryable') return;
    expect(result.status).toBe(500);
    expect(result.retryAfterMs).toBeUndefined();
    expect(result.error).toBeInstanceOf(DeliveryHttpError);
    expect(result.error.message).toBe(
      `POST ${receiver.url}/api/integration/students was answered with HTTP 500 Internal Server Error; will be retried.`,
    );
    expect(result.error.responseBody?.length).toBeLessThan(1100);
    expect(result.error.responseBody).toContain(`[truncated, ${body.length} characters in all]`);
    expect(JSON.stringify(result.error)).not.toContain('ana@colegio.edu.ec');
    expect(client.nextRetryDelay(1, result)).toBeGreaterThanOrEqual(8_000);
  });

  it('429 with Retry-After in seconds', async () => {
    const { client } = await setup({ status: 429, headers: { 'retry-after': '120' } }, { retryJitter: 0 });
    const result = await client.update('students', 'ext-1', { name: 'Ana' });
    expect(result).toMatchObject({ outcome: 'retryable', status: 429, retryAfterMs: 120_000 });
    expect(result.outcome !== 'acknowledged' && result.error.message).toContain(
      'the server asked to wait 120 s',
    );
    expect(client.nextRetryDelay(1, result.outcome === 'retryable' ? result : undefined)).toBe(120_000);
  });

  it('429 with Retry-After as an HTTP date', async () => {
    const at = new Date(Math.floor(Date.now() / 1000) * 1000 + 90_000);
    const { client } = await setup({ status: 429, headers: { 'retry-after': at.toUTCString() } });
    const result = await client.update('students', 'ext-1', { name: 'Ana' });
    expect(result.outcome).toBe('retryable');
    const retryAfterMs = result.outcome === 'retryable' ? result.retryAfterMs : undefined;
    expect(retryAfterMs).toBeGreaterThan(80_000);
    expect(retryAfterMs).toBeLessThanOrEqual(90_000);
  });

  it('408 and 503 are retryable', async () => {
    const { receiver, client } = await setup();
    receiver.replies.push({ status: 408 }, { status: 503, headers: { 'retry-after': 'garbage' } });
    const first = await client.update('grades', 'g', { name: 'x' });
    const second = await client.update('grades', 'g', { name: 'x' });
    expect([first.outcome, second.outcome]).toEqual(['retryable', 'retryable']);
    expect(second.outcome === 'retryable' && second.retryAfterMs).toBeUndefined();
  });

  it('gives up after the schedule and on permanent failures', async () => {
    const { client } = await setup({ status: 400 }, { retryDelaysMs: [100, 200] });
    expect(client.maxAttempts).toBe(3);
    const result = await client.update('grades', 'g', { name: 'x' });
    expect(result.outcome).toBe('permanent');
    expect(client.nextRetryDelay(1, result.outcome === 'permanent' ? result : undefined)).toBeUndefined();
    expect(client.nextRetryDelay(3)).toBeUndefined();
  });
});

describe('delivery: network failures', () => {
  it('timeout: no reply within timeoutMs is retryable', async () => {
    const { client } = await setup({ hang: true }, { timeoutMs: 150 });
    const result = await client.create('students', student, { idempotencyKey: studentKey });
    expect(result.outcome).toBe('retryable');
    if (result.outcome !== 'retryable') return;
    expect(result.status).toBeUndefined();
    expect(result.error).toBeInstanceOf(DeliveryTimeoutError);
    expect(result.error.message).toContain('got no complete reply within 150 ms (timeoutMs)');
  });

  it('timeout: a body that stops half way is retryable', async () => {
    const { client } = await setup(
      {
        respond: (res) => {
          res.writeHead(201, { 'content-type': 'application/json', 'content-length': '100' });
          res.write('{"status":"ok",');
        },
      },
      { timeoutMs: 150 },
    );
    const result = await client.create('students', student, { idempotencyKey: studentKey });
    expect(result.outcome).toBe('retryable');
    expect(result.outcome !== 'acknowledged' && result.error).toBeInstanceOf(DeliveryTimeoutError);
  });

  it('connection refused is retryable', async () => {
    const port = await closedPort();
    const client = createIntegrationClient({ baseUrl: `http://127.0.0.1:${port}` });
    onTestFinished(() => client.close());
    const result = await client.create('students', student, { idempotencyKey: studentKey });
    expect(result.outcome).toBe('retryable');
    if (result.outcome !== 'retryable') return;
    expect(result.error).toBeInstanceOf(DeliveryNetworkError);
    expect((result.error as DeliveryNetworkError).code).toBe('ECONNREFUSED');
    expect(result.error.message).toBe(
      `POST http://127.0.0.1:${port}/api/integration/students failed (ECONNREFUSED): connection refused: nothing listens at that address (is the external system up, is baseUrl right?); will be retried.`,
    );
  });

  it('a connection closed before the reply is retryable', async () => {
    const { client } = await setup({ respond: (res) => res.socket?.destroy() });
    const result = await client.update('students', 'ext-1', { name: 'Ana' });
    expect(result.outcome).toBe('retryable');
    expect(result.outcome !== 'acknowledged' && result.error).toBeInstanceOf(DeliveryNetworkError);
  });

  it('an already aborted signal sends nothing', async () => {
    const { receiver, client } = await setup();
    const result = await client.update('students', 'ext-1', { name: 'Ana' }, { signal: AbortSignal.abort() });
    expect(result.outcome).toBe('retryable');
    expect(result.outcome !== 'acknowledged' && (result.error as DeliveryNetworkError).code).toBe('ABORTED');
    expect(receiver.requests).toHaveLength(0);
  });

  it("the caller's abort signal ends the request as a retryable ABORTED", async () => {
    const { client } = await setup({ hang: true });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 20);
    const result = await client.update('students', 'ext-1', { name: 'Ana' }, { signal: controller.signal });
    expect(result.outcome).toBe('retryable');
    expect(result.outcome !== 'acknowledged' && (result.error as DeliveryNetworkError).code).toBe('ABORTED');
  });
});

describe('delivery: replies that do not confirm', () => {
  async function createWith(
    reply: Scripted,
    options: Partial<IntegrationClientOptions> = {},
    collection: IntegrationCollection = 'students',
  ) {
    const { client } = await setup(reply, options);
    const deliveries: Record<IntegrationCollection, CreateDelivery> = {
      students: { collection: 'students', payload: student, idempotencyKey: 'k-1' },
      parents: { collection: 'parents', payload: parent, idempotencyKey: 'k-1' },
      grades: { collection: 'grades', payload: grade, idempotencyKey: 'k-1' },
    };
    const result: CreateResult = await client.create(deliveries[collection]);
    expect(result.outcome).toBe('permanent');
    if (result.outcome !== 'permanent') throw new Error('unreachable');
    return result;
  }

  it('malformed JSON in a 2xx is permanent', async () => {
    const result = await createWith({
      status: 200,
      headers: { 'content-type': 'text/html' },
      raw: '<html>ok</html>',
    });
    expect(result.error).toBeInstanceOf(InvalidReplyError);
    expect((result.error as InvalidReplyError).reason).toBe('not-json');
    expect(result.error.message).toContain('but the body is not JSON (content-type: text/html)');
    expect(result.error.responseBody).toBe('<html>ok</html>');
  });

  it('an empty 2xx is permanent for a create', async () => {
    const result = await createWith({ status: 204 });
    expect((result.error as InvalidReplyError).reason).toBe('not-json');
  });

  it('2xx without the id is permanent', async () => {
    const result = await createWith({ status: 201, body: { status: 'ok', data: {} } });
    expect((result.error as InvalidReplyError).reason).toBe('missing-external-id');
    expect(result.error.message).toContain('data.userId: must be a non-empty string');
    const grades = await createWith({ status: 201, body: { status: 'ok' } }, {}, 'grades');
    expect(grades.error.message).toContain(
      'data.id: must be a non-empty string (data.userId is accepted too)',
    );
  });

  it('2xx without status, or with a failing status, is permanent', async () => {
    const noStatus = await createWith({ status: 200, body: { data: { userId: 'u' } } });
    expect((noStatus.error as InvalidReplyError).reason).toBe('unexpected-shape');
    expect(noStatus.error.message).toContain('status: is required');
    const failed = await createWith({ status: 200, body: { status: 'error', data: { userId: 'u' } } });
    expect((failed.error as InvalidReplyError).reason).toBe('failure-status');
  });

  it('a 2xx body over maxResponseBodyBytes is permanent, with or without content-length', async () => {
    const big = { status: 'ok', data: { userId: 'u' }, filler: 'x'.repeat(5000) };
    const sized = await createWith({ status: 200, body: big }, { maxResponseBodyBytes: 1024 });
    expect((sized.error as InvalidReplyError).reason).toBe('too-large');
    const chunked = await createWith(
      {
        respond: (res) => {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.write(JSON.stringify(big).slice(0, 3000));
          res.end(JSON.stringify(big).slice(3000));
        },
      },
      { maxResponseBodyBytes: 1024 },
    );
    expect((chunked.error as InvalidReplyError).reason).toBe('too-large');
    expect(chunked.error.message).toContain('larger than maxResponseBodyBytes (1024 bytes)');
  });

  it('400 is permanent', async () => {
    const result = await createWith({ status: 400, body: { errors: [{ message: 'name invalid' }] } });
    expect(result.error).toBeInstanceOf(DeliveryHttpError);
    expect(result.status).toBe(400);
    expect(result.error.message).toContain(
      'HTTP 400 Bad Request; not retried: the external system rejected the body',
    );
    expect(result.error.responseBody).toBe('{"errors":[{"message":"name invalid"}]}');
  });

  it('404 on PUT is permanent and says the external id may be wrong', async () => {
    const { receiver, client } = await setup({ status: 404, body: { status: 'error' } });
    const result = await client.update('parents', 'gone-1', { name: 'Luisa' });
    expect(result).toMatchObject({
      outcome: 'permanent',
      status: 404,
      url: `${receiver.url}/api/integration/parents/gone-1`,
    });
    expect(result.outcome !== 'acknowledged' && result.error.message).toContain(
      'on PUT the external id may be wrong',
    );
  });

  it('an update reply without status is permanent', async () => {
    const { client } = await setup({ status: 200, body: { ok: true } });
    const result = await client.update('grades', 'g', { name: 'x' });
    expect(result.outcome).toBe('permanent');
  });

  it('does not follow redirects', async () => {
    const { receiver, client } = await setup({ status: 302, headers: { location: '/elsewhere' } });
    const result = await client.create('students', student, { idempotencyKey: studentKey });
    expect(result.outcome).toBe('permanent');
    expect(receiver.requests.map((r) => r.path)).toEqual(['/api/integration/students']);
    if (result.outcome !== 'permanent') return;
    expect((result.error as DeliveryHttpError).location).toBe('/elsewhere');
    expect(result.error.message).toContain('redirects are not followed');
  });
});

describe('delivery: failure notice', () => {
  it('POSTs the notice to /api/integration/failures, without personal data', async () => {
    const { receiver, client } = await setup({ status: 204 });
    const failed = await (await setup({ status: 503 })).client.update('students', 'ext-1', { name: 'Ana' });
    if (failed.outcome === 'acknowledged') throw new Error('unreachable');
    const notice = buildFailureNotice({
      collection: 'students',
      recordId: studentRecord._id,
      externalId: 'ext-1',
      operation: 'update',
      attempts: 10,
      lastError: failed.error,
      serviceBaseUrl: 'https://school.example.com',
    });
    const result = await client.notifyFailure(notice);
    expect(result).toMatchObject({ outcome: 'acknowledged', status: 204 });
    const request = receiver.requests[0]!;
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/api/integration/failures');
    const body = JSON.parse(request.raw);
    expect(ajv.validate(failureNoticeSchema, body)).toBe(true);
    expect(body).toMatchObject({
      record: { collection: 'students', id: studentRecord._id.toHexString(), external_id: 'ext-1' },
      operation: 'update',
      attempts: 10,
      reason: 'attempts_exhausted',
      last_error: { class: 'DeliveryHttpError', status: 503, retryable: true },
      retry_url: `https://school.example.com/api/integration/sync/students/${studentRecord._id}/retry`,
    });
    for (const personal of ['Ana', 'Pérez', 'ana@colegio.edu.ec'])
      expect(request.raw).not.toContain(personal);
  });

  it('refuses a notice that does not match its schema', async () => {
    const { client } = await setup();
    // @ts-expect-error a notice missing its fields is refused at run time too
    await expect(client.notifyFailure({ event: 'delivery_failed' })).rejects.toThrow(InvalidPayloadError);
  });
});

describe('delivery: connections', () => {
  it('reuses keep-alive connections, at most `connections` of them', async () => {
    const { receiver, client } = await setup(undefined, { connections: 4 });
    for (let i = 0; i < 20; i++) await client.update('grades', 'g', { name: `n${i}` });
    const sequential = receiver.connections();
    await Promise.all(Array.from({ length: 40 }, (_, i) => client.update('grades', 'g', { name: `p${i}` })));
    expect(receiver.requests).toHaveLength(60);
    expect(sequential).toBeLessThanOrEqual(2);
    expect(receiver.connections()).toBeLessThanOrEqual(4);
  });

  it('appends the paths to a base path', async () => {
    const receiver = await Receiver.start();
    const client = createIntegrationClient({ baseUrl: `${receiver.url}/erp/` });
    onTestFinished(async () => {
      await client.close();
      await receiver.close();
    });
    expect(client.baseUrl).toBe(`${receiver.url}/erp`);
    await client.update('grades', 'g-1', { name: 'x' });
    expect(receiver.requests[0]!.path).toBe('/erp/api/integration/grades/g-1');
  });

  it('uses a given dispatcher and leaves it open on close()', async () => {
    const receiver = await Receiver.start();
    const agent = new Agent();
    const client = createIntegrationClient({ baseUrl: receiver.url, dispatcher: agent });
    await client.update('grades', 'g-1', { name: 'x' });
    await client.close();
    expect(agent.closed).toBe(false);
    await agent.close();
    await receiver.close();
  });

  it('after close() requests end as retryable failures', async () => {
    const { client } = await setup();
    await client.close();
    await client.close();
    const result = await client.update('grades', 'g', { name: 'x' });
    expect(result.outcome).toBe('retryable');
  });
});

describe('delivery: programmer errors throw', () => {
  it('for an invalid payload, patch, key or collection, before sending anything', async () => {
    const { receiver, client } = await setup();
    // @ts-expect-error a payload that breaks its type is refused at run time too
    const broken: StudentPayload = { ...student, parents: 'x' };
    await expect(client.create('students', broken, { idempotencyKey: 'k' })).rejects.toThrow(
      'Invalid student payload: parents: must be array.',
    );
    // @ts-expect-error a JavaScript caller can leave the idempotency key out
    await expect(client.create('students', student, {})).rejects.toThrow(/idempotencyKey: is required/);
    await expect(client.create('students', student, { idempotencyKey: 'has space' })).rejects.toThrow(
      InvalidOptionsError,
    );
    await expect(
      client.create('staff' as IntegrationCollection, student, { idempotencyKey: 'k' }),
    ).rejects.toThrow(/collection/);
    await expect(client.update('students', 'e', {})).rejects.toThrow(/is empty: nothing changed/);
    // @ts-expect-error an operator is no field of the patch type either
    await expect(client.update('students', 'e', { $set: { name: 'x' } })).rejects.toThrow(
      'Invalid student update: $set: field names must not start with "$".',
    );
    // @ts-expect-error a dotted key is no field of the patch type either
    await expect(client.update('students', 'e', { 'user.name': 'x' })).rejects.toThrow(
      /must not contain "\."/,
    );
    // @ts-expect-error a required field cannot be cleared
    await expect(client.update('students', 'e', { name: null })).rejects.toThrow(/name: must be string/);
    await expect(client.update('students', '', { name: 'x' })).rejects.toThrow(/externalId/);
    expect(receiver.requests).toHaveLength(0);
  });

  it('for invalid options', () => {
    expect(() => createIntegrationClient({ baseUrl: 'nope', timeoutMs: 0 })).toThrow(InvalidOptionsError);
  });
});
