import { describe, expect, it } from 'vitest';
import { DEMO_SCHOOLS } from '../../src/demo/demo-schools.js';
import { schoolRecords } from '../../src/demo/school-records.js';
import { writeSchoolData } from '../../src/demo/write-school-data.js';

describe('writing a data set through an app', () => {
  it('creates every record in creation order, each reference replaced by the id its record was stored under', async () => {
    const data = schoolRecords(DEMO_SCHOOLS);
    const created: Array<{ collection: string; body: Record<string, unknown>; id: string }> = [];
    await writeSchoolData(data, async (collection, body) => {
      const id = `stored-${created.length + 1}`;
      created.push({ collection, body, id });
      return { _id: id };
    });
    expect(created.map((c) => c.collection)).toEqual(
      Object.entries(data).flatMap(([collection, docs]) => docs.map(() => collection)),
    );
    const storedIds = new Set(created.map((c) => c.id));
    for (const { body } of created) {
      expect(body).not.toHaveProperty('_id');
      const years = (body.years ?? []) as Array<{ year: string; group: string }>;
      const refs = [
        body.school,
        body.section,
        ...((body.parents ?? []) as string[]),
        ...years.flatMap((y) => [y.year, y.group]),
      ];
      for (const ref of refs.filter((value) => value !== undefined))
        expect(storedIds.has(String(ref))).toBe(true);
    }
  });
});
