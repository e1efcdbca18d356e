import { hexIdSchema } from './ids.js';

/**
 * A payload's JSON Schema (draft-07) document, as `payloadSchemas` and `patchSchemas` hold it. Named
 * apart from `@school/query-dsl`'s `JsonSchema` (a collection schema, with its own vocabulary).
 */
export type PayloadSchema = { readonly [keyword: string]: unknown };

const text = { type: 'string', minLength: 1 } as const;

const personProperties = {
  name: text,
  second_name: text,
  surname: text,
  second_surname: text,
  email: text,
} as const;

/** A person's `metadata`: its role, and the ids of its school and of its `user`. */
const personMetadata = <const R extends string>(role: R) =>
  ({
    type: 'object',
    additionalProperties: false,
    required: ['role', 'school', 'user'],
    properties: { role: { type: 'string', const: role }, school: hexIdSchema, user: hexIdSchema },
  }) as const;

const studentPayloadSchema = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  title: 'Student payload',
  description: 'Body of POST /api/integration/students. Optional name fields are absent when empty.',
  type: 'object',
  additionalProperties: false,
  required: ['name', 'surname', 'parents', 'metadata'],
  properties: {
    ...personProperties,
    parents: {
      description: "The parents' user._id values (each parent's metadata.user), sorted, no repeats.",
      type: 'array',
      items: hexIdSchema,
      uniqueItems: true,
    },
    metadata: personMetadata('student'),
  },
} as const;

const parentPayloadSchema = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  title: 'Parent payload',
  description: 'Body of POST /api/integration/parents. Optional name fields are absent when empty.',
  type: 'object',
  additionalProperties: false,
  required: ['name', 'surname', 'metadata'],
  properties: {
    ...personProperties,
    metadata: personMetadata('parent'),
  },
} as const;

const gradePayloadSchema = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  title: 'Grade payload',
  description: 'Body of POST /api/integration/grades. code and section are absent when the grade has none.',
  type: 'object',
  additionalProperties: false,
  required: ['name', 'metadata'],
  properties: {
    code: text,
    name: text,
    section: hexIdSchema,
    metadata: {
      type: 'object',
      additionalProperties: false,
      required: ['school', 'grade'],
      properties: { school: hexIdSchema, grade: hexIdSchema },
    },
  },
} as const;

/** JSON Schemas (draft-07) of the create bodies, by collection. */
export const payloadSchemas = {
  students: studentPayloadSchema,
  parents: parentPayloadSchema,
  grades: gradePayloadSchema,
} as const;
