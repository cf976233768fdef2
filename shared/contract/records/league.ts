import { z } from 'zod';
import { CountryRefSchema, opt, SeasonRefSchema } from './common.ts';

/** League (spec, "League"): the fields the app reads; `slug` identifies it. */
export const LeagueSchema = z.object({
  slug: z.string(),
  name: opt(z.string()),
  fullName: opt(z.string()),
  country: opt(CountryRefSchema),
  leagueType: opt(z.string()),
  leagueLevel: opt(z.string()),
  commonName: opt(z.string()),
  teamClass: opt(z.string()),
  numberOfTeams: opt(z.number().int()),
  region: opt(z.string()),
  activeSeason: opt(SeasonRefSchema),
  defaultSeason: opt(SeasonRefSchema),
});
export type League = z.infer<typeof LeagueSchema>;
