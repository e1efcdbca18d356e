/**
 * The layout the README describes: the root of `src/` keeps the entry points only; every step is
 * a folder. (That no folder imports one that imports it back is the repository's
 * `test/folder-cycles.test.ts`, for every package.)
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const src = join(import.meta.dirname, '..', '..', 'src');

describe('the source layout', () => {
  it('keeps only the entry points at the root of src/', () => {
    const rootFiles = readdirSync(src, { withFileTypes: true })
      .filter((entry) => entry.isFile() && !entry.name.endsWith('.test.ts'))
      .map((entry) => entry.name);
    expect(rootFiles.sort()).toEqual(['index.ts', 'query-dsl.ts']);
  });
});
