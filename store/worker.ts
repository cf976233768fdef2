import { parentPort, workerData } from 'node:worker_threads';
import { openStore, type Store } from './store.ts';

/**
 * The worker thread that owns the offline store's database (synchronous SQLite never runs on the
 * host's main thread). It opens `workerData.file`, answers `{id, method, args}` messages with
 * `{id, ok, value}` or `{id, ok: false, message, code}`, and posts `{ready}` or `{ready: false, message}`
 * once after opening. Only the methods of {@link Store} listed in store-client.ts are called.
 */
const port = parentPort;
if (port === null) throw new Error('store-worker.ts runs only as a worker thread');

let store: Store;
try {
  store = openStore((workerData as { file: string }).file);
  port.postMessage({ ready: true });
} catch (err) {
  port.postMessage({ ready: false, message: err instanceof Error ? err.message : String(err) });
  process.exit(0);
}

port.on('message', (msg: { id: number; method: keyof Store; args: unknown[] }) => {
  try {
    const fn = store[msg.method] as (...a: unknown[]) => unknown;
    const value = fn(...msg.args);
    port.postMessage({ id: msg.id, ok: true, value });
    if (msg.method === 'close') port.close();
  } catch (err) {
    port.postMessage({
      id: msg.id,
      ok: false,
      message: err instanceof Error ? err.message : String(err),
      code: err instanceof Error ? err.name : 'Error',
      key: (err as { key?: unknown }).key,
    });
  }
});
