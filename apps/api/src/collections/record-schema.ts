/**
 * The record schema of a host collection, built from its spec. Its type is the type of what this
 * code builds (`HostRecordSchema`), so the record type the definition carries cannot drift from the
 * schema the service validates and queries with. TypeScript types a spread of generic values as an
 * intersection, not as the spread it is, so `spread` states the spread's type once, and each piece
 * that depends on a collection's spec is a small function whose declared type sits beside its code.
 */
import { type IntegrationCollection, isIntegrationCollection } from '@school/integration-client';
import type { JsonSchema } from '@school/query-dsl';
import { TEXT_LIMITS } from '../config/limits.js';
import { OBJECT_ID_PATTERN } from '../config/patterns.js';
import type { HostCollectionSpec } from './define.js';

// Literal types (`as const`), so that the record types are inferred from the schemas they build.
// `format: objectid` tells the query reader the field holds an identifier; `pattern` tells every
// other reader of the OpenAPI document (a standard validator ignores an unknown format).
export const objectId = {
  type: 'string',
  format: 'objectid',
  pattern: OBJECT_ID_PATTERN,
  maxLength: TEXT_LIMITS.objectId,
} as const satisfies JsonSchema;
export const ref = <const C extends string>(collection: C) =>
  ({ ...objectId, 'x-ref': collection }) as const satisfies JsonSchema;

/** `_id` and `user._id`, which the service generates. */
const readOnlyId = { ...objectId, readOnly: true } as const;

/**
 * The sync state (`_sync`, sync/sync-state.ts) of the records of a synced collection — one the
 * integration client has payloads for: stored on the record, never shown nor queried.
 */
const syncState = { type: 'object', properties: {} } as const satisfies JsonSchema;

const timestamps = {
  created_at: { type: 'string', format: 'date-time', readOnly: true },
  updated_at: { type: 'string', format: 'date-time', readOnly: true },
} as const satisfies Record<string, JsonSchema>;

/** `required` of the record schema: what every stored record has, whatever its collection. */
const ALWAYS_STORED = ['_id', 'active', 'created_at', 'updated_at'] as const;

/** The fields a body may write: the school (scoped collections), a collection's own, `active`. */
export function writableOf<const S extends HostCollectionSpec>(spec: S) {
  // Typed as this collection's own properties: `spec.properties` alone is typed by the constraint.
  const own: S['properties'] = spec.properties;
  return spread(scopeOf(spec), own, { active: { type: 'boolean', default: true } } as const);
}

/** The stored record's schema: the writable fields and those the service maintains or hides. */
export function recordSchemaOf<const S extends HostCollectionSpec>(spec: S) {
  return {
    type: 'object',
    properties: spread(
      { _id: readOnlyId },
      writableOf(spec),
      withReadOnlyUserId(spec),
      memberOf(spec, 'readOnlyProperties'),
      timestamps,
      hiddenOf(spec),
    ),
    // The service writes these on every create (the body's required fields, `_id`, `active` and
    // the timestamps), and an update can't clear them: a stored record always has them.
    required: requiredOf(spec),
  } as const;
}

/** The record schema `hostCollection` builds from a spec: the type of what `recordSchemaOf` returns. */
export type HostRecordSchema<S extends HostCollectionSpec> = ReturnType<typeof recordSchemaOf<S>>;

type Empty = Record<never, never>;

/** `{ ...A, ...B }`: the keys of `B` replace those of `A`. */
type Spread<A, B> = {
  readonly [K in keyof A | keyof B]: K extends keyof B ? B[K] : K extends keyof A ? A[K] : never;
};

/** `{ ...A, ...B, ...C }`. */
type SpreadAll<L extends readonly unknown[], Into = Empty> = L extends readonly [infer Head, ...infer Rest]
  ? SpreadAll<Rest, Spread<Into, Head>>
  : Into;

/** `{ ...a, ...b, ...c }`, typed as the spread it is. */
function spread<const L extends readonly object[]>(...parts: L): SpreadAll<L> {
  return Object.assign({}, ...parts);
}

type Scope<S> = S extends { readonly scoped: false }
  ? Empty
  : { readonly school: ReturnType<typeof ref<'schools'>> };

/** `school`, on every collection but those whose spec says `scoped: false`. */
function scopeOf<S extends HostCollectionSpec>(spec: S): Scope<S> {
  const scope = spec.scoped === false ? {} : { school: ref('schools') };
  return scope as Scope<S>;
}

/** `spec[K]`, or `{}` when a collection's spec has none. */
type Member<S, K extends PropertyKey> = S extends { readonly [P in K]: infer V extends object } ? V : Empty;

function memberOf<S extends HostCollectionSpec, K extends 'readOnlyProperties' | 'hiddenProperties'>(
  spec: S,
  key: K,
): Member<S, K> {
  const member = spec[key] ?? {};
  return member as Member<S, K>;
}

type RequiredOfSpec<S> = S extends { readonly required: readonly (infer R extends string)[] } ? R : never;

function requiredOf<S extends { readonly required?: readonly string[] }>(
  spec: S,
): ReadonlyArray<(typeof ALWAYS_STORED)[number] | RequiredOfSpec<S>> {
  const required: readonly string[] = [...ALWAYS_STORED, ...(spec.required ?? [])];
  return required as ReadonlyArray<(typeof ALWAYS_STORED)[number] | RequiredOfSpec<S>>;
}

type UserWithReadOnlyId<S> = S extends {
  readonly person: true;
  readonly properties: { readonly user: infer User };
}
  ? {
      readonly user: Spread<
        User,
        {
          readonly properties: Spread<{ readonly _id: typeof readOnlyId }, Member<User, 'properties'>>;
          readonly required: ReadonlyArray<'_id' | RequiredOfSpec<User>>;
        }
      >;
    }
  : Empty;

/** `user._id` is generated: present in records, refused in bodies. */
function withReadOnlyUserId<S extends HostCollectionSpec>(spec: S): UserWithReadOnlyId<S> {
  const user = spec.properties.user;
  const withId =
    !spec.person || !user
      ? {}
      : {
          user: {
            ...user,
            properties: { _id: readOnlyId, ...user.properties },
            // The service gives every person a `user._id` on create; nothing can change or clear it.
            required: ['_id', ...(user.required ?? [])],
          },
        };
  return withId as UserWithReadOnlyId<S>;
}

type Hidden<S extends HostCollectionSpec> =
  SpreadAll<
    [
      Member<S, 'hiddenProperties'>,
      S['name'] extends IntegrationCollection ? { readonly _sync: typeof syncState } : Empty,
      { readonly _rev: { readonly type: 'integer' } },
    ]
  > extends infer H
    ? { readonly [K in keyof H]: Spread<H[K], { readonly 'x-hidden': true }> }
    : never;

/** `hiddenProperties`, `_sync` on a synced collection and `_rev` (updates compare and set it), each `x-hidden`. */
function hiddenOf<S extends HostCollectionSpec>(spec: S): Hidden<S> {
  const hidden = Object.fromEntries(
    Object.entries({
      ...spec.hiddenProperties,
      ...(isIntegrationCollection(spec.name) ? { _sync: syncState } : {}),
      _rev: { type: 'integer' },
    }).map(([key, schema]) => [key, { ...schema, 'x-hidden': true }]),
  );
  return hidden as Hidden<S>;
}
