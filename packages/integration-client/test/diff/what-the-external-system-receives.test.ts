/**
 * The diff as the external system gets it: the fake external system of the test kit holds the
 * acknowledged payload (made by a create), receives the diff as an update's body is sent — the
 * JSON text of the patch in a `PUT` (src/delivery/requests.ts) — and applies it as a JSON Merge
 * Patch with a library the client does not share. Each test reads what arrived and what the
 * external system holds afterwards. The payloads are free-form (objects inside arrays, which no
 * collection's schema has yet), so the requests are sent here rather than by the client, whose
 * schema check would refuse them before the diff is ever sent.
 */
import { Receiver } from '@school/testkit/external-system';
import { ObjectId } from 'bson';
import { describe, expect, it, onTestFinished } from 'vitest';
import { diffPayload } from '../../src/diff/diff-payload.js';
import { InvalidPayloadError } from '../../src/errors/errors.js';

const recordId = '65f0c2a1b4d3e2f1a0b9c801';
const school = '65f0c2a1b4d3e2f1a0b9c800';

/** The error `run` throws (the test fails when it throws none). */
function thrownBy(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('expected an error, none was thrown');
}

async function send(receiver: Receiver, method: string, path: string, body: unknown, key?: string) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (key !== undefined) headers['idempotency-key'] = key;
  const reply = await fetch(`${receiver.url}${path}`, { method, headers, body: JSON.stringify(body) });
  return (await reply.json()) as { data?: { userId?: string } };
}

/**
 * Sends what a delivery of `current` sends once the external system acknowledged `acknowledged`:
 * nothing when the diff is empty, else the diff as the update's body. Returns the update's body as
 * the external system parsed it (`undefined` when nothing was sent), its text, and what the
 * external system holds afterwards.
 */
async function deliver(acknowledged: object, current: object) {
  const receiver = await Receiver.start();
  onTestFinished(() => receiver.close());
  const created = await send(
    receiver,
    'POST',
    '/api/integration/students',
    acknowledged,
    `create-students-${recordId}`,
  );
  const patch = diffPayload(acknowledged, current);
  if (patch !== undefined) {
    await send(receiver, 'PUT', `/api/integration/students/${created.data?.userId}`, patch);
  }
  const update = receiver.requests.find((request) => request.method === 'PUT');
  return {
    received: update?.body as unknown,
    raw: update?.raw,
    held: receiver.entityOf('students', recordId)?.state as unknown,
  };
}

describe('an object inside an array', () => {
  it('sends the array whole when a member of one of its objects changed', async () => {
    const { received, held } = await deliver(
      { name: 'Ana', addresses: [{ city: 'Quito', street: 'Av. Amazonas' }] },
      { name: 'Ana', addresses: [{ city: 'Lima', street: 'Av. Amazonas' }] },
    );
    expect(received).toEqual({ addresses: [{ city: 'Lima', street: 'Av. Amazonas' }] });
    expect(held).toEqual({ name: 'Ana', addresses: [{ city: 'Lima', street: 'Av. Amazonas' }] });
  });

  it('sends the array whole when one of its objects gained a member', async () => {
    const { received, held } = await deliver(
      { addresses: [{ city: 'Quito' }] },
      { addresses: [{ city: 'Quito', zip: '170150' }] },
    );
    expect(received).toEqual({ addresses: [{ city: 'Quito', zip: '170150' }] });
    expect(held).toEqual({ addresses: [{ city: 'Quito', zip: '170150' }] });
  });

  it('sends the array whole when one of its objects lost a member', async () => {
    const { received, held } = await deliver(
      { addresses: [{ city: 'Quito', zip: '170150' }] },
      { addresses: [{ city: 'Quito' }] },
    );
    expect(received).toEqual({ addresses: [{ city: 'Quito' }] });
    expect(held).toEqual({ addresses: [{ city: 'Quito' }] });
  });

  it('sends the array whole when it gained an item', async () => {
    const { received } = await deliver(
      { addresses: [{ city: 'Quito' }] },
      { addresses: [{ city: 'Quito' }, { city: 'Lima' }] },
    );
    expect(received).toEqual({ addresses: [{ city: 'Quito' }, { city: 'Lima' }] });
  });

  it('sends the array whole when a value nested deeper changed', async () => {
    const { received } = await deliver(
      { contacts: [{ phones: [{ number: '0991', kind: 'mobile' }] }] },
      { contacts: [{ phones: [{ number: '0992', kind: 'mobile' }] }] },
    );
    expect(received).toEqual({ contacts: [{ phones: [{ number: '0992', kind: 'mobile' }] }] });
  });

  it('sends nothing when the objects hold the same members in another order', async () => {
    const { received } = await deliver(
      { addresses: [{ city: 'Quito', zip: '170150' }] },
      { addresses: [{ zip: '170150', city: 'Quito' }] },
    );
    expect(received).toBeUndefined();
  });

  it('sends the array whole when one of its items went from null to an object, or back', async () => {
    expect((await deliver({ list: [null] }, { list: [{ city: 'Quito' }] })).received).toEqual({
      list: [{ city: 'Quito' }],
    });
    expect((await deliver({ list: [{ city: 'Quito' }] }, { list: [null] })).received).toEqual({
      list: [null],
    });
    expect((await deliver({ list: [{}] }, { list: [null] })).received).toEqual({ list: [null] });
  });

  it('sends an object that replaces a text with the same characters', async () => {
    const { received } = await deliver({ code: 'ab' }, { code: { 0: 'a', 1: 'b' } });
    expect(received).toEqual({ code: { 0: 'a', 1: 'b' } });
  });

  it('sends an array that replaces an object with the same entries', async () => {
    const { received, held } = await deliver({ tags: { 0: 'x' } }, { tags: ['x'] });
    expect(received).toEqual({ tags: ['x'] });
    expect(held).toEqual({ tags: ['x'] });
  });
});

