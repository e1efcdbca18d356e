import { TEXT_LIMITS } from '../config/limits.js';
import { hostCollection } from './define.js';

export const sections = hostCollection({
  name: 'sections',
  description: 'Sections (parallels) such as A or B.',
  properties: {
    name: { type: 'string', minLength: 1, maxLength: TEXT_LIMITS.name },
    code: { type: 'string', maxLength: TEXT_LIMITS.code },
  },
  required: ['name'],
});
