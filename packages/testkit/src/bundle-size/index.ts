/**
 * What a package costs the application that imports it: its entry bundled by esbuild the way an
 * application bundler would (dependencies included, peers left out), minified and gzipped, and how
 * long a fresh Node takes to import its build. For the packages' benchmarks (`pnpm bench size`).
 */
import { execFileSync } from 'node:child_process';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

interface BundleSize {
  readonly minified: number;
  readonly gzip: number;
}

/** The entry at `entry` (a TypeScript or JavaScript file), bundled for Node and minified. */
async function bundleSize(entry: string, external: readonly string[] = []): Promise<BundleSize> {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'node',
    write: false,
    external: [...external],
    logLevel: 'silent',
  });
  const code = result.outputFiles[0]!.contents;
  return { minified: code.byteLength, gzip: gzipSync(code).byteLength };
}

/** Milliseconds a fresh `node` takes to import `specifier` (the median of `runs` processes). */
function importTime(specifier: string, cwd: string, runs = 5): number {
  const script = `const t = performance.now(); await import(${JSON.stringify(specifier)}); console.log(performance.now() - t);`;
  const times = Array.from({ length: runs }, () =>
    Number(execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd, encoding: 'utf8' })),
  ).sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;

/** One row of the size table: what is bundled, and the peers left out. */
export interface SizeCase {
  readonly name: string;
  readonly entry: string;
  readonly external?: readonly string[];
}

/**
 * The Markdown table `pnpm bench` prints: each case's minified and gzipped size, then the import
 * time of the package's build (`dist/index.js` under `packageDir`, built by the bench script).
 */
export async function sizeReport(packageDir: string, cases: readonly SizeCase[]): Promise<string> {
  const rows = ['| Bundle (esbuild, minified) | Size | Gzip |', '| --- | ---: | ---: |'];
  for (const { name, entry, external } of cases) {
    const size = await bundleSize(entry, external);
    rows.push(`| ${name} | ${kb(size.minified)} | ${kb(size.gzip)} |`);
  }
  const ms = importTime('./dist/index.js', packageDir);
  return `${rows.join('\n')}\n\nImporting the build in a fresh \`node\`: ${ms.toFixed(0)} ms (median of 5 processes).`;
}