describe('an undefined array item', () => {
  // JSON has no undefined: a body's JSON text carries an undefined array item as null, so the diff
  // compares it as null and sends null, and the external system ends with what a create would hold.
  it('is sent as null, as the JSON text of a full payload would carry it', async () => {
    const { received, raw, held } = await deliver({ tags: ['a', 'b'] }, { tags: ['a', undefined] });
    expect(raw).toBe('{"tags":["a",null]}');
    expect(received).toEqual({ tags: ['a', null] });
    expect(held).toEqual({ tags: ['a', null] });
    expect(held).toEqual(JSON.parse(JSON.stringify({ tags: ['a', undefined] })));
  });

  it('is no change from a null the external system already holds', async () => {
    const { received, held } = await deliver({ tags: ['a', null] }, { tags: ['a', undefined] });
    expect(received).toBeUndefined();
    expect(held).toEqual({ tags: ['a', null] });
  });
});

describe('an identifier that is not one', () => {
  const notAnIdentifier: [string, object][] = [
    ['a text that is no hexadecimal', { toHexString: () => 'not-an-identifier' }],
    ['24 characters that are not all hexadecimal', { toHexString: () => 'zzzzzzzzzzzzzzzzzzzzzzzz' }],
    ['a hexadecimal text of another length', { toHexString: () => school.slice(1) }],
    ['an array holding a 24-hex text', { toHexString: () => [school] }],
    ['a toHexString that is not a function', { toHexString: school }],
  ];

  it.each(notAnIdentifier)('is refused, naming its path, when toHexString() gives %s', (_, value) => {
    const error = thrownBy(() => diffPayload({}, { addresses: [{ school: value }] }));
    expect(error).toBeInstanceOf(InvalidPayloadError);
    expect(error).toMatchObject({
      message:
        'Invalid current payload: addresses[0].school: has toHexString() but is not a 24-hex identifier.',
      issues: [{ code: 'INVALID_VALUE', param: 'addresses[0].school' }],
    });
    expect(() => diffPayload({ metadata: { school: value } }, {})).toThrow(
      'Invalid acknowledged payload: metadata.school: has toHexString() but is not a 24-hex identifier.',
    );
  });

  it('is sent as its lower-case 24-hex text when it is one', async () => {
    const { received } = await deliver(
      { metadata: { school: '65f0c2a1b4d3e2f1a0b9c8d7' } },
      { metadata: { school: new ObjectId(school) } },
    );
    expect(received).toEqual({ metadata: { school } });
  });
});

describe('a side that is not a payload', () => {
  // The types forbid these; a JavaScript caller, or a value read from storage, can still pass them.
  it.each([
    ['null', null],
    ['undefined', undefined],
  ])('refuses %s as the current payload with InvalidPayloadError, saying what it got', (name, value) => {
    // @ts-expect-error not an object
    const error = thrownBy(() => diffPayload({ name: 'Ana' }, value));
    expect(error).toBeInstanceOf(InvalidPayloadError);
    expect(error).toMatchObject({
      message: `Invalid current payload: must be a plain object, not ${name}.`,
      issues: [{ code: 'INVALID_VALUE', param: '' }],
    });
    // @ts-expect-error not an object
    const acknowledged = thrownBy(() => diffPayload(value, { name: 'Ana' }));
    expect(acknowledged).toBeInstanceOf(InvalidPayloadError);
    expect(acknowledged).toHaveProperty(
      'message',
      `Invalid acknowledged payload: must be a plain object, not ${name}.`,
    );
  });

  it('refuses an array, a date and a text as either side', () => {
    expect(() => diffPayload({}, ['Ana'])).toThrow(/current payload: must be a plain object, not an Array/);
    expect(() => diffPayload(new Date(0), {})).toThrow(
      /acknowledged payload: must be a plain object, not a Date/,
    );
    // @ts-expect-error not an object
    const text = thrownBy(() => diffPayload({}, 'Ana'));
    expect(text).toHaveProperty('message', 'Invalid current payload: must be a plain object, not a string.');
  });
});
