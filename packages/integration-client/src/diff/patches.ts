import type { IntegrationCollection, PayloadByCollection, WithCollection } from '../payloads/collections.js';
import type { GradePayload, ParentPayload, StudentPayload } from '../payloads/types.js';
import type { MergePatch } from './types.js';

/** Body of `PUT /api/integration/students/{externalId}`: only what changed. */
export type StudentPatch = MergePatch<StudentPayload>;
/** Body of `PUT /api/integration/parents/{externalId}`: only what changed. */
export type ParentPatch = MergePatch<ParentPayload>;
/** Body of `PUT /api/integration/grades/{externalId}`: only what changed. */
export type GradePatch = MergePatch<GradePayload>;

/** The update body type sent on PUT, by collection. */
export type PatchByCollection = { [C in IntegrationCollection]: MergePatch<PayloadByCollection[C]> };

/** An update body with its collection, as one value (see `CollectionPayload`). */
export type CollectionPatch<C extends IntegrationCollection = IntegrationCollection> = WithCollection<
  PatchByCollection,
  'patch',
  C
>;
