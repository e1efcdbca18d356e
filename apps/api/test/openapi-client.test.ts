/**
 * The OpenAPI document generates a strict client. The document the running service serves is
 * turned into TypeScript types with openapi-typescript (as a client developer would), then two
 * usage files are type-checked with the project's compiler settings: test/openapi-client/compiles.ts
 * must compile, and test/openapi-client/does-not-compile.ts must fail on exactly the lines its `✗`
 * comments announce — a misspelled filter, a string page, an unknown scope, …
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { build } from './helper.js';

const folder = fileURLToPath(new URL('./openapi-client/', import.meta.url));
const t = await build();
const served = (await t.app.inject({ method: 'GET', url: '/docs/json' })).body;
const document = JSON.parse(served) as Record<string, unknown>;

mkdirSync(`${folder}generated`, { recursive: true });
writeFileSync(`${folder}generated/schema.d.ts`, astToString(await openapiTS(served)));

/** Type errors of the usage files, by file, as `line: message`, with the project's strict settings. */
function typeErrors(files: readonly string[]): Map<string, Array<{ line: number; message: string }>> {
  const configPath = fileURLToPath(new URL('../../../tsconfig.base.json', import.meta.url));
  const config = ts.parseJsonConfigFileContent(
    ts.readConfigFile(configPath, (path) => ts.sys.readFile(path)).config,
    ts.sys,
    folder,
  );
  const program = ts.createProgram(
    files.map((file) => `${folder}${file}`),
    { ...config.options, noEmit: true },
  );
  const byFile = new Map(files.map((file) => [file, [] as Array<{ line: number; message: string }>]));
  for (const diagnostic of ts.getPreEmitDiagnostics(program)) {
    const file = files.find((name) => diagnostic.file?.fileName.endsWith(name));
    if (!file || !diagnostic.file) continue;
    byFile.get(file)!.push({
      line: diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start ?? 0).line + 1,
      message: ts.flattenDiagnosticMessageText(diagnostic.messageText, ' '),
    });
  }
  return byFile;
}

// One compiler run for both files (it dominates this test's time).
const errors = typeErrors(['compiles.ts', 'does-not-compile.ts']);

describe('a client generated from the OpenAPI document', () => {
  it('compiles the usage a client developer writes', () => {
    expect(errors.get('compiles.ts')).toEqual([]);
  });

  it('refuses each mistake, on its line and nowhere else', () => {
    const source = readFileSync(`${folder}does-not-compile.ts`, 'utf8').split('\n');
    const expected = source.flatMap((text, index) => (/^\s*\/\/ ✗/u.test(text) ? [index + 2] : []));
    expect(expected.length).toBeGreaterThanOrEqual(7);
    const found = errors.get('does-not-compile.ts') ?? [];
    const lines = [...new Set(found.map((error) => error.line))].sort((a, b) => a - b);
    expect(lines, JSON.stringify(found, null, 1)).toEqual(expected);
  });

  it('names the components after what they are', () => {
    const schemas = Object.keys((document.components as { schemas: object }).schemas);
    expect(schemas).toEqual(
      expect.arrayContaining(['Student', 'StudentCreate', 'StudentUpdate', 'ErrorEntry', 'ErrorCode']),
    );
    expect(schemas.filter((name) => /^def-\d+$/u.test(name))).toEqual([]);
  });
});
