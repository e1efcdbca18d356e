import { Ajv } from 'ajv';
import { ObjectId } from 'bson';
import fc from 'fast-check';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { diffPayload } from '../../src/diff/diff-payload.js';
import { patchSchemas } from '../../src/diff/patch-schemas.js';
import { validatePatch } from '../../src/diff/validate-patch.js';
import { InvalidRecordError } from '../../src/errors/errors.js';
import { buildGradePayload } from '../../src/payloads/grade.js';
import { buildParentPayload } from '../../src/payloads/parent.js';
import { payloadSchemas } from '../../src/payloads/schemas.js';
import { buildStudentPayload } from '../../src/payloads/student.js';
import type { GradePayload, GradeRecord, ParentRecord } from '../../src/payloads/types.js';
import { isPayload, validatePayload } from '../../src/payloads/validate.js';

const ajv = new Ajv({ allErrors: true, strict: true, allowUnionTypes: true });
const schemaOf = {
  students: ajv.compile(payloadSchemas.students),
  parents: ajv.compile(payloadSchemas.parents),
  grades: ajv.compile(payloadSchemas.grades),
};
const patchSchemaOf = {
  students: ajv.compile(patchSchemas.students),
  parents: ajv.compile(patchSchemas.parents),
  grades: ajv.compile(patchSchemas.grades),
};

const ids = {
  student: new ObjectId('65f0c2a1b4d3e2f1a0b9c801'),
  school: new ObjectId('65f0c2a1b4d3e2f1a0b9c802'),
  user: new ObjectId('65f0c2a1b4d3e2f1a0b9c803'),
  parentUserA: new ObjectId('65f0c2a1b4d3e2f1a0b9c8a1'),
  parentUserB: new ObjectId('65f0c2a1b4d3e2f1a0b9c8b2'),
  grade: new ObjectId('65f0c2a1b4d3e2f1a0b9c804'),
  section: new ObjectId('65f0c2a1b4d3e2f1a0b9c805'),
};

const student = {
  _id: ids.student,
  school: ids.school,
  user: {
    _id: ids.user,
    id_card: '0912345678',
    name: 'Ana',
    second_name: 'María',
    surname: 'Pérez',
    second_surname: 'Loor',
    email: 'ana@colegio.edu.ec',
  },
  parents: [new ObjectId(), new ObjectId()],
  years: [{ year: new ObjectId(), enrolled: true }],
  relational_data: { all: 'ana maría pérez loor' },
};

