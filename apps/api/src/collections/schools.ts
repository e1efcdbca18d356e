import { hostCollection } from './define.js';

export const schools = hostCollection({
  name: 'schools',
  description: 'Schools. Tokens limited to some schools see only those.',
  scoped: false,
  properties: {
    name: { type: 'string', minLength: 1, maxLength: 200 },
    code: { type: 'string', maxLength: 50 },
    country: { type: 'string', minLength: 2, maxLength: 2, description: 'ISO 3166-1 alpha-2 country code.' },
  },
  required: ['name'],
});
