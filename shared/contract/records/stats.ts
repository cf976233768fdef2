import { z } from 'zod';
import { opt, SeasonRefSchema } from './common.ts';
import { LeagueSchema } from './league.ts';
import { PlayerSchema } from './player.ts';
import { CoachesSchema } from './staff.ts';
import { TeamSchema } from './team.ts';

/**
 * A season stat block (`regularStats`, `postseasonStats`, `totalStats`; real-service-notes, "Stat
 * blocks"): GD, GP, G, A, PTS, PIM, PM, PPG, SA, GA, GAA, SVS, SVP, SO, W, L, T, TOI, each a number
 * or null (not recorded). Units: SVP a fraction 0..1, GAA goals per 60 minutes, TOI minutes.
 */
export const StatBlockSchema = z.object({
  GD: opt(z.number()),
  GP: opt(z.number()),
  G: opt(z.number()),
  A: opt(z.number()),
  PTS: opt(z.number()),
  PIM: opt(z.number()),
  PM: opt(z.number()),
  PPG: opt(z.number()),
  SA: opt(z.number()),
  GA: opt(z.number()),
  GAA: opt(z.number()),
  SVS: opt(z.number()),
  SVP: opt(z.number()),
  SO: opt(z.number()),
  W: opt(z.number()),
  L: opt(z.number()),
  T: opt(z.number()),
  TOI: opt(z.number()),
});
export type StatBlockValues = z.infer<typeof StatBlockSchema>;

/** Player statistics record (spec, "Player statistics record"): a goalie's season with a team. */
export const GoalieStatsRecordSchema = z.object({
  id: z.number().int(),
  player: opt(PlayerSchema),
  playerAge: opt(z.number().int()),
  season: opt(SeasonRefSchema),
  teamName: opt(z.string()),
  league: opt(LeagueSchema),
  jerseyNumber: opt(z.union([z.string(), z.number()])),
  regularStats: opt(StatBlockSchema),
  postseasonStats: opt(StatBlockSchema),
  totalStats: opt(StatBlockSchema),
});
export type GoalieStatsRecord = z.infer<typeof GoalieStatsRecordSchema>;

/**
 * Standings record (real-service-notes, "Standings record"): `group` a division's name, `position` the
 * Databank's rank in it (a string, sorted as a number), `stats` GP, W, L, T, OTW, OTL, PTS, GF, GA, GD.
 */
export const StandingsRecordSchema = z.object({
  id: z.number().int(),
  season: opt(SeasonRefSchema),
  team: opt(TeamSchema),
  teamName: opt(z.string()),
  leagueSlug: opt(z.string()),
  leagueName: opt(z.string()),
  group: opt(z.string()),
  position: opt(z.union([z.string(), z.number()])),
  stats: opt(
    z.object({
      GP: opt(z.number()),
      W: opt(z.number()),
      L: opt(z.number()),
      T: opt(z.number()),
      OTW: opt(z.number()),
      OTL: opt(z.number()),
      PTS: opt(z.number()),
      GF: opt(z.number()),
      GA: opt(z.number()),
      GD: opt(z.number()),
      PPG: opt(z.number()),
    }),
  ),
  /** The playoff result in words (`Lost in Final`, `Champion`), null when the team did not play the postseason. */
  postseason: opt(z.string()),
  playoffMedalClass: opt(z.string()),
});
export type StandingsRecord = z.infer<typeof StandingsRecordSchema>;

/** Team comparison (spec, "Other record shapes"): roster averages of a team in a league-season. */
export const TeamComparisonSchema = z.object({
  team: opt(TeamSchema),
  league: opt(LeagueSchema),
  season: opt(SeasonRefSchema),
  players: opt(z.number().int()),
  playedGamesInLeague: opt(z.number().int()),
  averageWeight: opt(z.object({ metrics: opt(z.number()), imperial: opt(z.number()) })),
  averageHeight: opt(z.object({ metrics: opt(z.number()), imperial: opt(z.string()) })),
  averageAge: opt(z.number()),
});
export type TeamComparison = z.infer<typeof TeamComparisonSchema>;

/**
 * A team's player statistics (spec, "GET /teams/{id}/player-stats"): `id`, `player`, the aggregates, and the
 * Player statistics record's fields (season, team name, the three stat blocks, the team-season's `coaches`).
 */
export const PlayerStatsSchema = GoalieStatsRecordSchema.extend({
  latestStats: z.unknown().optional(),
  latestGameLogsAggregated: opt(z.array(z.unknown())),
  coaches: opt(CoachesSchema),
});
export type PlayerStats = z.infer<typeof PlayerStatsSchema>;
