import type { Simplify, StoredRecordFromSchema } from '../schema/from-schema.js';
import type { JsonSchema, StrictSchema } from '../schema/json-schema.js';
import type { SearchOptions } from './define-collection.js';

/** Never set: the key that makes a `SchemaTypeError` a type no schema is assignable to. */
declare const schemaTypeError: unique symbol;

/**
 * A compile error that says what to do: the type `defineCollection` asks for in place of a
 * schema it cannot read a record type from. The editor shows the message with the error.
 */
export interface SchemaTypeError<Message extends string> {
  readonly [schemaTypeError]: Message;
}

/** The message for a schema whose strings were widened to `string`. */
type WidenedSchemaMessage =
  "defineCollection: pass the schema with 'as const' (or write it inline): held in a variable without it, its `type: 'object'` is widened to `string`, and no record type can be read from it.";

/** The message for a schema typed only as `JsonSchema`. */
type UntypedSchemaMessage =
  "defineCollection: this schema is typed `JsonSchema`, so every field of its records would be `unknown`. Write it with 'as const' (or 'as const satisfies JsonSchema'); for a schema built at run time, pass `untyped: true`.";

/** Whether a schema's `type` was widened from its literal to `string` (no `as const`). */
type IsWidened<S> = S extends { readonly type: infer T }
  ? string extends T
    ? true
    : T extends readonly (infer U)[]
      ? string extends U
        ? true
        : false
      : false
  : false;

/**
 * What the `schema` option must be besides the schema itself: its keys checked (`StrictSchema`),
 * or a `SchemaTypeError` when no record type can be read from it. `any` (a schema from
 * `JSON.parse`) is the caller's own choice and is let through. `U` is the `untyped` option.
 */
export type SchemaArgument<S, U> = 0 extends 1 & S
  ? unknown
  : IsWidened<S> extends true
    ? SchemaTypeError<WidenedSchemaMessage>
    : S extends JsonSchema
      ? JsonSchema extends S
        ? true extends U
          ? unknown
          : SchemaTypeError<UntypedSchemaMessage>
        : StrictSchema<S>
      : JsonSchema;

/** The search tokens field a collection's `search` option stores (`_search` unless it names another). */
type SearchTokensOf<Q> = Q extends { readonly tokensField: infer T extends string }
  ? { [K in T]?: string[] }
  : Q extends SearchOptions
    ? { _search?: string[] }
    : unknown;

/** The stored record of a schema and a `search` option: hidden fields and search tokens included. */
export type StoredRecord<S, Q> =
  StoredRecordFromSchema<S> extends infer R ? Simplify<R & Omit<SearchTokensOf<Q>, keyof R>> : never;
