/**
 * The configuration (`loadConfig(env)`): every problem reported at once, the production guard,
 * API_TOKENS / API_TOKENS_FILE, token_sha256 tokens and the demo token.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { type AppConfig, loadConfig } from '../../src/config/app-config.js';
import { configProblems } from '../support/config-problems.js';
import { type Json, memoryDatabase } from '../support/helper.js';

const SECRET = 'a-configured-secret-000000001';
const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const token = (fields: object) => ({ name: 'ops', token: SECRET, scopes: ['read'], schools: '*', ...fields });

const apps: Array<{ app: FastifyInstance; close(): Promise<void> }> = [];
afterAll(async () => {
  for (const { close } of apps) await close();
});

/** An app on a fresh in-process database for a configuration. */
async function appFor(config: AppConfig): Promise<FastifyInstance> {
  const database = memoryDatabase();
  const app = await buildApp({ config, database, logger: false });
  apps.push({
    app,
    close: async () => {
      await app.close();
      await database.closeForReal();
    },
  });
  return app;
}

async function status(app: FastifyInstance, secret: string, url = '/api/schools'): Promise<number> {
  const reply = await app.inject({
    method: 'GET',
    url,
    headers: { authorization: `Bearer ${secret}`, type: 'API' },
  });
  return reply.statusCode;
}

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      host: '127.0.0.1',
      port: 3000,
      production: false,
      mongodbUri: undefined,
      mongodbDb: 'school',
      demoData: true,
      tokens: undefined,
      rateLimitMax: 600,
      rateLimitWindowMs: 60_000,
      bodyLimit: 1_048_576,
      maxReplyBytes: 4_194_304,
      publicUrl: { url: 'http://127.0.0.1:3000', from: 'HOST and PORT' },
    });
    expect(config.integration).toMatchObject({
      baseUrl: undefined,
      timeoutMs: 10_000,
      retryDelaysMs: undefined,
    });
  });

  it('reports every problem at once', () => {
    const found = configProblems({
      PORT: 'eighty',
      NODE_ENV: 'production',
      API_TOKENS: JSON.stringify([
        { name: '', token: 'short', scopes: ['root'], schools: ['not-an-id'] },
        'a string',
        { name: 'both', token: SECRET, token_sha256: sha256(SECRET), scopes: ['read'], schools: '*' },
        { name: 'neither', scopes: ['read'], schools: '*' },
        { name: 'bad-hash', token_sha256: 'abc', scopes: ['read'], schools: '*' },
      ]),
      INTEGRATION_RETRY_DELAYS_MS: '200,soon,800',
      INTEGRATION_BASE_URL: 'ftp://example.org',
      BODY_LIMIT: '10',
      MAX_REPLY_BYTES: '1023',
      RATE_LIMIT_MAX: '0',
    });
    const expected = [
      /^PORT .*"eighty"/,
      /^NODE_ENV=production needs MONGODB_URI/,
      /^API_TOKENS\[0\]\.name /,
      /^API_TOKENS\[0\]\.token must be at least 16 characters/,
      /^API_TOKENS\[0\]\.scopes /,
      /^API_TOKENS\[0\]\.schools /,
      /^API_TOKENS\[1\] must be an object/,
      /^API_TOKENS\[2\] needs exactly one of token, token_sha256/,
      /^API_TOKENS\[3\] needs exactly one of token, token_sha256/,
      /^API_TOKENS\[4\]\.token_sha256 /,
      /^INTEGRATION_RETRY_DELAYS_MS .*200,soon,800/,
      /^INTEGRATION_BASE_URL /,
      /^BODY_LIMIT /,
      /^MAX_REPLY_BYTES must be an integer from 1024 /,
      /^RATE_LIMIT_MAX /,
    ];
    for (const pattern of expected)
      expect(found, String(pattern)).toContainEqual(expect.stringMatching(pattern));
    expect(found).toHaveLength(expected.length);
  });

  it('NODE_ENV=production without MONGODB_URI refuses; with it, it is accepted', () => {
    const tokens = JSON.stringify([token({})]);
    expect(configProblems({ NODE_ENV: 'production', API_TOKENS: tokens })).toEqual([
      expect.stringMatching(/MONGODB_URI/),
    ]);
    const config = loadConfig({
      NODE_ENV: 'production',
      MONGODB_URI: 'mongodb://db.internal:27017',
      API_TOKENS: tokens,
    });
    expect(config.production).toBe(true);
    expect(configProblems({ MONGODB_URI: 'postgres://x' })).toEqual([expect.stringMatching(/mongodb:\/\//)]);
  });

  it('NODE_ENV=production refuses to make a demo token: it needs at least one configured token', () => {
    const production = { NODE_ENV: 'production', MONGODB_URI: 'mongodb://db.internal:27017' };
    for (const env of [
      production,
      { ...production, API_TOKENS: '[]' },
      { ...production, DEMO_TOKEN: 'a-demo-token-of-my-own' },
    ]) {
      expect(configProblems(env)).toEqual([
        expect.stringMatching(
          /^NODE_ENV=production needs API_TOKENS or API_TOKENS_FILE with at least one token/,
        ),
      ]);
    }
    // Outside production the same environment gets the demo token.
    expect(loadConfig({ MONGODB_URI: production.MONGODB_URI }).tokens).toBeUndefined();
  });

  it('reads LOG_QUERY_VALUES as a flag, off unless set', () => {
    expect(loadConfig({}).logQueryValues).toBe(false);
    expect(loadConfig({ LOG_QUERY_VALUES: '1' }).logQueryValues).toBe(true);
    expect(loadConfig({ LOG_QUERY_VALUES: 'FALSE' }).logQueryValues).toBe(false);
    expect(configProblems({ LOG_QUERY_VALUES: 'yes' })).toEqual([
      expect.stringMatching(/^LOG_QUERY_VALUES must be 1, true, 0 or false/),
    ]);
  });

  it('API_TOKENS must be a JSON array', () => {
    expect(configProblems({ API_TOKENS: 'not json' })).toEqual([expect.stringMatching(/JSON array/)]);
    expect(configProblems({ API_TOKENS: '{"name":"x"}' })).toEqual([expect.stringMatching(/JSON array/)]);
  });

  it('reads the integration retry schedule as comma-separated milliseconds', () => {
    expect(loadConfig({ INTEGRATION_RETRY_DELAYS_MS: '200,400,800' }).integration.retryDelaysMs).toEqual([
      200, 400, 800,
    ]);
    expect(configProblems({ INTEGRATION_RETRY_DELAYS_MS: '-5' })).toHaveLength(1);
    expect(configProblems({ INTEGRATION_RETRY_DELAYS_MS: '1.5' })).toHaveLength(1);
  });

  // Regression (was a bug): an empty entry is read as 0 ms: "200,,400" gives [200, 0, 400] and "," gives [0, 0] instead of a problem.
  it('refuses empty entries in INTEGRATION_RETRY_DELAYS_MS', () => {
    expect(configProblems({ INTEGRATION_RETRY_DELAYS_MS: '200,,400' })).toHaveLength(1);
    expect(configProblems({ INTEGRATION_RETRY_DELAYS_MS: ',' })).toHaveLength(1);
  });

  // Regression (was a bug): PORT (and every integer setting) is read with Number(): "0x50" is port 80 and "1e3" port 1000.
  it('reads PORT as decimal digits only', () => {
    expect(configProblems({ PORT: '0x50' })).toHaveLength(1);
    expect(configProblems({ PORT: '1e3' })).toHaveLength(1);
  });

  // Regression (was a bug): two API_TOKENS entries with the same secret are accepted; the last one silently wins, so a
  // read-only entry can end up with another entry's admin scope.
  it('refuses two API_TOKENS entries with the same secret', () => {
    const found = configProblems({
      API_TOKENS: JSON.stringify([
        token({ name: 'reader' }),
        token({ name: 'root', scopes: ['read', 'write', 'admin'] }),
      ]),
    });
    expect(found).toHaveLength(1);
  });

  it('refuses a DEMO_TOKEN shorter than 16 characters', () => {
    expect(configProblems({ DEMO_TOKEN: 'short' })).toEqual([expect.stringMatching(/DEMO_TOKEN/)]);
  });

  describe('API_TOKENS_FILE', () => {
    const directory = mkdtempSync(join(tmpdir(), 'school-api-config-'));

    it('reads the tokens from the file', async () => {
      const file = join(directory, 'tokens.json');
      writeFileSync(file, JSON.stringify([token({ name: 'from-file' })]));
      const config = loadConfig({ API_TOKENS_FILE: file, DEMO_DATA: '0' });
      expect(config.tokens?.map((entry) => entry.name)).toEqual(['from-file']);
      const app = await appFor(config);
      expect(await status(app, SECRET)).toBe(200);
      expect(await status(app, 'another-secret-00000000000')).toBe(401);
    });

    it('reports a file that cannot be read, naming it', () => {
      const missing = join(directory, 'missing.json');
      expect(configProblems({ API_TOKENS_FILE: missing })).toEqual([expect.stringContaining(missing)]);
    });

    it('reports the problems of the entries in the file', () => {
      const file = join(directory, 'bad.json');
      writeFileSync(file, JSON.stringify([token({ scopes: ['everything'] })]));
      expect(configProblems({ API_TOKENS_FILE: file })).toEqual([
        expect.stringMatching(/API_TOKENS\[0\]\.scopes/),
      ]);
    });
  });
});

describe('configured tokens', () => {
  it('a token_sha256 entry accepts the secret whose hash it is, in either case of hex', async () => {
    const app = await appFor(
      loadConfig({
        DEMO_DATA: '0',
        API_TOKENS: JSON.stringify([
          { name: 'hashed', token_sha256: sha256(SECRET), scopes: ['read'], schools: '*' },
          {
            name: 'upper',
            token_sha256: sha256(`${SECRET}-2`).toUpperCase(),
            scopes: ['read'],
            schools: '*',
          },
        ]),
      }),
    );
    expect(await status(app, SECRET)).toBe(200);
    expect(await status(app, `${SECRET}-2`)).toBe(200);
    expect(await status(app, sha256(SECRET)), 'the hash itself is not a secret').toBe(401);
    expect(await status(app, `${SECRET}x`)).toBe(401);
  });

  it('scopes and schools of a configured token apply', async () => {
    const school = '0123456789abcdef01234567';
    const app = await appFor(
      loadConfig({
        DEMO_DATA: '0',
        API_TOKENS: JSON.stringify([
          token({ name: 'limited', scopes: ['read'], schools: [school.toUpperCase()] }),
        ]),
      }),
    );
    const reply = await app.inject({
      method: 'GET',
      url: '/api/tokens',
      headers: { authorization: `Bearer ${SECRET}`, type: 'API' },
    });
    expect(reply.statusCode).toBe(403);
    expect(await status(app, SECRET, '/api/schools')).toBe(200);
  });

  it('with no tokens configured, DEMO_TOKEN is a full-access token, and demo data is loaded', async () => {
    const demo = 'my-own-demo-token-0000000001';
    const app = await appFor(loadConfig({ DEMO_TOKEN: demo }));
    expect(app.school.demoToken).toBe(demo);
    expect(await status(app, demo, '/api/tokens')).toBe(200);
    const students = await app.inject({
      method: 'GET',
      url: '/api/students?__include_totals=true',
      headers: { authorization: `Bearer ${demo}`, type: 'API' },
    });
    expect((students.json() as Json).response.total).toBeGreaterThan(0);
  });

  it('with no tokens and no DEMO_TOKEN, a random demo token is generated and works', async () => {
    const app = await appFor(loadConfig({ DEMO_DATA: '0' }));
    const generated = app.school.demoToken;
    expect(generated).toEqual(expect.any(String));
    expect(generated!.length).toBeGreaterThanOrEqual(16);
    expect(await status(app, generated!)).toBe(200);
  });

  it('configured tokens replace the demo token', async () => {
    const app = await appFor(
      loadConfig({ DEMO_TOKEN: 'my-own-demo-token-0000000001', API_TOKENS: JSON.stringify([token({})]) }),
    );
    expect(app.school.demoToken).toBeUndefined();
    expect(await status(app, 'my-own-demo-token-0000000001')).toBe(401);
    expect(await status(app, SECRET)).toBe(200);
  });
});

describe('the server refuses to start on a bad configuration', () => {
  it('NODE_ENV=production without MONGODB_URI exits 1 and says why, with every problem', () => {
    const apiDir = fileURLToPath(new URL('../..', import.meta.url));
    const result = spawnSync(
      join(apiDir, 'node_modules/.bin/tsx'),
      ['--conditions=@school/source', 'src/server.ts'],
      {
        cwd: apiDir,
        env: { ...process.env, NODE_ENV: 'production', MONGODB_URI: '', PORT: 'eighty', API_TOKENS: '' },
        encoding: 'utf8',
        timeout: 40_000,
      },
    );
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('NODE_ENV=production needs MONGODB_URI');
    expect(result.stderr).toContain('PORT');
  }, 45_000);

  it('NODE_ENV=production without configured tokens exits 1 with one line naming the settings', () => {
    const apiDir = fileURLToPath(new URL('../..', import.meta.url));
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'production',
      MONGODB_URI: 'mongodb://127.0.0.1:1/school',
    };
    for (const name of ['API_TOKENS', 'API_TOKENS_FILE', 'DEMO_TOKEN']) delete env[name];
    const result = spawnSync(
      join(apiDir, 'node_modules/.bin/tsx'),
      ['--conditions=@school/source', 'src/server.ts'],
      { cwd: apiDir, env, encoding: 'utf8', timeout: 40_000 },
    );
    expect(result.status).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr.trimEnd().split('\n')).toEqual([
      'Invalid configuration: NODE_ENV=production needs API_TOKENS or API_TOKENS_FILE with at least one token: the demo token is for development only',
    ]);
  }, 45_000);
});
