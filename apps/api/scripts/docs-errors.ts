// Writes the service's error codes into docs/http-api.md (`pnpm docs:errors`); test/errors/catalogue.test.ts fails until it is run.
import { writeGeneratedRegion } from '@school/testkit/docs-tables';
import { ERRORS_PAGE, errorsTable } from './errors-table.js';

writeGeneratedRegion(ERRORS_PAGE.path, ERRORS_PAGE.region, errorsTable());
