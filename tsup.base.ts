import { defineConfig, type Options } from 'tsup';

/**
 * How every published package is built: one entry, ESM and CommonJS, type declarations and source
 * maps, for the oldest Node the packages support. A package names only what it leaves to its
 * dependencies (`external`), which tsup would otherwise bundle when they are peers or dev-only.
 */
export function publishedBuild(options: Pick<Options, 'external'> = {}) {
  return defineConfig({
    entry: { index: 'src/index.ts' },
    format: ['esm', 'cjs'],
    dts: true,
    sourcemap: true,
    clean: true,
    target: 'node20',
    ...options,
  });
}
