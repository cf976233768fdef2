import { type ColumnSpec, columnsForEndpoint } from '../../../shared/columns/index.ts';
import type { EndpointName } from '../../../shared/contract/endpoints.ts';

/**
 * The catalog columns an export of `endpoint` may name, by id (shared/columns, `columnsForEndpoint`):
 * Teams, goaltending leaders (every stat block plus the season column) and standings (with the
 * league-wide rank). Null for an endpoint no table lists.
 */
export function exportColumnsFor(endpoint: EndpointName): ReadonlyMap<string, ColumnSpec> | null {
  const columns = columnsForEndpoint(endpoint);
  return columns.length === 0 ? null : new Map(columns.map((c) => [c.id, c]));
}
