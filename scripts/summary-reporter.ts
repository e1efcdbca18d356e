import { propertySeedLine } from '@school/testkit/property-tests';
import type { Reporter, TestModule } from 'vitest/node';

/**
 * Ends a run with the database engines the tests ran on, the property tests' seed (to replay a
 * failure with FC_SEED), and one plain line,
 * `Tests: N passed, N failed, N skipped`, that CI and people can read without parsing Vitest's
 * formatted summary.
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    const projects = new Set<string>();
    for (const testModule of testModules) {
      projects.add(testModule.project.name);
      for (const test of testModule.children.allTests()) {
        const { state } = test.result();
        if (state === 'passed') passed++;
        else if (state === 'failed') failed++;
        else skipped++;
      }
    }
    console.log(`\n${enginesLine(projects)}`);
    console.log(propertySeedLine());
    console.log(`Tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
  }
}

function enginesLine(projects: ReadonlySet<string>): string {
  const engines = ['the in-process engine'];
  if (process.env.MONGODB_URI) engines.push('MongoDB at MONGODB_URI');
  else if (process.env.MONGOMS_SYSTEM_BINARY) engines.push('mongodb-memory-server (query-dsl tests only)');
  else engines.push('no real MongoDB (MONGODB_URI is not set)');
  const mongoProjects = [...projects].filter((name) => name.endsWith('(MongoDB)'));
  const extra = mongoProjects.length > 0 ? `; on MongoDB also: ${mongoProjects.join(', ')}` : '';
  return `Engines: ${engines.join(', ')}${extra}`;
}
