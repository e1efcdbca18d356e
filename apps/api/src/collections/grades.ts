import { hostCollection, ref, shortNameAndCode } from './define.js';

export const gradesSpec = {
  name: 'grades',
  description: 'Grades (courses of students, e.g. 8vo) and their section. Synced to the external system.',
  properties: {
    ...shortNameAndCode,
    section: ref('sections'),
  },
  required: ['name'],
  // A rename's students still to be refreshed (storage/refresh-jobs.ts): never shown nor queried.
  hiddenProperties: { _refresh: { type: 'object', properties: {} } },
  defaultPopulate: { section: 'name' },
} as const;

export const grades = hostCollection(gradesSpec);
