import { setTimeout as sleep } from 'node:timers/promises';

/**
 * The download's rate limiting: the spec publishes no rate limits, so the sync adapts to what the
 * service says. At most `ceiling` requests at once; a 429 pauses every new request until its
 * Retry-After has passed and halves the bound, which grows back by one per {@link GROW_AFTER} answers
 * without a 429.
 */

/** After this many answers without a 429, one more request may run at once (up to the ceiling). */
const GROW_AFTER = 50;

/** A counting semaphore whose bound adapts to the service's 429s. */
export interface AdaptiveLimiter {
  /** Runs `task` when a slot is free (and no pause is on); the pause ends early when the signal aborts. */
  run<T>(task: () => Promise<T>): Promise<T>;
  /** A 429: no new request before `delayMs` from now; half as many at once from then. */
  throttle(delayMs: number): void;
  /** An answer without a 429. */
  calm(): void;
  /** The current bound (tests, progress). */
  bound(): number;
}

export function adaptiveLimiter(ceiling: number, signal?: AbortSignal): AdaptiveLimiter {
  let max = Math.max(1, ceiling);
  let active = 0;
  let calm = 0;
  let pausedUntil = 0;
  const waiters: (() => void)[] = [];
  async function acquire() {
    for (;;) {
      const wait = pausedUntil - Date.now();
      if (wait > 0) await sleep(wait, undefined, signal ? { signal } : undefined);
      else if (active < max) {
        active++;
        return;
      } else await new Promise<void>((r) => waiters.push(r));
    }
  }
  function release() {
    active--;
    waiters.shift()?.();
  }
  return {
    async run(task) {
      await acquire();
      try {
        return await task();
      } finally {
        release();
      }
    },
    throttle(delayMs) {
      pausedUntil = Math.max(pausedUntil, Date.now() + delayMs);
      max = Math.max(1, Math.floor(max / 2));
      calm = 0;
    },
    calm() {
      if (++calm < GROW_AFTER || max >= ceiling) return;
      calm = 0;
      max++;
      waiters.shift()?.();
    },
    bound: () => max,
  };
}
