import type { SortSql } from '../../../shared/query/lists/definition.ts';
import { LEAGUES_LIST } from '../../../shared/query/lists/leagues.ts';
import { declaredEnum, declaredList } from '../../query/declared.ts';
import { custom, dateMin, leagueIn, slugIn } from '../../query/filters.ts';
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

/** The SQL of each sort key of the League list's definition (shared/query/lists/leagues.ts). */
const LEAGUE_SORT_SQL: SortSql<(typeof LEAGUES_LIST.sorts)[number], SortDef> = {
  slug: { sql: 'l.slug' },
  name: { sql: 'l.name COLLATE NOCASE' },
  leagueLevel: { sql: 'l.leagueLevel', nullable: true },
  country: { sql: 'l.countrySlug', nullable: true },
  updatedAt: { sql: 'l.updatedAt' },
};

/** The SQL of each filter of the League list's definition; closed sets take the definition's values. */
const LEAGUE_FILTER_SQL: Readonly<Record<keyof typeof LEAGUES_LIST.filters, FilterDef>> = {
  slug: leagueIn('l.slug'),
  q: custom(parseText, (v) => ({
    sql: '(instr(lower(l.name), lower(?)) > 0 OR instr(lower(l.fullName), lower(?)) > 0)',
    params: [v, v],
  })),
  country: slugIn('l.countrySlug'),
  'country:not': slugIn('l.countrySlug', { not: true }),
  continent: declaredEnum('l.continent', LEAGUES_LIST.filters.continent),
  teamClass: declaredEnum('l.teamClass', LEAGUES_LIST.filters.teamClass),
  leagueType: declaredEnum('l.leagueType', LEAGUES_LIST.filters.leagueType),
  leagueLevel: custom(parseText, (v) => ({ sql: 'l.leagueLevel = ? COLLATE NOCASE', params: [v] })),
  'updatedAt:min': dateMin('l.updatedAt'),
};

/** `GET /leagues`' sorts, default sort, filters and tie-break: its definition with the SQL above. */
export const LEAGUE_LIST = declaredList(LEAGUES_LIST, {
  sorts: LEAGUE_SORT_SQL,
  filters: LEAGUE_FILTER_SQL,
  keys: { id: 'l.id' },
});
