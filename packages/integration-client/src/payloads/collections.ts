import type { Issue } from '../errors/issue.js';
import type { GradePayload, ParentPayload, StudentPayload } from './types.js';

/** The collections whose records are sent to the external system; also the path segment used. */
export type IntegrationCollection = 'students' | 'parents' | 'grades';

export const integrationCollections: readonly IntegrationCollection[] = ['students', 'parents', 'grades'];

export function isIntegrationCollection(value: unknown): value is IntegrationCollection {
  return value === 'students' || value === 'parents' || value === 'grades';
}

/** The problem reported for an argument that is not an {@link IntegrationCollection}. */
export const collectionIssue: Issue = {
  code: 'INVALID_VALUE',
  param: 'collection',
  message: 'must be "students", "parents" or "grades"',
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
