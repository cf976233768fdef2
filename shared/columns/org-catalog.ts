import type { EndpointName } from '../contract/endpoints.ts';
import { AGENCY_COLUMNS } from './agencies.ts';
import { LEAGUE_COLUMNS, TEAM_COMPARISON_COLUMNS } from './leagues.ts';
import {
  AFFILIATE_COLUMNS,
  ARENA_TEAM_COLUMNS,
  LEAGUE_COUNT_COLUMNS,
  STAFF_COUNT_COLUMNS,
  TRANSFER_YEAR_COLUMNS,
} from './organisation.ts';
import { ALUMNI_COLUMNS, GAME_LOG_COLUMNS, STAR_COLUMNS } from './people.ts';
import type { ColumnSpec, ResourceCatalog } from './types.ts';

/**
 * The catalogs of the organisation, league and people tables: one per resource, each naming its endpoint.
 * Where the spec shows no sort for an operation (affiliates, transfer years) the catalog has none and
 * its columns no sort keys; where it shows no `fields` (transfer years, stars) none is sent.
 */
export const ORG_CATALOG = {
  leagues: {
    endpoint: 'leagues',
    columns: LEAGUE_COLUMNS,
    acceptsFields: true,
    baseFields: ['slug', 'name'],
    defaultSort: ['name'],
  },
  affiliates: {
    endpoint: 'teamAffiliates',
    columns: AFFILIATE_COLUMNS,
    acceptsFields: true,
    baseFields: ['id', 'name', 'logo'],
    defaultSort: [],
  },
  arenaTeams: {
    endpoint: 'arenaTeams',
    columns: ARENA_TEAM_COLUMNS,
    acceptsFields: true,
    baseFields: ['id', 'name', 'logo'],
    defaultSort: ['name'],
  },
  inTheSystem: {
    endpoint: 'teamInTheSystem',
    columns: LEAGUE_COUNT_COLUMNS,
    acceptsFields: true,
    baseFields: ['league', 'count'],
    defaultSort: ['-count'],
  },
  transferYears: {
    endpoint: 'teamTransferYears',
    columns: TRANSFER_YEAR_COLUMNS,
    acceptsFields: false,
    baseFields: [],
    defaultSort: [],
  },
  staffCounts: {
    endpoint: 'staffStatsTeams',
    columns: STAFF_COUNT_COLUMNS,
    acceptsFields: true,
    baseFields: ['team', 'count'],
    defaultSort: ['-count'],
  },
  agencies: {
    endpoint: 'agencies',
    columns: AGENCY_COLUMNS,
    acceptsFields: true,
    baseFields: ['id', 'name'],
    defaultSort: ['name'],
  },
  stars: {
    endpoint: 'starsAndCultPlayers',
    columns: STAR_COLUMNS,
    // The spec shows no query parameters of this operation: the default field set is asked for.
    acceptsFields: false,
    baseFields: ['player', 'team'],
    defaultSort: ['team'],
  },
  gameLogs: {
    endpoint: 'gameLogAggregate',
    columns: GAME_LOG_COLUMNS,
    acceptsFields: true,
    // The scores and shootout scores make the Score and Result columns, the opponent its link; the embedded
    // player (a whole Player) is left out.
    baseFields: ['id', 'opponent', 'teamScore', 'opponentScore', 'teamScoreSo', 'opponentScoreSo'],
    defaultSort: ['-date'],
  },
  alumni: {
    endpoint: 'leagueWhereAreTheyNow',
    columns: ALUMNI_COLUMNS,
    acceptsFields: true,
    baseFields: ['id', 'player'],
    defaultSort: ['-lastSeasonInLeague'],
  },
  teamComparison: {
    endpoint: 'leagueTeamComparison',
    columns: TEAM_COMPARISON_COLUMNS,
    acceptsFields: true,
    baseFields: ['team'],
    defaultSort: ['team'],
  },
} as const satisfies Record<string, ResourceCatalog>;

/** Every catalog column of the endpoints above (what an export of them may name), or none. */
export function orgColumnsForEndpoint(endpoint: EndpointName): readonly ColumnSpec[] {
  for (const resource of Object.values(ORG_CATALOG)) if (resource.endpoint === endpoint) return resource.columns;
  return [];
}

/** The sort keys of a catalog's columns (what a view lets into its URL). */
export function sortKeysOf(columns: readonly ColumnSpec[]): string[] {
  return columns.flatMap((c) => (c.sortKey ? [c.sortKey] : []));
}
