import type { StoreApi } from './api.ts';
import { STORE_METHODS, type StoreWorkerData } from './protocol.ts';
import { startWorker, type WorkerClient, workerModule } from './rpc/client.ts';

/**
 * The host's handle on the offline player cache: every call of its interface (api.ts), asynchronous,
 * answered by the worker (worker.ts) that owns the SQLite file.
 */
export type StoreClient = WorkerClient<StoreApi>;

export interface OpenStoreOptions {
  /** The SQLite file (created when absent). */
  file: string;
  /** The worker's module; default worker.ts beside this file (a bundle passes its own output). */
  workerUrl?: URL;
}

/** Starts the worker and opens the store. Rejects with the worker's plain message (e.g. no FTS5). */
export function openStoreClient(opts: OpenStoreOptions): Promise<StoreClient> {
  const data: StoreWorkerData = { file: opts.file };
  const url = opts.workerUrl ?? workerModule(import.meta.url, './worker.ts', 'store-worker.js');
  return startWorker<StoreApi>(url, data, STORE_METHODS, 'The offline store has stopped.');
}
