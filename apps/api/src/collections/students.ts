import { hostCollection, objectId, ref } from './define.js';
import { personHidden, personSearch, relationalData, uniqueIdCard, user } from './person.js';

export const students = hostCollection({
  name: 'students',
  synced: true,
  description:
    'Students, their parents, enrolments per year, addresses and emergency contacts. Synced to the external system.',
  person: true,
  properties: {
    user,
    parents: { type: 'array', maxItems: 20, items: ref('parents') },
    years: {
      type: 'array',
      maxItems: 50,
      items: {
        type: 'object',
        required: ['year'],
        properties: {
          year: ref('years'),
          enrolled: { type: 'boolean' },
          registered: { type: 'boolean' },
          group: ref('grades'),
        },
      },
    },
    addresses: {
      type: 'array',
      maxItems: 20,
      items: {
        type: 'object',
        properties: {
          name: { type: 'string', maxLength: 200 },
          city: { type: 'string', maxLength: 100 },
          city_zone: objectId,
        },
      },
    },
    citizenship: { type: 'string', maxLength: 100 },
    emergency: {
      type: 'object',
      properties: {
        contacts: {
          type: 'array',
          maxItems: 20,
          items: {
            type: 'object',
            properties: {
              name: { type: 'string', maxLength: 200 },
              phones: { type: 'object', properties: { mobile: { type: 'string', maxLength: 32 } } },
            },
          },
        },
      },
    },
  },
  required: ['user'],
  readOnlyProperties: { relational_data: relationalData },
  hiddenProperties: personHidden,
  search: personSearch,
  defaultPopulate: { school: 'name', 'years.year': 'name', 'years.group': 'name' },
  unique: uniqueIdCard,
});
