import { ObjectId } from 'bson';
import { describe, expect, it } from 'vitest';
import { findFilterFor, mongoFor } from '../support/helpers.js';

const SCHOOL = ObjectId.createFromHexString('aaaaaaaaaaaaaaaaaaaaaaaa');

describe('an empty base filter', () => {
  it('adds no $and around what the user asks', () => {
    expect(findFilterFor(`school=${SCHOOL.toHexString()}`, 'students', { baseFilter: {} })).toEqual({
      school: SCHOOL,
    });
  });

  it('leaves an empty filter when the user filters nothing', () => {
    expect(findFilterFor('', 'students', { baseFilter: {} })).toEqual({});
  });

  it('is the same as no base filter', () => {
    const query = 'user.name=Ana&__sort[created_at]=desc';
    expect(mongoFor(query, 'students', { baseFilter: {} })).toEqual(mongoFor(query, 'students'));
  });
});
