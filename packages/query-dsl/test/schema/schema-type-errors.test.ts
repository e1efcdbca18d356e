/**
 * A schema `defineCollection` cannot read a record type from is a compile error that says what to
 * do — not `'string' is not assignable to JsonSchemaType`, and not records whose every field is
 * `unknown`. The snippets are type-checked as a user's file would be, against the library's types.
 */
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const folder = join(import.meta.dirname, '..', 'types');

/** The messages of the errors TypeScript reports for `code`, checked as a file of test/types. */
function compileErrors(code: string): string[] {
  const file = join(folder, 'user-schema.ts');
  const config = ts.getParsedCommandLineOfConfigFile(
    join(folder, 'tsconfig.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: () => {},
    },
  );
  const host = ts.createCompilerHost(config!.options);
  const getSourceFile = host.getSourceFile;
  host.getSourceFile = (name, version, ...rest) =>
    name === file ? ts.createSourceFile(name, code, version) : getSourceFile(name, version, ...rest);
  const fileExists = host.fileExists;
  host.fileExists = (name) => name === file || fileExists(name);
  const program = ts.createProgram([file], { ...config!.options, noEmit: true }, host);
  return ts
    .getPreEmitDiagnostics(program)
    .filter((diagnostic) => diagnostic.file?.fileName === file)
    .map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
}

const header = "import { defineCollection, type JsonSchema } from '@school/query-dsl';\n";

describe('a schema no record type can be read from is refused with a message that says what to do', () => {
  it("held in a variable without 'as const', and typed JsonSchema", { timeout: 60_000 }, () => {
    const errors = compileErrors(`${header}
const widened = { type: 'object', properties: { title: { type: 'string' } } };
export const one = defineCollection('widened', { schema: widened });
const annotated: JsonSchema = { type: 'object', properties: { title: { type: 'string' } } };
export const two = defineCollection('annotated', { schema: annotated });
const literal = { type: 'object', properties: { title: { type: 'string' } } } as const;
export const three = defineCollection('literal', { schema: literal });
export const four = defineCollection('built', { schema: annotated, untyped: true });
`);
    expect(errors).toHaveLength(2);
    expect(errors[0]).toContain("defineCollection: pass the schema with 'as const'");
    expect(errors[0]).not.toContain('JsonSchemaType');
    expect(errors[1]).toContain(
      'defineCollection: this schema is typed `JsonSchema`, so every field of its records would be `unknown`.',
    );
    expect(errors[1]).toContain('pass `untyped: true`');
  });
});
