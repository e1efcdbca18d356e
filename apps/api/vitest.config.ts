import { defineProject } from 'vitest/config';

export default defineProject({
  resolve: { conditions: ['@school/source'] },
  ssr: { resolve: { conditions: ['@school/source'] } },
  test: {
    name: 'api',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 20000,
    globalSetup: ['test/global-setup.ts'],
  },
});
