import { defineProject } from 'vitest/config';

export default defineProject({
  resolve: { conditions: ['@school/source'] },
  ssr: { resolve: { conditions: ['@school/source'] } },
  test: {
    name: 'mongo-memory',
    include: ['test/**/*.test.ts'],
  },
});
