import { createQueryDsl } from '@school/query-dsl';
import { courses } from './courses.js';
import type { HostCollection } from './define.js';
import { grades } from './grades.js';
import { parents } from './parents.js';
import { schools } from './schools.js';
import { sections } from './sections.js';
import { staff } from './staff.js';
import { students } from './students.js';
import { years } from './years.js';

export type { HostCollection } from './define.js';

/** Every collection the service serves, in the order the API documentation lists them. */
export const COLLECTIONS: readonly HostCollection[] = [
  schools,
  years,
  courses,
  sections,
  grades,
  students,
  parents,
  staff,
];

export const collectionsByName: ReadonlyMap<string, HostCollection> = new Map(
  COLLECTIONS.map((c) => [c.name, c]),
);

/** The query reader for every collection. */
export const dsl = createQueryDsl({ collections: COLLECTIONS.map((collection) => collection.definition) });
