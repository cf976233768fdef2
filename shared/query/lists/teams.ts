import { TEAM_COLUMNS } from '../../columns/index.ts';
import { CONTINENTS, SLUG_RE, TEAM_CLASSES, TEAM_STATUSES, TEAM_TYPES } from '../../contract/spec.ts';
import type { ListDefinition } from './definition.ts';

/**
 * The Team list (spec: `GET /teams`, `GET /arenas/{id}/teams`, `GET /teams/{id}/affiliates`): its filters
 * as the spec lists them, its sorts, by name unless asked, ties by id. The local service answers it
 * (service/ops/team/team-list.ts); the Teams view filters it by search, league, country, status, type and
 * class.
 */

const slugs = { kind: 'list', maxLength: 2000, item: SLUG_RE, what: 'a slug' } as const;

/** A closed set of values, comma-separated, shown as a select of their labels. */
const closed = <V extends string>(values: readonly V[], what: string, label: string, labels: Record<V, string>) =>
  ({
    kind: 'list',
    maxLength: 2000,
    item: /^[a-z-]+$/,
    what,
    values,
    ui: { control: 'select', label, labels },
  }) as const;

const TEAM_FILTER_DEFINITIONS = {
  q: { kind: 'text', maxLength: 200, ui: { control: 'search', label: 'Search', placeholder: 'e.g. Bruins' } },
  id: { kind: 'list', maxLength: 2000, item: /^-?\d{1,10}$/, what: 'an integer' },
  'id:gt': { kind: 'whole', min: 0, max: 2 ** 31 - 1 },
  name: { kind: 'text', maxLength: 200 },
  city: { kind: 'text', maxLength: 200 },
  league: { ...slugs, ui: { control: 'select', label: 'League', anyLabel: 'All leagues' } },
  country: { ...slugs, ui: { control: 'select', label: 'Country', anyLabel: 'All countries' } },
  'country:not': slugs,
  continent: {
    kind: 'list',
    maxLength: 2000,
    item: /^[A-Za-z]+$/,
    what: 'a continent',
    values: [...CONTINENTS, 'null'],
  },
  'league.leagueLevel': { kind: 'text', maxLength: 200 },
  status: closed(TEAM_STATUSES, 'a team status', 'Status', { active: 'Active', 'not-active': 'Not active' }),
  playingInLeague: slugs,
  notPlayingInLeague: slugs,
  hasPlayedInLeague: slugs,
  neverPlayedInLeague: slugs,
  'hasPlayedInLeague.season': { kind: 'season' },
  teamType: closed(TEAM_TYPES, 'a team type', 'Type', { club: 'Club', international: 'International' }),
  teamClass: closed(TEAM_CLASSES, 'a team class', 'Class', { men: 'Men', women: 'Women' }),
  'updatedAt:min': { kind: 'dateTime' },
} as const;

const TEAM_SORT_KEYS = ['id', 'name', 'country', 'teamClass', 'views', 'updatedAt', 'mhrRating'] as const;

/** The Team list, declared once. */
export const TEAMS_LIST: ListDefinition<typeof TEAM_FILTER_DEFINITIONS, (typeof TEAM_SORT_KEYS)[number]> = {
  id: 'teams',
  filters: TEAM_FILTER_DEFINITIONS,
  sorts: TEAM_SORT_KEYS,
  defaultSort: 'name',
  tieBreak: ['id'],
  rowKey: 'id',
  columns: TEAM_COLUMNS,
  exported: TEAM_COLUMNS,
};
