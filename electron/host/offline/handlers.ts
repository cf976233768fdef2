import type { Result, ServiceError } from '../../../shared/contract/errors.ts';
import type { ListQueryIssue } from '../../../shared/query/list-engine.ts';
import { type ExportCells, StoreError, type StoreTable } from '../../../store/index.ts';
import type { HostHandlers } from '../bridge/host-handlers.ts';
import type { OfflineHost, OfflineService } from './offline-host.ts';
import { SyncError } from './sync/run.ts';

/**
 * The bridge operations of the offline store (shared/bridge/bridge.ts: `offlineSync`, `offlineSyncEstimate`,
 * `offlineSyncStatus`, `offlineSyncCancel`, `offlinePlayers`, `offlinePlayer`, `offlineLeaders`, and NHLe's
 * `leagueFactors`, `offlineComparables`, `offlineCareerArcs`). The download goes to the service in use with
 * the key the host would send it; answers of the store come in the spec's envelope.
 */
export type OfflineOp =
  | 'offlineSync'
  | 'offlineSyncEstimate'
  | 'offlineSyncStatus'
  | 'offlineSyncCancel'
  | 'offlineClear'
  | 'offlineNoticeDismiss'
  | 'offlinePlayers'
  | 'offlinePlayer'
  | 'offlineLeaders'
  | 'leagueFactors'
  | 'offlineComparables'
  | 'offlineCareerArcs';

export interface OfflineHandlerDeps {
  offline: OfflineHost | undefined;
  /** The base URL in use, the key the host sends it (null: none), and which service it is to the store. */
  service(): OfflineService;
}

const badRequest = (message: string, parameter: string): { ok: false; error: ServiceError } => ({
  ok: false,
  error: { kind: 'bad-request', status: 400, message, parameter },
});

/** A query the store refused: a bad request naming the parameter and, for a closed set, its allowed values. */
const refused = (issue: ListQueryIssue): { ok: false; error: ServiceError } => {
  const error: ServiceError = { kind: 'bad-request', status: 400, message: issue.message, parameter: issue.parameter };
  if (issue.allowed !== undefined) error.allowed = [...issue.allowed];
  return { ok: false, error };
};

const unavailable = (message: string): { ok: false; error: ServiceError } => ({
  ok: false,
  error: { kind: 'local-file', message },
});

/**
 * Runs `fn`; a store that cannot open (no FTS5, a newer schema) becomes a plain error, not a crash, and a
 * change refused in a folder that cannot be written says so in the store's own words (the players there
 * are still read).
 */
async function guarded<T>(fn: () => Promise<Result<T>>): Promise<Result<T>> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof StoreError && err.code === 'FolderReadOnlyError') return unavailable(err.message);
    return unavailable(`The offline store is unavailable: ${err instanceof Error ? err.message : 'unknown error'}`);
  }
}

export function createOfflineHandlers(deps: OfflineHandlerDeps): Pick<HostHandlers, OfflineOp> {
  const host = (): OfflineHost => {
    if (deps.offline === undefined) throw new Error('offline players are not set up in this shell.');
    return deps.offline;
  };
  return {
    offlineSync: (args) =>
      guarded(async () => {
        const req: Parameters<OfflineHost['startSync']>[0] = { leagues: args.leagues, refresh: args.refresh };
        if (args.seasonFrom !== undefined) req.seasonFrom = args.seasonFrom;
        if (args.seasonTo !== undefined) req.seasonTo = args.seasonTo;
        const started = await host().startSync(req, deps.service());
        if (!started) return badRequest('A download is already running.', 'leagues');
        return { ok: true, value: await host().status(deps.service().source) };
      }),
    offlineSyncEstimate: (args) =>
      guarded(async () => {
        const req: Parameters<OfflineHost['estimate']>[0] = { leagues: args.leagues };
        if (args.seasonFrom !== undefined) req.seasonFrom = args.seasonFrom;
        if (args.seasonTo !== undefined) req.seasonTo = args.seasonTo;
        try {
          return { ok: true, value: await host().estimate(req, deps.service()) };
        } catch (err) {
          // The service's own error (network, 401, 5xx) as the page knows it, not a store failure.
          if (err instanceof SyncError) return { ok: false, error: err.error };
          throw err;
        }
      }),
    offlineSyncStatus: () => guarded(async () => ({ ok: true, value: await host().status(deps.service().source) })),
    offlineSyncCancel: () =>
      guarded(async () => {
        host().cancel();
        return { ok: true, value: await host().status(deps.service().source) };
      }),
    offlineClear: () =>
      guarded(async () => {
        const cleared = await host().clear();
        if (cleared === null) return badRequest('A download is running: cancel it first.', 'offlineClear');
        return { ok: true, value: cleared };
      }),
    offlineNoticeDismiss: () =>
      guarded(async () => {
        await host().dismissRebuilt();
        return { ok: true, value: null };
      }),
    offlinePlayers: (args) =>
      guarded(async () => {
        // The store checks the query (filters, sort against its allow-list, paging) and answers an issue
        // naming the parameter rather than throwing.
        const page = await host().players(args.query);
        return page.ok ? { ok: true, value: page.value } : refused(page.issue);
      }),
    offlineLeaders: (args) =>
      guarded(async () => {
        const page = await host().leaders(args.query);
        return page.ok ? { ok: true, value: page.value } : refused(page.issue);
      }),
    leagueFactors: (args) =>
      guarded(async () => {
        const r = await host().leagueFactors(args.query);
        return r.ok ? { ok: true, value: r.value } : refused(r.issue);
      }),
    offlineComparables: (args) =>
      guarded(async () => {
        const r = await host().comparables(args);
        return r.ok ? { ok: true, value: r.value } : refused(r.issue);
      }),
    offlineCareerArcs: (args) =>
      guarded(async () => {
        const r = await host().careerArcs(args);
        return r.ok ? { ok: true, value: r.value } : refused(r.issue);
      }),
    offlinePlayer: (args) =>
      guarded(async () => {
        const p = await host().player(args.id);
        if (p === null)
          return {
            ok: false,
            error: { kind: 'not-found', status: 404, message: 'This player is not in the offline store.' },
          };
        return { ok: true, value: p };
      }),
  };
}

/**
 * One page of a table of the offline store for an export (export-handlers.ts): the leaders or the players
 * list, with the query as the export sends it (strings), as the rows of the export's columns (ids of the
 * table's catalog) with the query's total, or the error value of a refused query or an unavailable store.
 */
export function storeExportRows(
  offline: Pick<OfflineHost, 'exportCells'>,
): (table: StoreTable, query: Record<string, string>, columnIds: readonly string[]) => Promise<Result<ExportCells>> {
  return (table, query, columnIds) =>
    guarded(async () => {
      const page = await offline.exportCells(table, query, columnIds);
      return page.ok ? { ok: true, value: page.value } : refused(page.issue);
    });
}
