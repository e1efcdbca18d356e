/**
 * The part of JSON Schema (draft 2020-12 / draft-07) that collection definitions use, plus the
 * library's annotations: `x-ref` (the collection an identifier points to) and `x-hidden` (never
 * returned, never filterable). `format: "objectid"` marks a 24-hex identifier stored as an ObjectId;
 * `format: "date-time"` / `"date"` a date stored as a BSON Date.
 */
export interface JsonSchema {
  type?: JsonSchemaType | readonly JsonSchemaType[];
  properties?: Readonly<Record<string, JsonSchema>>;
  required?: readonly string[];
  items?: JsonSchema;
  additionalProperties?: boolean | JsonSchema;
  format?: string;
  enum?: readonly unknown[];
  anyOf?: readonly JsonSchema[];
  oneOf?: readonly JsonSchema[];
  description?: string;
  default?: unknown;
  readOnly?: boolean;
  'x-ref'?: string;
  'x-hidden'?: boolean;
  [keyword: string]: unknown;
}

export type JsonSchemaType = 'string' | 'number' | 'integer' | 'boolean' | 'object' | 'array' | 'null';
