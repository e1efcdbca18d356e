/**
 * No TypeScript file casts through `unknown` or `never` (`x as unknown as T`, `x as never`): such a
 * cast turns the type checker off for one value, which is how wrong states stay representable.
 * Deliberately bad input in a test is marked `// @ts-expect-error` instead, so the compiler still
 * checks that it is refused. Nor does any file switch the checker off for a line or a whole file
 * (`// @ts-ignore`, `// @ts-nocheck`): Stryker writes the latter into the files it mutates in place,
 * and a commit made during a run once kept it in three test files, unchecked for a day.
 */
import { describe, expect, it } from 'vitest';
import { readText, sourceFiles } from './files.js';

const DOUBLE_CAST = /\bas\s+unknown\s+as\b|\bas\s+never\b/;
const CHECKER_OFF = /^\s*\/\/\s*@ts-(?:nocheck|ignore)\b/;
const THIS_FILE = 'test/no-double-casts.test.ts';

/** `path:line: text` for every cast through unknown or never, outside comments. */
function doubleCasts(path: string): string[] {
  return readText(path)
    .split('\n')
    .flatMap((line, index) => {
      const code = line.replace(/\/\/.*$/, '').replace(/^\s*\*.*$/, '');
      return DOUBLE_CAST.test(code) ? [`${path}:${index + 1}: ${line.trim()}`] : [];
    });
}

/** `path:line: text` for every `// @ts-nocheck` or `// @ts-ignore`. */
function checkerSwitchedOff(path: string): string[] {
  return readText(path)
    .split('\n')
    .flatMap((line, index) => (CHECKER_OFF.test(line) ? [`${path}:${index + 1}: ${line.trim()}`] : []));
}

const typeScriptFiles = () =>
  sourceFiles().filter((path) => /\.(?:c|m)?tsx?$/.test(path) && path !== THIS_FILE);

describe('type casts', () => {
  it('no TypeScript file of the repository casts through unknown or never', () => {
    const files = typeScriptFiles();
    expect(files.length).toBeGreaterThan(100);
    expect(files.flatMap(doubleCasts)).toEqual([]);
  });

  it('no TypeScript file of the repository switches the type checker off', () => {
    const files = typeScriptFiles();
    expect(files.length).toBeGreaterThan(100);
    expect(files.flatMap(checkerSwitchedOff)).toEqual([]);
  });
});
