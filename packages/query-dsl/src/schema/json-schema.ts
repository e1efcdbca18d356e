/**
 * The string formats a collection schema may name. `objectid` (24 hex characters, stored as an
 * ObjectId) is the library's own; `date-time` and `date` are stored as BSON Dates; the others are
 * JSON Schema's and are stored as text.
 */
export const SCHEMA_FORMATS = [
  'objectid',
  'date-time',
  'date',
  'time',
  'duration',
  'email',
  'hostname',
  'ipv4',
  'ipv6',
  'uri',
  'uri-reference',
  'uuid',
  'regex',
] as const;

export type JsonSchemaFormat = (typeof SCHEMA_FORMATS)[number];

/**
 * What an `objectid` is as text: 24 hexadecimal characters, either case (an ObjectId's
 * `toHexString()` writes lower case; `createFromHexString` reads both). The one spelling of the
 * fact: the query reader coerces by it, and a host states it as the `pattern` of its schemas.
 */
export const OBJECT_ID_PATTERN = '^[0-9a-fA-F]{24}$';

export type JsonSchemaType = 'string' | 'number' | 'integer' | 'boolean' | 'object' | 'array' | 'null';

/**
 * A JSON Schema (draft-07 validation and annotation keywords) with the library's vocabulary:
 * `x-ref` (the collection an identifier points to), `x-hidden` (never returned, never filterable)
 * and `format: 'objectid'`. Any other key is a compile error, and `defineCollection` checks the
 * same at run time, so a misspelled keyword (`fromat`) never silently changes what a query means.
 * `$ref` is not supported: a collection schema is written out in full.
 */
export interface JsonSchema {
  $schema?: string;
  $id?: string;
  $comment?: string;
  title?: string;
  description?: string;
  default?: unknown;
  examples?: readonly unknown[];
  readOnly?: boolean;
  writeOnly?: boolean;

  type?: JsonSchemaType | readonly JsonSchemaType[];
  enum?: readonly unknown[];
  const?: unknown;

  multipleOf?: number;
  maximum?: number;
  exclusiveMaximum?: number;
  minimum?: number;
  exclusiveMinimum?: number;

  maxLength?: number;
  minLength?: number;
  pattern?: string;
  format?: JsonSchemaFormat;
  contentMediaType?: string;
  contentEncoding?: string;

  items?: JsonSchema;
  maxItems?: number;
  minItems?: number;
  uniqueItems?: boolean;
  contains?: JsonSchema;

  properties?: Readonly<Record<string, JsonSchema>>;
  patternProperties?: Readonly<Record<string, JsonSchema>>;
  additionalProperties?: boolean | JsonSchema;
  required?: readonly string[];
  maxProperties?: number;
  minProperties?: number;
  propertyNames?: JsonSchema;

  anyOf?: readonly JsonSchema[];
  oneOf?: readonly JsonSchema[];
  allOf?: readonly JsonSchema[];
  not?: JsonSchema;
  if?: JsonSchema;
  then?: JsonSchema;
  else?: JsonSchema;

  'x-ref'?: string;
  'x-hidden'?: boolean;
}

type SubschemaKey = 'items' | 'contains' | 'propertyNames' | 'not' | 'if' | 'then' | 'else';

/**
 * `S` with every key JSON Schema and the library don't know typed `never`, at any depth: a
 * schema literal passed to `defineCollection` is checked key by key although its type is inferred
 * (an inferred type parameter gets no excess-property check of its own).
 */
export type StrictSchema<S> = {
  [K in keyof S]: K extends keyof JsonSchema
    ? K extends 'properties' | 'patternProperties'
      ? { [P in keyof S[K]]: StrictSchema<S[K][P]> }
      : K extends 'anyOf' | 'oneOf' | 'allOf'
        ? StrictList<S[K]>
        : K extends SubschemaKey
          ? StrictSchema<S[K]>
          : K extends 'additionalProperties'
            ? S[K] extends boolean
              ? S[K]
              : StrictSchema<S[K]>
            : S[K]
    : never;
};

/** A homomorphic map over a tuple keeps it a tuple only when the tuple is a type parameter. */
type StrictList<L> = { [I in keyof L]: StrictSchema<L[I]> };
