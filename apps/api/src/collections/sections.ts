import { hostCollection } from './define.js';

export const sections = hostCollection({
  name: 'sections',
  description: 'Sections (parallels) such as A or B.',
  properties: {
    name: { type: 'string', minLength: 1, maxLength: 100 },
    code: { type: 'string', maxLength: 50 },
  },
  required: ['name'],
});
