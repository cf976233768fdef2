import { LEADER_STAT_SORTS, type LeadersMeta, type LeadersPage } from '../../../shared/domain/leaders.ts';
import type { PinnedFactor } from '../../../shared/domain/nhle.ts';
import { STAT_KEYS, type StatBlock } from '../../../shared/domain/offline.ts';
import type { Checked } from '../../../shared/query/list-engine.ts';
import type { ReadableDB } from '../../common/db.ts';
import { envelope } from '../../common/envelope.ts';
import type { LeaderCalls, RawPlayerQuery } from '../api.ts';
import { createKeyedPages, inKeyOrder, type PageRead } from '../keyed-pages.ts';
import type { FactorCache } from '../nhle/cache.ts';
import { keptWhileUnchanged, queryKey } from '../unchanged.ts';
import { goalieRateSql } from './goalie-rates.ts';
import { keptTotals } from './kept-totals.ts';
import { checkLeaderQuery, type LeaderQuery, leaderConditions, leaderOrderBy } from './query.ts';
import { type Row, rowShape, seasonRecord, totalsRecord } from './records.ts';

/**
 * The leaders (shared/domain/leaders.ts) answered from `player_seasons`: best single seasons (one row per
 * player-season-league, stints combined) or totals over the range (one row per player), in the spec's
 * list envelope with what the rows are (`leaders`). The rows are read as the last derivation left them
 * (refresh.ts, run after each download by cache/derive.ts, never by a query: `db` cannot write). Totals are
 * counted once per query text and store state: a header click or a new page reuses the count.
 */

/**
 * The sorts of each block that an index of `player_seasons` orders (its first column after `goalieLine`):
 * the sort indexes in migration 6's shape `(goalieLine, <block>_<key> DESC, <block>_GP, name, id)`
 * (migrations 6, 12, 14, 15 and 17), each block's games index (GP) and the comparables' (draft age, migration
 * 9). Over every row such a sort reads its first page in the index's order; any other sort reads and sorts
 * the rows (scansEveryRow). A test holds this list to the schema.
 */
export const SORT_INDEXED: Readonly<Record<StatBlock, readonly string[]>> = {
  regularStats: ['PTS', 'G', 'A', 'PIM', 'PM', 'W', 'PTSperGP', 'GperGP', 'AperGP', 'adjPTS', 'GP', 'draftAge'],
  postseasonStats: ['PTS', 'GP', 'draftAge'],
  totalStats: ['PTS', 'GP', 'draftAge'],
};

/** The player's columns every leaders row reads. */
const PLAYER_COLS =
  'p.position AS pPosition, p.detailedPosition AS pDetailed, p.nationalitySlug AS pNat, p.nationalityName AS pNatName, p.dateOfBirth AS pBorn, p.draftYear AS pDraftYear, p.draftRound AS pDraftRound, p.draftOverall AS pDraftOverall, p.draftTeamName AS pDraftTeam';

/**
 * The columns of a single-season row that records.ts reads: the row's own, the block's stats, and the
 * regular season's games and points (NHLe). Not `ps.*`: the row holds three blocks, with computed rates.
 */
function seasonColumns(b: StatBlock): string {
  const own = ['id', 'playerId', 'leagueSlug', 'seasonSlug', 'goalieLine', 'teamNames', 'name', 'draftAge'];
  const stats = new Set([...LEADER_STAT_SORTS.map((k) => `${b}_${k}`), 'regularStats_GP', 'regularStats_PTS']);
  return [...own, ...stats].map((c) => `ps.${c}`).join(', ');
}

/**
 * The totals of a block over the rows in scope, one per player, as columns named by stat key (alias `t`):
 * counts summed, rates from the sums; GAA and SV% by shared/domain/rates.ts's rule (goalie-rates.ts) over the
 * goalies' rows (`goalies`), and for skaters' rows (which record neither GA nor SA) the only row's own.
 */
