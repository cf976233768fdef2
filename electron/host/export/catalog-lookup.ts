import {
  type ColumnSpec,
  GOALTENDING_COLUMNS,
  GOALTENDING_SEASON_COLUMN,
  STANDINGS_COLUMNS,
  TEAM_COLUMNS,
} from '../../../shared/columns.ts';
import type { EndpointName } from '../../../shared/endpoints.ts';

/**
 * The catalog columns an export of `endpoint` may name (shared/columns.ts), by id: Teams, goaltending
 * leaders (every stat block plus the season column) and standings. Null for an endpoint no table lists.
 */
export function exportColumnsFor(endpoint: EndpointName): ReadonlyMap<string, ColumnSpec> | null {
  let columns: readonly ColumnSpec[];
  switch (endpoint) {
    case 'teams':
      columns = TEAM_COLUMNS;
      break;
    case 'teamGoaltendingLeaders':
      columns = [
        GOALTENDING_SEASON_COLUMN,
        ...GOALTENDING_COLUMNS.regularStats,
        ...GOALTENDING_COLUMNS.postseasonStats,
        ...GOALTENDING_COLUMNS.totalStats,
      ];
      break;
    case 'leagueStandings':
      columns = STANDINGS_COLUMNS;
      break;
    default:
      return null;
  }
  return new Map(columns.map((c) => [c.id, c]));
}
