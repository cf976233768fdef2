import {
  PLAYER_STATS_STATUSES,
  SEASON_STAT_KEYS,
  type SeasonStatKey,
  STAT_BLOCKS,
  type StatBlock,
} from '../../../shared/contract/spec.ts';
import type { SortSql } from '../../../shared/query/lists/definition.ts';
import { GOALTENDING_LEADERS_LIST, type PlayerStatsSortKey } from '../../../shared/query/lists/player-stats.ts';
import { leagueScope, seasonAllowed, seasonScope } from '../../auth/subscription.ts';
import { STAT_BLOCK_PREFIX } from '../../db/schema.ts';
import { declaredEnum, declaredList } from '../../query/declared.ts';
import { enumIn, intGt, intIn, leagueIn, seasonIn } from '../../query/filters.ts';
import { statMinFilters } from '../../query/stat-filters.ts';
import type { FilterDef, ListOp, RequestContext, SortDef } from '../../query/types.ts';
import { requireTeam } from '../entities.ts';
import { coachSortSql } from '../records/shapes/coaches.ts';
import { playerStatsColumns, playerStatsRecords } from '../records/shapes/player-stats.ts';
import type { PlayerStatsRow } from '../records/shapes/rows.ts';
import { AGE_SQL } from '../records/shapes/urls.ts';

const player = (expr: string): string => `(SELECT ${expr} FROM players p WHERE p.id = ps.playerId)`;
const league = (col: string): string => `(SELECT ${col} FROM leagues lg WHERE lg.slug = ps.leagueSlug)`;
const nullable = (sql: string): SortDef => ({ sql, nullable: true });

/** Every stat key of every block: `regularStats.SVP` → `ps.reg_SVP`. NULL stats sort last both ways. */
const statSorts = Object.fromEntries(
  STAT_BLOCKS.flatMap((b) => SEASON_STAT_KEYS.map((k) => [`${b}.${k}`, nullable(`ps.${STAT_BLOCK_PREFIX[b]}${k}`)])),
) as Record<`${StatBlock}.${SeasonStatKey}`, SortDef>;

/**
 * The rows of a team's player statistics that the key may see (`/teams/{id}/goaltending-leaders`,
 * `/teams/{id}/player-stats`): `rowsSql` narrows them (goaltenders only, or all players), and the
 * team itself is the state that {@link teamSeasonDefaults} reads. 404/403 from `requireTeam`.
 */
export function teamStatsScope(ctx: RequestContext, rowsSql: string): ReturnType<ListOp['scope']> {
  const team = requireTeam(ctx);
  return {
    where: [
      { sql: `ps.teamId = ? AND ${rowsSql}`, params: [team.id] },
      leagueScope(ctx.sub, 'ps.leagueSlug'),
      seasonScope(ctx.sub, 'ps.seasonSlug'),
    ],
    state: team,
  };
}

/** Default filters of a team's player statistics: `statsType=default` and the team's `defaultSeason` when the key may see it. */
export function teamSeasonDefaults(ctx: RequestContext, state: unknown): Record<string, string> {
  const team = state as { defaultSeason: string | null };
  const d: Record<string, string> = { statsType: 'default' };
  if (team.defaultSeason && seasonAllowed(ctx.sub, team.defaultSeason)) d.season = team.defaultSeason;
  return d;
}

/** The SQL of each sort key of a team's player statistics (shared/query/lists/player-stats.ts). */
export const PLAYER_STATS_SORT_SQL: SortSql<PlayerStatsSortKey, SortDef> = {
  id: { sql: 'ps.id' },
  player: { sql: player("p.lastName || ' ' || p.firstName") },
  'player.position': nullable(player('p.position')),
  'player.nationality': nullable(player('p.nationalitySlug')),
  'player.gender': { sql: player('p.gender') },
  'player.age': nullable(player(AGE_SQL('p'))),
  'player.dateOfBirth': nullable(player('p.dateOfBirth')),
  'player.placeOfBirth': nullable(player('p.placeOfBirth')),
  'player.weight': nullable(player('p.weightKg')),
  'player.height': nullable(player('p.heightCm')),
  'player.youthTeam': nullable(player('p.youthTeam')),
  'player.shoots': nullable(player('p.shoots')),
  'player.catches': nullable(player('p.catches')),
  'player.contract': nullable(player('p.contract')),
  'player.capHit': nullable(player('p.capHit')),
  jerseyNumber: nullable('CAST(ps.jerseyNumber AS INTEGER)'),
  playerRole: nullable('ps.playerRole'),
  team: { sql: '(SELECT t.name FROM teams t WHERE t.id = ps.teamId)' },
  teamName: {
    sql:
      'COALESCE((SELECT ts.teamName FROM team_seasons ts WHERE ts.teamId = ps.teamId AND ts.seasonSlug = ps.seasonSlug' +
      ' AND ts.leagueSlug = ps.leagueSlug), (SELECT t.name FROM teams t WHERE t.id = ps.teamId))',
  },
  league: { sql: 'ps.leagueSlug' },
  leagueName: { sql: league('lg.name') },
  leagueType: nullable(league('lg.leagueType')),
  season: { sql: 'ps.seasonSlug' },
  'clubTeamPlayerStats.league': nullable('NULL'),
  ...statSorts,
  'coaches.headCoaches': nullable(coachSortSql('headCoaches')),
  'coaches.assistantCoaches': nullable(coachSortSql('assistantCoaches')),
  'coaches.goaltendingCoaches': nullable(coachSortSql('goaltendingCoaches')),
  updatedAt: { sql: 'ps.updatedAt' },
};

