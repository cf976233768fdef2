import { z } from 'zod';
import { CountryRefSchema, opt, SeasonRefSchema } from './common.ts';
import { LeagueSchema } from './league.ts';
import { PlayerSchema } from './player.ts';
import { TeamSchema } from './team.ts';

/**
 * Records of the organisation and people operations (spec, "Other record shapes", "Agency", and the
 * Player operations): counts by league, transfer years, agencies, stars, game logs and where-are-they-now.
 */

/** Count by leagues (spec): `GET /teams/{id}/in-the-system/leagues`, players in the team's system per league. */
export const LeagueCountSchema = z.object({
  league: opt(LeagueSchema),
  count: opt(z.number().int()),
});
export type LeagueCount = z.infer<typeof LeagueCountSchema>;

/** Transfer year (spec): an element of `GET /teams/{id}/transfers/years` is a bare integer year. */
export const TransferYearSchema = z.number().int();
export type TransferYear = z.infer<typeof TransferYearSchema>;

/** Agency (spec, "Agency"): `numberOfClients` a count of players, `agents` the agents' names. */
export const AgencySchema = z.object({
  id: z.number().int(),
  name: opt(z.string()),
  logoUrl: opt(z.string()),
  location: opt(z.string()),
  email: opt(z.string()),
  country: opt(CountryRefSchema),
  secondaryCountry: opt(CountryRefSchema),
  verified: opt(z.boolean()),
  info: opt(z.string()),
  numberOfClients: opt(z.number().int()),
  agents: opt(z.array(z.string())),
  links: opt(z.object({ webUrl: opt(z.string()) })),
  updatedAt: opt(z.string()),
});
export type Agency = z.infer<typeof AgencySchema>;

/** Star / cult player (spec, "Other record shapes"): a player a team lists as a star or cult favourite. */
export const StarSchema = z.object({
  player: opt(PlayerSchema),
  team: opt(TeamSchema),
  updatedAt: opt(z.string()),
});
export type Star = z.infer<typeof StarSchema>;

/**
 * Game log aggregate record (spec, "Other record shapes"): one game of a team, its opponent and the
 * scores (`teamScoreSo`, `opponentScoreSo` the shootout's, when one decided it), plus the local service's
 * `id`, `date` (`YYYY-MM-DD`), `season` and `team` (service/README.md). The player's own line is not in it.
 */
export const GameLogSchema = z.object({
  id: opt(z.number().int()),
  date: opt(z.string()),
  season: opt(SeasonRefSchema),
  player: opt(PlayerSchema),
  team: opt(TeamSchema),
  teamName: opt(z.string()),
  league: opt(LeagueSchema),
  opponent: opt(TeamSchema),
  opponentName: opt(z.string()),
  teamScore: opt(z.number().int()),
  opponentScore: opt(z.number().int()),
  teamScoreSo: opt(z.number().int()),
  opponentScoreSo: opt(z.number().int()),
});
export type GameLog = z.infer<typeof GameLogSchema>;

/**
 * A where-are-they-now record (spec, "GET /leagues/{slug}/where-are-they-now": `player` with nested `team`,
 * his team now; the rest is the local service's choice, service/README.md): the league span of a former
 * player and the regular-season games he played in the league.
 */
export const AlumnusSchema = z.object({
  id: z.number().int(),
  player: opt(PlayerSchema.extend({ team: opt(TeamSchema) })),
  firstSeasonInLeague: opt(SeasonRefSchema),
  lastSeasonInLeague: opt(SeasonRefSchema),
  gamesPlayedInLeague: opt(z.number().int()),
  updatedAt: opt(z.string()),
});
export type Alumnus = z.infer<typeof AlumnusSchema>;
