import { TEXT_LIMITS } from '../config/limits.js';
import { countryCode, hostCollection } from './define.js';

export const schoolsSpec = {
  name: 'schools',
  description: 'Schools. Tokens limited to some schools see only those.',
  scoped: false,
  properties: {
    name: { type: 'string', minLength: 1, maxLength: TEXT_LIMITS.title },
    code: { type: 'string', maxLength: TEXT_LIMITS.code },
    country: countryCode,
  },
  required: ['name'],
} as const;

export const schools = hostCollection(schoolsSpec);
