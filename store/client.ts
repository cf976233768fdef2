import { Worker } from 'node:worker_threads';
import { LIST_METHODS } from './lists-store.ts';
import type { Store } from './store.ts';

/**
 * The host's handle on the offline store: every {@link Store} method, asynchronous, answered by the
 * store worker (store-worker.ts) that owns the SQLite file. Plain Node; never imports electron.
 */
export type StoreClient = {
  [K in Exclude<keyof Store, 'close'>]: (...args: Parameters<Store[K]>) => Promise<ReturnType<Store[K]>>;
} & {
  /** Closes the database and ends the worker. */
  close(): Promise<void>;
  /** Ends the worker at once, as a crash would (tests of resuming). */
  terminate(): Promise<void>;
};

/** An error the store raised, with its name (e.g. `SortKeyError`) and the key it names, if any. */
export class StoreError extends Error {
  readonly code: string;
  readonly key: string | undefined;
  constructor(message: string, code: string, key?: string) {
    super(message);
    this.code = code;
    this.key = key;
  }
}

const METHODS = [
  'baseUrl',
  'adoptBaseUrl',
  'stalePlayers',
  'doneUnits',
  'commitUnit',
  'commitUnits',
  'refuseUnit',
  'forgetUnits',
  'beginResync',
  'markSynced',
  'syncState',
  'refusals',
  'counts',
  'listPlayers',
  'player',
  ...LIST_METHODS,
] as const satisfies readonly Exclude<keyof Store, 'close'>[];

export interface OpenStoreOptions {
  /** The SQLite file (created when absent). */
  file: string;
  /** The worker's module; default store-worker.ts beside this file (a bundle passes its own output). */
  workerUrl?: URL;
}

/**
 * The worker's module: store-worker.ts beside this file when Node runs the sources (browser shell, tests,
 * bench); in the Electron build, the `offline-store-worker` entry electron.vite.config.ts emits in
 * out/main (this code may sit in out/main or out/main/chunks).
 */
function defaultWorkerUrl(): URL {
  const here = import.meta.url;
  if (here.endsWith('.ts')) return new URL('./store-worker.ts', here);
  return new URL(here.includes('/chunks/') ? '../offline-store-worker.js' : './offline-store-worker.js', here);
}

/** Starts the worker and opens the store. Rejects with the worker's plain message (e.g. no FTS5). */
export async function openStoreClient(opts: OpenStoreOptions): Promise<StoreClient> {
  const worker = new Worker(opts.workerUrl ?? defaultWorkerUrl(), {
    workerData: { file: opts.file },
  });
  const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  let nextId = 1;
  let dead: Error | null = null;

  await new Promise<void>((resolve, reject) => {
    const onMessage = (m: { ready?: boolean; message?: string }) => {
      if (m.ready === undefined) return;
      worker.off('message', onMessage);
      worker.off('error', onError);
      if (m.ready) resolve();
      else reject(new Error(m.message ?? 'The offline store could not be opened.'));
    };
    const onError = (err: Error) => reject(err);
    worker.on('message', onMessage);
    worker.once('error', onError);
  });

  worker.on(
    'message',
    (m: { id: number; ok: boolean; value?: unknown; message?: string; code?: string; key?: string }) => {
      const p = pending.get(m.id);
      if (p === undefined) return;
      pending.delete(m.id);
      if (m.ok) p.resolve(m.value);
      else p.reject(new StoreError(m.message ?? 'offline store error', m.code ?? 'Error', m.key));
    },
  );
  const failAll = (err: Error) => {
    dead = err;
    for (const p of pending.values()) p.reject(err);
    pending.clear();
  };
  worker.on('error', failAll);
  worker.on('exit', () => failAll(new Error('The offline store has stopped.')));

  const call = (method: string, args: unknown[]): Promise<unknown> => {
    if (dead !== null) return Promise.reject(dead);
    const id = nextId++;
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject });
      worker.postMessage({ id, method, args });
    });
  };

  const client: Record<string, unknown> = {};
  for (const m of METHODS) client[m] = (...args: unknown[]) => call(m, args);
  client.close = async () => {
    if (dead !== null) return;
    await call('close', []);
    await worker.terminate();
  };
  client.terminate = async () => {
    await worker.terminate();
  };
  return client as StoreClient;
}
