import type { PlayerStats } from '../../../shared/contract/records/index.ts';
import { type OfflineStatsRow, STAT_KEYS, type StatKey, type StatLine } from '../../../shared/domain/offline.ts';
import { goalsAgainstAverage, savePercentage } from '../../../shared/domain/rates.ts';
import { isGoalieLine } from '../../../shared/domain/stat-lines.ts';

export { isGoalieLine };

/**
 * A player's career as the player page shows it: one row per season and team (the spec's Player statistics
 * records), newest season first, with regular-season and playoff blocks, and career totals per block (the
 * page's NHLe, scouting file and PDF read the same rows). Pure: the page, and the tests that check it
 * against the Hockey Databank, call it alike.
 */

/** The stat keys a career row carries: the offline store's (skaters' GP G A PTS PIM PM, goalies' GP W L T SO GA SA SVS SVP GAA TOI). */
export const CAREER_KEYS = STAT_KEYS;
export type CareerKey = StatKey;
/** One stat block of a career row; null where the source recorded nothing. Units as the spec's (TOI minutes, SVP 0..1). */
export type CareerStats = Record<CareerKey, number | null>;

/** One season with one team: a line of the player's, skating or in goal. */
export interface CareerRow {
  /**
   * The statistics record's id. A player may have two records in one team-season: a skater who went in goal
   * has a skating line and a goalie line ({@link goalieLine}).
   */
  id: number;
  /** Season slug `YYYY-YYYY`. */
  season: string;
  teamId: number | null;
  teamName: string | null;
  leagueSlug: string | null;
  regular: CareerStats;
  playoffs: CareerStats;
  /** A goalie line (decisions or goals against recorded), not a skating line. */
  goalieLine: boolean;
}

/** The two blocks a career shows. */
export type CareerBlock = 'regular' | 'playoffs';

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

function statsOf(block: StatLine | Record<string, unknown> | null | undefined): CareerStats {
  const src = (block ?? {}) as Record<string, unknown>;
  return Object.fromEntries(CAREER_KEYS.map((k) => [k, num(src[k])])) as CareerStats;
}

/** A career row from one record's blocks. */
function careerRow(
  r: { id: number; season: string; teamId: number | null; teamName: string | null; leagueSlug: string | null },
  regular: StatLine | Record<string, unknown> | null | undefined,
  playoffs: StatLine | Record<string, unknown> | null | undefined,
): CareerRow {
  return { ...r, regular: statsOf(regular), playoffs: statsOf(playoffs), goalieLine: isGoalieLine(regular, playoffs) };
}

/** Newest season first; within a season, by team name, then record id (stable). */
function byNewest(a: CareerRow, b: CareerRow): number {
  if (a.season !== b.season) return a.season < b.season ? 1 : -1;
  const an = a.teamName ?? '';
  const bn = b.teamName ?? '';
  if (an !== bn) return an < bn ? -1 : 1;
  return a.id - b.id;
}

/** Career rows from the offline store's stats rows (`offlinePlayer`). */
export function careerFromStore(rows: readonly OfflineStatsRow[]): CareerRow[] {
  return rows
    .map((r) =>
      careerRow(
        { id: r.id, season: r.season, teamId: r.team.id, teamName: r.team.name, leagueSlug: r.leagueSlug },
        r.regularStats,
        r.postseasonStats,
      ),
    )
    .sort(byNewest);
}

/** Career rows from `/teams/{id}/player-stats` records of one team (the team's id is the path's). */
export function careerFromService(teamId: number, records: readonly PlayerStats[]): CareerRow[] {
  return records
    .map((r) =>
      careerRow(
        {
          id: r.id,
          season: r.season?.slug ?? '',
          teamId,
          teamName: r.teamName ?? null,
          leagueSlug: r.league?.slug ?? null,
        },
        r.regularStats,
        r.postseasonStats,
      ),
    )
    .filter((r) => r.season !== '')
    .sort(byNewest);
}

/** Career rows of two sources together, each statistics record once (the first source's copy), newest first. */
export function mergeCareer(a: readonly CareerRow[], b: readonly CareerRow[]): CareerRow[] {
  const ids = new Set(a.map((r) => r.id));
  return [...a, ...b.filter((r) => !ids.has(r.id))].sort(byNewest);
}

/** Whether a block has games: GP above zero. */
export function played(s: CareerStats): boolean {
  return (s.GP ?? 0) > 0;
}

/** Keys added up over the seasons; SVP and GAA are recomputed from the sums. */
const SUMMED: readonly CareerKey[] = CAREER_KEYS.filter((k) => k !== 'SVP' && k !== 'GAA');

/**
 * Career totals of one block over the rows with games in it. A key is summed only when every such row
 * recorded it: a season without shots against (the NHL before 1983-84) leaves SA, SVS and SV% blank
 * rather than pairing every goal with part of the shots. SV% = (SA − GA) / SA; GAA = GA × 60 / TOI (minutes),
 * shared/domain/rates.ts's formulas, unrounded.
 */
