import type { ObjectId } from 'bson';
import type { Doc, SchoolData } from './host-generator.js';

/**
 * What a student's `global_search` text holds besides its own fields: the names of its groups
 * (grades), then of their sections — as the host's search text reads them.
 */
export function groupTexts(data: SchoolData, student: Doc): string[] {
  const byId = (list: Doc[], id: unknown) => list.find((doc) => doc._id.equals(id as ObjectId));
  const years = student.years as Array<{ group: ObjectId }>;
  const groups = years.map((entry) => byId(data.grades, entry.group)!);
  return [
    ...groups.map((grade) => String(grade.name)),
    ...groups.map((grade) => String(byId(data.sections, grade.section)!.name)),
  ];
}