/** The SQL of each filter of a team's player statistics. */
export const PLAYER_STATS_FILTER_SQL: Readonly<Record<keyof typeof GOALTENDING_LEADERS_LIST.filters, FilterDef>> = {
  id: intIn('ps.id'),
  'id:gt': intGt('ps.id'),
  statsType: declaredEnum('ps.statsType', GOALTENDING_LEADERS_LIST.filters.statsType),
  status: declaredEnum('ps.status', GOALTENDING_LEADERS_LIST.filters.status),
  'status:not': enumIn('ps.status', PLAYER_STATS_STATUSES, { not: true }),
  // Only rows of the team's active season must have the status; other seasons pass.
  'status:onlyForCurrentSeason': (raw, name, ctx) => {
    const p = enumIn('ps.status', PLAYER_STATS_STATUSES)(raw, name, ctx);
    return {
      sql: `(ps.seasonSlug IS NOT (SELECT t.activeSeason FROM teams t WHERE t.id = ps.teamId) OR ${p.sql})`,
      params: p.params,
    };
  },
  league: leagueIn('ps.leagueSlug'),
  'league:not': leagueIn('ps.leagueSlug', { not: true }),
  leagueType: declaredEnum(league('lg.leagueType'), GOALTENDING_LEADERS_LIST.filters.leagueType),
  season: seasonIn('ps.seasonSlug'),
  ...statMinFilters('ps'),
};

/**
 * `GET /teams/{id}/goaltending-leaders` (spec, "Team operations"): the team's goaltender rows of
 * `player_stats`, ranked by a stat. Every field, sort key and filter the spec lists, plus `season`
 * (season slugs; real-service-notes) and `<block>.<K>:min` stat minimums (real-service-notes,
 * "Stat blocks"; query/stat-filters.ts). Defaults: sort `-regularStats.SVP`;
 * `statsType=default`; `season` = the team's `defaultSeason` (when it is set and within the key's
 * seasons; otherwise every visible season). Sort keys naming an object sort by its name
 * (`player`: last name then first name; `team`: team name; `league`: league slug), `jerseyNumber`
 * numerically, `player.age` by the served `age`. NULLs sort last in both directions; ties by id.
 */
export const goaltendingLeaders: ListOp<PlayerStatsRow> = {
  kind: 'list',
  path: '/teams/{id}/goaltending-leaders',
  category: 'team',
  summary: "The team's goaltenders ranked by goalie stats for a season",
  pathParams: { id: 'id' },
  from: 'player_stats ps',
  pageKey: 'ps.id',
  columnsFor: (fields) => playerStatsColumns(fields, 'ps'),
  scope: (ctx) => teamStatsScope(ctx, 'ps.isGoalie = 1'),
  defaultFilters: teamSeasonDefaults,
  fields: {
    allowed: [
      'id',
      'player',
      'playerAge',
      'season',
      'statsType',
      'status',
      'team',
      'teamName',
      'teamSlug',
      'teamLogo',
      'teamLogoUrl',
      'league',
      'leagueName',
      'leagueFullName',
      'leagueType',
      'jerseyNumber',
      'playerRole',
      'contractType',
      'regularStats',
      'postseasonType',
      'postseasonName',
      'postseasonStats',
      'totalStats',
      'statsProvider',
      'clubTeamPlayerStats',
      'coaches',
      'isActiveSeason',
      'updatedAt',
    ],
    objects: [
      'player',
      'season',
      'team',
      'teamLogo',
      'league',
      'regularStats',
      'postseasonStats',
      'totalStats',
      'statsProvider',
      'clubTeamPlayerStats',
      'coaches',
    ],
  },
  ...declaredList(GOALTENDING_LEADERS_LIST, { sorts: PLAYER_STATS_SORT_SQL, filters: PLAYER_STATS_FILTER_SQL }),
  build: (rows, ctx, fields) => playerStatsRecords(rows, ctx, fields),
};
