import { ORG_CATALOG } from '../../columns/index.ts';
import { LEAGUE_TYPES, TEAM_CLASSES } from '../../contract/spec.ts';
import type { ListDefinition } from './definition.ts';
import { CONTINENT, enumList, SLUGS, TEXT, UPDATED_MIN } from './kinds.ts';

/**
 * The League list (`GET /leagues`, parameters not shown in the spec; named like the Team list's): by name
 * unless asked, ties by the league's id. The local service answers it (service/ops/league/leagues.ts); the
 * Leagues view filters it by search and country.
 */
const LEAGUE_FILTER_DEFINITIONS = {
  slug: SLUGS,
  q: { ...TEXT, ui: { control: 'search', label: 'Search by name', placeholder: 'e.g. Hockey League' } },
  country: { ...SLUGS, ui: { control: 'select', label: 'Country', anyLabel: 'All countries' } },
  'country:not': SLUGS,
  continent: CONTINENT,
  teamClass: enumList(TEAM_CLASSES, 'a team class'),
  leagueType: { ...enumList(LEAGUE_TYPES, 'a league type'), values: [...LEAGUE_TYPES, 'null'] },
  leagueLevel: TEXT,
  'updatedAt:min': UPDATED_MIN,
} as const;

const LEAGUE_SORT_KEYS = ['slug', 'name', 'leagueLevel', 'country', 'updatedAt'] as const;

/** The League list, declared once. */
export const LEAGUES_LIST: ListDefinition<typeof LEAGUE_FILTER_DEFINITIONS, (typeof LEAGUE_SORT_KEYS)[number]> = {
  id: 'leagues',
  filters: LEAGUE_FILTER_DEFINITIONS,
  sorts: LEAGUE_SORT_KEYS,
  defaultSort: 'name',
  tieBreak: ['id'],
  rowKey: 'id',
  columns: ORG_CATALOG.leagues.columns,
  exported: ORG_CATALOG.leagues.columns,
};
