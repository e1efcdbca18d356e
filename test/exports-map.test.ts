/**
 * Every path a published package's exports map names is in its tarball: the `@school/source`
 * condition (the TypeScript sources, which the workspace's tests, type checks and scripts run on)
 * points at files that ship, so a consumer who sets the condition gets them too. The build's outputs
 * under `dist/` are made by `pnpm build` before publishing and are checked by the package's own
 * exports test.
 */
import { describe, expect, it } from 'vitest';
import { packedFiles, publishedPackages, sourceFiles } from './files.js';

/** Every file path an exports map names, at any depth of conditions. */
function exportTargets(value: unknown): string[] {
  if (typeof value === 'string') return [value.replace(/^\.\//, '')];
  if (value === null || typeof value !== 'object') return [];
  return Object.values(value).flatMap(exportTargets);
}

describe.each(publishedPackages())('the $manifest.name exports map', (pkg) => {
  const packed = new Set(packedFiles(pkg));

  it('names only files the tarball holds (outside the build output)', () => {
    const targets = exportTargets(pkg.manifest.exports).filter((path) => !path.startsWith('dist/'));
    expect(targets.length).toBeGreaterThan(0);
    expect(targets.filter((path) => !packed.has(path))).toEqual([]);
  });

  it('ships every source file the @school/source entry reaches, and no test', () => {
    const sources = sourceFiles()
      .filter((path) => path.startsWith(`${pkg.dir}/src/`))
      .map((path) => path.slice(pkg.dir.length + 1));
    const tests = sources.filter((path) => path.endsWith('.test.ts'));
    expect(sources.filter((path) => !path.endsWith('.test.ts') && !packed.has(path))).toEqual([]);
    expect(tests.filter((path) => packed.has(path))).toEqual([]);
  });
});
