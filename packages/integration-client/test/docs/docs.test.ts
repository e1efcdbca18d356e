import { execFile, execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { clientOptionNames } from '../../src/delivery/options.js';
import { createSigner } from '../../src/delivery/signing.js';
import * as api from '../../src/index.js';
import { compactJson } from '../support/compact-json.js';

const root = new URL('../../', import.meta.url);
const read = (path: string) => readFileSync(new URL(path, root), 'utf8');
const docs = ['README.md', 'docs/client.md', 'docs/external-system.md'];
const exampleFiles = readdirSync(new URL('examples/', root)).map((name) => `examples/${name}`);

/** Blocks introduced by `<!-- kind: name -->` right above a fenced code block. */
function markedBlocks(text: string, kind: string): { name: string; code: string }[] {
  const pattern = new RegExp(`<!-- ${kind}: (\\S+) -->\\n\`\`\`\\w*\\n([\\s\\S]*?)\\n\`\`\`\\n`, 'g');
  return [...text.matchAll(pattern)].map((m) => ({ name: m[1]!, code: m[2]! }));
}

const schemas: Record<string, unknown> = {
  'payloadSchemas.students': api.payloadSchemas.students,
  'payloadSchemas.parents': api.payloadSchemas.parents,
  'payloadSchemas.grades': api.payloadSchemas.grades,
  'patchSchemas.students': api.patchSchemas.students,
  'patchSchemas.parents': api.patchSchemas.parents,
  'patchSchemas.grades': api.patchSchemas.grades,
  'replySchemas.create.students': api.replySchemas.create.students,
  'replySchemas.create.grades': api.replySchemas.create.grades,
  'replySchemas.update': api.replySchemas.update,
  failureNoticeSchema: api.failureNoticeSchema,
};

describe.each(docs)('%s', (doc) => {
  const text = read(doc);

  it('includes its examples verbatim', () => {
    const blocks = markedBlocks(text, 'example');
    expect(blocks.length).toBeGreaterThan(0);
    for (const { name, code } of blocks) expect(code, name).toBe(read(name).trimEnd());
    expect(text.match(/^<!-- example: .* -->$/gm)?.length).toBe(blocks.length);
  });

  it('prints the JSON Schemas as the package exports them', () => {
    for (const { name, code } of markedBlocks(text, 'schema')) {
      expect(schemas[name], name).toBeDefined();
      expect(code, name).toBe(compactJson(schemas[name]));
    }
    expect(text.match(/^<!-- schema: .* -->$/gm)?.length ?? 0).toBe(markedBlocks(text, 'schema').length);
  });

  it('links only to files that exist in the package', () => {
    const base = new URL(doc, root);
    for (const [, target] of text.matchAll(/\]\(((?!https?:|#|\.\.\/\.\.\/)[^)#]+)(?:#[^)]*)?\)/g)) {
      expect(existsSync(new URL(target!, base)), `${doc} links to ${target}`).toBe(true);
    }
  });
});

describe('the docs together', () => {
  const all = docs.map(read).join('\n');

  it('include every example file', () => {
    for (const file of exampleFiles) expect(all, file).toContain(`<!-- example: ${file} -->`);
  });

  it('print every schema the package exports', () => {
    for (const name of Object.keys(schemas)) expect(all, name).toContain(`<!-- schema: ${name} -->`);
  });

  it('list every option in a table (the error classes are docs/errors.md, test/errors/catalogue.test.ts)', () => {
    const readme = all;
    for (const name of clientOptionNames) expect(readme, name).toContain(`| \`${name}\` |`);
  });
});

describe('the examples run', () => {
  it.each(exampleFiles.filter((file) => file.endsWith('.ts')))('%s', async (file) => {
    await import(`../../${file}`);
  });

  const python = ['python3', 'python'].find((cmd) => {
    try {
      execFileSync(cmd, ['--version'], { stdio: 'ignore' });
      return true;
    } catch {
      return false;
    }
  });

  it.skipIf(python === undefined)('examples/verify-signature.py accepts what the client signs', async () => {
    const secret = api.generateSigningSecret();
    const body = JSON.stringify({ name: 'Zoë', surname: 'Ñandú 😀' });
    const timestamp = Math.floor(Date.now() / 1000);
    const headers = {
      'webhook-id': 'create-students-65f0c2a1b4d3e2f1a0b9c801',
      'webhook-timestamp': String(timestamp),
      'webhook-signature': createSigner([api.generateSigningSecret(), secret])(
        'create-students-65f0c2a1b4d3e2f1a0b9c801',
        timestamp,
        body,
      ),
    };
    const script = `${read('examples/verify-signature.py')}
import json, sys
args = json.loads(sys.argv[1])
ok = verify(args["secret"], args["headers"], args["body"].encode())
bad = verify(args["secret"], args["headers"], args["body"].encode() + b" ")
print(json.dumps([ok, bad]))
`;
    const { stdout } = await promisify(execFile)(python!, [
      '-c',
      script,
      JSON.stringify({ secret, headers, body }),
    ]);
    expect(JSON.parse(stdout)).toEqual([true, false]);
  });
});
