/**
 * `global_search` folds letters that have no decomposition as well as accents: the stored tokens
 * and the search words go through the same fold (`foldText`), so `stanislaw` finds "Stanisław"
 * and "STANISŁAW" finds it too (other scripts are transliterated too), and a word still matches as a prefix, through the token index
 * range the query uses on MongoDB.
 */
import { createQueryDsl, defineCollection, foldText, searchIndexFields } from '@school/query-dsl';
import { ObjectId } from 'bson';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { availableEngines } from '../support/engines.js';

const authors = defineCollection('authors', {
  schema: {
    type: 'object',
    required: ['name'],
    properties: { name: { type: 'string' }, email: { type: 'string' }, display: { type: 'string' } },
  },
  search: { fields: { name: 'text', email: 'email' }, textField: 'display' },
});
const dsl = createQueryDsl({ collections: [authors] });

const NAMES = [
  'Stanisław Lem',
  'Søren Kierkegaard',
  'Æsa Ørsted',
  'Günter Straße',
  'Đorđe Balašević',
  'Œdipe Léger',
  'José Núñez',
  'Fyodor Достоевский',
  '李白 🌙',
];

const engines = await availableEngines('search_folding');
afterAll(async () => {
  for (const engine of engines) await engine.close();
});

describe('foldText', () => {
  it.each([
    ['Stanisław', 'stanislaw'],
    ['ŁÓDŹ', 'lodz'],
    ['Æsir', 'aesir'],
    ['Ørsted', 'orsted'],
    ['Straße', 'strasse'],
    ['Đorđe', 'dorde'],
    ['Œuvre', 'oeuvre'],
    ['Müller', 'muller'],
    ['José Ñandú', 'jose nandu'],
    ['ﬁnal', 'final'],
    ['Москва', 'moskva'],
    // A word the tables don't know is kept (lower-cased), so it still finds itself.
    ['😀', '😀'],
  ])('folds %s to %s', (text, folded) => {
    expect(foldText(text)).toBe(folded);
  });
});

describe.each(engines)('global_search folds what accents alone do not, on $name', ({ db }) => {
  beforeAll(async () => {
    const records = NAMES.map((name, index) => {
      const record = { _id: new ObjectId(), name, email: `author${index}@example.org` };
      return { ...record, ...searchIndexFields(authors, record) };
    });
    await db.collection('authors').insertMany(records);
  });

  const namesFor = async (words: string) => {
    const result = await dsl.run(
      db,
      'authors',
      `global_search=${encodeURIComponent(words)}&__sort[name]=asc`,
    );
    if (!result.ok || !Array.isArray(result.response)) throw new Error(JSON.stringify(result));
    return result.response.map((record) => record.name);
  };

  it.each([
    ['stanislaw', ['Stanisław Lem']],
    ['STANISŁAW', ['Stanisław Lem']],
    ['stanis', ['Stanisław Lem']],
    ['soren', ['Søren Kierkegaard']],
    ['aesa orsted', ['Æsa Ørsted']],
    ['strasse', ['Günter Straße']],
    ['gunter', ['Günter Straße']],
    ['dorde balasevic', ['Đorđe Balašević']],
    ['oedipe', ['Œdipe Léger']],
    ['nunez', ['José Núñez']],
    ['dostoevskiy', ['Fyodor Достоевский']],
    ['李白', ['李白 🌙']],
    ['li bai', ['李白 🌙']],
    ['🌙', ['李白 🌙']],
    ['Достоев', ['Fyodor Достоевский']],
  ])('%s finds %j', async (words, expected) => {
    expect(await namesFor(words)).toEqual(expected);
  });

  it('stores the folded tokens and keeps the text as written', async () => {
    const stored = await db.collection('authors').findOne({ name: 'Stanisław Lem' });
    expect(stored?._search).toEqual(expect.arrayContaining(['stanislaw', 'lem']));
    expect(stored?.display).toBe('Stanisław Lem author0@example.org');
  });

  it('does not fold one letter into another word: stanislav finds nothing', async () => {
    expect(await namesFor('stanislav')).toEqual([]);
  });
});
