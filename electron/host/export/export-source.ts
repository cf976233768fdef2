import type { BridgeHandlers } from '../../../shared/bridge/bridge.ts';
import { textColumn } from '../../../shared/columns/build.ts';
import type { ExportColumn } from '../../../shared/columns/cells.ts';
import { catalogFormatOf } from '../../../shared/columns/headers.ts';
import { type ColumnSpec, LIST_ENTRY_COLUMNS } from '../../../shared/columns/index.ts';
import { pathParamProblem } from '../../../shared/contract/endpoints.ts';
import type { Result, ServiceError } from '../../../shared/contract/errors.ts';
import { EntryQuerySchema } from '../../../shared/domain/lists.ts';
import { LEADERS_LIST } from '../../../shared/query/lists/leaders.ts';
import { PLAYERS_LIST } from '../../../shared/query/lists/players.ts';
import type { ServiceClient } from '../service-client/service-client.ts';
import { exportColumnsFor } from './catalog-lookup.ts';
import type { RowsPage } from './run-export.ts';

/**
 * Where an export's rows come from: a service endpoint's table, a scouting list or a table of the offline
 * store (`exportTable`), or a table the page computed (`exportRows`, whose columns are its own).
 */

/** What a source needs from the host. */
export interface SourceDeps {
  client: ServiceClient;
  /** The base URL in use now (never a key). */
  baseUrl(): string;
  /** The key for `base`, or null. */
  keyFor(base: string): string | null;
  /**
   * One page of a scouting list's players from the local store (`sort`, `offset`, `limit` as strings), in
   * the spec's envelope. Absent: lists cannot be exported.
   */
  scoutingListPage?: (listId: number, query: Record<string, string>) => Promise<Result<unknown>>;
  /**
   * One page of a table of the offline store (the stats browser's leaders, the Players list) for `query`
   * (filters, `sort`, `offset`, `limit` as strings), as the rows of the columns `columnIds` (ids of the
   * table's catalog) with the query's total. Absent: they cannot be exported.
   */
  storeRows?: (
    table: 'leaders' | 'players',
    query: Record<string, string>,
    columnIds: readonly string[],
  ) => Promise<Result<RowsPage>>;
}

/** A bad request naming `parameter`, as the bridge answers it. */
export const badRequest = (message: string, parameter: string): { ok: false; error: ServiceError } => ({
  ok: false,
  error: { kind: 'bad-request', status: 400, message, parameter },
});

/**
 * The i-th column of a table computed in the page: text or numbers as the page sent them (numbers stay
 * numbers in the file); numeric in the catalog's format when the catalog heads a numeric column so (`GP`,
 * `SV%`: shared/columns/headers.ts), else a text column with no format of its own.
 */
export function rowsColumn(i: number, header: string): ColumnSpec {
  const column = textColumn({ id: `c${i}`, field: `c${i}`, label: header, abbr: header, title: header, fields: '' });
  const format = catalogFormatOf(header);
  return format === null ? column : { ...column, format, numeric: true };
}

/**
 * How an export's pages are fetched: in the spec's list envelope (`page`), or already the rows of the
 * export's columns (`rows`, given those columns).
 */
export type ExportFetch =
  | { page(query: Record<string, string>): Promise<Result<unknown>> }
  | { rows(columns: readonly ExportColumn[]): (query: Record<string, string>) => Promise<Result<RowsPage>> };

/** Where an export's rows come from: its column catalog, how a page is fetched, the About sheet's source. */
export interface ExportSource {
  /** What the rows are, for messages: `teams`, `this scouting list`. */
  what: string;
  catalog: ReadonlyMap<string, ColumnSpec>;
  /** How a page is fetched: in the spec's envelope, or (the store's tables) as the rows of the export's columns. */
  fetch: ExportFetch;
  sourceWords(base: string): string;
}

/**
 * The source of a spec: the service's endpoint (paged with the key for the service in use), a scouting
 * list, or a table of the offline store (the stats browser's leaders, the players list), paged by the
 * store (the service is not asked for anything but the data's attribution). A bad endpoint, path or list
 * sort is a bad request naming it.
 */
export function sourceOf(
  spec: Parameters<BridgeHandlers['exportTable']>[0]['spec'],
  deps: SourceDeps,
): ExportSource | { error: { ok: false; error: ServiceError } } {
  if (spec.source === 'offlineLeaders' || spec.source === 'offlinePlayers') {
    const storeRows = deps.storeRows;
    if (storeRows === undefined)
      return { error: badRequest('The offline store is not available in this host.', 'spec.source') };
    const leaders = spec.source === 'offlineLeaders';
    return {
      what: leaders ? 'the stats browser' : 'the players list',
      // What an export of the list may hold: its definition's exported columns (shared/query/lists/).
      catalog: new Map((leaders ? LEADERS_LIST : PLAYERS_LIST).exported.map((c) => [c.id, c])),
      fetch: {
        rows: (columns) => (query) =>
          storeRows(
            leaders ? 'leaders' : 'players',
            query,
            columns.map((c) => c.column.id),
          ),
      },
      sourceWords: (base) => `Offline store on this computer; synced from ${base}`,
    };
  }
  if (spec.source === 'scoutingList') {
    const listPage = deps.scoutingListPage;
    if (listPage === undefined)
      return { error: badRequest('Scouting lists are not available in this host.', 'spec.source') };
    const sort = EntryQuerySchema.shape.sort.safeParse(spec.query.sort);
    if (!sort.success)
      return { error: badRequest(`Invalid spec.query.sort: ${sort.error.issues[0]?.message}`, 'spec.query.sort') };
    const listId = spec.listId;
    return {
      what: 'this scouting list',
      catalog: new Map(LIST_ENTRY_COLUMNS.map((c) => [c.id, c])),
      fetch: { page: (query) => listPage(listId, query) },
      sourceWords: (base) => `Scouting list on this computer (never sent to the service); stats synced from ${base}`,
    };
  }
  if (!('endpoint' in spec)) return { error: badRequest('Unknown table source.', 'spec.source') };
  // One base URL and key for the whole export, as when it started.
  const base = deps.baseUrl();
  const key = deps.keyFor(base);
  const catalog = exportColumnsFor(spec.endpoint);
  if (catalog === null)
    return { error: badRequest(`The ${spec.endpoint} endpoint has no table to export.`, 'spec.endpoint') };
  const problem = pathParamProblem(spec.endpoint, spec.path);
  if (problem !== null) {
    return { error: badRequest(`Invalid spec.path.${problem.name}: ${problem.message}`, `spec.path.${problem.name}`) };
  }
  return {
    what: spec.endpoint,
    catalog,
    fetch: { page: (query) => deps.client.request(base, { endpoint: spec.endpoint, path: spec.path, query }, key) },
    sourceWords: (base) => base,
  };
}