export function careerTotals(rows: readonly CareerRow[], block: CareerBlock): CareerStats {
  const playedRows = rows.map((r) => r[block]).filter(played);
  const out = Object.fromEntries(CAREER_KEYS.map((k) => [k, null])) as CareerStats;
  if (playedRows.length === 0) return out;
  for (const k of SUMMED) {
    let sum = 0;
    let known = true;
    for (const s of playedRows) {
      const v = s[k];
      if (v === null) {
        known = false;
        break;
      }
      sum += v;
    }
    out[k] = known ? sum : null;
  }
  out.SVP = savePercentage(out.SA, out.GA);
  out.GAA = goalsAgainstAverage(out.GA, out.TOI);
  return out;
}

/**
 * Whether the career is a goaltender's: the player's position says G, or (no position known) his goalie lines
 * hold more games than his skating lines.
 */
export function isGoalieCareer(position: string | null | undefined, rows: readonly CareerRow[]): boolean {
  if (position) return position.toUpperCase() === 'G';
  const games = (goalie: boolean) =>
    rows.filter((r) => r.goalieLine === goalie).reduce((n, r) => n + (r.regular.GP ?? 0) + (r.playoffs.GP ?? 0), 0);
  return rows.some((r) => r.goalieLine) && games(true) >= games(false);
}

/**
 * A career split by line: the lines of the player's own kind (a skater's skating lines, a goalie's goalie
 * lines) and the others (the games a skater played in goal, or a goalie skated), each totalled on its own.
 */
export function careerByLine(rows: readonly CareerRow[], goalie: boolean): { own: CareerRow[]; other: CareerRow[] } {
  return { own: rows.filter((r) => r.goalieLine === goalie), other: rows.filter((r) => r.goalieLine !== goalie) };
}

/** One league's part of a career block: its slug (upper-cased), how many seasons, and its totals. */
export interface LeagueSubtotal {
  league: string;
  seasons: number;
  totals: CareerStats;
}

/**
 * The subtotal of each league of a career block (NHL, WHA …), in the order the player first played in
 * them, over the rows with games in the block; empty when the rows are all of one league (the career
 * total says it all).
 */
export function leagueSubtotals(rows: readonly CareerRow[], block: CareerBlock): LeagueSubtotal[] {
  const byLeague = new Map<string, CareerRow[]>();
  for (const r of [...rows].sort((a, b) => (a.season < b.season ? -1 : a.season > b.season ? 1 : 0))) {
    const key = (r.leagueSlug ?? '—').toUpperCase();
    byLeague.set(key, [...(byLeague.get(key) ?? []), r]);
  }
  if (byLeague.size < 2) return [];
  return [...byLeague].map(([league, rs]) => ({
    league,
    seasons: new Set(rs.filter((r) => played(r[block])).map((r) => r.season)).size,
    totals: careerTotals(rs, block),
  }));
}

/** A season slug as scouts write it: `1979-1980` → `1979-80`. */
const shortSeason = (s: string) => (/^\d{4}-\d{4}$/.test(s) ? `${s.slice(0, 5)}${s.slice(7)}` : s);

/**
 * Which of a player's seasons the store holds, per league, in words: `NHL 1979-80 to 1998-99 (20 seasons),
 * WHA 1978-79`; runs of consecutive seasons are joined (`NHL 1980-81 to 1982-83, 1985-86`).
 */
export function heldSeasons(rows: readonly CareerRow[]): string {
  const byLeague = new Map<string, Set<string>>();
  for (const r of rows) {
    const key = (r.leagueSlug ?? '—').toUpperCase();
    byLeague.set(key, (byLeague.get(key) ?? new Set()).add(r.season));
  }
  const parts: { first: string; text: string }[] = [];
  for (const [league, set] of byLeague) {
    const seasons = [...set].sort();
    const runs: string[][] = [];
    for (const s of seasons) {
      const run = runs.at(-1);
      const prev = run?.at(-1);
      if (run && prev && Number(prev.slice(0, 4)) + 1 === Number(s.slice(0, 4))) run.push(s);
      else runs.push([s]);
    }
    const text = runs
      .map((r) =>
        r.length === 1
          ? shortSeason(r[0] as string)
          : `${shortSeason(r[0] as string)} to ${shortSeason(r.at(-1) as string)}`,
      )
      .join(', ');
    parts.push({
      first: seasons[0] as string,
      text: `${league} ${text}${seasons.length > 1 ? ` (${seasons.length} seasons)` : ''}`,
    });
  }
  return parts
    .sort((a, b) => (a.first < b.first ? -1 : 1))
    .map((p) => p.text)
    .join(', ');
}
