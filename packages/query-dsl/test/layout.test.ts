/**
 * The layout the README describes holds: the root of `src/` keeps the entry points only, and no
 * folder imports (even for types) a folder that imports it back, directly or through others.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const src = join(import.meta.dirname, '..', 'src');
const IMPORT = /(?:import|export)[^'"]*?from\s+['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)/g;

/** The folder of a file under `src/` (`.` for the root). */
const folderOf = (file: string) => relative(src, file).split('/').slice(0, -1)[0] ?? '.';

function folderGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  const files = readdirSync(src, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
    .map((file) => join(src, file));
  for (const file of files) {
    const from = folderOf(file);
    const edges = graph.get(from) ?? new Set<string>();
    graph.set(from, edges);
    for (const match of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const to = folderOf(normalize(join(dirname(file), match[1] ?? match[2] ?? '')));
      if (to !== from) edges.add(to);
    }
  }
  return graph;
}

/** Every cycle's path, found by a depth-first walk (one per back edge). */
function cycles(graph: ReadonlyMap<string, ReadonlySet<string>>): string[] {
  const found: string[] = [];
  const state = new Map<string, 'open' | 'done'>();
  const walk = (node: string, path: string[]) => {
    state.set(node, 'open');
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === 'open') found.push([...path.slice(path.indexOf(next)), node, next].join(' → '));
      else if (!state.has(next)) walk(next, [...path, node]);
    }
    state.set(node, 'done');
  };
  for (const node of graph.keys()) if (!state.has(node)) walk(node, []);
  return found;
}

describe('the source layout', () => {
  it('keeps only the entry points at the root of src/', () => {
    const rootFiles = readdirSync(src, { withFileTypes: true })
      .filter((entry) => entry.isFile() && !entry.name.endsWith('.test.ts'))
      .map((entry) => entry.name);
    expect(rootFiles.sort()).toEqual(['index.ts', 'query-dsl.ts']);
  });

  it('has no folder that imports a folder importing it back', () => {
    const graph = folderGraph();
    expect(graph.get('validate')).toContain('plan');
    expect(cycles(graph)).toEqual([]);
  });

  it('finds a cycle when there is one', () => {
    const graph = new Map([
      ['a', new Set(['b'])],
      ['b', new Set(['c'])],
      ['c', new Set(['a'])],
    ]);
    expect(cycles(graph)).toEqual(['a → b → c → a']);
  });
});
