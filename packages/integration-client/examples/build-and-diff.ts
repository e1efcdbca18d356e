import assert from 'node:assert/strict';
import { buildStudentPayload, diffPayload, toMongoUpdate } from '@school/integration-client';
import { ObjectId } from 'bson';

// A student as stored; fields the payload does not carry (id_card, years, ...) are ignored.
const student = {
  _id: new ObjectId('65f0c2a1b4d3e2f1a0b9c801'),
  school: new ObjectId('65f0c2a1b4d3e2f1a0b9c800'),
  user: {
    _id: new ObjectId('65f0c2a1b4d3e2f1a0b9c802'),
    id_card: '0912345678',
    name: 'Ana',
    surname: 'Pérez',
    second_surname: 'Loor',
    email: 'ana@colegio.edu.ec',
  },
  parents: [new ObjectId('65f0c2a1b4d3e2f1a0b9c803')],
};
// The builder does not read the database: give it the user._id of each parent record.
const parentUserIds = [new ObjectId('65f0c2a1b4d3e2f1a0b9c804')];

const acknowledged = buildStudentPayload(student, { parentUserIds });
assert.deepEqual(acknowledged, {
  name: 'Ana',
  surname: 'Pérez',
  second_surname: 'Loor',
  email: 'ana@colegio.edu.ec',
  parents: ['65f0c2a1b4d3e2f1a0b9c804'],
  metadata: { role: 'student', school: '65f0c2a1b4d3e2f1a0b9c800', user: '65f0c2a1b4d3e2f1a0b9c802' },
});

// Later the e-mail is cleared and a second name is added.
const changed = { ...student, user: { ...student.user, email: null, second_name: 'María' } };
const current = buildStudentPayload(changed, { parentUserIds });

const patch = diffPayload(acknowledged, current);
assert.deepEqual(patch, { second_name: 'María', email: null });

// What a receiver on MongoDB runs to apply it atomically:
assert.deepEqual(toMongoUpdate(patch ?? {}), { $set: { second_name: 'María' }, $unset: { email: '' } });

// Nothing changed: no patch, so no request.
assert.equal(diffPayload(current, buildStudentPayload(changed, { parentUserIds })), undefined);
