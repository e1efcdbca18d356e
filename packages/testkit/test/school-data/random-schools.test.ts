import { describe, expect, it } from 'vitest';
import { groupTexts } from '../../src/school-data/group-texts.js';
import { schoolRecords } from '../../src/school-data/host-generator.js';
import { randomSchools } from '../../src/school-data/random-schools.js';

describe('random schools', () => {
  it('are the same for the same seed and sizes, ids included', () => {
    const first = schoolRecords(randomSchools({ seed: 7, students: [40, 10] }));
    const again = schoolRecords(randomSchools({ seed: 7, students: [40, 10] }));
    expect(again).toEqual(first);
    expect(schoolRecords(randomSchools({ seed: 8, students: [40, 10] })).students).not.toEqual(
      first.students,
    );
  });

  it('have the sizes asked for, 1–2 parents per student and 30 grades per school', () => {
    const data = schoolRecords(randomSchools({ seed: 1, students: [300, 100] }));
    expect(data.schools).toHaveLength(2);
    const first = String(data.schools[0]!._id);
    expect(data.students.filter((s) => String(s.school) === first)).toHaveLength(300);
    expect(data.grades).toHaveLength(60);
    const parentCounts = new Set(data.students.map((s) => (s.parents as unknown[]).length));
    expect([...parentCounts].sort()).toEqual([1, 2]);
    expect(data.parents).toHaveLength(data.students.reduce((n, s) => n + (s.parents as unknown[]).length, 0));
  });

  it('give every person a unique identification number, some with a leading zero', () => {
    const data = schoolRecords(randomSchools({ seed: 3, students: [500] }));
    const cards = [...data.students, ...data.parents].map((doc) => (doc.user as { id_card: string }).id_card);
    expect(new Set(cards).size).toBe(cards.length);
    expect(cards.every((card) => /^\d{10}$/.test(card))).toBe(true);
    expect(cards.some((card) => card.startsWith('0'))).toBe(true);
  });

  it('reference only records of the same school, created before the record that names them', () => {
    const data = schoolRecords(randomSchools({ seed: 5, students: [50, 50] }));
    const all = new Map(Object.values(data).flatMap((docs) => docs.map((doc) => [String(doc._id), doc])));
    for (const student of data.students) {
      const years = student.years as Array<{ year: unknown; group: unknown }>;
      const refs = [
        ...(student.parents as unknown[]),
        ...years.flatMap((entry) => [entry.year, entry.group]),
      ];
      for (const ref of refs) {
        const target = all.get(String(ref));
        expect(target?.school).toEqual(student.school);
        expect(String(target!._id) < String(student._id)).toBe(true);
      }
    }
  });

  it("index a student by its grades' names, then their sections' names", () => {
    const data = schoolRecords(randomSchools({ seed: 2, students: [20] }));
    for (const student of data.students) {
      const years = student.years as unknown[];
      const texts = groupTexts(data, student);
      expect(texts).toHaveLength(years.length * 2);
      expect(texts.slice(years.length).every((name) => ['A', 'B', 'C'].includes(name))).toBe(true);
    }
  });
});
