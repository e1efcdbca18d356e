import { hostCollection } from './define.js';

export const courses = hostCollection({
  name: 'courses',
  description: 'Courses (subjects) and the level they belong to.',
  properties: {
    name: { type: 'string', minLength: 1, maxLength: 200 },
    reference_name: { type: 'string', maxLength: 200, description: 'The level the course belongs to.' },
    code: { type: 'string', maxLength: 50 },
    weight_in_subject: { type: 'number' },
  },
  required: ['name'],
});
