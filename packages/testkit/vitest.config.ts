import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'testkit',
    // One module graph per worker, not per file: see docs/testing.md ("Speed").
    isolate: false,
    include: ['test/**/*.test.ts'],
    setupFiles: ['./src/property-tests/setup.ts'],
  },
});
