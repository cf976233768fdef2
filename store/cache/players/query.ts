import {
  type Checked,
  orderByTerms,
  parsePaging,
  parseSortTokens,
  type SortColumn,
  type SortColumns,
  type SortTerm,
} from '../../../shared/query/list-engine.ts';
import { filterNames, type SortSql, tieBreakSql } from '../../../shared/query/lists/definition.ts';
import { checkListParams, type ParsedFilters, paramNames } from '../../../shared/query/lists/params.ts';
import { PLAYERS_LIST } from '../../../shared/query/lists/players.ts';
import type { RawPlayerQuery } from '../api.ts';
import type { FuzzyPlayers } from '../fuzzy.ts';
import { ftsMatch, SEARCH_CONDITION, SEARCH_COUNT, SEARCH_PROBE } from '../search.ts';
import { SEASON_SORTS, seasonJoin } from './season.ts';

/**
 * The players list query the store answers, as its definition declares it (shared/query/lists/players.ts):
 * the list-query model of shared/query/query.ts as the service query record (`listQueryToServiceQuery`), so
 * the renderer's server-driven table code is the same online and offline. This file is its SQL source: `q`
 * is full-text over names and former team names, prefix per word, diacritics ignored (when no player
 * matches so, names within a few edits, store/cache/fuzzy.ts); a player without a height (weight) is outside
 * any range of it; `season` joins his line of that season (season.ts). `sort`, `offset` and `limit` go
 * through the shared list-query engine (shared/query/list-engine.ts).
 */

/**
 * The SQL expression each sort key of the list's definition (shared/query/lists/players.ts) sorts on;
 * NULLs last both ways.
 */
const PLAYER_SORT_SQL: SortSql<(typeof PLAYERS_LIST.sorts)[number], SortColumn> = {
  id: { sql: 'p.id' },
  name: { sql: 'p.name' },
  firstName: { sql: 'p.firstName', nullable: true },
  lastName: { sql: 'p.lastName', nullable: true },
  position: { sql: 'p.position', nullable: true },
  'nationality.name': { sql: 'p.nationalityName', nullable: true },
  dateOfBirth: { sql: 'p.dateOfBirth', nullable: true },
  yearOfBirth: { sql: 'p.yearOfBirth', nullable: true },
  // Older means an earlier date of birth: age ascending is dateOfBirth descending.
  age: { sql: 'p.dateOfBirth', nullable: true, inverted: true },
  'height.metrics': { sql: 'p.heightCm', nullable: true },
  'weight.metrics': { sql: 'p.weightKg', nullable: true },
  shoots: { sql: 'p.shoots', nullable: true },
  catches: { sql: 'p.catches', nullable: true },
  hand: { sql: 'COALESCE(p.shoots, p.catches)', nullable: true },
  'latestTeam.name': { sql: 'p.latestTeamName', nullable: true },
  latestSeason: { sql: 'p.latestSeason', nullable: true },
  // The chosen season's line (season.ts): its stats, teams and draft age.
  ...SEASON_SORTS,
};

/** The sort keys the store answers, with their SQL. */
export const PLAYER_SORTS: SortColumns = PLAYER_SORT_SQL;

/**
 * The order when the query names none; a search whose spelling is forgiven is then ranked closest first
 * instead ({@link PlayerSql.closestFirst}).
 */
export const PLAYER_DEFAULT_SORT = PLAYERS_LIST.defaultSort;

/** Ties on every sort key are broken by id, so pages are stable. */
const TIE_BREAK = tieBreakSql(PLAYERS_LIST, (key) =>
  Object.hasOwn(PLAYER_SORTS, key) ? PLAYER_SORTS[key]?.sql : undefined,
);

/** The filter names of the players list. */
export const PLAYER_FILTERS = filterNames(PLAYERS_LIST);

/** The parameter names the players list accepts. */
export const PLAYER_PARAMS: readonly string[] = paramNames(PLAYERS_LIST);