describe('buildStudentPayload', () => {
  it('builds the student payload with 24-hex identifiers', () => {
    const payload = buildStudentPayload(student, { parentUserIds: [ids.parentUserB, ids.parentUserA] });
    expect(payload).toEqual({
      name: 'Ana',
      second_name: 'María',
      surname: 'Pérez',
      second_surname: 'Loor',
      email: 'ana@colegio.edu.ec',
      parents: ['65f0c2a1b4d3e2f1a0b9c8a1', '65f0c2a1b4d3e2f1a0b9c8b2'],
      metadata: { role: 'student', school: '65f0c2a1b4d3e2f1a0b9c802', user: '65f0c2a1b4d3e2f1a0b9c803' },
    });
    expect(Object.keys(payload)).toEqual([
      'name',
      'second_name',
      'surname',
      'second_surname',
      'email',
      'parents',
      'metadata',
    ]);
    expect(schemaOf.students(payload)).toBe(true);
  });

  it('accepts 24-hex strings (any case) as well as ObjectIds', () => {
    const payload = buildStudentPayload(
      {
        _id: ids.student.toHexString(),
        school: ids.school.toHexString().toUpperCase(),
        user: { _id: ids.user.toHexString(), name: 'Ana', surname: 'Pérez' },
      },
      { parentUserIds: ['65F0C2A1B4D3E2F1A0B9C8A1'] },
    );
    expect(payload.metadata.school).toBe('65f0c2a1b4d3e2f1a0b9c802');
    expect(payload.parents).toEqual(['65f0c2a1b4d3e2f1a0b9c8a1']);
  });

  it('sorts the parents and drops repeats, so the lookup order never shows as a change', () => {
    const a = buildStudentPayload(student, { parentUserIds: [ids.parentUserA, ids.parentUserB] });
    const b = buildStudentPayload(student, {
      parentUserIds: [ids.parentUserB, ids.parentUserA.toHexString(), ids.parentUserA],
    });
    expect(b).toEqual(a);
    expect(diffPayload(a, b)).toBeUndefined();
  });

  it('leaves out optional name fields that are missing, null or empty', () => {
    const payload = buildStudentPayload(
      {
        _id: ids.student,
        school: ids.school,
        user: {
          _id: ids.user,
          name: 'Ana',
          second_name: null,
          surname: 'Pérez',
          second_surname: '',
          email: undefined,
        },
      },
      { parentUserIds: [] },
    );
    expect(payload).toEqual({
      name: 'Ana',
      surname: 'Pérez',
      parents: [],
      metadata: { role: 'student', school: ids.school.toHexString(), user: ids.user.toHexString() },
    });
    expect(schemaOf.students(payload)).toBe(true);
  });

  it('diffs to null when an optional field is cleared', () => {
    const before = buildStudentPayload(student, { parentUserIds: [] });
    const after = buildStudentPayload(
      { ...student, user: { ...student.user, email: null } },
      { parentUserIds: [] },
    );
    expect(diffPayload(before, after)).toEqual({ email: null });
  });

  it('lists every problem of a broken record, naming fields and never their values', () => {
    const broken = {
      _id: ids.student,
      school: 'not-an-id',
      user: { _id: ids.user, name: '', surname: 42, email: ['ana@colegio.edu.ec'] },
    };
    let error: unknown;
    try {
      buildStudentPayload(broken, { parentUserIds: ['nope'] });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(InvalidRecordError);
    const { issues, message, recordId, retryable } = error as InvalidRecordError;
    expect(recordId).toBe('65f0c2a1b4d3e2f1a0b9c801');
    expect(retryable).toBe(false);
    expect(issues.map((i) => i.param)).toEqual([
      'school',
      'user.name',
      'user.surname',
      'user.email',
      'options.parentUserIds[0]',
    ]);
    expect(message).toContain('Cannot build the students payload of record 65f0c2a1b4d3e2f1a0b9c801');
    expect(message).not.toContain('ana@colegio.edu.ec');
    expect(message).not.toContain('not-an-id');
  });

  it('requires parentUserIds', () => {
    // @ts-expect-error a JavaScript caller can leave the options out
    expect(() => buildStudentPayload(student, {})).toThrow(/options\.parentUserIds: is required/);
  });

  it('rejects a record that is not an object', () => {
    // @ts-expect-error a JavaScript caller can pass anything
    expect(() => buildStudentPayload(null, { parentUserIds: [] })).toThrow(InvalidRecordError);
  });
});

describe('buildParentPayload', () => {
  it('builds the parent payload (no parents field, role parent)', () => {
    const parent: ParentRecord = {
      _id: new ObjectId(),
      school: ids.school,
      user: { _id: ids.parentUserA, name: 'Luis', surname: 'Pérez', email: 'luis@example.com' },
    };
    const payload = buildParentPayload(parent);
    expect(payload).toEqual({
      name: 'Luis',
      surname: 'Pérez',
      email: 'luis@example.com',
      metadata: { role: 'parent', school: ids.school.toHexString(), user: ids.parentUserA.toHexString() },
    });
    expect(schemaOf.parents(payload)).toBe(true);
    expect(schemaOf.students(payload)).toBe(false);
  });

  it('needs user._id', () => {
    expect(() =>
      buildParentPayload({
        _id: new ObjectId(),
        school: ids.school,
        user: { name: 'Luis', surname: 'P' },
      }),
    ).toThrow(/user\._id: is required \(an ObjectId\)/);
  });
});

describe('buildGradePayload', () => {
  it('builds the grade payload', () => {
    const grade: GradeRecord = {
      _id: ids.grade,
      school: ids.school,
      name: '8vo A',
      code: '8A',
      section: ids.section,
    };
    const payload = buildGradePayload(grade);
    expect(payload).toEqual({
      code: '8A',
      name: '8vo A',
      section: ids.section.toHexString(),
      metadata: { school: ids.school.toHexString(), grade: ids.grade.toHexString() },
    });
    expect(schemaOf.grades(payload)).toBe(true);
  });

  it('leaves out code and section when the grade has none', () => {
    const payload = buildGradePayload({ _id: ids.grade, school: ids.school, name: '8vo A', code: null });
    expect(payload).toEqual({
      name: '8vo A',
      metadata: { school: ids.school.toHexString(), grade: ids.grade.toHexString() },
    });
    expect(schemaOf.grades(payload)).toBe(true);
  });

  it('rejects a section that is not an identifier', () => {
    expect(() =>
      buildGradePayload({
        _id: ids.grade,
        school: ids.school,
        name: 'x',
        section: { toHexString: () => 'zz' },
      }),
    ).toThrow(/section: must be an ObjectId or a 24-hex string/);
  });
});

const objectId = fc.uint8Array({ minLength: 12, maxLength: 12 }).map((bytes) => new ObjectId(bytes));
const optionalText = fc.option(fc.string({ maxLength: 8 }), { nil: undefined });
const user = fc.record({
  _id: objectId,
  name: fc.string({ minLength: 1, maxLength: 8 }),
  second_name: fc.oneof(optionalText, fc.constant(null)),
  surname: fc.string({ minLength: 1, maxLength: 8 }),
  second_surname: optionalText,
  email: optionalText,
});
const studentArb = fc.record({ _id: objectId, school: objectId, user });
const parentUserIds = fc.array(
  fc.oneof(
    objectId,
    objectId.map((id) => id.toHexString()),
  ),
  { maxLength: 4 },
);
const gradeArb = fc.record({
  _id: objectId,
  school: objectId,
  name: fc.string({ minLength: 1, maxLength: 8 }),
  code: fc.oneof(optionalText, fc.constant(null)),
  section: fc.option(objectId, { nil: undefined }),
});

describe('payloads and patches against their JSON Schemas (properties)', () => {
  it('every student payload and every student update is valid', () => {
    fc.assert(
      fc.property(studentArb, parentUserIds, studentArb, parentUserIds, (s1, p1, s2, p2) => {
        const before = buildStudentPayload(s1, { parentUserIds: p1 });
        const after = buildStudentPayload(s2, { parentUserIds: p2 });
        expect(validatePayload('students', before)).toEqual([]);
        expect(schemaOf.students(after)).toBe(true);
        const patch = diffPayload(before, after);
        if (patch !== undefined) {
          expect(validatePatch('students', patch)).toEqual([]);
          expect(patchSchemaOf.students(patch)).toBe(true);
        }
      }),
    );
  });

  it('every parent payload and every parent update is valid', () => {
    fc.assert(
      fc.property(studentArb, studentArb, (r1, r2) => {
        const before = buildParentPayload(r1);
        const after = buildParentPayload(r2);
        expect(schemaOf.parents(before)).toBe(true);
        const patch = diffPayload(before, after);
        if (patch !== undefined) expect(patchSchemaOf.parents(patch)).toBe(true);
      }),
    );
  });

  it('every grade payload and every grade update is valid', () => {
    fc.assert(
      fc.property(gradeArb, gradeArb, (g1, g2) => {
        const before = buildGradePayload(g1);
        const after = buildGradePayload(g2);
        expect(schemaOf.grades(before)).toBe(true);
        const patch = diffPayload(before, after);
        if (patch !== undefined) expect(patchSchemaOf.grades(patch)).toBe(true);
      }),
    );
  });

  it('the update schemas refuse what an update must not carry', () => {
    expect(patchSchemaOf.students({})).toBe(false);
    expect(patchSchemaOf.students({ name: null })).toBe(false);
    expect(patchSchemaOf.students({ parents: null })).toBe(false);
    expect(patchSchemaOf.students({ metadata: {} })).toBe(false);
    expect(patchSchemaOf.students({ metadata: { role: 'parent' } })).toBe(false);
    expect(patchSchemaOf.students({ nickname: 'x' })).toBe(false);
    expect(patchSchemaOf.students({ email: null, metadata: { school: '65f0c2a1b4d3e2f1a0b9c802' } })).toBe(
      true,
    );
    expect(patchSchemaOf.grades({ section: null, code: null })).toBe(true);
  });

  it('isPayload takes a stored value as a payload only when the schema of its collection accepts it', () => {
    const built = buildGradePayload({ _id: ids.grade, school: ids.school, name: '8vo A' });
    const stored: unknown = JSON.parse(JSON.stringify(built));
    expect(isPayload('grades', stored)).toBe(true);
    if (isPayload('grades', stored)) expectTypeOf(stored).toEqualTypeOf<GradePayload>();
    expect(isPayload('students', stored)).toBe(false);
    const { metadata: _, ...withoutMetadata } = built;
    expect(isPayload('grades', withoutMetadata)).toBe(false);
    expect(isPayload('grades', null)).toBe(false);
  });

  it('reports schema problems with paths', () => {
    expect(validatePayload('grades', { name: 'x', metadata: { school: 'bad' }, extra: 1 })).toEqual([
      { code: 'UNKNOWN_FIELD', param: 'extra', message: 'is not a field of this payload' },
      { code: 'MISSING_FIELD', param: 'metadata.grade', message: 'is required' },
      { code: 'INVALID_VALUE', param: 'metadata.school', message: 'must match pattern "^[0-9a-f]{24}$"' },
    ]);
  });
});
