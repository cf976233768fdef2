import type { Operation } from '../query/types.ts';
import { about } from './about/about.ts';
import { arenaTeams } from './arena/arena-teams.ts';
import { league } from './league/league.ts';
import { leagueSeasons } from './league/league-seasons.ts';
import { leagues } from './league/leagues.ts';
import { standings } from './league/standings.ts';
import { affiliates } from './team/affiliates.ts';
import { goaltendingLeaders } from './team/goaltending-leaders.ts';
import { team } from './team/team.ts';
import { teamSeasons } from './team/team-seasons.ts';
import { teams } from './team/teams.ts';

/**
 * Every operation the service answers, under `/v1`. Adding one: write its definition file under
 * `service/ops/<group>/` and list it here (service/README.md, "Adding an operation").
 */
export const OPERATIONS: readonly Operation[] = [
  about,
  teams,
  team,
  affiliates,
  teamSeasons,
  goaltendingLeaders,
  arenaTeams,
  leagues,
  league,
  leagueSeasons,
  standings,
];
