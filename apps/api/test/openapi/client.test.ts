/**
 * The OpenAPI document generates a strict client. The document the running service serves is
 * turned into TypeScript types with openapi-typescript and its default options (as a client
 * developer would), then type-checked with `strict`, `exactOptionalPropertyTypes` and
 * `noUncheckedIndexedAccess`:
 * - test/openapi/client/compiles.ts (usage through openapi-fetch) must compile;
 * - test/openapi/client/does-not-compile.ts must fail on exactly the lines its `✗` comments
 *   announce — a misspelled filter, a string page, an unknown operator, …;
 * - the replies of the corpus (./openapi-corpus.ts), real bodies the service sent, must compile as
 *   the generated types of their operation and status.
 * An operator query is also sent through openapi-fetch to the service, to show that what the
 * types accept is what the service reads.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import createClient from 'openapi-fetch';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { build, type Json, SECRETS } from '../support/helper.js';
import { type Exchange, sendCorpus } from '../support/openapi-corpus.js';

/** The query parameters that change a reply's shape (filters only narrow which records come back). */
const RESERVED = /^(__\w+|select|populate|elemMatch|global_search|include_totals)(\[|$)/u;

const folder = fileURLToPath(new URL('./client/', import.meta.url));
// The corpus is larger than one token's default rate limit.
const t = await build({ env: { RATE_LIMIT_MAX: '100000' } });
const seed = await t.seed();
const served = (await t.app.inject({ method: 'GET', url: '/docs/json' })).body;
const document = JSON.parse(served) as Json;
const exchanges = await sendCorpus(t, document, seed);

mkdirSync(`${folder}generated`, { recursive: true });
writeFileSync(`${folder}generated/schema.d.ts`, astToString(await openapiTS(served)));
const replies = repliesOf(exchanges);
writeFileSync(`${folder}generated/replies.ts`, replies.source);

/**
 * The successful replies of the corpus as typed constants, one per operation, status and query
 * (the select-narrowed, populated and totals replies included).
 */
function repliesOf(corpus: readonly Exchange[]): { source: string; count: number } {
  const seen = new Set<string>();
  const lines = [
    "import type { paths } from './schema.js';",
    '',
    '/** The JSON body of an operation’s reply with a status, as the generated types say. */',
    'type Reply<P extends keyof paths, M extends keyof paths[P], S extends number> = paths[P][M] extends {',
    '  responses: infer R;',
    '}',
    '  ? S extends keyof R',
    "    ? R[S] extends { content: { 'application/json': infer B } }",
    '      ? B',
    '      : never',
    '    : never',
    '  : never;',
    '',
  ];
  for (const exchange of corpus) {
    if (exchange.status >= 300 || exchange.intent !== 'declared') continue;
    const { operation } = exchange;
    const names = [...new URLSearchParams(exchange.query).keys()];
    if (!names.every((name) => RESERVED.test(name))) continue;
    const keys = names.join('&');
    const key = `${operation.operationId} ${exchange.status} ${keys}`;
    if (seen.has(key)) continue;
    seen.add(key);
    lines.push(
      `// ${operation.operationId} ${exchange.label.replaceAll('\n', ' ')}`,
      `export const reply${seen.size}: Reply<${JSON.stringify(operation.path)}, ${JSON.stringify(operation.method)}, ${exchange.status}> = ${JSON.stringify(exchange.response)};`,
    );
  }
  return { source: `${lines.join('\n')}\n`, count: seen.size };
}

const STRICT = { strict: true, exactOptionalPropertyTypes: true, noUncheckedIndexedAccess: true } as const;

/** Type errors of the usage files, by file, as `line: message`, with the project's strict settings. */
function typeErrors(files: readonly string[]): Map<string, Array<{ line: number; message: string }>> {
  const configPath = fileURLToPath(new URL('../../../../tsconfig.base.json', import.meta.url));
  const config = ts.parseJsonConfigFileContent(
    ts.readConfigFile(configPath, (path) => ts.sys.readFile(path)).config,
    ts.sys,
    folder,
  );
  const program = ts.createProgram(
    files.map((file) => `${folder}${file}`),
    { ...config.options, ...STRICT, noEmit: true },
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

// One compiler run for every file (it dominates this test's time).
const errors = typeErrors(['compiles.ts', 'does-not-compile.ts', 'generated/replies.ts']);

describe('a client generated from the OpenAPI document', () => {
  it('compiles the usage a client developer writes', () => {
    expect(errors.get('compiles.ts')).toEqual([]);
  });

  it('refuses each mistake, on its line and nowhere else', () => {
    const source = readFileSync(`${folder}does-not-compile.ts`, 'utf8').split('\n');
    const expected = source.flatMap((text, index) => (/^\s*\/\/ ✗/u.test(text) ? [index + 2] : []));
    expect(expected.length).toBeGreaterThanOrEqual(13);
    const found = errors.get('does-not-compile.ts') ?? [];
    const lines = [...new Set(found.map((error) => error.line))].sort((a, b) => a - b);
    expect(lines, JSON.stringify(found, null, 1)).toEqual(expected);
  });

  it("types the service's real replies as their operation's reply types", () => {
    expect(replies.count).toBeGreaterThan(80);
    const found = errors.get('generated/replies.ts') ?? [];
    const source = replies.source.split('\n');
    expect(found.map((error) => `${source[error.line - 2]}: ${error.message.slice(0, 400)}`)).toEqual([]);
  });

  it('sends an operator query through openapi-fetch, typed, and the service reads it as meant', async () => {
    const client = createClient({
      baseUrl: 'http://127.0.0.1',
      headers: { Authorization: `Bearer ${SECRETS.schoolA}`, type: 'API' },
      fetch: async (request: Request) => {
        const url = new URL(request.url);
        const reply = await t.app.inject({
          method: 'GET',
          url: `${url.pathname}${url.search}`,
          headers: Object.fromEntries(request.headers),
        });
        return new Response(reply.body, { status: reply.statusCode });
      },
    });
    // Not imported statically: the project's type-check runs before the types are generated.
    const usage = `./client/${'compiles.js'}`;
    const { enrolledSince } = (await import(/* @vite-ignore */ usage)) as {
      enrolledSince: (api: typeof client, since: string) => Promise<string[]>;
    };
    // School A's enrolled students (José Pérez, Ana Núñez; Luis Müller is in another grade, also
    // enrolled), newest first by surname.
    expect(await enrolledSince(client, '2000-01-01')).toEqual(['Pérez', 'Núñez', 'Müller']);
    expect(await enrolledSince(client, '2999-01-01')).toEqual([]);
  });

  it('names the components after what they are', () => {
    const schemas = Object.keys((document.components as { schemas: object }).schemas);
    expect(schemas).toEqual(
      expect.arrayContaining(['Student', 'StudentCreate', 'StudentUpdate', 'ErrorEntry', 'ErrorCode']),
    );
    expect(schemas.filter((name) => /^def-\d+$/u.test(name))).toEqual([]);
  });
});
