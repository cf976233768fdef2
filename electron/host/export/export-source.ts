import type { BridgeHandlers } from '../../../shared/bridge.ts';
import { textColumn } from '../../../shared/columns/build.ts';
import { type ColumnSpec, LEADER_COLUMNS, LIST_ENTRY_COLUMNS, PLAYER_EXPORT_COLUMNS } from '../../../shared/columns.ts';
import { buildPath } from '../../../shared/endpoints.ts';
import type { Result, ServiceError } from '../../../shared/errors.ts';
import { EntryQuerySchema } from '../../../shared/lists.ts';
import type { ServiceClient } from '../service-client.ts';
import { exportColumnsFor } from './catalog-lookup.ts';

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
   * (filters, `sort`, `offset`, `limit` as strings), in the spec's envelope. Absent: they cannot be exported.
   */
  storePage?: (table: 'offlineLeaders' | 'offlinePlayers', query: Record<string, string>) => Promise<Result<unknown>>;
}

/** A bad request naming `parameter`, as the bridge answers it. */
export const badRequest = (message: string, parameter: string): { ok: false; error: ServiceError } => ({
  ok: false,
  error: { kind: 'bad-request', status: 400, message, parameter },
});

/**
 * The i-th column of a table computed in the page: text or numbers as the page sent them (numbers stay
 * numbers in the file), no catalog format.
 */
export function rowsColumn(i: number, header: string): ColumnSpec {
  return textColumn({ id: `c${i}`, field: `c${i}`, label: header, abbr: header, title: header, fields: '' });
}

/** Where an export's rows come from: its column catalog, how a page is fetched, the About sheet's source. */
export interface ExportSource {
  /** What the rows are, for messages: `teams`, `this scouting list`. */
  what: string;
  catalog: ReadonlyMap<string, ColumnSpec>;
  fetchPage(query: Record<string, string>): Promise<Result<unknown>>;
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
    const storePage = deps.storePage;
    if (storePage === undefined)
      return { error: badRequest('The offline store is not available in this host.', 'spec.source') };
    const table = spec.source;
    return {
      what: table === 'offlineLeaders' ? 'the stats browser' : 'the players list',
      catalog: new Map((table === 'offlineLeaders' ? LEADER_COLUMNS : PLAYER_EXPORT_COLUMNS).map((c) => [c.id, c])),
      fetchPage: (query) => storePage(table, query),
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
      fetchPage: (query) => listPage(listId, query),
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
  try {
    buildPath(spec.endpoint, spec.path);
  } catch {
    return { error: badRequest('Invalid path parameters for this endpoint.', 'spec.path') };
  }
  return {
    what: spec.endpoint,
    catalog,
    fetchPage: (query) => deps.client.request(base, { endpoint: spec.endpoint, path: spec.path, query }, key),
    sourceWords: (base) => base,
  };
}
