import assert from 'node:assert/strict';
import {
  buildGradePayload,
  createIntegrationClient,
  diffPayload,
  generateSigningSecret,
  idempotencyKeyFor,
} from '@school/integration-client';
import { ObjectId } from 'bson';
import { startExampleReceiver } from './receiver.js';

// Both sides are configured with the same secret (INTEGRATION_SIGNING_SECRET) and token.
const signingSecret = generateSigningSecret();
const external = await startExampleReceiver({ token: 'integration-token', signingSecret });

const client = createIntegrationClient({
  baseUrl: external.url, // INTEGRATION_BASE_URL
  token: 'integration-token', // INTEGRATION_TOKEN
  signingSecrets: signingSecret,
  timeoutMs: 5_000,
});

// Created: send the whole payload once; keep the external id and the payload it acknowledged.
const grade = { _id: new ObjectId(), school: new ObjectId(), name: '8vo A', code: '8A' };
const sent = buildGradePayload(grade);
const created = await client.create('grades', sent, {
  idempotencyKey: idempotencyKeyFor('grades', grade._id),
});
if (created.outcome !== 'acknowledged') throw created.error;
const externalId = created.externalId;

// Updated: send only what changed since the acknowledged payload.
const current = buildGradePayload({ ...grade, name: '8vo B', code: null });
const patch = diffPayload(sent, current);
assert.deepEqual(patch, { name: '8vo B', code: null });
if (patch !== undefined) {
  const updated = await client.update('grades', externalId, patch);
  assert.equal(updated.outcome, 'acknowledged');
}
assert.deepEqual(external.records.get(externalId), current);

await client.close();
await external.close();
