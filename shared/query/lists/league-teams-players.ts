import { ALUMNI_COLUMNS, TEAM_COMPARISON_COLUMNS } from '../../columns/index.ts';
import { POSITIONS } from '../../contract/spec.ts';
import type { ListDefinition } from './definition.ts';
import { ID_ABOVE, IDS, SEASONS, SLUGS, UPDATED_MIN } from './kinds.ts';

/**
 * Two lists of a league's page: where its players are now (`GET /leagues/{slug}/where-are-they-now`, one
 * row a player, the most recent in the league first) and its teams compared in a season
 * (`GET /leagues/{slug}/{season}/team-comparison`, one row a team, by name). The local service answers them
 * (service/ops/league/where-are-they-now.ts, service/ops/league/team-comparison.ts).
 */

const ALUMNI_FILTER_DEFINITIONS = {
  id: IDS,
  'id:gt': ID_ABOVE,
  season: SEASONS,
  league: SLUGS,
  nationality: SLUGS,
  position: { kind: 'list', maxLength: 2000, item: /^[A-Za-z]+$/, what: 'a position', values: [...POSITIONS, 'null'] },
  'updatedAt:min': UPDATED_MIN,
} as const;

const ALUMNI_SORT_KEYS = [
  'id',
  'player',
  'player.age',
  'team',
  'firstSeasonInLeague',
  'lastSeasonInLeague',
  'gamesPlayedInLeague',
  'updatedAt',
] as const;

/** Where a league's players are now, declared once: ties by the player. */
export const ALUMNI_LIST: ListDefinition<typeof ALUMNI_FILTER_DEFINITIONS, (typeof ALUMNI_SORT_KEYS)[number]> = {
  id: 'alumni',
  filters: ALUMNI_FILTER_DEFINITIONS,
  sorts: ALUMNI_SORT_KEYS,
  defaultSort: '-lastSeasonInLeague',
  tieBreak: ['playerId'],
  rowKey: 'playerId',
  columns: ALUMNI_COLUMNS,
  exported: ALUMNI_COLUMNS,
};

const TEAM_COMPARISON_FILTER_DEFINITIONS = { team: IDS } as const;
const TEAM_COMPARISON_SORT_KEYS = [
  'team',
  'players',
  'playedGamesInLeague',
  'averageWeight',
  'averageHeight',
  'averageAge',
] as const;

/** A league's teams compared in a season, declared once: ties by the team's id. */
export const TEAM_COMPARISON_LIST: ListDefinition<
  typeof TEAM_COMPARISON_FILTER_DEFINITIONS,
  (typeof TEAM_COMPARISON_SORT_KEYS)[number]
> = {
  id: 'teamComparison',
  filters: TEAM_COMPARISON_FILTER_DEFINITIONS,
  sorts: TEAM_COMPARISON_SORT_KEYS,
  defaultSort: 'team',
  tieBreak: ['teamId'],
  rowKey: 'teamId',
  columns: TEAM_COMPARISON_COLUMNS,
  exported: TEAM_COMPARISON_COLUMNS,
};
