import type { HostCollection } from '../collections/index.js';

/** The OpenAPI component name of one collection's record: `students` → `Student`. */
const SINGULAR: Readonly<Record<string, string>> = {
  schools: 'School',
  years: 'Year',
  courses: 'Course',
  sections: 'Section',
  grades: 'Grade',
  students: 'Student',
  parents: 'Parent',
  staff: 'StaffMember',
};

function recordName(collection: Pick<HostCollection, 'name'>): string {
  const name = SINGULAR[collection.name];
  if (!name) throw new Error(`No OpenAPI name for the collection "${collection.name}".`);
  return name;
}

/** One record of the collection in words, for summaries: `students` → `student`, `staff` → `staff member`. */
export function recordNoun(collection: Pick<HostCollection, 'name'>): string {
  return recordName(collection)
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase();
}

/** `a student`, `an …`: the noun with its indefinite article. */
export function aRecord(collection: Pick<HostCollection, 'name'>): string {
  const noun = recordNoun(collection);
  return `${/^[aeiou]/.test(noun) ? 'an' : 'a'} ${noun}`;
}

/** The component names of a collection: the record, its create and update bodies, its totals reply. */
export function componentNames(collection: Pick<HostCollection, 'name'>) {
  const record = recordName(collection);
  return {
    record,
    create: `${record}Create`,
    update: `${record}Update`,
    updateWithId: `${record}UpdateWithId`,
    totals: `${record}Totals`,
  } as const;
}

/** `listStudents`, `getStudent`, … : an operationId from a verb and the collection. */
export function operationId(
  verb: 'list' | 'get' | 'create' | 'update' | 'updateByBody',
  collection: Pick<HostCollection, 'name'>,
): string {
  const record = recordName(collection);
  const plural = collection.name.charAt(0).toUpperCase() + collection.name.slice(1);
  switch (verb) {
    case 'list':
      return `list${plural}`;
    case 'updateByBody':
      return `update${record}ByBodyId`;
    default:
      return `${verb}${record}`;
  }
}