function totalsSql(b: StatBlock, goalies: boolean): string {
  const sum = (k: string) => `SUM(ps.${b}_${k})`;
  const keys = STAT_KEYS.filter((k) => k !== 'SVP' && k !== 'GAA').map((k) => `${sum(k)} AS ${k}`);
  return [
    'ps.playerId AS playerId',
    'MAX(ps.name) AS name',
    'COUNT(*) AS seasonCount',
    'MIN(ps.seasonSlug) AS seasonFrom',
    'MAX(ps.seasonSlug) AS seasonTo',
    'GROUP_CONCAT(DISTINCT ps.leagueSlug) AS leagues',
    ...keys,
    `${goalieRateSql('ps', b, 'SVP', goalies)} AS SVP`,
    `${goalieRateSql('ps', b, 'GAA', goalies)} AS GAA`,
    `CASE WHEN ${sum('GP')} > 0 THEN ${sum('G')} * 1.0 / ${sum('GP')} END AS GperGP`,
    `CASE WHEN ${sum('GP')} > 0 THEN ${sum('A')} * 1.0 / ${sum('GP')} END AS AperGP`,
    `CASE WHEN ${sum('GP')} > 0 THEN ${sum('PTS')} * 1.0 / ${sum('GP')} END AS PTSperGP`,
    `${sum('adjG')} AS adjG`,
    `${sum('adjA')} AS adjA`,
    `${sum('adjPTS')} AS adjPTS`,
  ].join(', ');
}

/** A leaders query's SQL: its page's SELECT, its count, its keys and a page by key, and their values. */
export interface LeaderStatements {
  rows: string;
  count: string;
  keys: string;
  byKeys: string;
  params: (string | number)[];
  /** The values of `byKeys` for a page's keys. */
  byKeysValues: (keys: readonly number[]) => (string | number)[];
}

/**
 * The SELECTs of a checked query: the page's rows, the count of every row, and for pages past the first
 * (`keys`, `byKeys`) the whole result's row keys in order (`ps.id`, or the player's id for totals) and the
 * rows of a list of keys, with their values.
 */
