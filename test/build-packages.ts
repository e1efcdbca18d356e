/**
 * Once per run of the repository checks: builds every published package with its own tsup
 * configuration into a temporary folder, so the checks of what ships read a build of the sources
 * under test, and writes each package's public API report from that build (scripts/api-report.ts).
 * A fresh clone's `pnpm install && pnpm test` has built nothing, and a `dist/` left by an
 * earlier `pnpm build` may be stale; neither decides what these checks see.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildPackage, extractApiReport } from '../scripts/api-report.js';
import { publishedPackages } from './files.js';

declare module 'vitest' {
  interface ProvidedContext {
    /** The folder holding each published package's build, as `<folder>/<package folder name>/`. */
    builtPackages: string;
    /** The public API report api-extractor writes from that build, or why it could not, by package folder. */
    apiReports: Record<string, { report: string } | { error: string }>;
  }
}

/** The report of one build; a failure is the test's to show (api-reports.test.ts), not the setup's. */
function apiReport(pkgDir: string, built: string): { report: string } | { error: string } {
  try {
    return { report: extractApiReport(pkgDir, built) };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  const out = mkdtempSync(join(tmpdir(), 'school-built-'));
  // Each report is extracted as soon as its package is built, while the other builds go on.
  const reports = await Promise.all(
    publishedPackages().map(async (pkg) => {
      const target = join(out, pkg.dir.slice('packages/'.length));
      await buildPackage(pkg.dir, target);
      return [pkg.dir, apiReport(pkg.dir, target)] as const;
    }),
  );
  project.provide('builtPackages', out);
  project.provide('apiReports', Object.fromEntries(reports));
  return () => rmSync(out, { recursive: true, force: true });
}