/** A checked players list query: its filters, sort terms (`sortGiven`: named by the query) and page. */
export type PlayerQuery = ParsedFilters<typeof PLAYERS_LIST.filters> & {
  sort: SortTerm[];
  sortGiven: boolean;
  offset: number;
  limit: number;
};

/**
 * Checks a raw players query (the page's, untrusted): filters by their definitions' kinds and bounds,
 * `sort` against {@link PLAYER_SORTS} (own keys only), `offset` and `limit` as the spec bounds them. The
 * issue names the parameter and, for a closed set, its allowed values.
 */
export function checkPlayerQuery(raw: RawPlayerQuery): Checked<PlayerQuery> {
  const parsed = checkListParams(PLAYERS_LIST, raw);
  if (!parsed.ok) return parsed;
  const { filters, controls } = parsed.value;
  const terms = parseSortTokens(controls.sort ?? PLAYER_DEFAULT_SORT, PLAYER_SORTS);
  if (!terms.ok) return terms;
  const page = parsePaging({ offset: controls.offset, limit: controls.limit });
  if (!page.ok) return page;
  return {
    ok: true,
    value: { ...filters, sort: terms.value, sortGiven: controls.sort !== undefined, ...page.value },
  };
}

/** A SELECT's JOIN of the season line, WHERE and ORDER BY over `players p`, with their bound values in order. */
export interface PlayerSql {
  join: string;
  joinParams: string[];
  where: string;
  params: (string | number)[];
  orderBy: string;
  /**
   * The search's spelling is forgiven and the query names no sort: the players are ranked by how close
   * their name is to it, then by games played (most first), then by name ({@link closestFirstSql}).
   */
  closestFirst: boolean;
  /**
   * When the search `q` is the query's only filter: its count read without the players' rows (the
   * search table and the spelling-forgiven ids), and, when the sort is by name (an index orders it),
   * the WHERE that tests the search per player, for a page of a search that matches many players.
   */
  searchOnly: { count: string; params: (string | number)[]; probeWhere: string | null } | null;
  /**
   * {@link PlayerSql.where} with its height and weight ranges kept out of SQLite's index choice (the
   * same values bound): SQLite then walks the sort's index and tests each player, where it would read
   * every player of the range from the measure's index and sort them all. The store keeps no statistics,
   * so SQLite takes any range to keep few players; for a range that keeps most of them the walk is the
   * cheaper read, for a narrow one the index (store/cache/players/read.ts chooses by the filter's count). Null
   * when the query has no such range, or when the sort is on the range's own measure (its index serves both).
   */
  walkWhere: string | null;
}

/** The height and weight ranges: each bound's filter, its condition, and the sort key of its measure. */
const MEASURE_BOUNDS = [
  ['height:min', 'p.heightCm >= ?', 'height.metrics'],
  ['height:max', 'p.heightCm <= ?', 'height.metrics'],
  ['weight:min', 'p.weightKg >= ?', 'weight.metrics'],
  ['weight:max', 'p.weightKg <= ?', 'weight.metrics'],
] as const;

/** Each range condition's measure (its sort key). */
const MEASURE_RANGES: ReadonlyMap<string, string> = new Map(MEASURE_BOUNDS.map(([, cond, sort]) => [cond, sort]));

/** {@link PlayerSql.walkWhere} of these conditions for a sort whose first key is `sortKey`. */
function walkWhereOf(where: readonly string[], sortKey: string | undefined): string | null {
  const walked = where.map((c) => {
    const measure = MEASURE_RANGES.get(c);
    // A unary `+` makes the column an expression, which no index serves.
    return measure !== undefined && measure !== sortKey ? `+${c}` : c;
  });
  return walked.some((c, i) => c !== where[i]) ? `WHERE ${walked.join(' AND ')}` : null;
}

