import { ITEM_LIMITS, TEXT_LIMITS } from '../config/limits.js';
import { hostCollection, objectId, ref, relatedList } from './define.js';
import { personSpec, user } from './person.js';

export const studentsSpec = {
  name: 'students',
  description:
    'Students, their parents, enrolments per year, addresses and emergency contacts. Synced to the external system.',
  ...personSpec,
  properties: {
    user,
    parents: relatedList(ref('parents')),
    years: {
      type: 'array',
      maxItems: ITEM_LIMITS.enrolments,
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
    addresses: relatedList({
      type: 'object',
      properties: {
        name: { type: 'string', maxLength: TEXT_LIMITS.title },
        city: { type: 'string', maxLength: TEXT_LIMITS.name },
        city_zone: objectId,
      },
    }),
    citizenship: { type: 'string', maxLength: TEXT_LIMITS.name },
    emergency: {
      type: 'object',
      properties: {
        contacts: relatedList({
          type: 'object',
          properties: {
            name: { type: 'string', maxLength: TEXT_LIMITS.title },
            phones: {
              type: 'object',
              properties: { mobile: { type: 'string', maxLength: TEXT_LIMITS.identifier } },
            },
          },
        }),
      },
    },
  },
  defaultPopulate: { school: 'name', 'years.year': 'name', 'years.group': 'name' },
} as const;

export const students = hostCollection(studentsSpec);
