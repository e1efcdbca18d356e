import { hostCollection } from './define.js';
import { personSpec, user } from './person.js';

export const parentsSpec = {
  name: 'parents',
  description: 'Parents and guardians. Synced to the external system.',
  ...personSpec,
  properties: { user },
  defaultPopulate: { school: 'name' },
} as const;

export const parents = hostCollection(parentsSpec);
