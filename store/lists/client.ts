import { processEntryUrl } from '../../shared/process-entries.ts';
import { startWorker, type WorkerClient } from '../rpc/client.ts';
import type { ListsApi } from './api.ts';
import { LISTS_METHODS, type ListsWorkerData } from './protocol.ts';

/** The host's handle on the scouting lists: every call of {@link ListsApi}, asynchronous, answered by their worker. */
export type ListsClient = WorkerClient<ListsApi>;

export interface OpenListsOptions extends ListsWorkerData {
  /** The worker's module; default worker.ts beside this file (a bundle passes its own output). */
  workerUrl?: URL;
}

/**
 * Starts the lists worker, which checks the file (restoring a backup when it is damaged or missing) and
 * opens it. Rejects with the worker's plain message when the lists cannot be opened at all (a file of a
 * newer Rinkside, a folder that cannot be created).
 */
export function openListsClient(opts: OpenListsOptions): Promise<ListsClient> {
  const { workerUrl, ...data } = opts;
  const url = workerUrl ?? processEntryUrl('lists-worker');
  return startWorker<ListsApi>(url, data, LISTS_METHODS, 'The scouting lists have stopped.');
}
