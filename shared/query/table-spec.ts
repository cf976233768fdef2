import type { ColumnSpec } from '../columns/index.ts';
import type { EndpointName } from '../contract/endpoints.ts';
import type { ListQuery } from './query.ts';

/**
 * What a table shows, as one value (DESIGN.md, "Where the next capabilities live": a view's table spec):
 * the allow-listed endpoint and its path parameters, the list query sent to the service (sort, filters,
 * paging, fields) and the visible columns in their order, each with the header as shown (a column's
 * `abbr`, possibly relabelled by the view, e.g. `OTL` for the Databank's `T` from 2005-06).
 *
 * A view's pure spec function builds it from the URL state; the table renders from it, an export sends
 * exactly it to the host, and charts read their axes from its columns.
 */
export interface TableSpec {
  endpoint: EndpointName;
  /** Path parameters of the endpoint (`{id}`, `{slug}`, `{season}`). */
  path: Readonly<Record<string, string | number>>;
  /** The service query of the page shown. */
  query: ListQuery;
  /** Visible columns, in order, headers as shown. */
  columns: readonly ColumnSpec[];
  /**
   * What the table is, in words, for file names, the About sheet and titles:
   * `{view: 'Goaltending leaders', team: 'Montreal Canadiens', season: '1976-1977', block: 'Regular season'}`.
   * Never holds a key or a URL.
   */
  context: Readonly<Record<string, string>>;
  /** Rows the table lists after the query's own, and how a file marks them ({@link TableSpecAfter}). */
  after?: TableSpecAfter;
}

/**
 * Rows a table lists after its query's own (a team's goalies under Min GP, after those it ranks): the same
 * endpoint and path with `query`, whose rows from the first query's total on are the ones listed after
 * (so `query` lists the first query's rows first: every goalie, most games first). `query`'s offset and
 * limit are not used: the first query's page covers both parts as one list. A file marks each row in a
 * last column `marker.header`: `marker.first` or `marker.after`.
 */
export interface TableSpecAfter {
  query: ListQuery;
  marker: { header: string; first: string; after: string };
}

/**
 * A table of the local store rather than the service (a scouting list): the same visible columns, query
 * and context, and which list. Its export pages through the store in the host, never the service.
 */
export interface ListTableSpec extends Omit<TableSpec, 'endpoint' | 'path'> {
  source: 'scoutingList';
  listId: number;
}

/**
 * A table of the offline store (the stats browser's leaders, the Players list): the same visible columns,
 * query and context, and which table. Its export pages through the store in the host, never the service.
 */
export interface StoreTableSpec extends Omit<TableSpec, 'endpoint' | 'path'> {
  source: 'offlineLeaders' | 'offlinePlayers';
}
