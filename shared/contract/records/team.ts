import { z } from 'zod';
import { ArenaSchema, CountryRefSchema, LogoSchema, opt, SeasonRefSchema } from './common.ts';
import { LeagueSchema } from './league.ts';

/** Team (spec, "Team"): `founded` a year, `views` and `mhrRating` whole numbers, `updatedAt` ISO 8601. */
export const TeamSchema = z.object({
  id: z.number().int(),
  name: opt(z.string()),
  fullName: opt(z.string()),
  extraName: opt(z.string()),
  logo: opt(LogoSchema),
  founded: opt(z.number().int()),
  city: opt(z.string()),
  status: opt(z.string()),
  league: opt(LeagueSchema),
  country: opt(CountryRefSchema),
  teamType: opt(z.string()),
  teamClass: opt(z.string()),
  arena: opt(ArenaSchema),
  activeSeason: opt(SeasonRefSchema),
  defaultSeason: opt(SeasonRefSchema),
  views: opt(z.number().int()),
  mhrRating: opt(z.number()),
  updatedAt: opt(z.string()),
});
export type Team = z.infer<typeof TeamSchema>;

/** Team season (spec, "Team season"): one season a team played, with the league it played in. */
export const TeamSeasonSchema = z.object({
  slug: z.string(),
  startYear: opt(z.number().int()),
  endYear: opt(z.number().int()),
  isDefault: opt(z.boolean()),
  isActive: opt(z.boolean()),
  teamName: opt(z.string()),
  leagueSlug: opt(z.string()),
  leagueName: opt(z.string()),
});
export type TeamSeason = z.infer<typeof TeamSeasonSchema>;

/** A league's season (`/leagues/{slug}/seasons`): a Season reference with its slug. */
export const LeagueSeasonSchema = TeamSeasonSchema;
export type LeagueSeason = TeamSeason;
