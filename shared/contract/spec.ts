/**
 * Constants of the Hockey Data Service interface, taken from
 * `spec/hockey-data-service.md` and, where the spec says "not shown", from
 * `spec/real-service-notes.md`. Both the local service and the app import these,
 * so a value is written once.
 */

/** Keys of a season stat block (`regularStats`, `postseasonStats`, `totalStats`). Spec: "Player statistics record". */
export const SEASON_STAT_KEYS = [
  'GD',
  'GP',
  'G',
  'A',
  'PTS',
  'PIM',
  'PM',
  'PPG',
  'SA',
  'GA',
  'GAA',
  'SVS',
  'SVP',
  'SO',
  'W',
  'L',
  'T',
  'TOI',
] as const;
export type SeasonStatKey = (typeof SEASON_STAT_KEYS)[number];

/** The three stat blocks of a player statistics record. */
export const STAT_BLOCKS = ['regularStats', 'postseasonStats', 'totalStats'] as const;
export type StatBlock = (typeof STAT_BLOCKS)[number];

/** Keys of a standings record's `stats` object (real-service-notes: "Standings record"). */
export const STANDINGS_STAT_KEYS = ['GP', 'W', 'L', 'T', 'OTW', 'OTL', 'PTS', 'GF', 'GA', 'GD', 'PPG'] as const;
export type StandingsStatKey = (typeof STANDINGS_STAT_KEYS)[number];

/** Spec, "Limits": `limit` is 0..1000, default 100; `offset` ≥ 0, default 0. */
export const LIMIT_MIN = 0;
export const LIMIT_MAX = 1000;
export const LIMIT_DEFAULT = 100;
export const OFFSET_DEFAULT = 0;

/** Spec, "League": allowed continent filter values. */
export const CONTINENTS = ['INT', 'AF', 'AN', 'AS', 'EU', 'NA', 'OC', 'SA'] as const;
/** Spec, "States and transitions". */
export const TEAM_STATUSES = ['active', 'not-active'] as const;
export const TEAM_TYPES = ['club', 'international'] as const;
export const TEAM_CLASSES = ['men', 'women'] as const;
export const STAFF_STATS_STATUSES = ['rostered', 'not-active-on-team', 'not-active'] as const;
/** real-service-notes, "Enumerations". */
export const PLAYER_STATS_TYPES = ['default', 'projected'] as const;
export const PLAYER_STATS_STATUSES = ['rostered', 'not-active-on-team', 'not-active'] as const;
export const LEAGUE_TYPES = ['league', 'cup'] as const;
export const POSITIONS = ['G', 'D', 'F'] as const;
export const DETAILED_POSITIONS = ['G', 'D', 'F', 'C', 'W', 'LW', 'RW'] as const;
export const PLAYER_ROLES = ['C', 'A'] as const;

/** A season slug: start year, dash, end year (`2023-2024`). real-service-notes, "Season slugs". */
export const SEASON_SLUG_RE = /^(\d{4})-(\d{4})$/;
/** League, team and other slugs: lower-case letters, digits and dashes. */
export const SLUG_RE = /^[a-z0-9][a-z0-9-]{0,63}$/;

/** Makes a season slug from its start year: 2023 → `2023-2024`. */
export function seasonSlug(startYear: number): string {
  return `${startYear}-${startYear + 1}`;
}

/** The service's interface version (spec, "Versioning"). */
export const SERVICE_VERSION = '1.0';
