import { AGENCIES_LIST } from './agencies.ts';
import type { ListDefinition } from './definition.ts';
import { GAME_LOGS_LIST } from './game-logs.ts';
import { LEADERS_LIST } from './leaders.ts';
import { ALUMNI_LIST, TEAM_COMPARISON_LIST } from './league-teams-players.ts';
import { LEAGUES_LIST } from './leagues.ts';
import { PLAYER_IMAGES_LIST } from './player-images.ts';
import { GOALTENDING_LEADERS_LIST, TEAM_PLAYER_STATS_LIST } from './player-stats.ts';
import { PLAYERS_LIST } from './players.ts';
import { LEAGUE_SEASONS_LIST, TEAM_SEASONS_LIST } from './seasons.ts';
import { STAFF_COUNTS_LIST } from './staff-counts.ts';
import { STANDINGS_LIST } from './standings.ts';
import { STARS_LIST } from './stars.ts';
import { IN_THE_SYSTEM_LIST, TRANSFER_YEARS_LIST } from './team-counts.ts';
import { TEAMS_LIST } from './teams.ts';

/** Every list declared in shared/query/lists/: the list-query engine's tests run against each. */
export const LIST_DEFINITIONS: readonly ListDefinition[] = [
  PLAYERS_LIST,
  LEADERS_LIST,
  TEAMS_LIST,
  LEAGUES_LIST,
  AGENCIES_LIST,
  STARS_LIST,
  STAFF_COUNTS_LIST,
  STANDINGS_LIST,
  LEAGUE_SEASONS_LIST,
  TEAM_SEASONS_LIST,
  IN_THE_SYSTEM_LIST,
  TRANSFER_YEARS_LIST,
  ALUMNI_LIST,
  TEAM_COMPARISON_LIST,
  GAME_LOGS_LIST,
  GOALTENDING_LEADERS_LIST,
  TEAM_PLAYER_STATS_LIST,
  PLAYER_IMAGES_LIST,
];

export {
  AGENCIES_LIST,
  ALUMNI_LIST,
  GAME_LOGS_LIST,
  GOALTENDING_LEADERS_LIST,
  IN_THE_SYSTEM_LIST,
  LEADERS_LIST,
  LEAGUES_LIST,
  PLAYER_IMAGES_LIST,
  PLAYERS_LIST,
  STAFF_COUNTS_LIST,
  STANDINGS_LIST,
  STARS_LIST,
  TEAM_COMPARISON_LIST,
  TEAM_PLAYER_STATS_LIST,
  TEAMS_LIST,
  TRANSFER_YEARS_LIST,
};
