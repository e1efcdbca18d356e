/**
 * The query reader of an earlier commit, for side-by-side runs: the commit's `src/` and its school
 * collections (`test/support/school-collections.ts`, in `test/` and `examples/` before it moved) are taken from git
 * (`git archive`) and bundled with esbuild (the one tsup uses), `@school/query-dsl` pointing at that commit's source, into
 * `node_modules/.cache/` (where its dependencies resolve as they do for the build).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const packageDir = fileURLToPath(new URL('..', import.meta.url));

interface EsbuildOptions {
  stdin: { contents: string; resolveDir: string; loader: 'ts' };
  outfile: string;
  bundle: boolean;
  format: 'esm';
  platform: 'node';
  target: string;
  external: string[];
  alias: Record<string, string>;
  logLevel: 'warning';
}
interface Esbuild {
  build(options: EsbuildOptions): Promise<unknown>;
}

/** The package's runtime dependencies (and peers), left out of the bundle: they resolve as for the build. */
function runtimeDependencies(): string[] {
  const manifest: { dependencies?: object; peerDependencies?: object } = JSON.parse(
    readFileSync(join(packageDir, 'package.json'), 'utf8'),
  );
  return [...Object.keys(manifest.dependencies ?? {}), ...Object.keys(manifest.peerDependencies ?? {})];
}

/** Where the school collections lived, newest first. */
const COLLECTIONS_FILES = [
  'test/support/school-collections.ts',
  'test/school-collections.ts',
  'examples/school-collections.ts',
];

function hasFile(root: string, revision: string, path: string): boolean {
  try {
    execFileSync('git', ['cat-file', '-e', `${revision}:packages/query-dsl/${path}`], {
      cwd: root,
      stdio: 'ignore',
    });
    return true;
  } catch {
    return false;
  }
}

/** The commit's `dsl` (the school collections' query reader) and `toMongo`, loaded from a bundle. */
export async function baselineReader(commit: string): Promise<Baseline> {
  const revision = execFileSync('git', ['rev-parse', '--short', commit], {
    cwd: packageDir,
    encoding: 'utf8',
  }).trim();
  const outfile = join(packageDir, 'node_modules', '.cache', 'query-dsl-baseline', `${revision}.mjs`);
  if (!existsSync(outfile)) {
    const work = mkdtempSync(join(tmpdir(), 'query-dsl-baseline-'));
    try {
      const root = execFileSync('git', ['rev-parse', '--show-toplevel'], {
        cwd: packageDir,
        encoding: 'utf8',
      }).trim();
      const collections = COLLECTIONS_FILES.find((path) => hasFile(root, revision, path))!;
      const archive = execFileSync(
        'git',
        ['archive', revision, 'packages/query-dsl/src', `packages/query-dsl/${collections}`],
        {
          cwd: root,
          maxBuffer: 64 * 1024 * 1024,
        },
      );
      execFileSync('tar', ['-x', '-C', work], { input: archive });
      const source = join(work, 'packages', 'query-dsl');
      // esbuild comes with tsup, the package's build tool.
      const esbuild = createRequire(createRequire(import.meta.url).resolve('tsup'))('esbuild') as Esbuild;
      mkdirSync(join(outfile, '..'), { recursive: true });
      await esbuild.build({
        stdin: {
          contents: `export { dsl } from './${collections}';\nexport { toMongo } from './src/index.ts';`,
          resolveDir: source,
          loader: 'ts',
        },
        outfile,
        bundle: true,
        format: 'esm',
        platform: 'node',
        target: 'node20',
        external: runtimeDependencies().flatMap((name) => [name, `${name}/*`]),
        alias: { '@school/query-dsl': join(source, 'src', 'index.ts') },
        logLevel: 'warning',
      });
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  }
  const module = (await import(pathToFileURL(outfile).href)) as Omit<Baseline, 'revision'>;
  return { dsl: module.dsl, toMongo: module.toMongo, revision };
}

/** What the benchmark uses of an earlier reader; its plan goes back only to its own `toMongo`. */
export interface Baseline {
  readonly revision: string;
  readonly dsl: {
    parse(collection: string, query: string): { ok: true; plan: object } | { ok: false; issues: unknown };
    /** `dsl.find` of that commit, on a database of the driver's shape. */
    find(db: object, collection: string, spec: object): Promise<{ ok: boolean }>;
  };
  readonly toMongo: (plan: object) => unknown;
}