export function leaderSql(
  q: LeaderQuery,
  /** Totals only: the temporary table that holds this query's grouped rows (kept-totals.ts), read instead of grouping. */
  kept?: string,
): LeaderStatements {
  const { where, params } = leaderConditions(q);
  const b = q.block;
  const minGP = Math.max(1, q.minGP);
  const countFrom = filteredRows(q);
  const orderBy = leaderOrderBy(q);
  if (q.mode === 'seasons') {
    const w = `WHERE ${[...where, `ps.${b}_GP >= ?`].join(' AND ')}`;
    // Unscoped, a sort's own index must give the rows in order: left to itself SQLite takes the games
    // index for the GP bound and sorts every qualifying row, so the bound is kept out of index choice
    // (unary +) for the rows; the count still reads it through the games index. A sort no index orders
    // reads skaters' lines in the file's order (scansEveryRow) and goalies' through the games index.
    const sortIndexed = SORT_INDEXED[b].includes(q.sort[0]?.key ?? '');
    const ordered = scopeIndex(q) === '' && sortIndexed ? `WHERE ${[...where, `+ps.${b}_GP >= ?`].join(' AND ')}` : w;
    // A league or season filter reads its rows through the scope indexes; without one, the sort's own index
    // serves the first page (SQLite would otherwise walk a sort index past most rows to find the scope's).
    const source = leaderTable(q, !sortIndexed && scansEveryRow(q));
    const joined = `JOIN players p ON p.id = ps.playerId LEFT JOIN nhle_factors nf ON nf.leagueSlug = ps.leagueSlug`;
    const cols = `${seasonColumns(b)}, ${PLAYER_COLS}, nf.factor AS nhleFactor, nf.pinned AS nhlePinned`;
    return {
      rows: `SELECT ${cols} FROM ${source} ${joined} ${ordered} ORDER BY ${orderBy} LIMIT ? OFFSET ?`,
      count: `SELECT COUNT(*) AS n FROM ${countFrom} ${w}`,
      // The keys read only what they are filtered and ordered by: over an unscoped sort index, that index
      // alone (every row has its player, as the count also takes).
      keys: `SELECT ps.id AS k FROM ${source} ${needsPlayers(q) ? 'JOIN players p ON p.id = ps.playerId' : ''} ${orderBy.includes('nf.') ? 'LEFT JOIN nhle_factors nf ON nf.leagueSlug = ps.leagueSlug' : ''} ${ordered} ORDER BY ${orderBy}`,
      byKeys: `SELECT ${cols} FROM player_seasons ps ${joined} WHERE ps.id IN (SELECT value FROM json_each(?))`,
      params: [...params, minGP],
      byKeysValues: (keys) => [JSON.stringify(keys)],
    };
  }
  // The players of a page: read by the player index, whatever the scope.
  const pagePlayers = 'ps.playerId IN (SELECT value FROM json_each(?))';
  if (kept !== undefined) {
    const t = `temp.${kept} t JOIN players p ON p.id = t.playerId`;
    return {
      rows: `SELECT t.*, ${PLAYER_COLS} FROM ${t} ORDER BY ${orderBy} LIMIT ? OFFSET ?`,
      count: `SELECT COUNT(*) AS n FROM temp.${kept}`,
      keys: `SELECT t.playerId AS k FROM ${t} ORDER BY ${orderBy}`,
      byKeys: `SELECT t.*, ${PLAYER_COLS} FROM ${t} WHERE t.playerId IN (SELECT value FROM json_each(?))`,
      params: [],
      byKeysValues: (keys) => [JSON.stringify(keys)],
    };
  }
  const unhinted = needsPlayers(q) ? 'player_seasons ps JOIN players p ON p.id = ps.playerId' : 'player_seasons ps';
  const grouped = totalsGroupSql(q);
  return {
    rows: `WITH t AS (${grouped.sql}) SELECT t.*, ${PLAYER_COLS} FROM t JOIN players p ON p.id = t.playerId ORDER BY ${orderBy} LIMIT ? OFFSET ?`,
    count: `WITH t AS (${grouped.sql}) SELECT COUNT(*) AS n FROM t`,
    keys: `WITH t AS (${grouped.sql}) SELECT t.playerId AS k FROM t JOIN players p ON p.id = t.playerId ORDER BY ${orderBy}`,
    byKeys: `WITH t AS (${groupedTotals(q, unhinted, where, [pagePlayers])}) SELECT t.*, ${PLAYER_COLS} FROM t JOIN players p ON p.id = t.playerId`,
    params: grouped.params,
    // The query's values, the page's keys, then min GP (the HAVING's value comes after the WHERE's).
    byKeysValues: (keys) => [...params, JSON.stringify(keys), minGP],
  };
}

/**
 * The grouped SELECT of totals over the range (one row per player with its sums) from `source`, with
 * `extra` conditions; its values are the query's, then min GP (the HAVING's).
 */
function groupedTotals(q: LeaderQuery, source: string, where: readonly string[], extra: string[] = []): string {
  const b = q.block;
  return `SELECT ${totalsSql(b, q.goalies)} FROM ${source}
    WHERE ${[...where, `ps.${b}_GP > 0`, ...extra].join(' AND ')} GROUP BY ps.playerId HAVING SUM(ps.${b}_GP) >= ?`;
}

/** The grouped rows of a totals query and their values, for the table kept-totals.ts keeps. */
export function totalsGroupSql(q: LeaderQuery): { sql: string; params: (string | number)[] } {
  const { where, params } = leaderConditions(q);
  return { sql: groupedTotals(q, filteredRows(q, scansEveryRow(q)), where), params: [...params, Math.max(1, q.minGP)] };
}

/**
 * The rows a query's filters read: by its scope's index (or in the file's order, `scan`), joined to the players
 * only when a filter reads them (nationality, draft status).
 */
function filteredRows(q: LeaderQuery, scan = false): string {
  const from = leaderTable(q, scan);
  return needsPlayers(q) ? `${from} JOIN players p ON p.id = ps.playerId` : from;
}

