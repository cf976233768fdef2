import { GOALTENDING_COLUMNS, SCORING_COLUMNS } from '../../columns/index.ts';
import {
  LEAGUE_TYPES,
  PLAYER_STATS_STATUSES,
  PLAYER_STATS_TYPES,
  SEASON_STAT_KEYS,
  type SeasonStatKey,
  STAT_BLOCKS,
  type StatBlock,
} from '../../contract/spec.ts';
import type { FilterDefinition, ListDefinition } from './definition.ts';
import { enumList, ID_ABOVE, IDS, SEASONS, SLUGS } from './kinds.ts';

/**
 * A team's player statistics rows: its goaltending leaders (`GET /teams/{id}/goaltending-leaders`, spec
 * "Team operations", best SV% first unless asked) and its player statistics (`GET /teams/{id}/player-stats`,
 * most points first), with the same filters and sort keys: every one the spec lists, `season`, and a
 * minimum of every stat of every block (`regularStats.GP:min`; TOI also as `m:ss`); ties by the row's id.
 * The local service answers both (service/ops/team/goaltending-leaders.ts, team-player-stats.ts).
 */

/** A stat of a block, as a sort key names it (`regularStats.SVP`). */
type StatKey = `${StatBlock}.${SeasonStatKey}`;

const STAT_KEYS = STAT_BLOCKS.flatMap((b) => SEASON_STAT_KEYS.map((k): StatKey => `${b}.${k}`));

const STATUS = enumList(PLAYER_STATS_STATUSES, 'a player statistics status');

const PLAYER_STATS_FILTER_DEFINITIONS = {
  id: IDS,
  'id:gt': ID_ABOVE,
  statsType: enumList(PLAYER_STATS_TYPES, 'a statistics type'),
  status: STATUS,
  'status:not': STATUS,
  'status:onlyForCurrentSeason': STATUS,
  league: SLUGS,
  'league:not': SLUGS,
  leagueType: { ...enumList(LEAGUE_TYPES, 'a league type'), values: [...LEAGUE_TYPES, 'null'] },
  season: SEASONS,
  ...(Object.fromEntries(
    STAT_KEYS.map((k): [string, FilterDefinition] => [`${k}:min`, { kind: 'number', minutes: k.endsWith('.TOI') }]),
  ) as Record<`${StatKey}:min`, FilterDefinition>),
};

const PLAYER_SORT_KEYS = [
  'player.position',
  'player.nationality',
  'player.gender',
  'player.age',
  'player.dateOfBirth',
  'player.placeOfBirth',
  'player.weight',
  'player.height',
  'player.youthTeam',
  'player.shoots',
  'player.catches',
  'player.contract',
  'player.capHit',
] as const;

const PLAYER_STATS_SORT_KEYS = [
  'id',
  'player',
  ...PLAYER_SORT_KEYS,
  'jerseyNumber',
  'playerRole',
  'team',
  'teamName',
  'league',
  'leagueName',
  'leagueType',
  'season',
  'clubTeamPlayerStats.league',
  ...STAT_KEYS,
  'coaches.headCoaches',
  'coaches.assistantCoaches',
  'coaches.goaltendingCoaches',
  'updatedAt',
] as const;

/** A sort key of a team's player statistics rows. */
export type PlayerStatsSortKey = (typeof PLAYER_STATS_SORT_KEYS)[number];

/** A team's goaltending leaders, declared once. */
export const GOALTENDING_LEADERS_LIST: ListDefinition<typeof PLAYER_STATS_FILTER_DEFINITIONS, PlayerStatsSortKey> = {
  id: 'goaltendingLeaders',
  filters: PLAYER_STATS_FILTER_DEFINITIONS,
  sorts: PLAYER_STATS_SORT_KEYS,
  defaultSort: '-regularStats.SVP',
  tieBreak: ['id'],
  rowKey: 'id',
  columns: GOALTENDING_COLUMNS.regularStats,
  exported: GOALTENDING_COLUMNS.regularStats,
};

/** A team's player statistics, declared once: the goaltending leaders' filters and sorts, most points first. */
export const TEAM_PLAYER_STATS_LIST: ListDefinition<typeof PLAYER_STATS_FILTER_DEFINITIONS, PlayerStatsSortKey> = {
  ...GOALTENDING_LEADERS_LIST,
  id: 'teamPlayerStats',
  defaultSort: '-regularStats.PTS',
  columns: SCORING_COLUMNS.regularStats,
  exported: SCORING_COLUMNS.regularStats,
};
