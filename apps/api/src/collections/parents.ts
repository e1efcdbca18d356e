import { hostCollection } from './define.js';
import { personHidden, personSearch, relationalData, uniqueIdCard, user } from './person.js';

export const parents = hostCollection({
  name: 'parents',
  description: 'Parents and guardians. Synced to the external system.',
  person: true,
  properties: { user },
  required: ['user'],
  readOnlyProperties: { relational_data: relationalData },
  hiddenProperties: personHidden,
  search: personSearch,
  defaultPopulate: { school: 'name' },
  unique: uniqueIdCard,
});
