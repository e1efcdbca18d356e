import { TEXT_LIMITS } from '../config/limits.js';
import { hostCollection } from './define.js';
import { personSpec, user } from './person.js';

export const staffSpec = {
  name: 'staff',
  description: 'Teachers and other staff.',
  ...personSpec,
  properties: { user, role: { type: 'string', maxLength: TEXT_LIMITS.name } },
  defaultPopulate: { school: 'name' },
} as const;

export const staff = hostCollection(staffSpec);
