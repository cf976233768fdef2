import { type MessagePort, parentPort, workerData } from 'node:worker_threads';
import type { StoreApi } from './api.ts';
import { openStore } from './open.ts';
import {
  type FromWorker,
  isStoreMethod,
  type StoreArgs,
  type StoreFailure,
  type StoreHandlers,
  type StoreMethod,
  type StoreResults,
  type StoreWorkerData,
} from './protocol.ts';

/**
 * The worker thread that owns the store's database (synchronous SQLite never runs on the host's main
 * thread). It opens `workerData.file`, posts `ready` (or `failed` with a plain sentence, and ends), then
 * answers each request of protocol.ts with its reply. Requests naming no call of the store are refused.
 */
const port: MessagePort | null = parentPort;
if (port === null) throw new Error('store/worker.ts runs only as a worker thread');

/** Runs one call with its own argument types; its result has that call's result type. */
function answer<M extends StoreMethod>(store: StoreHandlers, method: M, args: StoreArgs[M]): StoreResults[M] {
  const call: (...args: StoreArgs[M]) => StoreResults[M] = store[method];
  return call(...args);
}

/** What a thrown error tells the host: its class name, message, and the field and values it names. */
function failure(err: unknown): StoreFailure {
  if (!(err instanceof Error)) return { name: 'Error', message: String(err) };
  const out: StoreFailure = { name: err.name, message: err.message };
  const { key, allowed } = err as { key?: unknown; allowed?: unknown };
  if (typeof key === 'string') out.key = key;
  if (Array.isArray(allowed)) out.allowed = allowed.map(String);
  return out;
}

function post(port: MessagePort, message: FromWorker): void {
  port.postMessage(message);
}

function serve(port: MessagePort, store: StoreApi): void {
  port.on('message', (msg: { id?: unknown; method?: unknown; args?: unknown }) => {
    const id = typeof msg.id === 'number' ? msg.id : -1;
    try {
      if (msg.method === 'close') {
        store.close();
        post(port, { type: 'reply', id, ok: true, value: null });
        port.close();
        return;
      }
      if (!isStoreMethod(msg.method) || !Array.isArray(msg.args)) throw new Error('Unknown store call.');
      const value = answer(store, msg.method, msg.args as StoreArgs[StoreMethod]);
      post(port, { type: 'reply', id, ok: true, value });
    } catch (err) {
      post(port, { type: 'reply', id, ok: false, failure: failure(err) });
    }
  });
}

let store: StoreApi | null = null;
try {
  store = openStore((workerData as StoreWorkerData).file);
} catch (err) {
  post(port, { type: 'failed', message: err instanceof Error ? err.message : String(err) });
  process.exit(0);
}
if (store !== null) {
  serve(port, store);
  post(port, { type: 'ready' });
}
