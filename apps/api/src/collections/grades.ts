import { hostCollection, ref, shortNameAndCode } from './define.js';

export const grades = hostCollection({
  name: 'grades',
  description: 'Grades (courses of students, e.g. 8vo) and their section. Synced to the external system.',
  properties: {
    ...shortNameAndCode,
    section: ref('sections'),
  },
  required: ['name'],
  defaultPopulate: { section: 'name' },
});
