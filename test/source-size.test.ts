/**
 * Source files stay small enough to read whole: no TypeScript file under a package's `src/` is over
 * 400 lines, and no function of the code that ships is over 80. A longer one is listed below with
 * why (a reviewed exception), so the limit is never raised silently.
 *
 * There is no exception today: each package was laid out so that a function does one step.
 */
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { readText, sourceFiles } from './files.js';

const MAX_FILE_LINES = 400;
const MAX_FUNCTION_LINES = 80;

/** `path` → why that file may be longer than MAX_FILE_LINES. None today. */
const LONG_FILES: Readonly<Record<string, string>> = {};

/** `path: function` → why that function may be longer than MAX_FUNCTION_LINES. None today. */
const LONG_FUNCTIONS: Readonly<Record<string, string>> = {};

const PACKAGE_SOURCE = /^(?:packages|apps)\/[^/]+\/src\/.+\.tsx?$/;
const TEST_FILE = /\.test\.tsx?$/;

const lineCount = (text: string): number => text.split('\n').length - (text.endsWith('\n') ? 1 : 0);

/** The name a function is known by: its own, or that of the variable or property holding it. */
function functionName(node: ts.FunctionLikeDeclaration): string {
  if (ts.isConstructorDeclaration(node)) return 'constructor';
  if (node.name) return node.name.getText();
  const parent = node.parent;
  if ((ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)) && parent.name) {
    return parent.name.getText();
  }
  return '<anonymous>';
}

/** `path: name (n lines)` for every function of `path` longer than MAX_FUNCTION_LINES. */
function longFunctions(path: string): Array<{ key: string; lines: number }> {
  const source = ts.createSourceFile(path, readText(path), ts.ScriptTarget.Latest, true);
  const found: Array<{ key: string; lines: number }> = [];
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body !== undefined) {
      const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const last = source.getLineAndCharacterOfPosition(node.end).line;
      const lines = last - first + 1;
      if (lines > MAX_FUNCTION_LINES) found.push({ key: `${path}: ${functionName(node)}`, lines });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const files = sourceFiles().filter((path) => PACKAGE_SOURCE.test(path));

describe('source size', () => {
  it(`no file under a package's src/ is over ${MAX_FILE_LINES} lines unless listed with why`, () => {
    expect(files.some((path) => path.startsWith('packages/mongo-memory/src/'))).toBe(true);
    const long = files
      .map((path) => ({ path, lines: lineCount(readText(path)) }))
      .filter(({ path, lines }) => lines > MAX_FILE_LINES && LONG_FILES[path] === undefined)
      .map(({ path, lines }) => `${path}: ${lines} lines`);
    expect(long).toEqual([]);
  });

  it(`no function of the shipped code is over ${MAX_FUNCTION_LINES} lines unless listed with why`, () => {
    const long = files
      .filter((path) => !TEST_FILE.test(path))
      .flatMap(longFunctions)
      .filter(({ key }) => LONG_FUNCTIONS[key] === undefined)
      .map(({ key, lines }) => `${key}: ${lines} lines`);
    expect(long).toEqual([]);
  });

  it('the in-process engine has no exception', () => {
    const exceptions = [...Object.keys(LONG_FILES), ...Object.keys(LONG_FUNCTIONS)];
    expect(exceptions.filter((key) => key.startsWith('packages/mongo-memory/'))).toEqual([]);
  });
});
