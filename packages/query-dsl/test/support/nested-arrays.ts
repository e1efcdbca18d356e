import { createQueryDsl, defineCollection } from '@school/query-dsl';

const people = defineCollection('people', {
  schema: { type: 'object', properties: { name: { type: 'string' } } },
});

/**
 * Classes with an array nested in an array: `terms` holds subdocuments whose `seats` is an array of
 * subdocuments, each with a name and a reference to `people`. The example schema has no such
 * nesting; the rules that depend on it (parallel arrays in `__sort`, references populate cannot
 * reach) are tested on this one.
 */
const classes = defineCollection('classes', {
  schema: {
    type: 'object',
    properties: {
      terms: {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            week: { type: 'integer' },
            seats: {
              type: 'array',
              items: {
                type: 'object',
                properties: {
                  name: { type: 'string' },
                  person: { type: 'string', format: 'objectid', 'x-ref': 'people' },
                },
              },
            },
          },
        },
      },
    },
  },
});

export const nestedArrays = createQueryDsl({ collections: [people, classes] });
