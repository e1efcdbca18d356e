/**
 * The public surface as users meet it. The list of exports is read from `src/index.ts` by the
 * compiler, never copied here: every export resolves at run time (a value) or in the type checker
 * (a type), has a type that is not `any`, carries its documentation where it is declared (what an
 * editor shows), and is named in the README's API reference.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import type {
  Canonical,
  CollectionPatch,
  CollectionPayload,
  GradePatch,
  ParentPatch,
  StudentPatch,
  StudentPayload,
} from '../src/index.js';
import * as api from '../src/index.js';

const packageDir = fileURLToPath(new URL('../', import.meta.url));
const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');

interface Export {
  readonly name: string;
  readonly isValue: boolean;
  readonly symbol: ts.Symbol;
}

let checker: ts.TypeChecker;
let exports: Export[];

beforeAll(() => {
  const configPath = `${packageDir}tsconfig.json`;
  const config = ts.getParsedCommandLineOfConfigFile(
    configPath,
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
      },
    },
  );
  if (config === undefined) throw new Error(`cannot read ${configPath}`);
  const entry = `${packageDir}src/index.ts`;
  const program = ts.createProgram([entry], { ...config.options, noEmit: true });
  checker = program.getTypeChecker();
  const module = checker.getSymbolAtLocation(program.getSourceFile(entry)!)!;
  exports = checker.getExportsOfModule(module).map((exported) => {
    const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
    return { name: exported.name, isValue: (symbol.flags & ts.SymbolFlags.Value) !== 0, symbol };
  });
}, 120_000);

/** The README's API reference section. */
function apiReference(): string {
  const start = readme.indexOf('\n## API reference\n');
  const end = readme.indexOf('\n## ', start + 1);
  expect(start, 'README has an API reference').toBeGreaterThan(0);
  return readme.slice(start, end);
}

describe('the public surface', () => {
  it('exports values and types (the compiler sees more than a handful of each)', () => {
    expect(exports.filter((e) => e.isValue).length).toBeGreaterThan(20);
    expect(exports.filter((e) => !e.isValue).length).toBeGreaterThan(20);
  });

  it('has at run time exactly the values the types declare, none undefined', () => {
    const declared = exports.filter((e) => e.isValue).map((e) => e.name);
    expect(Object.keys(api).sort()).toEqual([...declared].sort());
    const runtime: Readonly<Record<string, unknown>> = api;
    expect(declared.filter((name) => runtime[name] === undefined)).toEqual([]);
  });

  it('types every export (no `any`)', () => {
    const untyped = exports.filter(({ isValue, symbol }) => {
      const type = isValue ? checker.getTypeOfSymbol(symbol) : checker.getDeclaredTypeOfSymbol(symbol);
      return (type.flags & ts.TypeFlags.Any) !== 0;
    });
    expect(untyped.map((e) => e.name)).toEqual([]);
  });

  it('documents every export where it is declared', () => {
    const undocumented = exports.filter((e) => e.symbol.getDocumentationComment(checker).length === 0);
    expect(undocumented.map((e) => e.name)).toEqual([]);
  });

  it("names every export in the README's API reference", () => {
    const section = apiReference();
    const missing = exports.filter(
      (e) => !section.includes(`\`${e.name}\``) && !section.includes(`\`${e.name}<`),
    );
    expect(missing.map((e) => e.name)).toEqual([]);
  });

  it('documents every client option, with its default unless it is required', () => {
    const options = exports.find((e) => e.name === 'IntegrationClientOptions');
    expect(options).toBeDefined();
    const properties = checker.getDeclaredTypeOfSymbol(options!.symbol).getProperties();
    expect(properties.map((p) => p.name)).toContain('baseUrl');
    const problems = properties.flatMap((property) => {
      const optional = (property.flags & ts.SymbolFlags.Optional) !== 0;
      if (property.getDocumentationComment(checker).length === 0)
        return [`${property.name}: no documentation`];
      if (optional && !property.getJsDocTags(checker).some((tag) => tag.name === 'default')) {
        return [`${property.name}: no @default`];
      }
      return [];
    });
    expect(problems).toEqual([]);
  });

  it('keeps VERSION equal to package.json', () => {
    const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
    expect(api.VERSION).toBe(pkg.version);
  });
});

describe('the types users write against', () => {
  it('turn dates and ObjectIds into strings, and tie payloads and patches to their collection', () => {
    expectTypeOf<Canonical<{ at: Date; id: { toHexString(): string } }>>().toEqualTypeOf<{
      at: string;
      id: string;
    }>();
    expectTypeOf<StudentPatch['email']>().toEqualTypeOf<string | null | undefined>();
    expectTypeOf<StudentPatch['name']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<ReturnType<typeof api.diffPayload<StudentPayload>>>().toExtend<StudentPatch | undefined>();
    expectTypeOf<CollectionPayload<'students'>>().toEqualTypeOf<{
      readonly collection: 'students';
      readonly payload: StudentPayload;
    }>();
    expectTypeOf<CollectionPatch>().toEqualTypeOf<
      | { readonly collection: 'students'; readonly patch: StudentPatch }
      | { readonly collection: 'parents'; readonly patch: ParentPatch }
      | { readonly collection: 'grades'; readonly patch: GradePatch }
    >();
  });
});
