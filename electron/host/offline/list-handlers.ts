import type { BridgeHandlers } from '../../../shared/bridge.ts';
import type { Result, ServiceError } from '../../../shared/errors.ts';
import { sortToken } from '../../../shared/list-engine.ts';
import type { ListEntriesPage } from '../../../shared/lists.ts';
import { type StoreClient, StoreError } from '../../../store/index.ts';
import type { OfflineHost } from './offline-host.ts';

/**
 * The scouting lists' bridge operations (shared/lists-bridge.ts). The dispatcher has already parsed the
 * arguments with their zod schemas; the store parses them again and answers bad input (a duplicate name,
 * say) with an error naming the field, which becomes a `bad-request` naming that parameter. Nothing here
 * talks to the service.
 */
export type ListOp =
  | 'scoutingLists'
  | 'scoutingListCreate'
  | 'scoutingListRename'
  | 'scoutingListDelete'
  | 'scoutingListEntries'
  | 'scoutingListEntrySave'
  | 'scoutingListEntryRemove'
  | 'scoutingListsOfPlayer'
  | 'scoutingListedPlayers';

/** Runs one store call; the store's own errors become plain error values, never a crash. */
async function run<T>(fn: () => Promise<T>): Promise<Result<T>> {
  try {
    return { ok: true, value: await fn() };
  } catch (err) {
    let error: ServiceError;
    if (err instanceof StoreError && err.code === 'ListInputError') {
      error = { kind: 'bad-request', status: 400, message: err.message, parameter: err.key ?? 'arguments' };
      if (err.allowed !== undefined) error.allowed = [...err.allowed];
    } else if (err instanceof StoreError && err.code === 'ListNotFoundError') {
      error = { kind: 'not-found', status: 404, message: err.message };
    } else {
      const why = err instanceof Error ? err.message : 'unknown error';
      error = { kind: 'server', status: 500, message: `The scouting lists are unavailable: ${why}` };
    }
    return { ok: false, error };
  }
}

/** Builds the list operations over the host's offline store. */
export function createListHandlers(offline: OfflineHost | undefined): Pick<BridgeHandlers, ListOp> {
  const store = (): Promise<StoreClient> => {
    if (offline === undefined) return Promise.reject(new Error('the offline store is not set up in this shell.'));
    return offline.store();
  };
  return {
    scoutingLists: () => run(async () => (await store()).lists()),
    scoutingListCreate: ({ name }) => run(async () => (await store()).createList(name)),
    scoutingListRename: ({ id, name }) => run(async () => (await store()).renameList(id, name)),
    scoutingListDelete: ({ id }) =>
      run(async () => {
        await (await store()).deleteList(id);
        return null;
      }),
    scoutingListEntries: ({ id, query }) =>
      // The store parses the query itself: it gets the sort text back, not the parsed terms.
      run(async () =>
        (await store()).listEntries(id, {
          ...query,
          sort: query.sort.map((t) => sortToken(t.key, t.descending)).join(','),
        }),
      ),
    scoutingListEntrySave: (entry) => run(async () => (await store()).saveEntry(entry)),
    scoutingListEntryRemove: ({ listId, playerId }) =>
      run(async () => {
        await (await store()).removeEntry(listId, playerId);
        return null;
      }),
    scoutingListsOfPlayer: ({ playerId }) => run(async () => (await store()).listsOfPlayer(playerId)),
    scoutingListedPlayers: () => run(async () => (await store()).listedPlayers()),
  };
}

/**
 * One page of a scouting list for an export (export-handlers.ts): `sort`, `offset` and `limit` as the
 * export sends them (strings), answered in the spec's envelope by the store, or an error value.
 */
export function scoutingListPage(
  offline: OfflineHost,
): (listId: number, query: Record<string, string>) => Promise<Result<ListEntriesPage>> {
  return (listId, query) =>
    run(async () => {
      const q: Record<string, string> = {};
      for (const k of ['sort', 'offset', 'limit'] as const) if (query[k] !== undefined) q[k] = query[k];
      return (await offline.store()).listEntries(listId, q);
    });
}
