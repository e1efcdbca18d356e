import { hostCollection, shortNameAndCode } from './define.js';

export const sectionsSpec = {
  name: 'sections',
  description: 'Sections (parallels) such as A or B.',
  properties: { ...shortNameAndCode },
  required: ['name'],
  // A rename's students still to be refreshed (storage/refresh-jobs.ts): never shown nor queried.
  hiddenProperties: { _refresh: { type: 'object', properties: {} } },
} as const;

export const sections = hostCollection(sectionsSpec);
