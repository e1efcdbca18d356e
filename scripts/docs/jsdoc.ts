import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { repoRoot } from './tables.js';

/**
 * The documentation comment of each property of the object literal `name` is set to in `file`
 * (relative to the repository root), as an editor shows it: the text a generated table describes
 * each entry with, so the comment beside the value is the one description there is.
 */
export function propertyDocs(file: string, name: string): Map<string, string> {
  const source = ts.createSourceFile(
    file,
    readFileSync(join(repoRoot, file), 'utf8'),
    ts.ScriptTarget.ES2022,
    true,
  );
  let literal: ts.ObjectLiteralExpression | undefined;
  const visit = (node: ts.Node): void => {
    if (ts.isVariableDeclaration(node) && node.name.getText(source) === name && node.initializer) {
      let value: ts.Expression = node.initializer;
      while (ts.isAsExpression(value) || ts.isSatisfiesExpression(value)) value = value.expression;
      if (ts.isObjectLiteralExpression(value)) literal = value;
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  if (!literal) throw new Error(`${file} sets no object literal ${name}`);
  const docs = new Map<string, string>();
  for (const property of literal.properties) {
    const comment = ts
      .getJSDocCommentsAndTags(property)
      .filter(ts.isJSDoc)
      .map((doc) => ts.getTextOfJSDocComment(doc.comment) ?? '')
      .join(' ')
      .replace(/\s+/g, ' ')
      .trim();
    if (property.name) docs.set(property.name.getText(source), comment);
  }
  return docs;
}
