/**
 * No folder of a package's `src/` (its shipped code; the tests beside it aside) imports, directly or
 * through other folders, a folder that imports it back: each folder is one step of the data's way, so the way has a direction. Every import
 * counts, type-only ones and re-exports included, and the `src/` root is a folder of its own — a
 * subfolder that imports a root file while a root file imports that subfolder is a cycle.
 *
 * The imports are read with the TypeScript compiler's own pre-processor (`ts.preProcessFile`), the
 * scanner the compiler uses to find a file's dependencies: it sees every form (`import type`,
 * `export … from`, `import()`), needs no configuration and is already a dependency of the repository.
 */
import { dirname, posix } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { readText, sourceFiles } from './files.js';

const ROOT = '(root)';
const SOURCE = /\.[cm]?tsx?$/;
// No test sits in src/ (test/test-layout.test.ts); were one put there, it would ship nowhere, so
// it is not a step of the data's way.
const TEST = /\.test\.[cm]?tsx?$/;

/** The folder of a path relative to `src/`; the root has a name of its own so messages can say it. */
const folderOf = (path: string): string => (dirname(path) === '.' ? ROOT : dirname(path));

/** The file a relative specifier names, among `files` (`./a.js` is `a.ts`, `./dir` is `dir/index.ts`). */
function resolveImport(from: string, specifier: string, files: ReadonlySet<string>): string | undefined {
  const base = posix.normalize(posix.join(posix.dirname(from), specifier));
  const stem = base.replace(/\.([cm]?)js$/, '.$1ts');
  return [stem, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`].find((candidate) => files.has(candidate));
}

/** One folder-to-folder edge and the first import that makes it, for the message. */
interface Edge {
  readonly to: string;
  readonly because: string;
}

/** Folder → the folders it imports, from `files` (path relative to `src/` → its text). */
function folderGraph(files: ReadonlyMap<string, string>): Map<string, Map<string, Edge>> {
  const paths = new Set(files.keys());
  const graph = new Map<string, Map<string, Edge>>();
  for (const [path, text] of files) {
    const from = folderOf(path);
    const edges = graph.get(from) ?? new Map<string, Edge>();
    graph.set(from, edges);
    for (const { fileName } of ts.preProcessFile(text, true, true).importedFiles) {
      if (!fileName.startsWith('.')) continue;
      const target = resolveImport(path, fileName, paths);
      if (target === undefined) continue;
      const to = folderOf(target);
      if (to !== from && !edges.has(to)) edges.set(to, { to, because: `${path} imports ${target}` });
    }
  }
  return graph;
}

/** The strongly connected groups of more than one folder (Tarjan's algorithm: linear in the graph). */
function stronglyConnected(graph: ReadonlyMap<string, ReadonlyMap<string, Edge>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const visit = (folder: string): void => {
    index.set(folder, index.size);
    low.set(folder, index.get(folder) ?? 0);
    stack.push(folder);
    onStack.add(folder);
    for (const to of graph.get(folder)?.keys() ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(folder, Math.min(low.get(folder) ?? 0, low.get(to) ?? 0));
      } else if (onStack.has(to)) {
        low.set(folder, Math.min(low.get(folder) ?? 0, index.get(to) ?? 0));
      }
    }
    if (low.get(folder) !== index.get(folder)) return;
    const group: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop();
      if (member === undefined) break;
      onStack.delete(member);
      group.push(member);
    } while (member !== folder);
    if (group.length > 1) groups.push(group.sort());
  };
  for (const folder of [...graph.keys()].sort()) if (!index.has(folder)) visit(folder);
  return groups;
}

/** One concrete way round a group, from its first folder back to it (a breadth-first search). */
function cycleThrough(
  group: readonly string[],
  graph: ReadonlyMap<string, ReadonlyMap<string, Edge>>,
): Edge[] {
  const members = new Set(group);
  const [start = ''] = group;
  const cameBy = new Map<string, Edge & { from: string }>();
  const queue = [start];
  for (let at = queue.shift(); at !== undefined; at = queue.shift()) {
    for (const edge of graph.get(at)?.values() ?? []) {
      if (!members.has(edge.to) || cameBy.has(edge.to)) continue;
      cameBy.set(edge.to, { ...edge, from: at });
      if (edge.to === start) break;
      queue.push(edge.to);
    }
    if (cameBy.has(start)) break;
  }
  const path: Edge[] = [];
  for (let step = cameBy.get(start); step !== undefined; step = cameBy.get(step.from)) {
    path.unshift(step);
    if (step.from === start) break;
  }
  return path;
}

/** A folder cycle as a reader meets it: its folders sorted (its key), and one way round with the imports. */
interface Cycle {
  readonly folders: string;
  readonly message: string;
}

/** Every folder-level import cycle among `files` (path relative to `src/` → text). */
function folderCycles(files: ReadonlyMap<string, string>): Cycle[] {
  const graph = folderGraph(files);
  return stronglyConnected(graph).map((group) => {
    const path = cycleThrough(group, graph);
    const way = [group[0], ...path.map((edge) => edge.to)].join(' → ');
    const because = path.map((edge) => edge.because).join('; ');
    return {
      folders: group.join(', '),
      message: `${group.join(', ')} import each other: ${way} (${because})`,
    };
  });
}

/** Each workspace package with a `src/` folder, and its TypeScript files relative to that folder. */
function packageSources(): Map<string, Map<string, string>> {
  const packages = new Map<string, Map<string, string>>();
  for (const path of sourceFiles()) {
    const match = /^((?:packages|apps)\/[^/]+)\/src\/(.+)$/.exec(path);
    if (!match?.[1] || !match[2] || !SOURCE.test(match[2]) || TEST.test(match[2])) continue;
    const files = packages.get(match[1]) ?? new Map<string, string>();
    files.set(match[2], readText(path));
    packages.set(match[1], files);
  }
  return packages;
}

const packages = packageSources();
const cyclesByPackage = new Map([...packages].map(([name, files]) => [name, folderCycles(files)]));

describe('folder-level import cycles', () => {
  it("no package's src/ has one, type-only imports included", () => {
    expect([...packages.keys()]).toEqual(
      expect.arrayContaining([
        'apps/api',
        'packages/query-dsl',
        'packages/integration-client',
        'packages/mongo-memory',
      ]),
    );
    const found = [...cyclesByPackage].flatMap(([name, cycles]) =>
      cycles.map((cycle) => `${name}: ${cycle.message}`),
    );
    expect(found).toEqual([]);
  });
});
