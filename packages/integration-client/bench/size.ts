/** `pnpm bench` (first part): what the package adds to an application's bundle, and its import time. */
import { join } from 'node:path';
import { sizeReport } from '@school/testkit/bundle-size';

const dir = join(import.meta.dirname, '..');
console.log('## Size: what the package adds to a bundle, and its import time\n');
console.log(
  await sizeReport(dir, [
    { name: 'the entry, with its dependencies', entry: join(dir, 'src/index.ts') },
    {
      name: 'the entry without `undici` (on Node, the HTTP client)',
      entry: join(dir, 'src/index.ts'),
      external: ['undici'],
    },
  ]),
);
console.log('');
