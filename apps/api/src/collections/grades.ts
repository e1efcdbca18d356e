import { TEXT_LIMITS } from '../config/limits.js';
import { hostCollection, ref } from './define.js';
import { personHidden } from './person.js';

export const grades = hostCollection({
  name: 'grades',
  synced: true,
  description: 'Grades (courses of students, e.g. 8vo) and their section. Synced to the external system.',
  properties: {
    name: { type: 'string', minLength: 1, maxLength: TEXT_LIMITS.name },
    code: { type: 'string', maxLength: TEXT_LIMITS.code },
    section: ref('sections'),
  },
  required: ['name'],
  hiddenProperties: { _sync: personHidden._sync },
  defaultPopulate: { section: 'name' },
});
