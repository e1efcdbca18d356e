import { hostCollection, shortNameAndCode } from './define.js';

export const sections = hostCollection({
  name: 'sections',
  description: 'Sections (parallels) such as A or B.',
  properties: { ...shortNameAndCode },
  required: ['name'],
});
