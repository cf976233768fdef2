import type { Lease } from './byte-budget.ts';

/**
 * Reading one service answer's body under the host's limits: a cap on its size, the shared byte budget
 * (electron/host/service-client/byte-budget.ts) and an attempt's timeout that does not run while the read waits for
 * budget (waiting for the host's own memory is not the service being slow).
 */

/** An attempt's timeout that can be paused; its signal aborts with a `TimeoutError` when it runs out. */
export interface Deadline {
  signal: AbortSignal;
  pause(): void;
  resume(): void;
  /** Stops the clock for good (the attempt is over). */
  clear(): void;
}

/** A deadline `ms` milliseconds away, running from now. */
export function createDeadline(ms: number): Deadline {
  const controller = new AbortController();
  let remaining = ms;
  let since = performance.now();
  let timer: ReturnType<typeof setTimeout> | null = null;
  const arm = () => {
    since = performance.now();
    timer = setTimeout(() => controller.abort(new DOMException('The operation timed out.', 'TimeoutError')), remaining);
    // A finished attempt's clock must never keep the process alive.
    timer.unref?.();
  };
  arm();
  return {
    signal: controller.signal,
    pause() {
      if (timer === null) return;
      clearTimeout(timer);
      timer = null;
      remaining = Math.max(0, remaining - (performance.now() - since));
    },
    resume() {
      if (timer === null && !controller.signal.aborted) arm();
    },
    clear() {
      if (timer !== null) clearTimeout(timer);
      timer = null;
    },
  };
}

/**
 * Reads a body's bytes, counting them as they stream in; null (and the stream cancelled) past `max`
 * bytes. Every byte is taken from `lease` before it is read on: a declared `Content-Length` all at once,
 * else (or beyond it, e.g. a compressed body) chunk by chunk. While a take waits, the deadline is paused.
 */
export async function readCapped(res: Response, max: number, lease: Lease, deadline: Deadline): Promise<Buffer | null> {
  const take = async (bytes: number) => {
    if (!lease.wouldWait(bytes)) return lease.take(bytes);
    deadline.pause();
    try {
      await lease.take(bytes);
    } finally {
      deadline.resume();
    }
  };
  const declared = Number(res.headers.get('content-length'));
  let taken = 0;
  if (res.headers.has('content-length') && Number.isFinite(declared)) {
    if (declared > max) {
      await res.body?.cancel().catch(() => {});
      return null;
    }
    await take(declared);
    taken = declared;
  }
  if (res.body === null) return Buffer.alloc(0);
  const reader = res.body.getReader();
  // The bytes go into one buffer (of the declared size when there is one): the answer's records are then
  // read from it one at a time (answer.ts), never decoded into one text.
  let buf = Buffer.allocUnsafe(taken > 0 ? taken : 64 * 1024);
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (size + value.byteLength > max) {
      await reader.cancel().catch(() => {});
      return null;
    }
    if (size + value.byteLength > taken) {
      await take(size + value.byteLength - taken);
      taken = size + value.byteLength;
    }
    if (size + value.byteLength > buf.length) {
      const grown = Buffer.allocUnsafe(Math.min(max, Math.max(buf.length * 2, size + value.byteLength)));
      buf.copy(grown, 0, 0, size);
      buf = grown;
    }
    buf.set(value, size);
    size += value.byteLength;
  }
  return buf.subarray(0, size);
}
