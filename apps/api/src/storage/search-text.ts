import { searchIndexFields } from '@school/query-dsl';
import type { ObjectId } from 'bson';
import type { Db } from 'mongodb';
import type { HostCollection } from '../collections/index.js';

/**
 * The fields that make a record findable by `global_search`: its search tokens and
 * `relational_data` (`all`, and `email` for people). A student's text also holds the names of its
 * groups (grades) and their sections, so `ana 8vo` finds Ana of 8vo — read in the student's own
 * school only, so no other school's text can reach it.
 */
export async function searchFields(
  db: Db,
  collection: HostCollection,
  record: Readonly<Record<string, unknown>>,
): Promise<Record<string, unknown>> {
  if (!collection.definition.search) return {};
  const extras = collection.name === 'students' ? await groupTexts(db, record) : [];
  const fields = searchIndexFields(collection.definition, record, extras);
  const search = collection.definition.search;
  const email = (record.user as { email?: unknown } | undefined)?.email;
  return {
    [search.tokensField]: fields[search.tokensField],
    relational_data: {
      all: search.textField && fields[search.textField],
      ...(typeof email === 'string' ? { email } : {}),
    },
  };
}

async function groupTexts(db: Db, student: Readonly<Record<string, unknown>>): Promise<string[]> {
  const years = Array.isArray(student.years) ? (student.years as Array<{ group?: ObjectId }>) : [];
  const groupIds = years
    .map((entry) => entry.group)
    .filter((id): id is ObjectId => id !== undefined && id !== null);
  if (groupIds.length === 0) return [];
  const groups = await db
    .collection('grades')
    .find({ _id: { $in: groupIds }, school: student.school }, { projection: { name: 1, section: 1 } })
    .toArray();
  const sectionIds = groups.map((group) => group.section).filter((id) => id !== undefined && id !== null);
  const sections =
    sectionIds.length === 0
      ? []
      : await db
          .collection('sections')
          .find({ _id: { $in: sectionIds }, school: student.school }, { projection: { name: 1 } })
          .toArray();
  return [...groups, ...sections]
    .map((doc) => doc.name)
    .filter((name): name is string => typeof name === 'string');
}
