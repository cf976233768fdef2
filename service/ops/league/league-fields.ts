import { CONTINENTS, LEAGUE_TYPES, TEAM_CLASSES } from '../../../shared/contract/spec.ts';
import { custom, dateMin, enumIn, leagueIn, slugIn } from '../../query/filters.ts';
import type { FieldsDef, FilterDef, SortDef } from '../../query/types.ts';
import { parseText } from '../../query/values.ts';

/** `fields` of League records (spec, "League"; the operations' parameters are not shown). */
export const LEAGUE_FIELDS: FieldsDef = {
  allowed: [
    'slug',
    'name',
    'fullName',
    'commonName',
    'teamClass',
    'leagueType',
    'leagueLevel',
    'scheduleType',
    'defaultSeason',
    'activeSeason',
    'country',
    'continent',
    'region',
    'flagUrl',
    'logo',
    'logoUrl',
    'imageUrl',
    'numberOfTeams',
    'primaryDraftType',
    'existsInLeagueEndpoint',
    'hasProjectedStats',
    'historicalData',
    'links',
    'serviceUrlPath',
    'updatedAt',
    '_links',
  ],
  objects: ['defaultSeason', 'activeSeason', 'country', 'flagUrl', 'logo', 'primaryDraftType', 'links'],
};

/** Sorts of `GET /leagues` (not shown; chosen in the style of `/agencies`). */
export const LEAGUE_SORTS: Record<string, SortDef> = {
  slug: { sql: 'l.slug' },
  name: { sql: 'l.name COLLATE NOCASE' },
  leagueLevel: { sql: 'l.leagueLevel', nullable: true },
  country: { sql: 'l.countrySlug', nullable: true },
  updatedAt: { sql: 'l.updatedAt' },
};

/** Filters of `GET /leagues` (not shown; named like the Team filters). */
export const LEAGUE_FILTERS: Record<string, FilterDef> = {
  slug: leagueIn('l.slug'),
  q: custom(parseText, (v) => ({
    sql: '(instr(lower(l.name), lower(?)) > 0 OR instr(lower(l.fullName), lower(?)) > 0)',
    params: [v, v],
  })),
  country: slugIn('l.countrySlug'),
  'country:not': slugIn('l.countrySlug', { not: true }),
  continent: enumIn('l.continent', CONTINENTS, { nullable: true }),
  teamClass: enumIn('l.teamClass', TEAM_CLASSES),
  leagueType: enumIn('l.leagueType', LEAGUE_TYPES, { nullable: true }),
  leagueLevel: custom(parseText, (v) => ({ sql: 'l.leagueLevel = ? COLLATE NOCASE', params: [v] })),
  'updatedAt:min': dateMin('l.updatedAt'),
};