/** A date `years` whole years before `today` (YYYY-MM-DD), clamped to the 28th for 29 February. */
function yearsBefore(today: Date, years: number): string {
  const y = today.getUTCFullYear() - years;
  const m = today.getUTCMonth() + 1;
  const d = m === 2 && today.getUTCDate() === 29 ? 28 : today.getUTCDate();
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** The day after a YYYY-MM-DD date. */
function nextDay(date: string): string {
  const t = new Date(`${date}T00:00:00Z`);
  t.setUTCDate(t.getUTCDate() + 1);
  return t.toISOString().slice(0, 10);
}

/** The items of a comma-separated filter value, trimmed, blanks dropped. */
const items = (v: string) =>
  v
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');

const marks = (n: number) => new Array(n).fill('?').join(',');

/**
 * The condition of a search `q`: the FTS `condition` (or its probe), or, when `fuzzy` is given (the search
 * matched no player by the start of his words), the players it matches with its spelling forgiven. Null
 * when `q` has no word.
 */
function searchCondition(
  q: string | undefined,
  fuzzy: FuzzyPlayers | null,
  condition: typeof SEARCH_CONDITION | typeof SEARCH_PROBE,
): { sql: string; params: string[] } | null {
  const match = q === undefined ? null : ftsMatch(q);
  if (match === null) return null;
  if (fuzzy === null) return { sql: condition, params: [match] };
  // The probe's `+` keeps `p.id` out of SQLite's index choice, as SEARCH_PROBE's does.
  const probe = condition === SEARCH_PROBE ? '+' : '';
  return { sql: `${probe}p.id IN (${fuzzy.select})`, params: fuzzy.params };
}

/** {@link PlayerSql.searchOnly} of a query whose only filter is its search, else null. */
function searchOnlySql(
  query: PlayerQuery,
  fuzzy: FuzzyPlayers | null,
  filters: number,
  closest: boolean,
): PlayerSql['searchOnly'] {
  const match = query.q === undefined ? null : ftsMatch(query.q);
  if (match === null || filters !== 1) return null;
  // By name alone, the name index (name, id) gives the order whole: its walk stops when the page is full.
  const byName = !closest && query.sort.length === 1 && query.sort[0]?.key === 'name' && !query.sort[0].descending;
  const probe = byName ? searchCondition(query.q, fuzzy, SEARCH_PROBE) : null;
  const probeWhere = probe === null ? null : `WHERE ${probe.sql}`;
  if (fuzzy === null) return { count: SEARCH_COUNT, params: [match], probeWhere };
  // The spelling-forgiven ids are checked against the players (a name word may outlive its player).
  return {
    count: `SELECT COUNT(*) AS n FROM players p WHERE p.id IN (${fuzzy.select})`,
    params: fuzzy.params,
    probeWhere,
  };
}

/** The conditions of the filters and their values, in order. */
function conditions(
  query: PlayerQuery,
  today: Date,
  fuzzy: FuzzyPlayers | null,
): { where: string[]; params: (string | number)[] } {
  const where: string[] = [];
  const params: (string | number)[] = [];
  const inList = (column: string, raw: string | undefined) => {
    if (raw === undefined) return;
    const v = items(raw);
    where.push(`${column} IN (${marks(v.length)})`);
    params.push(...v);
  };
  const search = searchCondition(query.q, fuzzy, SEARCH_CONDITION);
  if (search !== null) {
    where.push(search.sql);
    params.push(...search.params);
  }
  if (query.position !== undefined) {
    // G, D and F are the position letter; C, LW and RW (and D) are read in the detailed positions too.
    const any = items(query.position).map((v) =>
      ['C', 'LW', 'RW', 'D'].includes(v) ? '(p.position = ? OR p.detailedPosition LIKE ?)' : 'p.position = ?',
    );
    where.push(`(${any.join(' OR ')})`);
    for (const v of items(query.position)) params.push(...(['C', 'LW', 'RW', 'D'].includes(v) ? [v, `%"${v}"%`] : [v]));
  }
  inList('p.nationalitySlug', query.nationality);
  if (query['age:min'] !== undefined) {
    // At least N years old today: born on or before the date N years ago.
    where.push('p.dateOfBirth <= ?');
    params.push(yearsBefore(today, query['age:min']));
  }
  if (query['age:max'] !== undefined) {
    // At most N years old: not yet N+1, i.e. born after the date N+1 years ago.
    where.push('p.dateOfBirth >= ?');
    params.push(nextDay(yearsBefore(today, query['age:max'] + 1)));
  }
  if (query.league !== undefined || query.season !== undefined) {
    // The player ids of the scope are computed once (the scope index covers league and season), not per player.
    const scope: string[] = [];
    for (const [column, raw] of [
      ['s.leagueSlug', query.league],
      ['s.seasonSlug', query.season],
    ] as const) {
      if (raw === undefined) continue;
      const v = items(raw);
      scope.push(`${column} IN (${marks(v.length)})`);
      params.push(...v);
    }
    where.push(`p.id IN (SELECT s.playerId FROM player_stats s WHERE ${scope.join(' AND ')})`);
  }
  for (const [key, cond] of [
    ['shoots', 'p.shoots = ?'],
    ['catches', 'p.catches = ?'],
    ...MEASURE_BOUNDS,
    ['agency', 'p.agencyId = ?'],
  ] as const) {
    const v = query[key];
    if (v === undefined) continue;
    where.push(cond);
    params.push(v);
  }
  return { where, params };
}

/**
 * Translates a checked query into SQL over `players p`: the filters' WHERE, and the ORDER BY of its
 * sort terms (NULLs last both ways) ending in ascending id (spec paging is stable). `fuzzy`: the players
 * the search `q` matches with its spelling forgiven, in place of the prefix search, which matched no one
 * (fuzzy.ts `spellingForgiven`); null for the prefix search.
 */
export function playerSql(query: PlayerQuery, today: Date, fuzzy: FuzzyPlayers | null = null): PlayerSql {
  const { where, params } = conditions(query, today, fuzzy);
  const join = seasonJoin(
    query.season === undefined ? null : items(query.season),
    query.league === undefined ? null : items(query.league),
  );
  const closest = fuzzy !== null && !query.sortGiven ? closestFirstSql(fuzzy) : null;
  return {
    join: closest === null ? join.sql : `${join.sql} ${closest.join}`,
    joinParams: closest === null ? join.params : [...join.params, ...closest.params],
    where: where.length > 0 ? `WHERE ${where.join(' AND ')}` : '',
    params,
    orderBy: closest?.orderBy ?? `ORDER BY ${orderByTerms(query.sort, PLAYER_SORTS, TIE_BREAK)}`,
    closestFirst: closest !== null,
    searchOnly: searchOnlySql(query, fuzzy, where.length, closest !== null),
    walkWhere: closest === null ? walkWhereOf(where, query.sort[0]?.key) : null,
  };
}

/**
 * The JOIN (its values in `params`) and ORDER BY of a list ranked closest first ({@link PlayerSql.closestFirst}):
 * the closeness of each player's name to the search (store/cache/fuzzy.ts), then his regular-season games in the
 * stats rows the store holds (most first: among names as close, the one a scout more likely means), then
 * name and id.
 */
function closestFirstSql(fuzzy: FuzzyPlayers): { join: string; params: string[]; orderBy: string } {
  return {
    join: `JOIN (${fuzzy.closenessSelect}) fz ON fz.playerId = p.id`,
    params: fuzzy.closenessParams,
    orderBy: `ORDER BY fz.distance ASC, (SELECT COALESCE(SUM(gs.regularStats_GP), 0) FROM player_stats gs
      WHERE gs.playerId = p.id) DESC, ${orderByTerms([{ key: 'name', descending: false }], PLAYER_SORTS, TIE_BREAK)}`,
  };
}
