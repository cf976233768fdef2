import { draftPickText, seasonEndYear } from '../../../shared/domain/draft.ts';
import {
  type CareerOutcome,
  COMPLETE_CAREER_GAP,
  type Comparable,
  type Comparables,
  FACTOR_MIN_GP,
  NHL_CAREER_GAMES,
  NHLE_TARGET,
  type NhleLine,
  type PositionGroup,
} from '../../../shared/domain/nhle.ts';
import type { ListQueryIssue } from '../../../shared/query/list-engine.ts';
import type { ReadableDB } from '../../common/db.ts';

/**
 * Comparable players (shared/domain/nhle.ts): the player-seasons nearest to a subject's among the other players'
 * skating lines of the same position group (each player's listed position's, `posGroup`:
 * shared/domain/stat-lines.ts) and draft age with at least 20 GP in a league with a factor, as Prospect Cohort
 * Success (Weissbock and Jessop, Hockey-Graphs, 2015) and Hockey Prospecting build a prospect's cohort:
 * Euclidean distance over NHLe PTS/GP and, when asked, height and weight, each divided by its standard
 * deviation among the candidates; one row per player (his nearest line). Reads the factors NHLe uses
 * (`nhle_factors`): the caller makes them current first.
 */

interface LineRow {
  playerId: number;
  name: string;
  league: string;
  season: string;
  endYear: number;
  draftAge: number | null;
  posGroup: PositionGroup | null;
  gp: number;
  pts: number;
  factor: number | null;
  heightCm: number | null;
  weightKg: number | null;
}

const LINE_COLS = `ps.playerId AS playerId, ps.name AS name, ps.leagueSlug AS league, ps.seasonSlug AS season,
  ps.endYear AS endYear, ps.draftAge AS draftAge, ps.posGroup AS posGroup, ps.regularStats_GP AS gp,
  COALESCE(ps.regularStats_PTS, 0) AS pts, nf.factor AS factor, p.heightCm AS heightCm, p.weightKg AS weightKg`;

function lineOf(r: LineRow, group: PositionGroup): NhleLine {
  const perGame = r.pts / r.gp;
  return {
    playerId: r.playerId,
    name: r.name,
    league: r.league,
    season: r.season,
    draftAge: r.draftAge,
    group,
    GP: r.gp,
    PTS: r.pts,
    PTSperGP: perGame,
    factor: r.factor as number,
    nhlePTSperGP: perGame * (r.factor as number),
    heightCm: r.heightCm,
    weightKg: r.weightKg,
  };
}

const refuse = (parameter: string, message: string): { ok: false; issue: ListQueryIssue } => ({
  ok: false,
  issue: { parameter, message },
});

/** The subject line, or why it cannot have comparables. */
export function subjectLine(
  db: ReadableDB,
  playerId: number,
  league: string,
  season: string,
): { ok: true; value: NhleLine } | { ok: false; issue: ListQueryIssue } {
  const r = db
    .query<LineRow, [number, string, string]>(
      `SELECT ${LINE_COLS} FROM player_seasons ps LEFT JOIN players p ON p.id = ps.playerId
       LEFT JOIN nhle_factors nf ON nf.leagueSlug = ps.leagueSlug
       WHERE ps.playerId = ? AND ps.leagueSlug = ? AND ps.seasonSlug = ? AND ps.goalieLine = 0`,
    )
    .get(playerId, league, season);
  if (r === undefined)
    return refuse('season', `The store holds no skating line of this player in ${league.toUpperCase()} ${season}.`);
  const group = r.posGroup;
  if (group === null)
    return refuse('playerId', 'His position is unknown: comparables stay within forwards or defence.');
  if (r.draftAge === null) return refuse('playerId', 'His birth date is unknown, so his draft age is.');
  if (r.factor === null) return refuse('league', `${league.toUpperCase()} has no factor into the NHL yet.`);
  if (r.gp <= 0) return refuse('season', 'He played no games that season.');
  return { ok: true, value: lineOf(r, group) };
}

const spread = (xs: number[]): number => {
  if (xs.length < 2) return 1;
  const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
  const sd = Math.sqrt(xs.reduce((a, b) => a + (b - mean) ** 2, 0) / (xs.length - 1));
  return sd > 0 ? sd : 1;
};

interface Candidate {
  id: number;
  playerId: number;
  nhle: number;
  h: number | null;
  w: number | null;
}

/** A skating line of 20+ GP as the comparables' index holds it. */
interface IndexLine {
  id: number;
  playerId: number;
  league: string;
  posGroup: PositionGroup | null;
  gp: number;
  pts: number | null;
}

