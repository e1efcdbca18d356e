import ts from 'typescript';
import { readText, sourceFiles } from './files.js';

/** One regular expression written in the source: where it is, and its pattern and flags. */
export interface SourceRegex {
  readonly file: string;
  readonly line: number;
  readonly source: string;
  readonly flags: string;
}

/** A `new RegExp(...)` / `RegExp(...)` whose pattern is computed, so no analyser can read it. */
export interface DynamicRegex {
  readonly file: string;
  readonly line: number;
  readonly text: string;
}

/**
 * The code that runs for users: every package's and app's `src/`, the scripts an app ships and the
 * examples a package ships; not tests, benchmarks or the repository's own tooling.
 */
const SHIPPED = /^(?:packages|apps)\/[^/]+\/(?:src|scripts|examples)\/.+\.(?:[cm]?ts|[cm]?js)$/;
const TEST_FILE = /\.test\.[cm]?[jt]s$/;

export function shippedCodeFiles(): string[] {
  return sourceFiles().filter(
    (path) => SHIPPED.test(path) && !TEST_FILE.test(path) && !path.endsWith('.d.ts'),
  );
}

/** Every regular expression literal and every `RegExp` built from a literal pattern in `file`. */
export function regexesIn(file: string): { literal: SourceRegex[]; dynamic: DynamicRegex[] } {
  const text = readText(file);
  const sourceFile = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const literal: SourceRegex[] = [];
  const dynamic: DynamicRegex[] = [];
  const lineOf = (node: ts.Node) => sourceFile.getLineAndCharacterOfPosition(node.getStart()).line + 1;

  const visit = (node: ts.Node): void => {
    if (ts.isRegularExpressionLiteral(node)) {
      const closing = node.text.lastIndexOf('/');
      literal.push({
        file,
        line: lineOf(node),
        source: node.text.slice(1, closing),
        flags: node.text.slice(closing + 1),
      });
    } else if (
      (ts.isNewExpression(node) || ts.isCallExpression(node)) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === 'RegExp'
    ) {
      const [pattern, flags] = node.arguments ?? [];
      if (pattern && ts.isStringLiteralLike(pattern) && (!flags || ts.isStringLiteralLike(flags))) {
        literal.push({ file, line: lineOf(node), source: pattern.text, flags: flags?.text ?? '' });
      } else {
        dynamic.push({ file, line: lineOf(node), text: node.getText(sourceFile) });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return { literal, dynamic };
}
