import { TEXT_LIMITS } from '../config/limits.js';
import { hostCollection } from './define.js';
import { personHidden, personSearch, relationalData, uniqueIdCard, user } from './person.js';

export const staff = hostCollection({
  name: 'staff',
  description: 'Teachers and other staff.',
  person: true,
  properties: { user, role: { type: 'string', maxLength: TEXT_LIMITS.name } },
  required: ['user'],
  readOnlyProperties: { relational_data: relationalData },
  hiddenProperties: { _search: personHidden._search },
  search: personSearch,
  defaultPopulate: { school: 'name' },
  unique: uniqueIdCard,
});
