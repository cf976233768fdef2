import type { Operation } from '../query/types.ts';
import { about } from './about/about.ts';
import { agencies } from './agency/agencies.ts';
import { arenaTeams } from './arena/arena-teams.ts';
import { gameLogAggregate } from './game-log/game-log-aggregate.ts';
import { league } from './league/league.ts';
import { leagueSeasons } from './league/league-seasons.ts';
import { leagues } from './league/leagues.ts';
import { standings } from './league/standings.ts';
import { teamComparison } from './league/team-comparison.ts';
import { whereAreTheyNow } from './league/where-are-they-now.ts';
import { player } from './player/player.ts';
import { playerImages } from './player/player-images.ts';
import { staffStatsTeams } from './staff-stats/staff-stats-teams.ts';
import { starsAndCultPlayers } from './star/stars-and-cult-players.ts';
import { affiliates } from './team/affiliates.ts';
import { goaltendingLeaders } from './team/goaltending-leaders.ts';
import { inTheSystemLeagues } from './team/in-the-system-leagues.ts';
import { team } from './team/team.ts';
import { teamPlayerStats } from './team/team-player-stats.ts';
import { teamSeasons } from './team/team-seasons.ts';
import { teams } from './team/teams.ts';
import { transferYears } from './team/transfer-years.ts';

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
  inTheSystemLeagues,
  transferYears,
  teamPlayerStats,
  teamComparison,
  whereAreTheyNow,
  staffStatsTeams,
  agencies,
  player,
  playerImages,
  starsAndCultPlayers,
  gameLogAggregate,
];
