// Writes the error catalogue into docs/errors.md (`pnpm docs:errors`); test/errors/catalogue.test.ts fails until it is run.
import { writeGeneratedRegion } from '@school/testkit/docs-tables';
import { ERRORS_PAGE, errorsTables } from './errors-table.js';

for (const [region, table] of Object.entries(errorsTables()))
  writeGeneratedRegion(ERRORS_PAGE, region, table);
