import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root folder, as an absolute path. */
export const repoRoot = fileURLToPath(new URL('..', import.meta.url));

/**
 * Folders that are installed, built or generated, never written by hand (`reports` and
 * `.stryker-tmp`: the output and working copies of `pnpm mutate`, git-ignored).
 */
const GENERATED = new Set([
  'node_modules',
  '.git',
  'dist',
  'coverage',
  '.readme-examples',
  'reports',
  '.stryker-tmp',
]);

/** Every file under `dir` written by hand, as a `/`-separated path relative to the repository root. */
export function sourceFiles(dir = repoRoot): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (GENERATED.has(entry.name)) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) found.push(...sourceFiles(path));
    else if (entry.isFile()) found.push(relative(repoRoot, path).split(sep).join('/'));
  }
  return found.sort();
}

export const readText = (path: string): string => readFileSync(join(repoRoot, path), 'utf8');

export interface PackageJson {
  name: string;
  version?: string;
  private?: boolean;
  files?: string[];
  exports?: Record<string, unknown>;
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
  devDependencies?: Record<string, string>;
  engines?: Record<string, string>;
  packageManager?: string;
}

/** A workspace package: its folder (relative to the root) and its package.json. */
export interface WorkspacePackage {
  dir: string;
  manifest: PackageJson;
}

/** The packages published to the registry (`packages/*` that are not private). */
export function publishedPackages(): WorkspacePackage[] {
  return readdirSync(join(repoRoot, 'packages'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => {
      const dir = `packages/${entry.name}`;
      return { dir, manifest: JSON.parse(readText(`${dir}/package.json`)) as PackageJson };
    })
    .filter(({ manifest }) => manifest.private !== true);
}

/** What `npm pack` puts in the package's tarball, as paths relative to the package folder. */
export function packedFiles(pkg: WorkspacePackage): string[] {
  const output = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
    cwd: join(repoRoot, pkg.dir),
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const [report] = JSON.parse(output) as [{ files: { path: string }[] }];
  return report.files.map((file) => file.path).sort();
}
