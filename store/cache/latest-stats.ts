import type { ListEntryRecord } from '../../shared/domain/lists.ts';
import { goalieRates } from '../../shared/domain/rates.ts';
import type { ReadableDB } from '../common/db.ts';

/** The stats a list entry shows of a player's latest season. */
export type LatestStats = Pick<ListEntryRecord, 'latestSeason' | 'team' | 'GP' | 'G' | 'A' | 'PTS' | 'GAA' | 'SVP'>;

/** One team's regular-season line of the player's newest season (TOI in minutes, SVP a fraction). */
interface SeasonLine {
  seasonSlug: string;
  teamName: string | null;
  GP: number | null;
  G: number | null;
  A: number | null;
  PTS: number | null;
  GA: number | null;
  SA: number | null;
  TOI: number | null;
  GAA: number | null;
  SVP: number | null;
}

/** No season known: every stat null. */
export const NO_STATS: LatestStats = {
  latestSeason: null,
  team: null,
  GP: null,
  G: null,
  A: null,
  PTS: null,
  GAA: null,
  SVP: null,
};

/** The sum of a count over the lines; null when no line has it. */
const sum = (lines: readonly SeasonLine[], key: 'GP' | 'G' | 'A' | 'PTS'): number | null => {
  let out: number | null = null;
  for (const l of lines) {
    const v = l[key];
    if (v !== null) out = (out ?? 0) + v;
  }
  return out;
};

/**
 * The regular-season stats of the player's newest season in the store, summed over its teams: GP, and
 * G A PTS for skaters; GAA and SV% for goalies computed from GA, SA and minutes (shared/domain/rates.ts's rule,
 * one team or several alike, never an average of rates nor a rounded value; the service's own where the
 * counts are missing). All null when the store holds no season of his.
 */
export function latestStats(db: ReadableDB, playerId: number, goalie: boolean): LatestStats {
  const lines = db
    .query<SeasonLine, [number, number]>(
      `SELECT seasonSlug, teamName, regularStats_GP AS GP, regularStats_G AS G, regularStats_A AS A,
         regularStats_PTS AS PTS, regularStats_GA AS GA, regularStats_SA AS SA,
         regularStats_TOI AS TOI, regularStats_GAA AS GAA, regularStats_SVP AS SVP
       FROM player_stats
       WHERE playerId = ? AND seasonSlug = (SELECT MAX(seasonSlug) FROM player_stats WHERE playerId = ?)
       ORDER BY id`,
    )
    .all(playerId, playerId);
  const first = lines[0];
  if (first === undefined) return NO_STATS;
  const teams = [...new Set(lines.map((l) => l.teamName).filter((t): t is string => t !== null))];
  const out: LatestStats = {
    ...NO_STATS,
    latestSeason: first.seasonSlug,
    team: teams.length > 0 ? teams.join(' / ') : null,
    GP: sum(lines, 'GP'),
  };
  if (!goalie) return { ...out, G: sum(lines, 'G'), A: sum(lines, 'A'), PTS: sum(lines, 'PTS') };
  return { ...out, ...goalieRates(lines) };
}
