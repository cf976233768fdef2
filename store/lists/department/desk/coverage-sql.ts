import {
  GOALIE_AREAS,
  type GradeArea,
  PROJECTIONS,
  type Projection,
  SKATER_AREAS,
} from '../../../../shared/domain/report-areas.ts';
import type { WritableDB } from '../../../common/db.ts';

/**
 * The department's final reports summed up per player as SQLite can: one row per source and player id,
 * over the reports the department shares (final, not taken back, with a department login as owner:
 * imported files' and drafts are not the department's). The grades are read out of their JSON once per
 * report (a materialized CTE), then counted, summed and bounded per area; the projections counted per
 * category. coverage.ts joins the rows of one player across sources and judges them.
 */

/** Every grade area of either kind of report, each once. */
export const ALL_AREAS: readonly GradeArea[] = [...new Set<GradeArea>([...SKATER_AREAS, ...GOALIE_AREAS])];
const PROJECTION_KEYS = Object.keys(PROJECTIONS) as Projection[];

const col = (prefix: string, i: number) => `${prefix}${i}`;
/** The column names of each area and projection, made once. */
const AREA_COLS = ALL_AREAS.map((area, i) => ({
  area,
  n: col('n', i),
  s: col('s', i),
  lo: col('lo', i),
  hi: col('hi', i),
}));
const PROJECTION_COLS = PROJECTION_KEYS.map((p, j) => ({ p, c: col('p', j) }));

/**
 * The aggregation, as one statement over the reports `where` keeps besides (an `AND …` clause, or '').
 * Columns: source, playerId, name, dateOfBirth, position, lastLeague (`gameDate` + US + league of the
 * newest report), reports, owners (distinct, comma-separated), firstSeen, lastSeen, then per area i
 * `n{i}`, `s{i}` (sum), `lo{i}`, `hi{i}`, and per projection j `p{j}`.
 */
const coverageSql = (where: string) => `WITH g AS MATERIALIZED (
  SELECT source, playerId, playerName, dateOfBirth, playerPosition, league, owner, gameDate, projection,
    ${ALL_AREAS.map((a, i) => `json_extract(grades, '$.${a}') AS ${col('g', i)}`).join(', ')}
  FROM scouting_reports WHERE status = 'final' AND retracted = 0 AND owner <> ''${where}
)
SELECT source, playerId, max(playerName) AS name, max(dateOfBirth) AS dateOfBirth, max(playerPosition) AS position,
  max(gameDate || char(31) || league) AS lastLeague, count(*) AS reports, group_concat(DISTINCT owner) AS owners,
  min(gameDate) AS firstSeen, max(gameDate) AS lastSeen,
  ${ALL_AREAS.map((_, i) => `count(g${i}) AS n${i}, total(g${i}) AS s${i}, min(g${i}) AS lo${i}, max(g${i}) AS hi${i}`).join(',\n  ')},
  ${PROJECTION_KEYS.map((p, j) => `sum(projection = '${p}') AS p${j}`).join(', ')}
FROM g GROUP BY source, playerId`;

/** The aggregation over every player (the bench times this very text as the bare SELECT). */
export const COVERAGE_SQL = coverageSql('');

/**
 * The aggregation over one player's candidate reports: his source and id, or any source's with his birth
 * date (the caller keeps those whose name is his, as the player page matches the department's reports).
 */
const PLAYER_SQL = coverageSql(' AND ((source = ? AND playerId = ?) OR (dateOfBirth IS NOT NULL AND dateOfBirth = ?))');

/**
 * The aggregation over the candidate reports of some boards' players (each `?`: the boards' ids as a JSON array;
 * the two lists are uncorrelated subqueries, made once per statement):
 * a player's source and id, or any source's with a board player's birth date (the caller joins them by
 * name and birth date as coverage does).
 */
const BOARDS_SQL = coverageSql(` AND ((source, playerId) IN
      (SELECT source, playerId FROM draft_board_entries WHERE boardId IN (SELECT value FROM json_each(?)))
    OR dateOfBirth IN (SELECT dateOfBirth FROM draft_board_entries
      WHERE boardId IN (SELECT value FROM json_each(?)) AND dateOfBirth IS NOT NULL))`);

