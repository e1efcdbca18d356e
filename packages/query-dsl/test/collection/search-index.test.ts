import { describe, expect, it } from 'vitest';
import { buildSearchIndex } from '../../src/collection/search-index.js';
import { students } from '../support/school-collections.js';

describe("a record's search index", () => {
  it('builds a record index from its search fields plus extra texts', () => {
    const index = buildSearchIndex(
      students,
      { user: { name: 'José', surname: 'Pérez', email: 'jose@colegio.edu.ec', id_card: '1712345678' } },
      ['8vo', 'A'],
    );
    expect(index.text).toBe('José Pérez jose@colegio.edu.ec 1712345678 8vo A');
    expect(index.tokens).toEqual(
      expect.arrayContaining([
        'jose',
        'perez',
        'jose@colegio.edu.ec',
        'colegio.edu.ec',
        'edu.ec',
        '1712345678',
        '8vo',
        'a',
      ]),
    );
  });
});
