import type { ListEnvelope } from '../contract/envelope.ts';
import {
  ADJUSTED_KEYS,
  type AdjustedKey,
  type DraftPick,
  type LeaderStats,
  RATE_KEYS,
  type RateKey,
  STAT_KEYS,
  type StatBlock,
  type StatKey,
} from './offline.ts';

/**
 * The stats browser (the offline store's leaders, `offlineLeaders`): its query parameters, the record it
 * answers and its sort keys. Player-seasons are ranked by what they produced, filtered by league, season,
 * draft age (shared/domain/draft.ts), position (shared/domain/stat-lines.ts), nationality, team and draft status.
 *
 * Query parameters (strings, as the URL and the bridge carry them; declared with their kinds and bounds in
 * shared/query/lists/leaders.ts):
 * - `league` (comma-separated league slugs), `season` (one season slug) or `season:min` / `season:max`;
 * - `position`: `C`, `LW`, `RW`, `D`, `F` (any forward), comma-separated, or `G` alone (goalie lines);
 * - `nationality` (comma-separated country slugs), `team` (a team id), `draft` (shared/domain/draft.ts's statuses);
 * - `draftAge:min` / `draftAge:max` (whole years, inclusive);
 * - `block`: `regularStats` (default), `postseasonStats` or `totalStats`;
 * - `mode`: `seasons` (best single seasons, default) or `totals` (totals over the range, one row per player);
 * - `minGP`: the fewest games a row needs (default {@link defaultMinGP} of the mode and block);
 * - `sort`, `offset`, `limit` as every list (shared/query/list-engine.ts).
 */

/** The two views of the same rows. */
export const LEADER_MODES = ['seasons', 'totals'] as const;
export type LeaderMode = (typeof LEADER_MODES)[number];

/**
 * The minimum games a scout would ask of a row by default, per mode and block: 20 in a regular season
 * (a quarter of a season: enough for a rate, few enough to keep call-ups), 5 in the playoffs (one
 * round), 40 and 10 over a range. Shown in the filter, and reset when the mode or block changes.
 */
export function defaultMinGP(mode: LeaderMode, block: StatBlock): number {
  const playoffs = block === 'postseasonStats';
  if (mode === 'totals') return playoffs ? 10 : 40;
  return playoffs ? 5 : 20;
}

/** The stats of a row, its rates and era-adjusted scoring: shared/domain/offline.ts, beside the players list's. */
export { ADJUSTED_KEYS, type AdjustedKey, type LeaderStats, RATE_KEYS, type RateKey };

/** Sort keys of the stats (`-PTS`, `PTSperGP`, `GAA`) and of the row (`name`, `draftAge`, `season`, `league`). */
export const LEADER_STAT_SORTS: readonly (StatKey | RateKey | AdjustedKey)[] = [
  ...STAT_KEYS,
  ...RATE_KEYS,
  ...ADJUSTED_KEYS,
];
export const LEADER_ROW_SORTS = ['name', 'draftAge', 'season', 'league'] as const;
/** NHLe sort keys (single regular seasons of skaters): NHLe PTS/GP and the 82-game NHLe. */
export const LEADER_NHLE_SORTS = ['nhlePTSperGP', 'nhle82'] as const;

/** The order when the query names none: most points (skaters) or most wins (goalies). */
export const LEADER_DEFAULT_SORT = { skaters: '-PTS', goalies: '-W' } as const;

/** One row of the leaders: a player-season (stints combined), or a player's totals over the range. */
export interface LeaderRecord {
  /** Unique in the answer: `playerId|league|season|line` for a season, `playerId` for totals. */
  key: string;
  /** The row's place in the order asked for, 1-based across pages (the Rk column). */
  rank: number;
  player: {
    id: number;
    name: string;
    /** Positions as shown: `C/RW`, from `detailedPosition`, else `position`. */
    position: string | null;
    nationality: { slug: string; name: string | null } | null;
    dateOfBirth: string | null;
    draftSelection: DraftPick | null;
  };
  /** A goalie line (the player in goal), not a skating line. */
  goalieLine: boolean;
  /** The season (single seasons), or the range's first and last season held and how many (totals). */
  season: string | null;
  seasons: { from: string; to: string; count: number } | null;
  /** The seasons in words: the season, or `1980-1981 to 1989-1990 (10)` for totals. */
  span: string;
  /** League slugs of the row, upper-cased for display: `NHL`, `NHL, WHA`. */
  league: string;
  /** Team names, in stint order (`Hartford Whalers / Pittsburgh Penguins`); null for totals. */
  teams: string | null;
  /** Draft age that season (age on 15 September of its end year); null for totals or an unknown birth date. */
  draftAge: number | null;
  /** The season against the draft year: `D0`, `D-1`, `D+1`. */
  draftYear: string | null;
  /** The draft selection in a few characters: `1988 R1 #10`. */
  draft: string | null;
  stats: LeaderStats;
  /** NHLe (shared/domain/nhle.ts) of a skater's single regular season; null for other rows. */
  nhle: LeaderNhle | null;
}

/** A line's NHLe: its league's factor (the scout's pin or the computed one; null: no factor) and what it gives. */
export interface LeaderNhle {
  factor: number | null;
  /** Whether the factor is the scout's own pin. */
  pinned: boolean;
  /** NHLe points per game: PTS/GP times the factor. */
  PTSperGP: number | null;
  /** Over an 82-game NHL season. */
  per82: number | null;
}

/** A leaders page: the spec's list envelope, and what the rows are, in words, for the table's caption. */
export interface LeadersMeta {
  mode: LeaderMode;
  block: StatBlock;
  goalies: boolean;
  minGP: number;
  /** The sort applied (the default when the query named none). */
  sort: string;
  /** The teams of the leagues and seasons asked for, by name: the team filter's choices (none without a league). */
  teams: { id: number; name: string }[];
}

/** A leaders page: the spec's list envelope, and what its rows are (`leaders`). */
export type LeadersPage = ListEnvelope<LeaderRecord> & { leaders: LeadersMeta };
