/**
 * The query strings the parse benchmark reads: what clients of `/api/students` send (values
 * encoded as `encodeURIComponent` would), each with the same intent in the syntax of
 * `api-query-params` and `mongoose-query-parser`, or `undefined` where that library cannot say it.
 */

const SCHOOL = '64b7f0c2a1d3e4f5a6b7c8d9';
const YEAR = '64b7f0c2a1d3e4f5a6b7c8e0';

/** A value as a browser or `URLSearchParams`-less client sends it: `encodeURIComponent(JSON or text)`. */
const enc = (value: unknown): string =>
  encodeURIComponent(typeof value === 'string' ? value : JSON.stringify(value));

export interface BenchCase {
  readonly name: string;
  /** The query string our DSL reads for `/api/students`. */
  readonly ours: string;
  /** The same intent for `aqp(query)`; `undefined` when api-query-params cannot express it. */
  readonly aqp: string | undefined;
  /** The same intent for `new MongooseQueryParser().parse(query)`; `undefined` when it cannot. */
  readonly mqp: string | undefined;
  /** Why a peer is `n/a`, or what it leaves out. */
  readonly note?: string;
}

export const corpus: readonly BenchCase[] = [
  {
    name: 'equality',
    ours: `user.name=${enc('"Ana"')}&years.enrolled=true`,
    aqp: 'user.name=Ana&years.enrolled=true',
    mqp: 'user.name=Ana&years.enrolled=true',
  },
  {
    name: 'id card (leading zero)',
    ours: 'user.id_card=0912345678',
    aqp: 'user.id_card=0912345678',
    mqp: 'user.id_card=0912345678',
  },
  {
    name: 'bracket operators',
    ours: `created_at[$gte]=2025-01-01&created_at[$lt]=2026-01-01&user.surname[$ne]=${enc('Pérez')}`,
    aqp: `created_at>=2025-01-01&created_at<2026-01-01&user.surname!=${enc('Pérez')}`,
    mqp: `created_at>=2025-01-01&created_at<2026-01-01&user.surname!=${enc('Pérez')}`,
  },
  {
    name: 'JSON operators',
    ours: `user.surname=${enc({ $in: ['Pérez', 'Mora'] })}&created_at=${enc({ $gte: '2025-01-01' })}`,
    aqp: `filter=${enc({ 'user.surname': { $in: ['Pérez', 'Mora'] }, created_at: { $gte: '2025-01-01' } })}`,
    mqp: `filter=${enc({ 'user.surname': { $in: ['Pérez', 'Mora'] }, created_at: { $gte: '2025-01-01' } })}`,
    note: 'peers: their `filter=<JSON>` passthrough; the date stays a string',
  },
  {
    name: 'repeated key → $in',
    ours: `user.name=Ana&user.name=Luis&user.name=${enc('María')}`,
    aqp: `user.name=Ana&user.name=Luis&user.name=${enc('María')}`,
    mqp: `user.name=Ana&user.name=Luis&user.name=${enc('María')}`,
  },
  {
    name: 'global_search (2 words)',
    ours: `global_search=${enc('ana 8vo')}`,
    aqp: undefined,
    mqp: undefined,
    note: 'no full-text / token search',
  },
  {
    // The most a search may hold (10 words), names as typed, with accents and letters that fold
    // without a decomposition (`ł`, `ß`): every word goes through the transliteration tables.
    name: 'global_search (10 words, accents)',
    ours: `global_search=${enc('María José Pérez-González Ñandú Stanisław Müller Straße 8vo básico Quito')}`,
    aqp: undefined,
    mqp: undefined,
    note: 'no full-text / token search',
  },
  {
    name: 'select, spaces',
    ours: `select=${enc('user.name user.surname user.email')}`,
    aqp: 'fields=user.name,user.surname,user.email',
    mqp: 'select=user.name,user.surname,user.email',
  },
  {
    name: 'select, plus',
    ours: 'select=user.name+user.surname+user.email',
    aqp: 'fields=user.name,user.surname,user.email',
    mqp: 'select=user.name,user.surname,user.email',
  },
  {
    name: 'select, JSON',
    ours: `select=${enc({ 'user.name': 1, 'user.surname': 1, 'user.email': 1 })}`,
    aqp: `fields=${enc({ 'user.name': 1, 'user.surname': 1, 'user.email': 1 })}`,
    mqp: 'select=user.name,user.surname,user.email',
    note: 'mqp has no JSON select: its comma form',
  },
  {
    name: '__sort, bracket',
    ours: '__sort[user.surname]=asc&__sort[user.name]=asc',
    aqp: 'sort=user.surname,user.name',
    mqp: 'sort=user.surname,user.name',
  },
  {
    name: '__sort, JSON',
    ours: `__sort=${enc({ 'user.surname': 'asc', created_at: 'desc' })}`,
    aqp: 'sort=user.surname,-created_at',
    mqp: 'sort=user.surname,-created_at',
  },
  {
    name: 'page + totals',
    ours: '__page=3&__per_page=20&__include_totals=true',
    aqp: undefined,
    mqp: undefined,
    note: 'no totals (skip/limit only)',
  },
  {
    name: 'elemMatch',
    ours: `elemMatch=${enc({ property: 'years', parameters: { enrolled: true, year: YEAR } })}`,
    aqp: undefined,
    mqp: undefined,
    note: 'only as raw filter JSON, where the id stays a string and matches nothing',
  },
  {
    name: 'populate',
    ours: `populate=${enc({ school: 'name', 'years.year': 'name', 'years.group': 'name', parents: 'user.name' })}`,
    aqp: 'populate=school,years.year,years.group,parents&fields=school.name,years.year.name,years.group.name,parents.user',
    mqp: 'populate=school.name,years.year,years.group,parents.user',
    note: 'peers: mongoose populate specs; they split `years.year` as a nested populate',
  },
  {
    name: 'combined',
    ours:
      `school=${SCHOOL}&years.enrolled=true&created_at[$gte]=2025-01-01&user.surname[$ne]=${enc('Pérez')}` +
      `&select=${enc('user.name user.surname user.email years')}&__sort[user.surname]=asc&__sort[user.name]=asc` +
      `&__page=2&__per_page=50&populate=${enc({ school: 'name' })}`,
    aqp:
      `school=${SCHOOL}&years.enrolled=true&created_at>=2025-01-01&user.surname!=${enc('Pérez')}` +
      '&fields=user.name,user.surname,user.email,years,school.name&sort=user.surname,user.name&skip=50&limit=50&populate=school',
    mqp:
      `school=${SCHOOL}&years.enrolled=true&created_at>=2025-01-01&user.surname!=${enc('Pérez')}` +
      '&select=user.name,user.surname,user.email,years&sort=user.surname,user.name&skip=50&limit=50&populate=school.name',
  },
  {
    name: 'combined + search + totals',
    ours:
      `global_search=${enc('ana 8vo')}&years.enrolled=true&elemMatch=${enc({ property: 'years', parameters: { enrolled: true, year: YEAR } })}` +
      `&__sort=${enc({ 'user.surname': 'asc' })}&__page=2&__per_page=20&__include_totals=true` +
      `&populate=${enc({ school: 'name', 'years.year': 'name', 'years.group': 'name' })}`,
    aqp: undefined,
    mqp: undefined,
    note: 'global_search, elemMatch, totals',
  },
];
