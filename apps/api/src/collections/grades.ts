import { TEXT_LIMITS } from '../config/limits.js';
import { hostCollection, ref } from './define.js';

export const grades = hostCollection({
  name: 'grades',
  description: 'Grades (courses of students, e.g. 8vo) and their section. Synced to the external system.',
  properties: {
    name: { type: 'string', minLength: 1, maxLength: TEXT_LIMITS.name },
    code: { type: 'string', maxLength: TEXT_LIMITS.code },
    section: ref('sections'),
  },
  required: ['name'],
  defaultPopulate: { section: 'name' },
});
