import { join } from 'node:path';
import { sizeReport } from '@school/testkit/bundle-size';

const dir = join(import.meta.dirname, '..');

/** What the package adds to an application's bundle, whole and for `foldText` alone, and its import time. */
export const sizeTable = () =>
  sizeReport(dir, [
    {
      name: 'the entry (`bson` left to the application)',
      entry: join(dir, 'src/index.ts'),
      external: ['bson'],
    },
    {
      name: 'the search fold alone (`src/search/normalize.ts`)',
      entry: join(dir, 'src/search/normalize.ts'),
    },
  ]);
