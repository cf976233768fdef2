import type { BridgeHandlers, ExportStatus } from '../../../shared/bridge/bridge.ts';
import type { Result, ServiceError } from '../../../shared/contract/errors.ts';
import type { ListEntriesPage } from '../../../shared/domain/lists.ts';
import { sortToken } from '../../../shared/query/list-engine.ts';
import { StoreError } from '../../../store/index.ts';
import type { ListsHost } from './lists-host.ts';

/**
 * The scouting lists' bridge operations (shared/bridge/lists-bridge.ts). The dispatcher has already parsed the
 * arguments with their zod schemas; the lists' worker parses them again and answers bad input (a
 * duplicate name, say) with an error naming the field, which becomes a `bad-request` naming that
 * parameter; a bad `rinkside-lists` file names the place in it; a write the disk refused says so plainly.
 * The host adds the source of the data in use to what the page sends. Nothing here talks to the service.
 */
export type ListOp =
  | 'scoutingLists'
  | 'scoutingListCreate'
  | 'scoutingListRename'
  | 'scoutingListDelete'
  | 'scoutingListEntries'
  | 'scoutingListEntrySave'
  | 'scoutingListEntryEdit'
  | 'scoutingListEntryRemove'
  | 'scoutingListsOfPlayer'
  | 'scoutingListedPlayers'
  | 'scoutingPlayersInUse'
  | 'scoutingListsExport'
  | 'scoutingListsImport'
  | 'listsSafety'
  | 'listsRestore'
  | 'listsNoticeDismiss'
  | 'leagueFactorPin'
  | 'leagueFactorUnpin';

/** An error of the lists as the page reads it. */
function errorOf(err: unknown): ServiceError {
  if (err instanceof StoreError) {
    switch (err.code) {
      case 'ListInputError': {
        const e: ServiceError = {
          kind: 'bad-request',
          status: 400,
          message: err.message,
          parameter: err.key ?? 'arguments',
        };
        if (err.allowed !== undefined) e.allowed = [...err.allowed];
        return e;
      }
      case 'ListsFileError':
        // The message names the place in the file (`lists[2].entries[14].rating: …`).
        return { kind: 'bad-request', status: 400, message: err.message, parameter: 'text' };
      case 'ListNotFoundError':
        return { kind: 'not-found', status: 404, message: err.message };
      case 'ListsWriteError':
      case 'ListsUnavailableError':
        // Their message says what happened to the file and what to do.
        return { kind: 'local-file', message: err.message };
    }
  }
  // The lists are a file of this computer: whatever failed, the service had no part in it.
  const why = err instanceof Error ? err.message : 'unknown error';
  return { kind: 'local-file', message: `The scouting lists are unavailable: ${why}` };
}

/** Runs one call of the lists; their own errors become plain error values, never a crash. */
export async function run<T>(fn: () => Promise<T>): Promise<Result<T>> {
  try {
    return { ok: true, value: await fn() };
  } catch (err) {
    return { ok: false, error: errorOf(err) };
  }
}

export interface ListHandlerDeps {
  lists: ListsHost | undefined;
  /**
   * Saves `text` as a JSON file named after `context` (Electron's save dialog, a download in the browser
   * shell), the way table exports are saved (export/export-handlers.ts `saveText`).
   */
  saveText?: (context: Record<string, string>, text: string) => Promise<Result<ExportStatus>>;
  /** The app's name and version, written into an exported file. */
  app: string;
}

/**
 * What every handler over the lists file uses: the host's lists (throwing, and so answered as an error by
 * {@link run}, where this shell has none), their client, and `write`, which runs a change and then has the
 * settings record of the lists follow (the file now holds something).
 */
export function listsAccess(lists: ListsHost | undefined) {
  const host = (): ListsHost => {
    if (lists === undefined) throw new Error('the scouting lists are not set up in this shell.');
    return lists;
  };
  const write = <T>(fn: () => Promise<T>) =>
    run(async () => {
      const out = await fn();
      host().changed();
      return out;
    });
  return { host, lists: () => host().client(), write, nothing: () => null };
}

/** Builds the list operations over the host's lists. */
export function createListHandlers(deps: ListHandlerDeps): Pick<BridgeHandlers, ListOp> {
  const { host, lists, write, nothing } = listsAccess(deps.lists);
  return {
    scoutingLists: () => run(async () => (await lists()).lists()),
    scoutingListCreate: ({ name }) => write(async () => (await lists()).createList(name)),
    scoutingListRename: ({ id, name }) => write(async () => (await lists()).renameList(id, name)),
    scoutingListDelete: ({ id }) => write(async () => (await lists()).deleteList(id).then(nothing)),
    scoutingListEntries: ({ id, query }) =>
      // The worker parses the query itself: it gets the sort text back, not the parsed terms.
      run(async () =>
        (await lists()).listEntries(
          id,
          { ...query, sort: query.sort.map((t) => sortToken(t.key, t.descending)).join(',') },
          host().source(),
        ),
      ),
    scoutingListEntrySave: (entry) => write(async () => (await lists()).saveEntry(entry, host().source())),
    scoutingListEntryEdit: (edit) => write(async () => (await lists()).editEntry(edit, host().source())),
    scoutingListEntryRemove: ({ entryId }) => write(async () => (await lists()).removeEntry(entryId).then(nothing)),
    scoutingListsOfPlayer: ({ playerId }) => run(async () => (await lists()).listsOfPlayer(playerId, host().source())),
    scoutingListedPlayers: () => run(async () => (await lists()).listedPlayers(host().source())),
    scoutingPlayersInUse: ({ players }) => run(async () => (await lists()).playersInUse(players, host().source())),
    async scoutingListsExport({ listIds }) {
      const made = await run(async () => {
        const l = await lists();
        const text = await l.exportLists(listIds ?? null, deps.app);
        const chosen = (await l.lists()).filter((x) => listIds?.includes(x.id));
        const which =
          listIds === undefined ? 'all' : chosen.length === 1 ? (chosen[0]?.name ?? '') : `${chosen.length} lists`;
        return { text, name: `${which} ${new Date().toISOString().slice(0, 10)}` };
      });
      if (!made.ok) return made;
      if (deps.saveText === undefined)
        return run(() => Promise.reject(new Error('files cannot be saved in this shell.')));
      return deps.saveText({ view: 'lists', list: made.value.name }, made.value.text);
    },
    scoutingListsImport: ({ text }) => write(async () => (await lists()).importLists(text)),
    listsSafety: () => run(async () => (await lists()).safety()),
    listsRestore: ({ name }) => write(async () => (await lists()).restoreBackup(name)),
    listsNoticeDismiss: () => run(async () => (await lists()).dismissNotice().then(nothing)),
    leagueFactorPin: (pin) => write(async () => (await lists()).pinFactor(pin)),
    leagueFactorUnpin: ({ league }) => write(async () => (await lists()).unpinFactor(league).then(nothing)),
  };
}

/**
 * One page of a scouting list for a CSV or XLSX export (export-handlers.ts): `sort`, `offset` and `limit`
 * as the export sends them (strings), answered in the spec's envelope by the lists, or an error value.
 */
export function scoutingListPage(
  lists: ListsHost,
): (listId: number, query: Record<string, string>) => Promise<Result<ListEntriesPage>> {
  return (listId, query) =>
    run(async () => {
      const q: Record<string, string> = {};
      for (const k of ['sort', 'offset', 'limit'] as const) if (query[k] !== undefined) q[k] = query[k];
      return (await lists.client()).listEntries(listId, q, lists.source());
    });
}
