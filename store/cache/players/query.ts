import { z } from 'zod';
import { PLAYER_FILTERS } from '../../../shared/domain/offline.ts';
import {
  type Checked,
  type ListQueryIssue,
  orderByTerms,
  parsePaging,
  parseSortTokens,
  type SortColumns,
  type SortTerm,
} from '../../../shared/query/list-engine.ts';
import type { RawPlayerQuery } from '../api.ts';
import type { FuzzyPlayers } from '../fuzzy.ts';
import { ftsMatch, SEARCH_CONDITION, SEARCH_COUNT, SEARCH_PROBE } from '../search.ts';
import { SEASON_SORTS, seasonJoin } from './season.ts';

/**
 * The players list query the store answers: the list-query model of shared/query/query.ts as the service query
 * record (`listQueryToServiceQuery`), so the renderer's server-driven table code is the same online and
 * offline. Filters: `q` (full-text over names and former team names, prefix per word, diacritics
 * ignored; when no player matches so, names within a few edits, store/cache/fuzzy.ts), `position`, `nationality` (country slug), `age:min`/`age:max` (whole years today), `league`,
 * `season` (the player has a stats row there; each row then carries his line of that season, season.ts), `shoots`, `catches`, `height:min`/`height:max` (cm) and
 * `weight:min`/`weight:max` (kg), inclusive; a player without a height (weight) is outside any range of
 * it; `agency` (an agency id: the players whose record names it). `sort`, `offset` and `limit` go through the shared list-query engine (shared/query/list-engine.ts).
 */

/** Sort keys (spec field paths) and the SQL expression each sorts on; NULLs last both ways. */
export const PLAYER_SORTS: SortColumns = {
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
  // The list's one hand column: skaters' shoots, else goalies' catches.
  hand: { sql: 'COALESCE(p.shoots, p.catches)', nullable: true },
  'latestTeam.name': { sql: 'p.latestTeamName', nullable: true },
  latestSeason: { sql: 'p.latestSeason', nullable: true },
  // The chosen season's line (season.ts): its stats, teams and draft age.
  ...SEASON_SORTS,
};

/**
 * The order when the query names none; a search whose spelling is forgiven is then ranked closest first
 * instead ({@link PlayerSql.closestFirst}).
 */
export const PLAYER_DEFAULT_SORT = 'name';

/** Ties on every sort key are broken by id, so pages are stable. */
const TIE_BREAK = 'p.id ASC';

export { PLAYER_FILTERS };

const wholeYears = (name: string) =>
  z
    .string()
    .regex(/^\d+$/, `${name} must be a whole number`)
    .transform(Number)
    .refine((n) => n <= 150, `${name} must be between 0 and 150`);

/** A measure in cm or kg: a number with at most one decimal, 0 to 300. */
const measure = (name: string) =>
  z
    .string()
    .regex(/^\d{1,3}(\.\d)?$/, `${name} must be a number such as 185 or 85.5`)
    .transform(Number)
    .refine((n) => n <= 300, `${name} must be between 0 and 300`);

/** The filters (and the paging and sort parameters, read by the engine). Unknown names are refused. */
const PlayerParamsSchema = z
  .object({
    q: z.string().max(200).optional(),
    position: z.string().max(20).optional(),
    nationality: z.string().max(200).optional(),
    'age:min': wholeYears('age:min').optional(),
    'age:max': wholeYears('age:max').optional(),
    league: z.string().max(200).optional(),
    season: z.string().max(200).optional(),
    shoots: z.enum(['L', 'R']).optional(),
    catches: z.enum(['L', 'R']).optional(),
    'height:min': measure('height:min').optional(),
    'height:max': measure('height:max').optional(),
    'weight:min': measure('weight:min').optional(),
    'weight:max': measure('weight:max').optional(),
    agency: z
      .string()
      .regex(/^[1-9]\d{0,9}$/, 'agency must be an agency id (a whole number from 1)')
      .transform(Number)
      .refine((n) => n <= 2 ** 31 - 1, 'agency must be an agency id (a whole number from 1)')
      .optional(),
    sort: z.string().max(500).optional(),
    offset: z.string().optional(),
    limit: z.string().optional(),
    fields: z.string().max(2000).optional(),
  })
  .strict();

/** The parameter names the players list accepts. */
export const PLAYER_PARAMS: readonly string[] = Object.keys(PlayerParamsSchema.shape);

type PlayerParams = z.output<typeof PlayerParamsSchema>;

/** A checked players list query: its filters, sort terms (`sortGiven`: named by the query) and page. */
export type PlayerQuery = Omit<PlayerParams, 'sort' | 'offset' | 'limit' | 'fields'> & {
  sort: SortTerm[];
  sortGiven: boolean;
  offset: number;
  limit: number;
};

/** The first zod issue of a players query as an issue naming its parameter. */
function paramIssue(error: z.ZodError): ListQueryIssue {
  const issue = error.issues[0];
  if (issue?.code === 'unrecognized_keys') {
    const parameter = issue.keys[0] ?? 'query';
    return {
      parameter,
      message: `Unknown parameter ${parameter}; allowed: ${PLAYER_PARAMS.join(', ')}`,
      allowed: PLAYER_PARAMS,
    };
  }
  const parameter = issue?.path.map(String).join('.') || 'query';
  return { parameter, message: `Invalid ${parameter}: ${issue?.message ?? 'malformed'}` };
}

/**
 * Checks a raw players query (the page's, untrusted): filters with their schema, `sort` against
 * {@link PLAYER_SORTS} (own keys only), `offset` and `limit` as the spec bounds them. The issue names
 * the parameter and, for a closed set, its allowed values.
 */
export function checkPlayerQuery(raw: RawPlayerQuery): Checked<PlayerQuery> {
  const parsed = PlayerParamsSchema.safeParse(raw);
  if (!parsed.success) return { ok: false, issue: paramIssue(parsed.error) };
  const { sort, offset, limit, fields: _fields, ...filters } = parsed.data;
  const terms = parseSortTokens(sort ?? PLAYER_DEFAULT_SORT, PLAYER_SORTS);
  if (!terms.ok) return terms;
  const page = parsePaging({ offset, limit });
  if (!page.ok) return page;
  return { ok: true, value: { ...filters, sort: terms.value, sortGiven: sort !== undefined, ...page.value } };
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
