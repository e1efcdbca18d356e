/**
 * `global_search` (docs/query-conventions.md): words split on white space, every word must begin one
 * of the record's search tokens (names, e-mail and its parts, identification number, and for
 * students their courses and sections), case- and accent-insensitively. Each result carries
 * `user` and `relational_data.all`.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  andesOnly,
  codes,
  conformanceEngines,
  fullNames,
  namesFor,
  plain,
  records,
  rejected,
  scopedTo,
  students,
} from '../support/conformance.js';
import { SCHOOL, seed, storedStudent, studentId } from '../support/dataset.js';

const engines = await conformanceEngines('global_search');

describe.each(engines)('global_search on $name', ({ db }) => {
  beforeAll(() => seed(db));

  describe('names', () => {
    it('jose finds José, María José and Josefina (accents, case, word prefix) but not Josué', async () => {
      expect(await namesFor(db, 'global_search=jose')).toEqual(students(1, 2, 6, 21));
    });

    it('JOSÉ, José and jOsE find the same records', async () => {
      for (const word of ['JOS%C3%89', 'Jos%C3%A9', 'jOsE']) {
        expect(await namesFor(db, `global_search=${word}`)).toEqual(students(1, 2, 6, 21));
      }
    });

    it('müller and MULLER find both Müllers', async () => {
      expect(await namesFor(db, 'global_search=müller')).toEqual(students(3, 8));
      expect(await namesFor(db, 'global_search=MULLER')).toEqual(students(3, 8));
    });

    it('nandu finds Ñandú, and Ñandú finds it too', async () => {
      expect(await namesFor(db, 'global_search=nandu')).toEqual(students(4));
      expect(await namesFor(db, 'global_search=Ñandú')).toEqual(students(4));
    });

    it('second names and second surnames are searched', async () => {
      expect(await namesFor(db, 'global_search=perez')).toEqual(students(1, 8));
      expect(await namesFor(db, 'global_search=belen')).toEqual(students(4));
    });

    it('a word matches the beginning of a name only', async () => {
      // "Mariana" begins with "maria"; nothing begins with "ana" inside "Mariana".
      expect(await namesFor(db, 'global_search=maria')).toEqual(students(2, 5, 22));
      expect(await namesFor(db, 'global_search=ana', { baseFilter: andesOnly() })).toEqual(
        students(3, 4, 12),
      );
      expect(await namesFor(db, 'global_search=uller')).toEqual([]);
    });
  });

  describe('e-mail and identification number', () => {
    it('a partial e-mail domain matches (colegio.edu.ec)', async () => {
      expect(await namesFor(db, 'global_search=colegio.edu.ec')).toEqual(
        students(1, 4, 6, 8, 11, 13, 16, 19),
      );
    });

    it('a dot-suffix of the domain matches (edu.ec)', async () => {
      expect(await namesFor(db, 'global_search=edu.ec')).toEqual(
        students(1, 4, 6, 8, 11, 13, 16, 19, 21, 22, 24, 27, 30),
      );
    });

    it('@domain, the local part, its pieces and the whole address match', async () => {
      expect(await namesFor(db, 'global_search=@pacifico')).toEqual(students(21, 22, 24, 27));
      expect(await namesFor(db, 'global_search=jose.pe')).toEqual(students(1));
      expect(await namesFor(db, 'global_search=gmail')).toEqual(students(2, 5, 9, 12, 15, 18, 23, 26, 28));
      expect(await namesFor(db, 'global_search=camila@school.org')).toEqual(students(14));
    });

    it('the first digits of an identification number match (1712)', async () => {
      expect(await namesFor(db, 'global_search=1712')).toEqual(students(1, 3, 4, 8, 10, 15, 19, 23));
      expect(await namesFor(db, 'global_search=1712345')).toEqual(students(1, 19));
    });

    it('a leading zero is part of the number', async () => {
      expect(await namesFor(db, 'global_search=0912')).toEqual(students(2));
      expect(await namesFor(db, 'global_search=912')).toEqual([]);
    });
  });

  describe('several words', () => {
    it('ana 8vo finds the Anas who are or were in 8vo, in any order of the words', async () => {
      expect(await namesFor(db, 'global_search=ana 8vo')).toEqual(students(3, 4, 22));
      expect(await namesFor(db, 'global_search=8vo%20ana')).toEqual(students(3, 4, 22));
      expect(await namesFor(db, 'global_search=ana+8vo')).toEqual(students(3, 4, 22));
    });

    it('every word must match the same record', async () => {
      expect(await namesFor(db, 'global_search=mar%C3%ADa%20jos%C3%A9')).toEqual(students(2));
      expect(await namesFor(db, 'global_search=ana 9no')).toEqual(students(4, 12, 22));
      expect(await namesFor(db, 'global_search=ana 10mo')).toEqual([]);
    });

    it('a course name of two words matches', async () => {
      expect(await namesFor(db, 'global_search=1ro bgu')).toEqual(students(7, 11, 15, 19, 24, 27));
    });

    it('a section letter matches like any other word prefix', async () => {
      // The 8vo B students, plus Ana Belén Ñandú (8vo A in 2024), whose "Belén" begins with b.
      expect(await namesFor(db, 'global_search=8vo b', { baseFilter: andesOnly() })).toEqual(
        students(3, 4, 8, 9, 13, 20),
      );
    });

    it('extra white space between and around words is ignored', async () => {
      expect(await namesFor(db, 'global_search=%20%20ana%20%20%20%208vo%20')).toEqual(students(3, 4, 22));
    });

    it('a word that prefixes another word adds nothing', async () => {
      expect(await namesFor(db, 'global_search=ana anapaula')).toEqual(students(12));
    });
  });

  describe('with other parameters', () => {
    it('keeps to the base filter', async () => {
      expect(await namesFor(db, 'global_search=ana 8vo', { baseFilter: scopedTo(SCHOOL.andes) })).toEqual(
        students(3, 4),
      );
      expect(await namesFor(db, 'global_search=jose', { baseFilter: scopedTo(SCHOOL.pacifico) })).toEqual(
        students(21),
      );
    });

    it('combines with filters and sort', async () => {
      expect(await namesFor(db, 'global_search=1712&active=true&__sort[user.surname]=asc')).toEqual(
        students(19, 23, 3, 8, 15, 1, 4),
      );
    });

    it('pages through the matches', async () => {
      expect(await namesFor(db, 'global_search=edu.ec&__per_page=5&__page=3')).toEqual(students(24, 27, 30));
    });

    it('each result carries user and relational_data.all even when select leaves them out', async () => {
      const [muller] = await records(db, `global_search=muller&select=citizenship&_id=${studentId(3)}`);
      expect(plain(muller)).toEqual({
        _id: studentId(3),
        citizenship: 'DE',
        user: plain(storedStudent(3).user),
        relational_data: { all: 'Ana Lucía Müller Vega ana.muller@school.org 1712000111 8vo B' },
      });
    });

    it('an exclusion select cannot remove user or relational_data.all from a search result', async () => {
      const docs = await records(db, 'global_search=muller&select=-user -relational_data');
      expect(fullNames(docs)).toEqual(students(3, 8));
      expect(docs.map((doc) => (doc.relational_data as { all?: string }).all)).toEqual([
        'Ana Lucía Müller Vega ana.muller@school.org 1712000111 8vo B',
        'Lucas Müller Pérez lucas.muller@colegio.edu.ec 1712888999 8vo B',
      ]);
    });

    it('never returns the search tokens', async () => {
      const docs = await records(db, 'global_search=jose');
      expect(docs.filter((doc) => '_search' in doc || '_sync' in doc)).toEqual([]);
    });
  });

  describe('input that is only text', () => {
    it('regular-expression characters are literal', async () => {
      for (const word of ['.*', '%5E', '(', '%5C', '%2B', '%24', 'a|b', '[a-z]']) {
        expect(await namesFor(db, `global_search=${word}`)).toEqual([]);
      }
    });

    it('a word with punctuation is a literal prefix of the tokens, whatever its characters', async () => {
      expect(await namesFor(db, 'global_search=jose.perez%40col')).toEqual(students(1));
      expect(await namesFor(db, 'global_search=%40colegio.edu')).toEqual(
        await namesFor(db, 'global_search=colegio.edu.ec'),
      );
      expect(await namesFor(db, 'global_search=jose.perez%40colegio.edu.ed')).toEqual([]);
    });

    it('a control character is INVALID_VALUE and never reaches the database (issue 10.2)', async () => {
      for (const word of ['a%00b', '%00', 'jose%1B', 'jose%7F']) {
        expect(codes(await rejected(db, `global_search=${word}`))).toEqual([
          ['INVALID_VALUE', 'global_search'],
        ]);
      }
      expect(await namesFor(db, 'global_search=jose%09perez')).toEqual(students(1));
    });

    it('blank search text applies no search', async () => {
      expect(await namesFor(db, 'global_search=%20&__per_page=100')).toHaveLength(30);
      expect(await namesFor(db, 'global_search=&__per_page=100')).toHaveLength(30);
    });

    it('a word matching nothing returns nothing', async () => {
      expect(await namesFor(db, 'global_search=zzz')).toEqual([]);
    });

    it('is limited to 10 words of at most 64 characters', async () => {
      expect(codes(await rejected(db, `global_search=${'a b c d e f g h i j k'}`))).toEqual([
        ['QUERY_TOO_COMPLEX', 'global_search'],
      ]);
      expect(codes(await rejected(db, `global_search=${'x'.repeat(65)}`))).toEqual([
        ['QUERY_TOO_COMPLEX', 'global_search'],
      ]);
      expect(await namesFor(db, `global_search=${'x'.repeat(64)}`)).toEqual([]);
    });

    it('given twice, it is INVALID_VALUE', async () => {
      expect(codes(await rejected(db, 'global_search=ana&global_search=jose'))).toEqual([
        ['INVALID_VALUE', 'global_search'],
      ]);
    });
  });

  describe('on parents and staff', () => {
    it('parents are searched by names, e-mail and identification number', async () => {
      expect(await namesFor(db, 'global_search=muller', { collection: 'parents' })).toEqual(['Klaus Müller']);
      expect(await namesFor(db, 'global_search=1700', { collection: 'parents' })).toEqual([
        'Roberto Pérez',
        'Rosa Gómez',
        'Klaus Müller',
        'Lucía Vega',
      ]);
      expect(await namesFor(db, 'global_search=nandu pacifico.edu.ec', { collection: 'parents' })).toEqual([
        'Ramiro Ñandú',
      ]);
    });

    it('staff are searched by e-mail domain, within the scope', async () => {
      expect(await namesFor(db, 'global_search=colegio.edu.ec', { collection: 'staff' })).toEqual([
        'Patricia Salazar',
        'Jorge Benítez',
      ]);
      expect(
        await namesFor(db, 'global_search=zambrano', { collection: 'staff', baseFilter: andesOnly() }),
      ).toEqual([]);
    });

    it('fields outside the search configuration are not searched', async () => {
      expect(await namesFor(db, 'global_search=teacher', { collection: 'staff' })).toEqual([]);
    });

    it('is not available on a collection without search', async () => {
      expect(codes(await rejected(db, 'global_search=2025', { collection: 'years' }))).toEqual([
        ['UNKNOWN_FIELD', 'global_search'],
      ]);
    });
  });
});