/** `player_seasons ps` read through the query's scope index, or in the file's order (`scan`). */
function leaderTable(q: LeaderQuery, scan = false): string {
  return scan ? 'player_seasons ps NOT INDEXED' : `player_seasons ps ${scopeIndex(q)}`;
}

/**
 * Whether a query with no league or season reads its skating lines in the file's order (`NOT INDEXED`) when
 * it must sort them, or group them (totals): nine lines in ten skate, and reading them through an index
 * costs a page read at a random place per row, several times a scan's reads in order. Goalies' lines (one
 * in ten) are fewer through their block's games index.
 */
function scansEveryRow(q: LeaderQuery): boolean {
  return scopeIndex(q) === '' && !q.goalies;
}

/** Whether a query's rows carry NHLe: skaters, single seasons, the regular season (the factors' own). */
function hasNhle(q: LeaderQuery): boolean {
  return q.mode === 'seasons' && !q.goalies && q.block === 'regularStats';
}

/** The index a scoped query reads by: its leagues', else its seasons'; none without a scope. */
function scopeIndex(q: LeaderQuery): string {
  if (q.league !== undefined && q.league.length > 0) return 'INDEXED BY player_seasons_scope';
  if (q.season !== undefined || q['season:min'] !== undefined || q['season:max'] !== undefined)
    return 'INDEXED BY player_seasons_season';
  return '';
}

/** Whether a filter reads the player's row (his nationality or draft selection). */
function needsPlayers(q: LeaderQuery): boolean {
  return (q.nationality !== undefined && q.nationality.length > 0) || q.draft !== undefined;
}

/**
 * The teams of a query's leagues and seasons, by name: the team filter's choices. None without a league:
 * every team held (thousands, over many leagues) is no list to choose from, and a page would carry it.
 */
function teamsSql(q: LeaderQuery): { sql: string; params: string[] } | null {
  if (q.league === undefined || q.league.length === 0) return null;
  const where = [`s.leagueSlug IN (${q.league.map(() => '?').join(',')})`];
  const params = [...q.league];
  for (const [cond, v] of [
    ['s.seasonSlug = ?', q.season],
    ['s.seasonSlug >= ?', q['season:min']],
    ['s.seasonSlug <= ?', q['season:max']],
  ] as const) {
    if (v === undefined) continue;
    where.push(cond);
    params.push(v);
  }
  return {
    sql: `SELECT s.teamId AS id, MAX(COALESCE(s.teamName, 'Team ' || s.teamId)) AS name FROM player_stats s WHERE ${where.join(' AND ')} GROUP BY s.teamId ORDER BY name, id`,
    params,
  };
}

/** The leaders calls of the store (api.ts), and the page of an export. */
export interface LeaderReads extends LeaderCalls {
  /**
   * {@link LeaderCalls.leaders} for an export, which reads every page of the list: a list SQLite sorts is
   * read by key from its first page on (keyed-pages.ts).
   */
  exportPage(query: RawPlayerQuery, pins?: readonly PinnedFactor[]): Checked<LeadersPage>;
}

/** Query texts (with their values) whose count and scope teams are kept: a scout's recent filters. */
const KEPT_QUERIES = 64;

