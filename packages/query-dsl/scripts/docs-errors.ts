// Writes the issue catalogue into docs/errors.md (`pnpm docs:errors`); test/error-catalogue.test.ts fails until it is run.
import { writeGeneratedRegion } from '@school/testkit/docs-tables';
import { ERRORS_PAGE, errorsTable, limitsTable } from './errors-table.js';

writeGeneratedRegion(ERRORS_PAGE.path, ERRORS_PAGE.region, errorsTable());
writeGeneratedRegion(ERRORS_PAGE.path, ERRORS_PAGE.limitsRegion, limitsTable());
