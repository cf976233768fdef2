import { z } from 'zod';

/**
 * Reference objects shared by the records (spec, "Resources and their fields"). Every record schema
 * is lenient about presence (the `fields` projection may leave any field out, so each is optional)
 * and about extra fields (zod's default: they pass validation; the spec lists more than the app reads), but
 * strict on the types of the fields it names; `nullable` where the service writes null for an unknown
 * value. No catch-all index signature: a field name the schema does not list is a type error in the app.
 */

/** A field the `fields` projection may omit and the service may write as null. */
export const opt = <T extends z.ZodType>(schema: T) => schema.nullable().optional();

/** Season (reference object): `slug` `YYYY-YYYY`, `startYear`, `endYear`. */
export const SeasonRefSchema = z.object({
  slug: z.string().optional(),
  startYear: opt(z.number().int()),
  endYear: opt(z.number().int()),
});
export type SeasonRef = z.infer<typeof SeasonRefSchema>;

/** Country (reference object): ISO 3166-1 alpha-3 `slug`, `name`, alpha-2 code, flag image links. */
export const CountryRefSchema = z.object({
  slug: opt(z.string()),
  name: opt(z.string()),
  iso_3166_1_alpha_2: opt(z.string()),
  flagUrl: opt(z.object({ small: opt(z.string()), medium: opt(z.string()) })),
});
export type CountryRef = z.infer<typeof CountryRefSchema>;

/** A logo's image links and colours (`#rrggbb` strings). */
export const LogoSchema = z.object({
  small: opt(z.string()),
  medium: opt(z.string()),
  large: opt(z.string()),
  colors: opt(z.array(z.string())),
});

/** Arena: `capacity` in seats, `yearOfConstruction` a year. */
export const ArenaSchema = z.object({
  id: opt(z.number().int()),
  name: opt(z.string()),
  location: opt(z.string()),
  capacity: opt(z.number().int()),
  yearOfConstruction: opt(z.number().int()),
});
export type Arena = z.infer<typeof ArenaSchema>;

/** `{metrics, imperial}` of weight (kg, lb) or height (cm, feet-inches text). */
export const MeasureSchema = z.object({ metrics: opt(z.number()), imperial: opt(z.union([z.number(), z.string()])) });
