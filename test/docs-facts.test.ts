/**
 * What the repository's docs state about the repository itself, checked against it: no page quotes a
 * count of tests (it goes stale with every change; docs write `N`), every command that installs pnpm
 * is the README's. (The Layout sections are test/layout-docs.test.ts.)
 * (Defaults and routes quoted in the service's docs are checked against its code by
 * apps/api/test/docs/docs-facts.test.ts.)
 */
import { describe, expect, it } from 'vitest';
import { readText, sourceFiles } from './files.js';

const pages = sourceFiles().filter((path) => path.endsWith('.md'));
const readme = readText('README.md');

/** `path:line: text` for every line of the files that matches. */
function findLines(files: string[], pattern: RegExp): string[] {
  return files.flatMap((path) =>
    readText(path)
      .split('\n')
      .flatMap((line, index) => (pattern.test(line) ? [`${path}:${index + 1}: ${line.trim()}`] : [])),
  );
}

describe('counts of tests', () => {
  const COUNT =
    /Tests:\s+\d|\b\d[\d,]*\s+(?:tests|test files)\s+(?:passed|failed|skipped|ran|run)\b|\b\d[\d,]*\s+passed\b/i;

  it('are quoted by no page (write N: an exact count is stale after the next change)', () => {
    expect(findLines(pages, COUNT)).toEqual([]);
  });
});

describe('installing pnpm', () => {
  const command = /`(npm install --global pnpm@[^`]+)`/.exec(readme)?.[1];
  const files = sourceFiles().filter(
    (path) =>
      path !== 'pnpm-lock.yaml' &&
      !path.startsWith('test/') &&
      /(?:\.md|\.ya?ml|Dockerfile|^\.ci\/run)$/.test(path),
  );

  it('is done everywhere with the README command: Dockerfile, CI, workflows and docs', () => {
    const installs = findLines(files, /(?:npm|pnpm)\s+(?:install|i|add)\s+(?:-g|--global)\s+pnpm\b/);
    expect(installs.length).toBeGreaterThanOrEqual(4);
    expect(installs.filter((line) => !line.includes(command ?? '?') || /pnpm@10\.\d/.test(line))).toEqual([]);
  });
});
