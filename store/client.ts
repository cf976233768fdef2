import { Worker } from 'node:worker_threads';
import { processEntryUrl } from '../shared/process-entries.ts';
import {
  type FromWorker,
  STORE_METHODS,
  type StoreArgs,
  type StoreFailure,
  type StoreMethod,
  type StoreResults,
  type StoreWorkerData,
  type ToWorker,
} from './protocol.ts';

/**
 * The host's handle on the store: every call of the store's interface (api.ts), asynchronous, answered
 * by the worker (worker.ts) that owns the SQLite file, over the protocol of protocol.ts.
 */
export type StoreClient = { [M in StoreMethod]: (...args: StoreArgs[M]) => Promise<StoreResults[M]> } & {
  /** Closes the database and ends the worker. */
  close(): Promise<void>;
  /** Ends the worker at once, as a crash would (tests of resuming). */
  terminate(): Promise<void>;
};

/**
 * An error a store call threw, as the worker reported it: `code` is its class name (`ListInputError`,
 * `ListNotFoundError` …), `key` the field a bad input names and `allowed` that field's allowed values.
 */
export class StoreError extends Error {
  readonly code: string;
  readonly key: string | undefined;
  readonly allowed: readonly string[] | undefined;
  constructor(failure: StoreFailure) {
    super(failure.message);
    this.name = 'StoreError';
    this.code = failure.name;
    this.key = failure.key;
    this.allowed = failure.allowed;
  }
}

export interface OpenStoreOptions {
  /** The SQLite file (created when absent). */
  file: string;
  /**
   * The worker's module; default the built `store-worker` entry when this code runs built, else worker.ts
   * (shared/process-entries.ts).
   */
  workerUrl?: URL;
}

/** Waits for the worker's first message: ready, or the plain reason it could not open the file. */
function started(worker: Worker): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const onMessage = (m: FromWorker) => {
      if (m.type === 'reply') return;
      worker.off('message', onMessage);
      worker.off('error', onError);
      if (m.type === 'ready') resolve();
      else reject(new Error(m.message));
    };
    const onError = (err: Error) => reject(err);
    worker.on('message', onMessage);
    worker.once('error', onError);
  });
}

/** Starts the worker and opens the store. Rejects with the worker's plain message (e.g. no FTS5). */
export async function openStoreClient(opts: OpenStoreOptions): Promise<StoreClient> {
  const data: StoreWorkerData = { file: opts.file };
  const worker = new Worker(opts.workerUrl ?? processEntryUrl('store-worker'), { workerData: data });
  await started(worker);

  const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  let nextId = 1;
  let dead: Error | null = null;
  worker.on('message', (m: FromWorker) => {
    if (m.type !== 'reply') return;
    const p = pending.get(m.id);
    if (p === undefined) return;
    pending.delete(m.id);
    if (m.ok) p.resolve(m.value);
    else p.reject(new StoreError(m.failure));
  });
  const failAll = (err: Error) => {
    dead = err;
    for (const p of pending.values()) p.reject(err);
    pending.clear();
  };
  worker.on('error', failAll);
  worker.on('exit', () => failAll(new Error('The offline store has stopped.')));

  const post = (request: Omit<ToWorker, 'id'>): Promise<unknown> => {
    if (dead !== null) return Promise.reject(dead);
    const id = nextId++;
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject });
      worker.postMessage({ ...request, id });
    });
  };
  /** One call; its reply is that call's result (the worker answers request `id` with it). */
  const call =
    <M extends StoreMethod>(method: M) =>
    (...args: StoreArgs[M]): Promise<StoreResults[M]> =>
      post({ method, args } as Omit<ToWorker, 'id'>) as Promise<StoreResults[M]>;

  const calls = Object.fromEntries(STORE_METHODS.map((m) => [m, call(m)])) as {
    [M in StoreMethod]: (...args: StoreArgs[M]) => Promise<StoreResults[M]>;
  };
  return {
    ...calls,
    async close() {
      if (dead !== null) return;
      await post({ method: 'close', args: [] });
      await worker.terminate();
    },
    async terminate() {
      await worker.terminate();
    },
  };
}
