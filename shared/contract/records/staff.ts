import { z } from 'zod';
import { CountryRefSchema, opt } from './common.ts';
import { TeamSchema } from './team.ts';

/** Staff (spec, "Staff"): a coach as the app shows him; `age` in years, `dateOfBirth` `YYYY-MM-DD`. */
export const StaffSchema = z.object({
  id: opt(z.number().int()),
  name: opt(z.string()),
  firstName: opt(z.string()),
  lastName: opt(z.string()),
  nationality: opt(CountryRefSchema),
  dateOfBirth: opt(z.string()),
  age: opt(z.number().int()),
});
export type Staff = z.infer<typeof StaffSchema>;

/**
 * A team-season's coaches as a player statistics record gives them (spec, "Player statistics record":
 * `coaches`, an object with `headCoaches`, `assistantCoaches`, `goaltendingCoaches`, each an array of Staff).
 */
export const CoachesSchema = z.object({
  headCoaches: opt(z.array(StaffSchema)),
  assistantCoaches: opt(z.array(StaffSchema)),
  goaltendingCoaches: opt(z.array(StaffSchema)),
});
export type Coaches = z.infer<typeof CoachesSchema>;

/** Count by teams (spec, "Other record shapes"): `GET /staff-stats/teams`, staff entries of a team. */
export const StaffCountSchema = z.object({
  team: opt(TeamSchema),
  count: opt(z.number().int()),
});
export type StaffCount = z.infer<typeof StaffCountSchema>;
