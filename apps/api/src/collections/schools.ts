import { TEXT_LIMITS } from '../config/limits.js';
import { hostCollection } from './define.js';

export const schoolsSpec = {
  name: 'schools',
  description: 'Schools. Tokens limited to some schools see only those.',
  scoped: false,
  properties: {
    name: { type: 'string', minLength: 1, maxLength: TEXT_LIMITS.title },
    code: { type: 'string', maxLength: TEXT_LIMITS.code },
    country: {
      type: 'string',
      minLength: TEXT_LIMITS.country,
      maxLength: TEXT_LIMITS.country,
      description: 'ISO 3166-1 alpha-2 country code.',
    },
  },
  required: ['name'],
} as const;

export const schools = hostCollection(schoolsSpec);
