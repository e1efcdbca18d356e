/**
 * What a reader of a package's registry page can follow: its manifest names the repository (the
 * package's folder in it), a homepage and where to report a bug, the same for every package; and
 * every relative link of its shipped Markdown leads to a file of the tarball, read from the
 * installed tarballs (test/pack-packages.ts). And a pack always builds first (`prepack`), so a
 * tarball never ships a `dist/` a rebuild left half-written.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, posix } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { publishedPackages } from './files.js';
import { links } from './markdown.js';

const consumer = inject('packedConsumer');

interface PackedManifest {
  repository?: { type?: string; url?: string; directory?: string };
  homepage?: string;
  bugs?: { url?: string };
}

const installed = (name: string) => join(consumer, 'node_modules', name);
const manifestOf = (name: string) =>
  JSON.parse(readFileSync(join(installed(name), 'package.json'), 'utf8')) as PackedManifest;

/** Every file under `dir`, relative to it, with `/` separators. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((path) => statSync(join(dir, path)).isFile())
    .map((path) => path.split('\\').join('/'));
}

describe.each(publishedPackages())('the packed $manifest.name', (pkg) => {
  const manifest = manifestOf(pkg.manifest.name);

  it('names its repository and folder, a homepage and where bugs go, as every package does', () => {
    const repository = manifestOf('@school/query-dsl').repository?.url;
    expect(repository).toMatch(/^git\+https:\/\/.+\.git$/);
    expect(manifest.repository).toEqual({ type: 'git', url: repository, directory: pkg.dir });
    const base = repository!.replace(/^git\+/, '').replace(/\.git$/, '');
    expect(manifest.homepage).toBe(`${base}/tree/main/${pkg.dir}#readme`);
    expect(manifest.bugs).toEqual({ url: `${base}/issues` });
  });

  it('builds before it is packed (pnpm leaves the script out of the packed manifest)', () => {
    const { scripts } = pkg.manifest as { scripts?: Record<string, string> };
    expect(scripts?.prepack).toBe('tsup');
    expect(scripts?.build).toBe('tsup');
  });

  it('ships Markdown whose relative links all lead into the tarball', () => {
    const files = filesUnder(installed(pkg.manifest.name));
    const pages = files.filter((path) => path.endsWith('.md'));
    expect(pages).toContain('README.md');
    const broken = pages.flatMap((page) =>
      links(readFileSync(join(installed(pkg.manifest.name), page), 'utf8'))
        .filter(({ target }) => !/^(?:[a-z]+:|#)/i.test(target))
        .map(({ target }) => posix.normalize(posix.join(posix.dirname(page), target.replace(/#.*$/, ''))))
        .filter(
          (target) =>
            !files.some((file) => file === target || file.startsWith(`${target.replace(/\/$/, '')}/`)),
        )
        .map((target) => `${page} → ${target}`),
    );
    expect(broken).toEqual([]);
  });

  it('ships its type declarations for both module formats', () => {
    const dist = filesUnder(join(installed(pkg.manifest.name), 'dist'));
    expect(dist).toEqual(expect.arrayContaining(['index.d.ts', 'index.d.cts', 'index.js', 'index.cjs']));
  });
});
