import { processEntryUrl } from '../../shared/contract/process-entries.ts';
import { startWorker, type WorkerClient } from '../common/rpc/client.ts';
import type { ListsApi } from './api.ts';
import { LISTS_METHODS, type ListsWorkerData } from './protocol.ts';

/** The host's handle on the scouting lists: every call of {@link ListsApi}, asynchronous, answered by their worker. */
export type ListsClient = WorkerClient<ListsApi>;

export interface OpenListsOptions extends ListsWorkerData {
  /** The worker's module; default worker.ts beside this file (a bundle passes its own output). */
  workerUrl?: URL;
}

/**
 * The lists worker's young generation, in MiB: a note or a list at a time, and an import's records one
 * after another (store/cache/client.ts says why it is bounded; the old generation keeps V8's limit, which the
 * largest file an import takes needs).
 */
export const LISTS_YOUNG_GENERATION_MB = 4;

/**
 * Starts the lists worker, which checks the file (restoring a backup when it is damaged or missing) and
 * opens it. Rejects with the worker's plain message when the lists cannot be opened at all (a file of a
 * newer Rinkside, a folder that cannot be created).
 */
export function openListsClient(opts: OpenListsOptions): Promise<ListsClient> {
  const { workerUrl, ...data } = opts;
  const url = workerUrl ?? processEntryUrl('lists-worker');
  return startWorker<ListsApi>(url, data, LISTS_METHODS, 'The scouting lists have stopped.', {
    maxYoungGenerationSizeMb: LISTS_YOUNG_GENERATION_MB,
  });
}
