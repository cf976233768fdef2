import { type MessagePort, parentPort, workerData } from 'node:worker_threads';
import type { Failure, FromWorker, Method } from './protocol.ts';

/**
 * The worker's side of protocol.ts: opens the worker's interface over its file with `open(workerData)`,
 * posts `ready` (or `failed` with the plain reason, and ends), then answers each request in turn, one
 * after another in the order they came (a call that returns a promise is answered, and the next one
 * started, when it settles); a request naming no call of `methods` is refused. `close` runs the
 * interface's own close (which may finish work first), answers, and ends.
 */

/** What a thrown error tells the host: its class name, message, and the field and values it names. */
function failure(err: unknown): Failure {
  if (!(err instanceof Error)) return { name: 'Error', message: String(err) };
  const out: Failure = { name: err.name, message: err.message };
  const { key, allowed } = err as { key?: unknown; allowed?: unknown };
  if (typeof key === 'string') out.key = key;
  if (Array.isArray(allowed)) out.allowed = allowed.map(String);
  return out;
}

type Callable = Record<string, (...args: unknown[]) => unknown>;

function serve<Api extends { close(): unknown }>(port: MessagePort, api: Api, methods: readonly Method<Api>[]): void {
  const post = (m: FromWorker) => port.postMessage(m);
  const known = new Set<string>(methods.map(String));
  const answer = async (msg: { id?: unknown; method?: unknown; args?: unknown }) => {
    const id = typeof msg.id === 'number' ? msg.id : -1;
    try {
      if (msg.method === 'close') {
        await api.close();
        post({ type: 'reply', id, ok: true, value: null });
        port.close();
        return;
      }
      if (typeof msg.method !== 'string' || !known.has(msg.method) || !Array.isArray(msg.args)) {
        throw new Error('Unknown store call.');
      }
      const value = await (api as unknown as Callable)[msg.method]?.(...msg.args);
      post({ type: 'reply', id, ok: true, value });
    } catch (err) {
      post({ type: 'reply', id, ok: false, failure: failure(err) });
    }
  };
  let queue: Promise<void> = Promise.resolve();
  port.on('message', (msg: { id?: unknown; method?: unknown; args?: unknown }) => {
    queue = queue.then(() => answer(msg));
  });
}

/** Runs this thread as a store worker: opens with `open`, then serves `methods`. */
export async function runWorker<Api extends { close(): unknown }, Data>(
  open: (data: Data) => Api | Promise<Api>,
  methods: readonly Method<Api>[],
): Promise<void> {
  const port: MessagePort | null = parentPort;
  if (port === null) throw new Error('a store worker runs only as a worker thread');
  let api: Api;
  try {
    api = await open(workerData as Data);
  } catch (err) {
    port.postMessage({
      type: 'failed',
      message: err instanceof Error ? err.message : String(err),
    } satisfies FromWorker);
    process.exit(0);
  }
  serve(port, api, methods);
  port.postMessage({ type: 'ready' } satisfies FromWorker);
}
