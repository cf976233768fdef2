import type { EndpointName } from '../contract/endpoints.ts';
import { STAT_BLOCKS } from '../contract/spec.ts';
import { GOALTENDING_COLUMNS, GOALTENDING_SEASON_COLUMN } from './goaltending.ts';
import { ORG_CATALOG, orgColumnsForEndpoint } from './org-catalog.ts';
import { SCORING_COLUMNS } from './skaters.ts';
import { RANK_COLUMN, STANDINGS_COLUMNS } from './standings.ts';
import { TEAM_COLUMNS } from './teams.ts';
import type { ColumnSpec, ResourceCatalog } from './types.ts';

/** Every table resource and its catalog. */
export const CATALOG = {
  team: {
    endpoint: 'teams',
    columns: TEAM_COLUMNS,
    // /teams lists its parameters as "not shown"; the team-list parameters of /arenas/{id}/teams are the guide.
    acceptsFields: true,
    baseFields: ['id', 'name', 'logo'],
    defaultSort: ['name'],
  },
  goaltendingLeaders: {
    endpoint: 'teamGoaltendingLeaders',
    columns: GOALTENDING_COLUMNS.regularStats,
    acceptsFields: true,
    baseFields: ['id', 'player', 'season'],
    defaultSort: ['-regularStats.SVP'],
  },
  scoring: {
    endpoint: 'teamPlayerStats',
    columns: SCORING_COLUMNS.regularStats,
    // The operation takes its closest sibling's (goaltending leaders') parameters (service/README.md).
    acceptsFields: true,
    baseFields: ['id', 'player', 'season'],
    defaultSort: ['-regularStats.PTS'],
  },
  standings: {
    endpoint: 'leagueStandings',
    columns: STANDINGS_COLUMNS,
    // Query parameters of standings are "not shown" in the spec: ask for the default field set.
    acceptsFields: false,
    baseFields: ['id', 'team', 'teamName', 'group', 'position', 'stats'],
    defaultSort: ['group', 'position'],
  },
  ...ORG_CATALOG,
} as const satisfies Record<string, ResourceCatalog>;

/** The `fields` values a set of columns needs (plus the resource's base fields), each once, or undefined. */
export function fieldsFor(resource: ResourceCatalog, columns: readonly ColumnSpec[]): string[] | undefined {
  if (!resource.acceptsFields) return undefined;
  return [...new Set([...resource.baseFields, ...columns.map((c) => c.fields)])];
}

/**
 * Every catalog column of an endpoint, each once (for the goaltending leaders: the Player and Season
 * columns and every stat of the three blocks). An export validates the columns it is asked for against
 * this list. Endpoints without a table have none.
 */
export function columnsForEndpoint(endpoint: EndpointName): readonly ColumnSpec[] {
  switch (endpoint) {
    case 'teams':
      return TEAM_COLUMNS;
    case 'teamGoaltendingLeaders':
      return GOALTENDING_ALL;
    case 'leagueStandings':
      return STANDINGS_ALL;
    case 'teamPlayerStats':
      return SCORING_ALL;
    default:
      return orgColumnsForEndpoint(endpoint);
  }
}
const STANDINGS_ALL: readonly ColumnSpec[] = [...STANDINGS_COLUMNS, RANK_COLUMN];
const SCORING_ALL: readonly ColumnSpec[] = [
  ...(SCORING_COLUMNS.regularStats[0] ? [SCORING_COLUMNS.regularStats[0]] : []),
  ...STAT_BLOCKS.flatMap((b) => SCORING_COLUMNS[b].slice(1)),
];
const GOALTENDING_ALL: readonly ColumnSpec[] = [
  ...(GOALTENDING_COLUMNS.regularStats[0] ? [GOALTENDING_COLUMNS.regularStats[0]] : []),
  GOALTENDING_SEASON_COLUMN,
  ...STAT_BLOCKS.flatMap((b) => GOALTENDING_COLUMNS[b].slice(1)),
];

/** The column whose sort key is `key`, if any. */
export function columnBySortKey(columns: readonly ColumnSpec[], key: string): ColumnSpec | undefined {
  return columns.find((c) => c.sortKey === key);
}
