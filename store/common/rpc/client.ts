import { type ResourceLimits, Worker } from 'node:worker_threads';
import type { Args, Failure, FromWorker, Method, Request, Results } from './protocol.ts';

/**
 * The host's side of a store worker (protocol.ts): starts the worker on its module, waits for it to open
 * its file, and makes each call of the worker's interface asynchronous, with that call's own argument and
 * result types.
 */
export type WorkerClient<Api> = { [M in Method<Api>]: (...args: Args<Api>[M]) => Promise<Results<Api>[M]> } & {
  /** Closes the worker's files (its own last work included) and ends it. */
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
  constructor(failure: Failure) {
    super(failure.message);
    this.name = 'StoreError';
    this.code = failure.name;
    this.key = failure.key;
    this.allowed = failure.allowed;
  }
}

/** Waits for the worker's first message: ready, or the plain reason it could not open its file. */
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

/**
 * Starts the worker at `url` with `data` and its isolate's `limits`, waits until it has opened its file
 * (rejecting with its plain message when it could not), and answers the calls `methods`. After the
 * worker stops, every call rejects with `stopped`.
 */
export async function startWorker<Api>(
  url: URL,
  data: unknown,
  methods: readonly Method<Api>[],
  stopped: string,
  limits?: ResourceLimits,
): Promise<WorkerClient<Api>> {
  const worker = new Worker(
    url,
    limits === undefined ? { workerData: data } : { workerData: data, resourceLimits: limits },
  );
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
  worker.on('exit', () => failAll(new Error(stopped)));

  const post = (method: string, args: unknown[]): Promise<unknown> => {
    if (dead !== null) return Promise.reject(dead);
    const id = nextId++;
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject });
      worker.postMessage({ id, method, args } satisfies Request);
    });
  };
  const calls = Object.fromEntries(methods.map((m) => [m, (...args: unknown[]) => post(String(m), args)]));
  return {
    ...(calls as unknown as { [M in Method<Api>]: (...args: Args<Api>[M]) => Promise<Results<Api>[M]> }),
    async close() {
      if (dead !== null) return;
      await post('close', []);
      await worker.terminate();
    },
    async terminate() {
      await worker.terminate();
    },
  } as WorkerClient<Api>;
}
