import { processEntryUrl } from '../../shared/contract/process-entries.ts';
import { startWorker, type WorkerClient } from '../common/rpc/client.ts';
import type { StoreApi } from './api.ts';
import { STORE_METHODS, type StoreWorkerData } from './protocol.ts';

/**
 * The host's handle on the offline player cache: every call of its interface (api.ts), asynchronous,
 * answered by the worker (worker.ts) that owns the SQLite file.
 */
export type StoreClient = WorkerClient<StoreApi>;

export interface OpenStoreOptions {
  /** The SQLite file (created when absent). */
  file: string;
  /**
   * The worker's module; default the built `store-worker` entry when this code runs built, else worker.ts
   * (shared/contract/process-entries.ts).
   */
  workerUrl?: URL;
}

/**
 * The store worker's young generation, in MiB. V8 sizes an isolate's young generation by the machine's
 * memory and grows it to that maximum under a long run of work, such as a download writing its records;
 * each worker is a heap of its own, so that would come on top of the host's. The worker's work is
 * SQLite's, with the JavaScript objects of a page or a batch at a time, which a few MiB collect as well.
 * The old generation keeps V8's limit: a download or a refresh of the leaders must never end in the
 * worker running out of memory.
 */
export const STORE_YOUNG_GENERATION_MB = 8;

/** Starts the worker and opens the store. Rejects with the worker's plain message (e.g. no FTS5). */
export function openStoreClient(opts: OpenStoreOptions): Promise<StoreClient> {
  const data: StoreWorkerData = { file: opts.file };
  const url = opts.workerUrl ?? processEntryUrl('store-worker');
  return startWorker<StoreApi>(url, data, STORE_METHODS, 'The offline store has stopped.', {
    maxYoungGenerationSizeMb: STORE_YOUNG_GENERATION_MB,
  });
}
