/**
 * The reads `pnpm bench:growth` times (bench/growth.ts): the host's query shapes, by a token of
 * school A, of the small school C and of every school, each with the growth it should have.
 */

export type TokenOf = 'A' | 'C' | 'all';

/** A student the queries name: its id, identification number and first name. */
export interface Picked {
  readonly id: string;
  readonly idCard: string;
  readonly name: string;
}

export interface Picks {
  readonly A: Picked;
  readonly C: Picked;
}

export interface GrowthQuery {
  readonly name: string;
  readonly token: TokenOf;
  readonly url: (picks: Picks) => string;
  /** The growth per 10× the query should have. */
  readonly goal: string;
}

const FLAT = '≤ 2×';
const list = (query: string) => `/api/students${query === '' ? '' : `?${query}`}`;
const q = encodeURIComponent;
/** The start of an identification number: all but its last digit (at most 10 people share it). */
const idPrefix = (picked: Picked) => picked.idCard.slice(0, -1);

export const GROWTH_QUERIES: readonly GrowthQuery[] = [
  { name: 'A: list, page 1 (default sort)', token: 'A', url: () => list(''), goal: FLAT },
  { name: 'A: list, page 1 of 50', token: 'A', url: () => list('__per_page=50&__page=1'), goal: FLAT },
  {
    name: 'A: `user.id_card=`',
    token: 'A',
    url: (p) => list(`user.id_card=${q(p.A.idCard)}`),
    goal: FLAT,
  },
  {
    name: 'A: `global_search` ID prefix',
    token: 'A',
    url: (p) => list(`global_search=${q(idPrefix(p.A))}`),
    goal: FLAT,
  },
  {
    name: 'A: `global_search` a first name',
    token: 'A',
    url: (p) => list(`global_search=${q(p.A.name)}`),
    goal: FLAT,
  },
  { name: 'A: `GET /:id`', token: 'A', url: (p) => `/api/students/${p.A.id}`, goal: FLAT },
  {
    name: 'A: ID prefix with `__include_totals`',
    token: 'A',
    url: (p) => list(`global_search=${q(idPrefix(p.A))}&__include_totals=true`),
    goal: '∝ A (actual_total)',
  },
  {
    name: 'A: list with `__include_totals`',
    token: 'A',
    url: () => list('__include_totals=true'),
    goal: '∝ A',
  },
  { name: 'all: list, page 1 (default sort)', token: 'all', url: () => list(''), goal: FLAT },
  { name: 'all: `GET /:id`', token: 'all', url: (p) => `/api/students/${p.A.id}`, goal: FLAT },
  {
    name: 'all: `global_search` ID prefix',
    token: 'all',
    url: (p) => list(`global_search=${q(idPrefix(p.A))}`),
    goal: FLAT,
  },
  {
    name: 'all: `user.id_card=`',
    token: 'all',
    url: (p) => list(`user.id_card=${q(p.A.idCard)}`),
    goal: FLAT,
  },
  { name: 'C: list, page 1 (default sort)', token: 'C', url: () => list(''), goal: FLAT },
  {
    name: 'C: `user.id_card=`',
    token: 'C',
    url: (p) => list(`user.id_card=${q(p.C.idCard)}`),
    goal: FLAT,
  },
  {
    name: 'C: `global_search` a first name',
    token: 'C',
    url: (p) => list(`global_search=${q(p.C.name)}`),
    goal: FLAT,
  },
  { name: 'C: `GET /:id`', token: 'C', url: (p) => `/api/students/${p.C.id}`, goal: FLAT },
  {
    name: 'C: list with `__include_totals`',
    token: 'C',
    url: () => list('__include_totals=true'),
    goal: FLAT,
  },
];