/**
 * The skating lines of 20+ GP of each draft age, read from the comparables' covering index alone (no row
 * fetched) once per draft age and store state: the search of a draft age already read runs in memory.
 */
export class LinesByAge {
  #at = -1;
  #byAge = new Map<number, IndexLine[]>();
  readonly #db: ReadableDB;
  readonly #generation: () => number;
  constructor(db: ReadableDB, generation: () => number) {
    this.#db = db;
    this.#generation = generation;
  }
  get(age: number): IndexLine[] {
    if (this.#generation() !== this.#at) {
      this.#byAge.clear();
      this.#at = this.#generation();
    }
    let lines = this.#byAge.get(age);
    if (lines === undefined) {
      lines = this.#db
        .query<IndexLine, [number, number]>(
          `SELECT id, playerId, leagueSlug AS league, posGroup, regularStats_GP AS gp, regularStats_PTS AS pts
           FROM player_seasons INDEXED BY player_seasons_comparables
           WHERE goalieLine = 0 AND draftAge = ? AND regularStats_GP >= ?`,
        )
        .all(age, FACTOR_MIN_GP);
      this.#byAge.set(age, lines);
    }
    return lines;
  }
}

/**
 * The other players' lines of the subject's draft age in a league with a factor and of his position group;
 * heights and weights (when `size`) from the players' rows.
 */
function candidatesOf(
  db: ReadableDB,
  lines: readonly IndexLine[],
  subject: NhleLine,
  factors: ReadonlyMap<string, number>,
  size: boolean,
): Candidate[] {
  const out: Candidate[] = [];
  for (const r of lines) {
    const f = factors.get(r.league);
    if (f === undefined || r.playerId === subject.playerId || r.posGroup !== subject.group) continue;
    out.push({ id: r.id, playerId: r.playerId, nhle: ((r.pts ?? 0) / r.gp) * f, h: null, w: null });
  }
  if (!size) return out;
  const sizes = new Map(
    db
      .query<{ id: number; h: number | null; w: number | null }, [string]>(
        'SELECT id, heightCm AS h, weightKg AS w FROM players WHERE id IN (SELECT value FROM json_each(?))',
      )
      .all(JSON.stringify([...new Set(out.map((c) => c.playerId))]))
      .map((r) => [r.id, r]),
  );
  return out.flatMap((c) => {
    const p = sizes.get(c.playerId);
    return p?.h == null || p.w == null ? [] : [{ ...c, h: p.h, w: p.w }];
  });
}

/**
 * The k nearest candidates of distinct players, nearest first (ties: the earlier row): only the nearest few
 * are sorted, those within the distance of the (4k)-th nearest line (a player has at most a few lines of one
 * draft age); all of them when that leaves fewer than k players.
 */
function nearestOf(cands: readonly Candidate[], dist: (c: Candidate) => number, k: number) {
  const d = Float64Array.from(cands, dist);
  const sorted = d.slice().sort();
  const pick = (limit: number) => {
    const ranked = cands
      .map((c, i) => ({ c, d: d[i] as number }))
      .filter((x) => x.d <= limit)
      .sort((a, b) => a.d - b.d || a.c.id - b.c.id);
    const seen = new Set<number>();
    const out: { c: Candidate; d: number }[] = [];
    for (const x of ranked) {
      if (seen.has(x.c.playerId)) continue;
      seen.add(x.c.playerId);
      out.push(x);
      if (out.length === k) break;
    }
    return out;
  };
  const few = pick(sorted[Math.min(sorted.length - 1, 4 * k)] ?? Number.POSITIVE_INFINITY);
  return few.length === k || few.length === new Set(cands.map((c) => c.playerId)).size
    ? few
    : pick(Number.POSITIVE_INFINITY);
}

/** Full lines of the chosen rows, by id. */
function linesById(db: ReadableDB, ids: readonly number[], group: PositionGroup): Map<number, NhleLine> {
  return new Map(
    db
      .query<LineRow & { id: number }, [string]>(
        `SELECT ps.id AS id, ${LINE_COLS} FROM player_seasons ps LEFT JOIN players p ON p.id = ps.playerId
         LEFT JOIN nhle_factors nf ON nf.leagueSlug = ps.leagueSlug WHERE ps.id IN (SELECT value FROM json_each(?))`,
      )
      .all(JSON.stringify(ids))
      .map((r) => [r.id, lineOf(r, group)]),
  );
}