/** A player and his reports' count and dates, as the SQL row and the totals both hold them. */
interface PlayerHead {
  source: string;
  playerId: number;
  name: string;
  dateOfBirth: string | null;
  position: string | null;
  /** The newest report's `gameDate` + US + league. */
  lastLeague: string;
  reports: number;
  firstSeen: string;
  lastSeen: string;
}

/** One row of {@link COVERAGE_SQL}: the head, `owners` comma-separated, and the numbered columns. */
export type CoverageSqlRow = PlayerHead & { owners: string } & Record<string, number | null>;

/** Per area: how many graded it, their sum, lowest and highest. */
export interface AreaTotals {
  n: number;
  sum: number;
  lo: number;
  hi: number;
}

/** A player's totals, possibly over several sources' rows. */
export interface PlayerTotals extends PlayerHead {
  owners: Set<string>;
  areas: Map<GradeArea, AreaTotals>;
  projections: Map<Projection, number>;
}

/** The totals of one SQL row. */
export function totalsOf(r: CoverageSqlRow): PlayerTotals {
  const areas = new Map<GradeArea, AreaTotals>();
  for (const c of AREA_COLS) {
    const n = r[c.n] as number;
    if (n > 0) areas.set(c.area, { n, sum: r[c.s] as number, lo: r[c.lo] as number, hi: r[c.hi] as number });
  }
  const projections = new Map<Projection, number>();
  for (const c of PROJECTION_COLS) {
    const n = r[c.c] as number;
    if (n > 0) projections.set(c.p, n);
  }
  return {
    source: r.source,
    playerId: r.playerId,
    name: r.name,
    dateOfBirth: r.dateOfBirth,
    position: r.position,
    lastLeague: r.lastLeague,
    reports: r.reports,
    owners: new Set(r.owners.split(',')),
    firstSeen: r.firstSeen,
    lastSeen: r.lastSeen,
    areas,
    projections,
  };
}

/** `b` added into `a` (one player under two sources); `a`'s identity stays unless `b` is the newer. */
export function mergeTotals(a: PlayerTotals, b: PlayerTotals): void {
  if (b.lastSeen > a.lastSeen)
    Object.assign(a, { source: b.source, playerId: b.playerId, name: b.name, position: b.position });
  a.reports += b.reports;
  for (const o of b.owners) a.owners.add(o);
  if (b.firstSeen < a.firstSeen) a.firstSeen = b.firstSeen;
  if (b.lastSeen > a.lastSeen) a.lastSeen = b.lastSeen;
  if (b.lastLeague > a.lastLeague) a.lastLeague = b.lastLeague;
  for (const [area, t] of b.areas) {
    const x = a.areas.get(area);
    if (x === undefined) a.areas.set(area, { ...t });
    else a.areas.set(area, { n: x.n + t.n, sum: x.sum + t.sum, lo: Math.min(x.lo, t.lo), hi: Math.max(x.hi, t.hi) });
  }
  for (const [p, n] of b.projections) a.projections.set(p, (a.projections.get(p) ?? 0) + n);
}

/** The SQL rows of the lists file `db`. */
export const coverageSqlRows = (db: WritableDB): CoverageSqlRow[] => db.query<CoverageSqlRow, []>(COVERAGE_SQL).all();

/** The SQL rows of one player's candidate reports (see {@link PLAYER_SQL}). */
export const playerCoverageSqlRows = (
  db: WritableDB,
  p: { source: string; playerId: number; dateOfBirth: string | null },
): CoverageSqlRow[] =>
  db.query<CoverageSqlRow, [string, number, string | null]>(PLAYER_SQL).all(p.source, p.playerId, p.dateOfBirth);

/** The SQL rows of the players of boards `boardIds` (and of others born on one of their birth dates). */
export const boardsCoverageSqlRows = (db: WritableDB, boardIds: readonly number[]): CoverageSqlRow[] =>
  db.query<CoverageSqlRow, [string, string]>(BOARDS_SQL).all(JSON.stringify(boardIds), JSON.stringify(boardIds));
