/**
 * A program may load a package twice — its ESM build by `import`, its CommonJS build by a
 * dependency's `require` — and then has two classes of each error. An error from either copy is
 * an `instanceof` the other's class of that name (and of its parents), never of another class:
 * checked on the packed tarballs, in a consumer project, with both builds loaded in one process.
 */
import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, inject, it } from 'vitest';

const consumer = inject('packedConsumer');

/**
 * Runs an ES module in the consumer project with `esm` and `cjs` (the package loaded both ways) in
 * scope; `entry` is an export whose two copies must differ (two builds loaded, not one). The
 * module fills `answers`, which is what it returns.
 */
async function withBothBuilds(pkg: string, entry: string, body: string): Promise<unknown> {
  const file = join(consumer, `${entry}.mjs`);
  writeFileSync(
    file,
    `import { createRequire } from 'node:module';
import * as esm from '${pkg}';
const cjs = createRequire(import.meta.url)('${pkg}');
if (esm.${entry} === cjs.${entry}) throw new Error('one build loaded, not two');
const answers = {};
${body}
console.log(JSON.stringify(answers));
`,
  );
  const { stdout } = await promisify(execFile)(process.execPath, [file], { cwd: consumer });
  return JSON.parse(stdout);
}

describe('@school/mongo-memory errors are recognised across its ESM and CommonJS builds', () => {
  it('as the class that made them, in both directions, and as no other class', {
    timeout: 60_000,
  }, async () => {
    const answers = await withBothBuilds(
      '@school/mongo-memory',
      'MemoryMongoClient',
      `const db = new cjs.MemoryMongoClient().db('school');
const unsupported = (() => { try { db.watch(); } catch (error) { return error; } })();
await db.collection('students').createIndex({ email: 1 }, { unique: true });
await db.collection('students').insertOne({ email: 'ana@example.org' });
const duplicate = await db.collection('students').insertOne({ email: 'ana@example.org' }).catch((error) => error);
const invalid = await db.collection('students').updateOne({}, { email: 'x' }).catch((error) => error);
answers.unsupported = [unsupported instanceof esm.MemoryEngineUnsupportedError, unsupported instanceof esm.MemoryServerError, unsupported.code];
answers.duplicate = [duplicate instanceof esm.MemoryServerError, duplicate instanceof esm.MemoryEngineUnsupportedError, duplicate.code];
answers.invalid = [invalid instanceof esm.MemoryInvalidArgumentError, invalid instanceof esm.MemoryServerError];
answers.fromEsm = [new esm.MemoryEngineUnsupportedError('$text') instanceof cjs.MemoryEngineUnsupportedError, new esm.MemoryEngineUnsupportedError('$text') instanceof cjs.MemoryInvalidArgumentError];
answers.plain = [new Error('x') instanceof esm.MemoryEngineUnsupportedError, null instanceof esm.MemoryServerError];`,
    );
    expect(answers).toEqual({
      unsupported: [true, false, 'MEMORY_ENGINE_UNSUPPORTED'],
      duplicate: [true, false, 11000],
      invalid: [true, false],
      fromEsm: [true, false],
      plain: [false, false],
    });
  });
});

describe('@school/integration-client errors are recognised across its ESM and CommonJS builds', () => {
  it('as the class that made them and its parents, and as no other class', { timeout: 60_000 }, async () => {
    const answers = await withBothBuilds(
      '@school/integration-client',
      'createIntegrationClient',
      `const invalid = (() => { try { cjs.createIntegrationClient({ baseUrl: 'ftp://x' }); } catch (error) { return error; } })();
const http = new cjs.DeliveryHttpError({ method: 'POST', url: 'https://erp.example/api', status: 503 });
answers.invalid = [invalid instanceof esm.InvalidOptionsError, invalid instanceof esm.IntegrationClientError, invalid instanceof esm.DeliveryError, esm.IntegrationClientError.isInstance(invalid)];
answers.http = [http instanceof esm.DeliveryHttpError, http instanceof esm.DeliveryError, http instanceof esm.IntegrationClientError, http instanceof esm.DeliveryTimeoutError, http instanceof esm.InvalidOptionsError];
answers.fromEsm = [new esm.InvalidPayloadError('students', []) instanceof cjs.InvalidPayloadError, new esm.InvalidPayloadError('students', []) instanceof cjs.InvalidRecordError];
answers.plain = [new Error('x') instanceof esm.IntegrationClientError, 'text' instanceof esm.DeliveryError];`,
    );
    expect(answers).toEqual({
      invalid: [true, true, false, true],
      http: [true, true, true, false, false],
      fromEsm: [true, false],
      plain: [false, false],
    });
  });
});
