import assert from 'node:assert/strict';
import { applyMergePatch, toMongoUpdate } from '@school/integration-client';

// The body of PUT /api/integration/students/{externalId}: only what changed.
const body = {
  second_name: 'María',
  email: null,
  metadata: { school: '65f0c2a1b4d3e2f1a0b9c8ff' },
  parents: ['65f0c2a1b4d3e2f1a0b9c804'],
};

// One atomic MongoDB update: changed leaves by dotted path, null as $unset, arrays whole.
const update = toMongoUpdate(body);
assert.deepEqual(update, {
  $set: {
    second_name: 'María',
    'metadata.school': '65f0c2a1b4d3e2f1a0b9c8ff',
    parents: ['65f0c2a1b4d3e2f1a0b9c804'],
  },
  $unset: { email: '' },
});
// await db.collection('students').updateOne({ externalId }, update);

// The same meaning without MongoDB (JSON Merge Patch, RFC 7396), and applying it twice is harmless:
const stored = {
  name: 'Ana',
  surname: 'Pérez',
  email: 'ana@colegio.edu.ec',
  parents: [],
  metadata: { role: 'student', school: '65f0c2a1b4d3e2f1a0b9c800', user: '65f0c2a1b4d3e2f1a0b9c802' },
};
const once = applyMergePatch(stored, body);
assert.deepEqual(once, {
  name: 'Ana',
  surname: 'Pérez',
  parents: ['65f0c2a1b4d3e2f1a0b9c804'],
  metadata: { role: 'student', school: '65f0c2a1b4d3e2f1a0b9c8ff', user: '65f0c2a1b4d3e2f1a0b9c802' },
  second_name: 'María',
});
assert.deepEqual(applyMergePatch(once, body), once);

// If you keep the payload under a sub-document of your record:
assert.deepEqual(toMongoUpdate({ email: null }, { prefix: 'school_sync' }), {
  $unset: { 'school_sync.email': '' },
});