/** The comparables of `subject` (see the module's comment); `factors`: those NHLe uses, by league. */
export function findComparables(
  db: ReadableDB,
  byAge: LinesByAge,
  subject: NhleLine,
  factors: ReadonlyMap<string, number>,
  k: number,
  size: boolean,
): Omit<Comparables, 'newestSeason'> {
  const cands = candidatesOf(db, byAge.get(subject.draftAge as number), subject, factors, size);
  if (size && (subject.heightCm === null || subject.weightKg === null)) cands.length = 0;
  const sdN = spread(cands.map((c) => c.nhle));
  const sdH = size ? spread(cands.map((c) => c.h as number)) : 1;
  const sdW = size ? spread(cands.map((c) => c.w as number)) : 1;
  const dist = (c: Candidate) =>
    Math.sqrt(
      ((c.nhle - subject.nhlePTSperGP) / sdN) ** 2 +
        (size ? (((c.h as number) - (subject.heightCm as number)) / sdH) ** 2 : 0) +
        (size ? (((c.w as number) - (subject.weightKg as number)) / sdW) ** 2 : 0),
    );
  const chosen = nearestOf(cands, dist, k);
  const lines = linesById(
    db,
    chosen.map((x) => x.c.id),
    subject.group,
  );
  const nearest = chosen.map(({ c, d }) => ({ l: lines.get(c.id) as NhleLine, d }));
  const outcomes = outcomesOf(
    db,
    nearest.map((x) => x.l.playerId),
  );
  const out: Comparable[] = nearest.map(({ l, d }) => ({
    ...l,
    distance: d,
    outcome: outcomes.get(l.playerId) as CareerOutcome,
  }));
  const complete = out.filter((c) => c.outcome.complete);
  const reached = complete.filter((c) => c.outcome.nhlGP >= NHL_CAREER_GAMES).length;
  return {
    subject,
    k,
    size,
    candidates: cands.length,
    rows: out,
    complete: complete.length,
    reached,
    share: complete.length === 0 ? null : reached / complete.length,
  };
}

/** The store's newest season and its end year (through the seasons' index: no scan). */
export function newestSeason(db: ReadableDB): { slug: string; endYear: number } | null {
  const slug = db.query<{ slug: string | null }, []>('SELECT MAX(seasonSlug) AS slug FROM player_seasons').get()?.slug;
  const endYear = slug == null ? null : seasonEndYear(slug);
  return slug == null || endYear === null ? null : { slug, endYear };
}

/**
 * What each player became: NHL games, points and best NHL PTS/GP (20+ GP) over his skating lines (as the
 * career arcs count them: games a skater played in goal are no skater's games), draft selection, and the last
 * season the store holds of him, of any kind of line (his career ends with his last game, wherever played).
 */
export function outcomesOf(db: ReadableDB, ids: readonly number[]): Map<number, CareerOutcome> {
  const newest = newestSeason(db)?.endYear ?? 0;
  const rows = db
    .query<
      {
        playerId: number;
        nhlGP: number | null;
        nhlPTS: number | null;
        peak: number | null;
        lastSeason: string;
        lastEnd: number;
        draftYear: number | null;
        draftRound: number | null;
        draftOverall: number | null;
      },
      [string, string, string, number, string]
    >(
      `SELECT ps.playerId AS playerId,
         SUM(CASE WHEN ps.leagueSlug = ? AND ps.goalieLine = 0 THEN ps.regularStats_GP END) AS nhlGP,
         SUM(CASE WHEN ps.leagueSlug = ? AND ps.goalieLine = 0 THEN ps.regularStats_PTS END) AS nhlPTS,
         MAX(CASE WHEN ps.leagueSlug = ? AND ps.goalieLine = 0 AND ps.regularStats_GP >= ? THEN ps.regularStats_PTSperGP END) AS peak,
         MAX(ps.seasonSlug) AS lastSeason, MAX(ps.endYear) AS lastEnd,
         MAX(p.draftYear) AS draftYear, MAX(p.draftRound) AS draftRound, MAX(p.draftOverall) AS draftOverall
       FROM player_seasons ps JOIN players p ON p.id = ps.playerId
       WHERE ps.playerId IN (SELECT value FROM json_each(?)) GROUP BY ps.playerId`,
    )
    .all(NHLE_TARGET, NHLE_TARGET, NHLE_TARGET, FACTOR_MIN_GP, JSON.stringify(ids));
  return new Map(
    rows.map((r) => [
      r.playerId,
      {
        nhlGP: r.nhlGP ?? 0,
        nhlPTS: r.nhlPTS ?? 0,
        peakPTSperGP: r.peak,
        draft: draftPickText(
          r.draftYear === null ? null : { year: r.draftYear, round: r.draftRound, overall: r.draftOverall },
        ),
        lastSeason: r.lastSeason,
        complete: newest - r.lastEnd >= COMPLETE_CAREER_GAP,
      },
    ]),
  );
}
