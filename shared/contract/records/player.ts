import { z } from 'zod';
import { CountryRefSchema, MeasureSchema, opt } from './common.ts';

/**
 * Player (spec, "Player"): the fields the app reads. `age` in years, `dateOfBirth` `YYYY-MM-DD`. `dateOfDeath`
 * is the local service's extension (service/README.md): `YYYY-MM-DD`, `YYYY-MM` or `YYYY`, as precise as known.
 */
export const PlayerSchema = z.object({
  id: opt(z.number().int()),
  name: opt(z.string()),
  firstName: opt(z.string()),
  lastName: opt(z.string()),
  position: opt(z.string()),
  catches: opt(z.string()),
  shoots: opt(z.string()),
  yearOfBirth: opt(z.number().int()),
  age: opt(z.number().int()),
  dateOfBirth: opt(z.string()),
  dateOfDeath: opt(z.string()),
  placeOfBirth: opt(z.string()),
  nationality: opt(CountryRefSchema),
  weight: opt(MeasureSchema),
  height: opt(MeasureSchema),
  imageUrl: opt(z.string()),
  /** The player's agencies (spec, "Player": an array of Agency); the app reads each one's id and name. */
  agencies: opt(z.array(z.object({ id: opt(z.number().int()), name: opt(z.string()) }))),
});
export type Player = z.infer<typeof PlayerSchema>;

/** Player image (spec, "Other record shapes"): `GET /players/{id}/images`. */
export const PlayerImageSchema = z.object({
  id: z.number().int(),
  url: opt(z.string()),
  thumbnailUrl: opt(z.string()),
  updatedAt: opt(z.string()),
});
export type PlayerImage = z.infer<typeof PlayerImageSchema>;
