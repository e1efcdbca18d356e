/**
 * The curl examples of the root README ("Trying the API", the ```sh blocks), run as written against
 * a listening app started with the README's DEMO_TOKEN and the demo data: each `curl` line is read
 * like a shell would (quotes, escapes, `$VAR`, the `"${H[@]}"` array, line continuations, `$(...)`
 * into a variable) and sent with fetch. Every example answers 2xx, except the one documented as an
 * error, whose documented output must be what the service answers. What the prose says of two
 * examples is checked against their answers: a search result carries the whole `user` and
 * `relational_data` whatever `select` says, and a chain of references resolves the reference on the
 * way with the fields the example lists for it.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config/app-config.js';
import { loadDemoData } from '../../src/demo/demo-data.js';
import { testDatabase } from '../support/database.js';
import type { Json } from '../support/helper.js';

const README = fileURLToPath(new URL('../../../../README.md', import.meta.url));
const APP_README = fileURLToPath(new URL('../../README.md', import.meta.url));

/** One logical shell line of a block, and the `#` comment lines right after it. */
interface Line {
  text: string;
  comments: string[];
  /** The prose paragraph before the block the line is in. */
  prose: string;
}

/** The ```sh blocks of a section, as logical lines (continuations joined). */
function shellLines(markdown: string, section: string): Line[] {
  const start = markdown.indexOf(`## ${section}`);
  if (start < 0) throw new Error(`README has no "## ${section}" section`);
  const end = markdown.indexOf('\n## ', start + 4);
  const text = markdown.slice(start, end < 0 ? undefined : end);
  const lines: Line[] = [];
  const fence = /```sh\n([\s\S]*?)```/g;
  let last = 0;
  for (let match = fence.exec(text); match; match = fence.exec(text)) {
    const prose = text.slice(last, match.index).trim().split('\n\n').at(-1) ?? '';
    last = match.index + match[0].length;
    const body = match[1]!.replace(/\s*\\\n\s*/g, ' ');
    for (const raw of body.split('\n')) {
      const line = raw.trim();
      if (!line) continue;
      if (line.startsWith('#')) lines.at(-1)?.comments.push(line.replace(/^#\s?/, '').trim());
      else lines.push({ text: line, comments: [], prose });
    }
  }
  return lines;
}

/**
 * Splits a shell line into words as bash would for these examples: single quotes, double quotes
 * with `\"` `\$` `\\` escapes, `$VAR` / `${VAR}` expansion, `"${ARRAY[@]}"` as several words,
 * and a `#` comment at the start of a word.
 */
function shellWords(line: string, vars: ReadonlyMap<string, string[]>): string[] {
  const words: string[] = [];
  let word = '';
  let started = false;
  const scalar = (name: string) => {
    const value = vars.get(name);
    if (value === undefined) throw new Error(`$${name} is not set`);
    return value.join(' ');
  };
  const expand = (from: number): [string, number] => {
    const braced = /^\$\{(\w+)\}/.exec(line.slice(from));
    if (braced) return [scalar(braced[1]!), from + braced[0].length];
    const plain = /^\$(\w+)/.exec(line.slice(from));
    if (plain) return [scalar(plain[1]!), from + plain[0].length];
    return ['$', from + 1];
  };
  let index = 0;
  while (index < line.length) {
    const char = line[index]!;
    if (/\s/.test(char)) {
      if (started) words.push(word);
      word = '';
      started = false;
      index++;
    } else if (char === '#' && !started) {
      break;
    } else if (char === "'") {
      const close = line.indexOf("'", index + 1);
      word += line.slice(index + 1, close);
      started = true;
      index = close + 1;
    } else if (char === '"') {
      const array = /^"\$\{(\w+)\[@\]\}"/.exec(line.slice(index));
      if (array && !started) {
        words.push(...(vars.get(array[1]!) ?? []));
        index += array[0].length;
        continue;
      }
      started = true;
      index++;
      while (line[index] !== '"') {
        if (index >= line.length) throw new Error(`unclosed quote in ${line}`);
        const inner = line[index]!;
        if (inner === '\\' && '"$\\`'.includes(line[index + 1] ?? '')) {
          word += line[index + 1];
          index += 2;
        } else if (inner === '$') {
          const [value, next] = expand(index);
          word += value;
          index = next;
        } else {
          word += inner;
          index++;
        }
      }
      index++;
    } else if (char === '\\') {
      word += line[index + 1] ?? '';
      started = true;
      index += 2;
    } else if (char === '$') {
      const [value, next] = expand(index);
      word += value;
      started = true;
      index = next;
    } else {
      word += char;
      started = true;
      index++;
    }
  }
  if (started) words.push(word);
  return words;
}

/** What `curl --data-urlencode` does to the content after the first `=`. */
function curlEncode(text: string): string {
  return [...Buffer.from(text, 'utf8')]
    .map((byte) =>
      /[A-Za-z0-9\-._~]/.test(String.fromCharCode(byte))
        ? String.fromCharCode(byte)
        : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`,
    )
    .join('');
}

interface CurlRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string | undefined;
}

/** The request a `curl` command line (flags -s -g -G -X -H -d --data-urlencode) sends. */
function curlRequest(words: readonly string[]): CurlRequest {
  if (words[0] !== 'curl') throw new Error(`not a curl command: ${words.join(' ')}`);
  let method: string | undefined;
  let get = false;
  let url: string | undefined;
  const headers: Record<string, string> = {};
  const data: string[] = [];
  for (let index = 1; index < words.length; index++) {
    const word = words[index]!;
    const next = () => {
      const value = words[++index];
      if (value === undefined) throw new Error(`${word} needs a value`);
      return value;
    };
    if (word === '-X' || word === '--request') method = next();
    else if (word === '-H' || word === '--header') {
      const header = next();
      const colon = header.indexOf(':');
      headers[header.slice(0, colon).trim().toLowerCase()] = header.slice(colon + 1).trim();
    } else if (word === '-d' || word === '--data') data.push(next());
    else if (word === '--data-urlencode') {
      const value = next();
      const equals = value.indexOf('=');
      data.push(
        equals < 0 ? curlEncode(value) : `${value.slice(0, equals)}=${curlEncode(value.slice(equals + 1))}`,
      );
    } else if (/^-[sgG]+$/.test(word)) {
      if (word.includes('G')) get = true;
    } else if (word.startsWith('-')) throw new Error(`curl flag ${word} is not understood by this test`);
    else url = word;
  }
  if (!url) throw new Error(`no URL in ${words.join(' ')}`);
  if (get && data.length > 0) {
    url += (url.includes('?') ? '&' : '?') + data.join('&');
    return { method: method ?? 'GET', url, headers, body: undefined };
  }
  const body = data.length > 0 ? data.join('&') : undefined;
  return { method: method ?? (body === undefined ? 'GET' : 'POST'), url, headers, body };
}

async function send(request: CurlRequest): Promise<{ status: number; text: string }> {
  const response = await fetch(request.url, {
    method: request.method,
    headers: request.headers,
    ...(request.body === undefined ? {} : { body: request.body }),
  });
  return { status: response.status, text: await response.text() };
}

// ---------------------------------------------------------------------------------------------------

const lines = shellLines(readFileSync(README, 'utf8'), 'Trying the API');
const vars = new Map<string, string[]>();

// The set-up lines: how the README starts the host, and the variables the examples use.
const startLine = lines.find((line) => /\bpnpm start\b/.test(line.text));
if (!startLine) throw new Error('README does not show how to start the host');
const startEnv = Object.fromEntries(
  startLine.text
    .split(/\s+/)
    .filter((word) => /^\w+=/.test(word))
    .map((word) => [word.slice(0, word.indexOf('=')), word.slice(word.indexOf('=') + 1)]),
);

const readmeDatabase = await testDatabase();
const app = await buildApp({
  config: loadConfig({ ...startEnv, LOG_LEVEL: 'silent' }),
  database: readmeDatabase,
  logger: false,
});
// The host loads demo data only into embedded databases; on a real MongoDB the test loads it.
if (readmeDatabase.mode === 'mongodb') await loadDemoData(app.school.store);
await app.listen({ port: 0, host: '127.0.0.1' });
const { port } = app.server.address() as { port: number };
const base = `http://127.0.0.1:${port}`;
afterAll(async () => {
  await app.close();
  await readmeDatabase.closeForReal();
});

type Step =
  | { kind: 'assign'; line: Line; values: Array<[string, string[]]> }
  | { kind: 'substitute'; line: Line; name: string; command: string }
  | { kind: 'curl'; line: Line };

const steps: Step[] = [];
for (const line of lines) {
  if (line === startLine) continue;
  const array = /^(\w+)=\((.*)\)$/.exec(line.text);
  const substitution = /^(\w+)=\$\((.*)\)$/.exec(line.text);
  if (substitution)
    steps.push({ kind: 'substitute', line, name: substitution[1]!, command: substitution[2]! });
  else if (array) steps.push({ kind: 'assign', line, values: [[array[1]!, shellWords(array[2]!, vars)]] });
  else if (/^curl\s/.test(line.text)) steps.push({ kind: 'curl', line });
  else if (/^(\w+=\S*\s*)+$/.test(line.text)) {
    const values = line.text
      .split(/\s+/)
      .map((word): [string, string[]] => [
        word.slice(0, word.indexOf('=')),
        [word.slice(word.indexOf('=') + 1)],
      ]);
    steps.push({ kind: 'assign', line, values });
    for (const [name, value] of values) vars.set(name, value);
  } else throw new Error(`README line not understood: ${line.text}`);
}
vars.clear();

describe('README "Trying the API"', () => {
  it('starts the host with DEMO_TOKEN at the address the examples use', () => {
    expect(startEnv.DEMO_TOKEN).toEqual(expect.any(String));
    expect(app.school.demoToken).toBe(startEnv.DEMO_TOKEN);
    const defaults = loadConfig({});
    const documentedBase = steps
      .flatMap((step) => (step.kind === 'assign' ? step.values : []))
      .find(([name]) => name === 'BASE')?.[1][0];
    expect(documentedBase).toBe(`http://${defaults.host}:${defaults.port}`);
  });

  it('shows a dozen examples, one of them a documented error', () => {
    const curls = steps.filter((step) => step.kind === 'curl');
    expect(curls.length).toBeGreaterThanOrEqual(12);
    expect(curls.filter((step) => step.line.comments.length > 0)).toHaveLength(1);
  });

  for (const step of steps) {
    if (step.kind === 'assign') {
      it(`sets ${step.values.map(([name]) => name).join(', ')}`, () => {
        for (const [name, value] of step.values) vars.set(name, name === 'BASE' ? [base] : value);
        // The array assignment is read again now that TOKEN is set.
        const array = /^(\w+)=\((.*)\)$/.exec(step.line.text);
        if (array) vars.set(array[1]!, shellWords(array[2]!, vars));
        expect(vars.size).toBeGreaterThan(0);
      });
    } else if (step.kind === 'substitute') {
      it(`${step.line.text} sets $${step.name}`, async () => {
        const words = shellWords(step.command, vars);
        const pipe = words.indexOf('|');
        const curl = pipe < 0 ? words : words.slice(0, pipe);
        const reply = await send(curlRequest(curl));
        expect(reply.status, reply.text).toBeGreaterThanOrEqual(200);
        expect(reply.status, reply.text).toBeLessThan(300);
        let output = reply.text;
        if (pipe >= 0) {
          const [program, ...args] = words.slice(pipe + 1);
          expect(program).toBe('node');
          output = execFileSync(process.execPath, args, { input: reply.text, encoding: 'utf8' });
        }
        vars.set(step.name, [output.trim()]);
        expect(output.trim()).toMatch(/^[0-9a-f]{24}$/);
      });
    } else {
      const documented = step.line.comments.length > 0;
      it(`${step.line.text} answers ${documented ? 'the documented error' : '2xx'}`, async () => {
        const request = curlRequest(shellWords(step.line.text, vars));
        const reply = await send(request);
        const body = JSON.parse(reply.text) as Json;
        if (documented) {
          const status = Number(/\b(4\d\d)\b/.exec(step.line.prose)?.[1]);
          expect(status, 'the prose before the example names its status').toBe(400);
          expect(reply.status).toBe(status);
          expect(body).toEqual(JSON.parse(step.line.comments.join('')));
          return;
        }
        expect(reply.status, reply.text).toBeGreaterThanOrEqual(200);
        expect(reply.status, reply.text).toBeLessThan(300);
        expect(body.errors).toEqual([]);
        if (request.method === 'GET') {
          const records = Array.isArray(body.response) ? body.response : body.response.results;
          expect(records.length, 'the example finds demo records').toBeGreaterThan(0);
        }
      });
    }
  }
});

/** The path and query of the README's curl line that contains `marker`, unescaped as bash would. */
function examplePath(marker: string): string {
  const line = lines.find(
    (candidate) => candidate.text.startsWith('curl ') && candidate.text.includes(marker),
  );
  const url = /"\$BASE(\/api\/[^"\\]*(?:\\.[^"\\]*)*)"/.exec(line?.text ?? '')?.[1];
  if (!url) throw new Error(`README has no curl line with ${marker}`);
  return url.replace(/\\(["$\\])/g, '$1');
}

/** The records a GET answers, asked with the README's demo token. */
async function records(path: string): Promise<Json[]> {
  const reply = await app.inject({
    method: 'GET',
    url: path,
    headers: { authorization: `Bearer ${startEnv.DEMO_TOKEN}`, type: 'API' },
  });
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json().response;
}

// What the README's prose says about two of its examples, checked against the answers.
describe('the README search example', () => {
  const path = examplePath('global_search=jose+8vo');

  it('answers the whole user and relational_data, plus what select names', async () => {
    const selected = new URLSearchParams(path.split('?')[1]).get('select')?.split(' ') ?? [];
    const found = await records(path);
    expect(found.length).toBeGreaterThan(0);
    for (const record of found) {
      expect(Object.keys(record).sort()).toEqual(['_id', 'relational_data', 'user', ...selected].sort());
      expect(Object.keys(record.user)).toEqual(
        expect.arrayContaining(['name', 'surname', 'email', 'id_card']),
      );
      expect(record.relational_data.all).toMatch(/José/);
    }
  });
});

describe('the README populate example', () => {
  const path = examplePath('populate=');
  const populate = JSON.parse(new URLSearchParams(path.split('?')[1]).get('populate') ?? '{}');

  it('lists the reference on the way of its chain', () => {
    expect(populate).toMatchObject({ 'years.group.section': 'name', 'years.group': 'name' });
  });

  it("brings each grade with the fields listed and its section's name", async () => {
    const groups = (await records(path))
      .flatMap((record) => record.years ?? [])
      .map((year: Json) => year.group);
    expect(groups.length).toBeGreaterThan(0);
    for (const group of groups) {
      expect(Object.keys(group).sort()).toEqual(['_id', 'name', 'section']);
      expect(Object.keys(group.section).sort()).toEqual(['_id', 'name']);
    }
  });

  it('would bring the grade with every field if the chain were listed alone', async () => {
    const { 'years.group': _, ...chainOnly } = populate;
    const found = await records(`/api/students?populate=${encodeURIComponent(JSON.stringify(chainOnly))}`);
    const group = found.flatMap((record) => record.years ?? [])[0]?.group;
    expect(Object.keys(group)).toEqual(
      expect.arrayContaining(['name', 'code', 'school', 'active', 'section']),
    );
  });
});

describe('apps/api README', () => {
  const text = readFileSync(APP_README, 'utf8');

  it('is one page: its title and every section heading appear once', () => {
    // Lines inside fenced code blocks (a shell comment, a scrape) are not headings.
    const prose = text.replace(/^```[\s\S]*?^```$/gm, '');
    const headings: string[] = prose.match(/^#{1,2} .*$/gm) ?? [];
    expect(headings.filter((heading) => heading.startsWith('# '))).toHaveLength(1);
    expect(headings.filter((heading, index) => headings.indexOf(heading) !== index)).toEqual([]);
  });
});
