import { columnSortKeys, filterNames } from '../../../shared/query/lists/definition.ts';
import { PLAYERS_LIST } from '../../../shared/query/lists/players.ts';
import { type ListQuery, type ListQueryOptions, listQueryToServiceQuery } from '../../../shared/query/query.ts';
import { positionOptions } from '../../format/index.ts';

/**
 * The players of the offline store as a list, as the Players view reads it from the URL and an agency's
 * clients list reads it under its prefix: its filters and sort keys, the sort the table marks, the query
 * record the store answers, and the positions a scout filters by (the league page's alumni too).
 */

/** Filters of the Players view: the offline store's players list's, as its definition declares them. */
export const PLAYER_FILTER_KEYS: readonly string[] = filterNames(PLAYERS_LIST);

/** Positions a scout filters by: the `position` letter, and C, LW, RW (and D) in the detailed positions too. */
export const POSITION_OPTIONS = positionOptions(['G', 'D', 'F', 'C', 'LW', 'RW']);

/**
 * How the Players view reads its list query from the URL: the catalog's sort keys, and no sort until the
 * scout chooses one, so the store's own order applies: by name, or, for a search whose spelling it forgave,
 * closest spelling first ({@link playersSortShown}).
 */
export function playersListOptions(pageSize: number): ListQueryOptions {
  return {
    filterKeys: PLAYER_FILTER_KEYS,
    defaultLimit: pageSize,
    sortKeys: columnSortKeys(PLAYERS_LIST.exported),
  };
}

/**
 * The list query as the table marks its sort: the one the scout chose; without one, the store's order,
 * by name (the Name column marked), unless the store ranked the names spelled like the search closest
 * first (`closestFirst`, shared/domain/offline.ts), which no column gives: then none is marked.
 */
export function playersSortShown(query: ListQuery, closestFirst: boolean): ListQuery {
  if ((query.sort ?? []).length > 0 || closestFirst) return query;
  return { ...query, sort: ['name'] };
}

/**
 * The `offlinePlayers` query record of a list query: the service query record of shared/query/query.ts
 * (`q`, filters, `sort` comma-separated, `offset`, `limit`), without `fields` (the store answers whole records).
 */
export function playersServiceQuery(query: ListQuery): Record<string, string> {
  const { fields: _fields, ...rest } = query;
  return listQueryToServiceQuery(rest);
}
