import { TEXT_LIMITS } from '../config/limits.js';
import { hostCollection } from './define.js';

export const coursesSpec = {
  name: 'courses',
  description: 'Courses (subjects) and the level they belong to.',
  properties: {
    name: { type: 'string', minLength: 1, maxLength: TEXT_LIMITS.title },
    reference_name: {
      type: 'string',
      maxLength: TEXT_LIMITS.title,
      description: 'The level the course belongs to.',
    },
    code: { type: 'string', maxLength: TEXT_LIMITS.code },
    weight_in_subject: { type: 'number' },
  },
  required: ['name'],
} as const;

export const courses = hostCollection(coursesSpec);
