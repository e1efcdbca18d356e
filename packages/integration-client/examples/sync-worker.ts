import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  buildFailureNotice,
  buildParentPayload,
  createIntegrationClient,
  type FailureNotice,
  generateSigningSecret,
  type IntegrationClient,
  idempotencyKeyFor,
  type ParentRecord,
} from '@school/integration-client';
import { ObjectId } from 'bson';
import { startExampleReceiver } from './receiver.js';

/**
 * Creates a parent on the external system, retrying as the client says. A real worker does not
 * sleep: it stores `next attempt = now + delay` with the record and moves on to other records.
 */
async function deliverParent(client: IntegrationClient, parent: ParentRecord): Promise<string | undefined> {
  const payload = buildParentPayload(parent);
  const idempotencyKey = idempotencyKeyFor('parents', parent._id); // the same for every attempt
  for (let attempt = 1; ; attempt++) {
    const result = await client.create('parents', payload, { idempotencyKey });
    if (result.outcome === 'acknowledged') return result.externalId;

    const delay = client.nextRetryDelay(attempt, result); // undefined: permanent, or no attempt left
    if (delay !== undefined) {
      await sleep(delay);
      continue;
    }
    const notice = buildFailureNotice({
      collection: 'parents',
      recordId: parent._id,
      operation: 'create',
      attempts: attempt,
      lastError: result.error,
      serviceBaseUrl: 'https://school.example.com', // where POST .../retry re-emits the record
    });
    await client.notifyFailure(notice);
    return undefined;
  }
}

const signingSecret = generateSigningSecret();
const external = await startExampleReceiver({ token: 't', signingSecret });
const client = createIntegrationClient({
  baseUrl: external.url,
  token: 't',
  signingSecrets: signingSecret,
  retryDelaysMs: [20, 40], // three attempts in all (the default is ten over about a day)
});
const parent = {
  _id: new ObjectId(),
  school: new ObjectId(),
  user: { _id: new ObjectId(), name: 'Luis', surname: 'Pérez', email: 'luis@example.com' },
};

external.state.outage = 2; // two 503s, then the third attempt goes through
assert.equal(typeof (await deliverParent(client, parent)), 'string');

external.state.outage = 3; // every attempt fails: the external system gets a failure notice
assert.equal(await deliverParent(client, { ...parent, _id: new ObjectId() }), undefined);
const [notice] = external.failures as FailureNotice[];
assert.equal(notice?.reason, 'attempts_exhausted');
assert.equal(notice?.attempts, 3);
assert.deepEqual(notice?.last_error, { class: 'DeliveryHttpError', status: 503, retryable: true });
assert.match(
  notice?.retry_url ?? '',
  /^https:\/\/school\.example\.com\/api\/integration\/sync\/parents\/[0-9a-f]{24}\/retry$/,
);

await client.close();
await external.close();
