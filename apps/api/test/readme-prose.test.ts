/**
 * What the root README's prose says about two of its examples, checked against the answers (the
 * examples themselves run in readme.test.ts): a search result carries the whole `user` and
 * `relational_data` whatever `select` says, and a chain of references resolves the reference on the
 * way with the fields the example lists for it.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { loadDemoData } from '../src/demo/demo-data.js';
import { testDatabase } from './database.js';
import type { Json } from './helper.js';

const readme = readFileSync(fileURLToPath(new URL('../../../README.md', import.meta.url)), 'utf8');
const TOKEN = 'demo-token-0123456789';

/** The path and query of the README's curl line that contains `marker`, unescaped as bash would. */
function examplePath(marker: string): string {
  const line = readme.split('\n').find((text) => text.startsWith('curl ') && text.includes(marker));
  const url = /"\$BASE(\/api\/[^"\\]*(?:\\.[^"\\]*)*)"/.exec(line ?? '')?.[1];
  if (!url) throw new Error(`README has no curl line with ${marker}`);
  return url.replace(/\\(["$\\])/g, '$1');
}

const database = await testDatabase();
const app = await buildApp({
  config: loadConfig({ DEMO_TOKEN: TOKEN, LOG_LEVEL: 'silent' }),
  database,
  logger: false,
});
if (database.mode === 'mongodb') await loadDemoData(app.school.store);
afterAll(async () => {
  await app.close();
  await database.closeForReal();
});

async function get(path: string): Promise<Json[]> {
  const reply = await app.inject({
    method: 'GET',
    url: path,
    headers: { authorization: `Bearer ${TOKEN}`, type: 'API' },
  });
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json().response;
}

describe('the README search example', () => {
  const path = examplePath('global_search=jose+8vo');

  it('is described as forcing user and relational_data', () => {
    expect(readme).toContain('always carries the whole `user` and\n`relational_data`');
  });

  it('answers the whole user and relational_data, plus what select names', async () => {
    const selected = new URLSearchParams(path.split('?')[1]).get('select')?.split(' ') ?? [];
    const records = await get(path);
    expect(records.length).toBeGreaterThan(0);
    for (const record of records) {
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
    const records = await get(path);
    const groups = records.flatMap((record) => record.years ?? []).map((year: Json) => year.group);
    expect(groups.length).toBeGreaterThan(0);
    for (const group of groups) {
      expect(Object.keys(group).sort()).toEqual(['_id', 'name', 'section']);
      expect(Object.keys(group.section).sort()).toEqual(['_id', 'name']);
    }
  });

  it('would bring the grade with every field if the chain were listed alone', async () => {
    const { 'years.group': _, ...chainOnly } = populate;
    const records = await get(`/api/students?populate=${encodeURIComponent(JSON.stringify(chainOnly))}`);
    const group = records.flatMap((record) => record.years ?? [])[0]?.group;
    expect(Object.keys(group)).toEqual(
      expect.arrayContaining(['name', 'code', 'school', 'active', 'section']),
    );
  });
});
