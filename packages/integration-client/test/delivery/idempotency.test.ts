import { ObjectId } from 'bson';
import { describe, expect, it } from 'vitest';
import { idempotencyKeyFor, isValidMessageKey } from '../../src/delivery/idempotency.js';
import { InvalidOptionsError } from '../../src/errors/errors.js';

describe('idempotencyKeyFor', () => {
  it('derives the same key from the record every time', () => {
    const id = new ObjectId('65f0c2a1b4d3e2f1a0b9c8d7');
    expect(idempotencyKeyFor('students', id)).toBe('create-students-65f0c2a1b4d3e2f1a0b9c8d7');
    expect(idempotencyKeyFor('students', '65F0C2A1B4D3E2F1A0B9C8D7')).toBe(idempotencyKeyFor('students', id));
    expect(idempotencyKeyFor('grades', id)).not.toBe(idempotencyKeyFor('parents', id));
    expect(isValidMessageKey(idempotencyKeyFor('grades', id))).toBe(true);
  });

  it('refuses what is not a collection or a record id', () => {
    // @ts-expect-error a JavaScript caller can pass any collection name
    expect(() => idempotencyKeyFor('staff', 'nope')).toThrow(InvalidOptionsError);
  });

  it('refuses a missing record id with InvalidOptionsError, not a TypeError', () => {
    // @ts-expect-error a JavaScript caller can pass a record without its _id
    expect(() => idempotencyKeyFor('students', null)).toThrow(
      'recordId: must be an ObjectId or a 24-hex string',
    );
    // @ts-expect-error as above
    expect(() => idempotencyKeyFor('students', null)).toThrow(InvalidOptionsError);
  });

  it.each([
    ['abc', true],
    ['x'.repeat(255), true],
    ['', false],
    ['x'.repeat(256), false],
    ['has space', false],
    ['ñ', false],
  ])('%j is a valid key: %s', (key, valid) => {
    expect(isValidMessageKey(key)).toBe(valid);
  });
});
