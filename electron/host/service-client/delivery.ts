import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * When an answer's memory may be counted as given back: once the page has it. A service answer's hold on
 * the byte budget (electron/host/service-client/byte-budget.ts) ends when the answer has left the host, not when the
 * client has parsed it, so a page that asks for many large pages at once never has more of them queued in
 * the host than the budget allows. The browser shell runs each bridge call in {@link untilDelivered} and
 * ends it when its HTTP answer is flushed; outside such a call (Electron's IPC, exports, sync) a release
 * happens on the next turn of the event loop, after the caller's synchronous use of the answer.
 */

type Release = () => void;

interface Scope {
  releases: Release[];
  done: boolean;
}

const scope = new AsyncLocalStorage<Scope>();

/**
 * Runs `fn` (one bridge call) and resolves to its result with a `delivered` function: the releases
 * deferred during the call run when it is called (once; further calls do nothing).
 */
export async function untilDelivered<T>(fn: () => Promise<T>): Promise<{ result: T; delivered: () => void }> {
  const own: Scope = { releases: [], done: false };
  const delivered = () => {
    if (own.done) return;
    own.done = true;
    for (const r of own.releases.splice(0)) r();
  };
  try {
    return { result: await scope.run(own, fn), delivered };
  } catch (err) {
    delivered();
    throw err;
  }
}

/** Runs `release` once the answer being built has been delivered (see {@link untilDelivered}). */
export function afterDelivery(release: Release): void {
  const own = scope.getStore();
  // Work the call left running (an export job) outlives its answer: its releases do not wait for it.
  if (own !== undefined && !own.done) own.releases.push(release);
  else setImmediate(release);
}
