/**
 * Countries of the synthetic world, with their real ISO 3166-1 codes. `slug` is the alpha-3 code in
 * lower case, as the spec's country filters take it ("country slug in ISO 3166-1 alpha-3").
 */

/** A country row (table `countries`) plus the continent code its leagues and teams carry. */
export interface CountryDef {
  slug: string;
  name: string;
  iso_3166_1_alpha_2: string;
  continent: 'NA' | 'EU' | 'AS';
}

export const COUNTRIES: readonly CountryDef[] = [
  { slug: 'can', name: 'Canada', iso_3166_1_alpha_2: 'CA', continent: 'NA' },
  { slug: 'usa', name: 'USA', iso_3166_1_alpha_2: 'US', continent: 'NA' },
  { slug: 'swe', name: 'Sweden', iso_3166_1_alpha_2: 'SE', continent: 'EU' },
  { slug: 'fin', name: 'Finland', iso_3166_1_alpha_2: 'FI', continent: 'EU' },
  { slug: 'cze', name: 'Czechia', iso_3166_1_alpha_2: 'CZ', continent: 'EU' },
  { slug: 'svk', name: 'Slovakia', iso_3166_1_alpha_2: 'SK', continent: 'EU' },
  { slug: 'che', name: 'Switzerland', iso_3166_1_alpha_2: 'CH', continent: 'EU' },
  { slug: 'deu', name: 'Germany', iso_3166_1_alpha_2: 'DE', continent: 'EU' },
  { slug: 'aut', name: 'Austria', iso_3166_1_alpha_2: 'AT', continent: 'EU' },
  { slug: 'lva', name: 'Latvia', iso_3166_1_alpha_2: 'LV', continent: 'EU' },
  { slug: 'nor', name: 'Norway', iso_3166_1_alpha_2: 'NO', continent: 'EU' },
  { slug: 'dnk', name: 'Denmark', iso_3166_1_alpha_2: 'DK', continent: 'EU' },
  { slug: 'fra', name: 'France', iso_3166_1_alpha_2: 'FR', continent: 'EU' },
  { slug: 'gbr', name: 'United Kingdom', iso_3166_1_alpha_2: 'GB', continent: 'EU' },
  { slug: 'kaz', name: 'Kazakhstan', iso_3166_1_alpha_2: 'KZ', continent: 'AS' },
  { slug: 'jpn', name: 'Japan', iso_3166_1_alpha_2: 'JP', continent: 'AS' },
];

/** Nationalities of players in leagues of each country: the home country first and most often. */
export const NATIONALITY_MIX: Record<string, readonly [string, number][]> = {
  can: [
    ['can', 70],
    ['usa', 15],
    ['swe', 4],
    ['fin', 3],
    ['cze', 3],
    ['svk', 2],
    ['deu', 2],
    ['che', 1],
  ],
  usa: [
    ['can', 42],
    ['usa', 30],
    ['swe', 9],
    ['fin', 5],
    ['cze', 5],
    ['svk', 2],
    ['deu', 3],
    ['che', 2],
    ['lva', 1],
    ['dnk', 1],
  ],
  swe: [
    ['swe', 78],
    ['fin', 8],
    ['can', 5],
    ['usa', 3],
    ['nor', 3],
    ['dnk', 2],
    ['cze', 1],
  ],
  fin: [
    ['fin', 84],
    ['swe', 4],
    ['can', 4],
    ['usa', 2],
    ['cze', 3],
    ['lva', 2],
    ['svk', 1],
  ],
  cze: [
    ['cze', 85],
    ['svk', 9],
    ['can', 3],
    ['fin', 2],
    ['lva', 1],
  ],
  che: [
    ['che', 75],
    ['can', 8],
    ['swe', 6],
    ['fin', 5],
    ['usa', 3],
    ['aut', 3],
  ],
  deu: [
    ['deu', 70],
    ['can', 14],
    ['usa', 8],
    ['aut', 3],
    ['swe', 3],
    ['fra', 2],
  ],
};
