import type { Issue } from '../errors/issue.js';
import type { GradePayload, ParentPayload, StudentPayload } from './types.js';

const collections = ['students', 'parents', 'grades'] as const;

/** The collections whose records are sent to the external system; also the path segment used. */
export type IntegrationCollection = (typeof collections)[number];

/**
 * Every {@link IntegrationCollection}, in the order the docs present them: the list a host derives
 * its synced collections from.
 */
export const integrationCollections: readonly IntegrationCollection[] = collections;

/** Whether `value` names a collection this package builds and sends payloads for. */
export function isIntegrationCollection(value: unknown): value is IntegrationCollection {
  return integrationCollections.some((collection) => collection === value);
}

const quoted = collections.map((collection) => `"${collection}"`);

/** The problem reported for an argument that is not an {@link IntegrationCollection}. */
export const collectionIssue: Issue = {
  code: 'INVALID_VALUE',
  param: 'collection',
  message: `must be ${quoted.slice(0, -1).join(', ')} or ${quoted.at(-1)}`,
};

/** One record of a collection, in words: `student`, `parent`, `grade`. */
export const singular: Readonly<Record<IntegrationCollection, string>> = {
  students: 'student',
  parents: 'parent',
  grades: 'grade',
};

/** The payload type sent on create, by collection. */
export interface PayloadByCollection {
  students: StudentPayload;
  parents: ParentPayload;
  grades: GradePayload;
}

/**
 * A payload with its collection, as one value: checking `collection` narrows `payload`, so a
 * payload whose collection is known only at run time stays tied to it (`client.create` takes it
 * as it is). `CollectionPayload<'students'>` is the students member alone.
 */
export type CollectionPayload<C extends IntegrationCollection = IntegrationCollection> = WithCollection<
  PayloadByCollection,
  'payload',
  C
>;

/**
 * For each collection of `C`, its value of `ByCollection` under `field` with the collection beside
 * it; together one union in which checking `collection` narrows the value.
 */
export type WithCollection<
  ByCollection extends Readonly<Record<IntegrationCollection, unknown>>,
  Field extends string,
  C extends IntegrationCollection,
> = {
  readonly [K in C]: { readonly [F in 'collection' | Field]: F extends 'collection' ? K : ByCollection[K] };
}[C];