/** The leaders calls of the store (api.ts, LeaderCalls) and the page of an export. */
export function createLeaderCalls(db: ReadableDB, factors: FactorCache): LeaderReads {
  // Counts and scope teams by query text and values: a header click or a new page reuses them.
  const counts = keptWhileUnchanged<number>(db, KEPT_QUERIES);
  const teams = keptWhileUnchanged<{ id: number; name: string }[]>(db, KEPT_QUERIES);
  const keyed = createKeyedPages(db);
  const totals = keptTotals(db);

  /**
   * A page read by its keys (keyed-pages.ts: the whole list's kept keys, or its own by a walk of the keys'
   * SELECT), then its rows by key in that order.
   */
  function pageByKeys(
    q: LeaderQuery,
    sql: ReturnType<typeof leaderSql>,
    read: Exclude<PageRead, 'offset'>,
  ): { columns: readonly string[]; rows: readonly Row[] } {
    const page = keyed.slice(sql.keys, sql.params, q.offset, q.limit, read);
    const byKeys = db.tuples(sql.byKeys);
    if (page.length === 0) return { columns: byKeys.columns, rows: [] };
    const key = byKeys.columns.indexOf(q.mode === 'seasons' ? 'id' : 'playerId');
    const rows = byKeys.all(...sql.byKeysValues(page));
    return { columns: byKeys.columns, rows: inKeyOrder(page, rows, (r) => Number(r[key])) };
  }

  /** A page's rows, by OFFSET or by key, with their SELECT's columns. */
  function pageRows(
    q: LeaderQuery,
    sql: ReturnType<typeof leaderSql>,
    everyPage: { total: number } | undefined,
  ): { columns: readonly string[]; rows: readonly Row[] } {
    const read = keyed.read(sql.rows, [...sql.params, q.limit, q.offset], q.offset, q.limit, everyPage);
    if (read !== 'offset') return pageByKeys(q, sql, read);
    const st = db.tuples(sql.rows);
    return { columns: st.columns, rows: st.all(...sql.params, q.limit, q.offset) };
  }

  /** A page of leaders; `everyPage` when the caller reads every page (an export). */
  function page(raw: RawPlayerQuery, pins: readonly PinnedFactor[], everyPage: boolean): Checked<LeadersPage> {
    const checked = checkLeaderQuery(raw);
    if (!checked.ok) return checked;
    const q = checked.value;
    // Skaters' single regular seasons carry NHLe: the factors it uses are made current first.
    if (hasNhle(q)) factors.applied(pins);
    // Totals are grouped once per filter set: a sort or a page orders the kept rows.
    const grouped = q.mode === 'seasons' ? null : totalsGroupSql(q);
    const sql = leaderSql(q, grouped === null ? undefined : totals.table(grouped.sql, grouped.params));
    const t = teamsSql(q);
    const scopeTeams =
      t === null
        ? []
        : teams.get(queryKey(t.sql, t.params), () => db.query<{ id: number; name: string }>(t.sql).all(...t.params));
    const total = counts.get(
      queryKey(sql.count, sql.params),
      () => db.query<{ n: number }>(sql.count).get(...sql.params)?.n ?? 0,
    );
    const { columns, rows } = pageRows(q, sql, everyPage ? { total } : undefined);
    const shape = rowShape(columns, q.mode === 'seasons' ? `${q.block}_` : '');
    const nhle = hasNhle(q);
    const data = rows.map((r, i) =>
      q.mode === 'seasons'
        ? seasonRecord(r, shape, q.offset + i + 1, nhle)
        : totalsRecord(r, shape, q.goalies, q.offset + i + 1),
    );
    const meta: LeadersMeta = {
      mode: q.mode,
      block: q.block,
      goalies: q.goalies,
      minGP: q.minGP,
      sort: q.sortText,
      teams: scopeTeams,
    };
    return { ok: true, value: { ...envelope(data, q.offset, q.limit, total), leaders: meta } };
  }

  return {
    leaders: (raw, pins = []) => page(raw, pins, false),
    exportPage: (raw, pins = []) => page(raw, pins, true),
  };
}

/**
 * The SQL a leaders query runs (its page's SELECT, its count, its keys and a page by key, their values), or the refused query's
 * issue: for benches that time the same SELECT straight on the store file (a floor). Reads nothing.
 */
export function leadersStatement(
  raw: Readonly<Record<string, string>>,
): (LeaderStatements & { ok: true; page: [number, number] }) | { ok: false } {
  const checked = checkLeaderQuery(raw);
  if (!checked.ok) return { ok: false };
  const sql = leaderSql(checked.value);
  return { ok: true, ...sql, page: [checked.value.limit, checked.value.offset] };
}
