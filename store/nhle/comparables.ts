import { draftPickText } from '../../shared/draft.ts';
import type { ListQueryIssue } from '../../shared/list-engine.ts';
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
} from '../../shared/nhle.ts';
import { positionFilterMask } from '../../shared/stat-lines.ts';
import type { Db } from '../db.ts';

/**
 * Comparable players (shared/nhle.ts): the player-seasons nearest to a subject's among the other players'
 * skating lines of the same position group and draft age with at least 20 GP in a league with a factor, as
 * Prospect Cohort Success (Weissbock and Jessop, Hockey-Graphs, 2015) and Hockey Prospecting build a
 * prospect's cohort: Euclidean distance over NHLe PTS/GP and, when asked, height and weight, each divided by
 * its standard deviation among the candidates; one row per player (his nearest line). Reads the factors
 * NHLe uses (`nhle_factors`): the caller makes them current first.
 */

interface LineRow {
  playerId: number;
  name: string;
  league: string;
  season: string;
  endYear: number;
  draftAge: number | null;
  posMask: number;
  gp: number;
  pts: number;
  factor: number | null;
  heightCm: number | null;
  weightKg: number | null;
}

const LINE_COLS = `ps.playerId AS playerId, ps.name AS name, ps.leagueSlug AS league, ps.seasonSlug AS season,
  ps.endYear AS endYear, ps.draftAge AS draftAge, ps.posMask AS posMask, ps.regularStats_GP AS gp,
  COALESCE(ps.regularStats_PTS, 0) AS pts, nf.factor AS factor, p.heightCm AS heightCm, p.weightKg AS weightKg`;

const FORWARD_MASK = positionFilterMask('F');
const DEFENCE_MASK = positionFilterMask('D');

/** Forwards when he plays any forward position, else defence; null for neither (a goalie, or unknown). */
export function positionGroup(mask: number): PositionGroup | null {
  if ((mask & FORWARD_MASK) !== 0) return 'F';
  if ((mask & DEFENCE_MASK) !== 0) return 'D';
  return null;
}

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
  db: Db,
  playerId: number,
  league: string,
  season: string,
): { ok: true; value: NhleLine } | { ok: false; issue: ListQueryIssue } {
  const r = db
    .query<LineRow, [number, string, string]>(
      `SELECT ${LINE_COLS} FROM player_seasons ps JOIN players p ON p.id = ps.playerId
       LEFT JOIN nhle_factors nf ON nf.leagueSlug = ps.leagueSlug
       WHERE ps.playerId = ? AND ps.leagueSlug = ? AND ps.seasonSlug = ? AND ps.goalieLine = 0`,
    )
    .get(playerId, league, season);
  if (r === undefined)
    return refuse('season', `The store holds no skating line of this player in ${league.toUpperCase()} ${season}.`);
  const group = positionGroup(r.posMask);
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

/** The comparables of `subject` (see the module's comment). */
export function findComparables(
  db: Db,
  subject: NhleLine,
  k: number,
  size: boolean,
): Omit<Comparables, 'newestSeason'> {
  const mask = subject.group === 'F' ? FORWARD_MASK : DEFENCE_MASK;
  const rows = db
    .query<LineRow, [number, number, number, number]>(
      `SELECT ${LINE_COLS} FROM player_seasons ps INDEXED BY player_seasons_draft_age
       JOIN nhle_factors nf ON nf.leagueSlug = ps.leagueSlug JOIN players p ON p.id = ps.playerId
       WHERE ps.goalieLine = 0 AND ps.draftAge = ? AND ps.regularStats_GP >= ? AND (ps.posMask & ?) != 0 AND ps.playerId <> ?`,
    )
    .all(subject.draftAge as number, FACTOR_MIN_GP, mask, subject.playerId)
    .filter((r) => positionGroup(r.posMask) === subject.group)
    .filter((r) => !size || (r.heightCm !== null && r.weightKg !== null));
  const lines = rows.map((r) => lineOf(r, subject.group));
  const sdN = spread(lines.map((l) => l.nhlePTSperGP));
  const sdH = size ? spread(lines.map((l) => l.heightCm as number)) : 1;
  const sdW = size ? spread(lines.map((l) => l.weightKg as number)) : 1;
  const dist = (l: NhleLine) =>
    Math.sqrt(
      ((l.nhlePTSperGP - subject.nhlePTSperGP) / sdN) ** 2 +
        (size ? (((l.heightCm as number) - (subject.heightCm as number)) / sdH) ** 2 : 0) +
        (size ? (((l.weightKg as number) - (subject.weightKg as number)) / sdW) ** 2 : 0),
    );
  const ranked = lines
    .map((l) => ({ l, d: dist(l) }))
    .sort((a, b) => a.d - b.d || a.l.playerId - b.l.playerId || (a.l.season < b.l.season ? -1 : 1));
  const seen = new Set<number>();
  const nearest: { l: NhleLine; d: number }[] = [];
  for (const x of ranked) {
    if (seen.has(x.l.playerId)) continue;
    seen.add(x.l.playerId);
    nearest.push(x);
    if (nearest.length === k) break;
  }
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
    candidates: lines.length,
    rows: out,
    complete: complete.length,
    reached,
    share: complete.length === 0 ? null : reached / complete.length,
  };
}

/** The store's newest season and its end year. */
export function newestSeason(db: Db): { slug: string; endYear: number } | null {
  const r = db
    .query<{ slug: string | null; endYear: number | null }, []>(
      'SELECT MAX(seasonSlug) AS slug, MAX(endYear) AS endYear FROM player_seasons',
    )
    .get();
  return r?.slug == null || r.endYear == null ? null : { slug: r.slug, endYear: r.endYear };
}

/** What each player became: NHL games, points, best NHL PTS/GP (20+ GP), draft selection, last season held. */
export function outcomesOf(db: Db, ids: readonly number[]): Map<number, CareerOutcome> {
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
         SUM(CASE WHEN ps.leagueSlug = ? THEN ps.regularStats_GP END) AS nhlGP,
         SUM(CASE WHEN ps.leagueSlug = ? THEN ps.regularStats_PTS END) AS nhlPTS,
         MAX(CASE WHEN ps.leagueSlug = ? AND ps.regularStats_GP >= ? THEN ps.regularStats_PTSperGP END) AS peak,
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
