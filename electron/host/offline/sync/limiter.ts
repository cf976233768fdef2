import { setTimeout as sleep } from 'node:timers/promises';

/**
 * How many requests of a download run at once, and how fast they start. The spec publishes no rate
 * limits ("Limits": not shown), so the download adapts to what it sees:
 *
 * - **Concurrency sized to latency**: it starts at {@link START} requests in flight and, while every slot
 *   is busy, grows by a quarter each time a window of answers (twice the bound) comes faster than the one
 *   before, up to {@link CEILING}; when more slots bring no more answers per second, it goes back to the
 *   last bound that did. Far from the service (a long round trip) more requests in flight keep the line
 *   busy; near it they would only queue at the service. When answers of a window take more than
 *   {@link SLOW_MS} on average, the service is queueing them: a quarter comes off the bound, so no
 *   request nears the client's timeout.
 * - **A 429** pauses every new request until its Retry-After has passed, halves the bound, and paces the
 *   starts at half the rate of answers since the previous 429 (or the start, over one second at least);
 *   the pace rises by {@link PACE_GROWTH} a second, so it takes the service's limit again only after a
 *   minute or more. A 429 to a request sent before the last slow-down changes nothing more: it was sent
 *   at the old pace.
 * - **Another failure** (timeout, 5xx, network) takes a quarter off the bound.
 */

/** Requests in flight at first. */
export const START = 16;
/** The most requests in flight at once, whatever the latency. */
export const CEILING = 64;
/** How much the pace after a 429 rises per second (0.75 %: it doubles in about 90 s). */
const PACE_GROWTH = 1.0075;
/** A window of answers must come at least this much faster than the last one for the bound to grow again. */
const GAIN = 1.1;
/** Answers slower than this on average (ms) mean the service queues them: fewer at once. */
export const SLOW_MS = 4000;
/** Windows of answers without a 429 or a failure after which the bound may grow again. */
const CALM_WINDOWS = 10;

/** What the limiter has done, for the progress line and the bench. */
export interface LimiterStats {
  /** Requests allowed in flight now. */
  bound: number;
  /** The most requests that were in flight at once. */
  peak: number;
  /** 429 answers taken. */
  rateLimited: number;
  /** When each 429 that slowed the download came (the limiter's clock, ms); a 429 sent before one did not. */
  slowdowns: number[];
  /** Starts per second allowed now, or null when no 429 has set a pace. */
  pace: number | null;
}

/** A counting semaphore whose bound and pace adapt to the service's answers. */
export interface AdaptiveLimiter {
  /**
   * Runs `task` when a slot is free, no pause is on and the pace allows; `task` is given the time it
   * started (the limiter's clock, ms). The wait ends early, rejecting, when the signal aborts.
   */
  run<T>(task: (startedAt: number) => Promise<T>): Promise<T>;
  /** A 429 to the request started at `startedAt`: no new request before `delayMs` from now, and slower after. */
  throttle(delayMs: number, startedAt?: number): void;
  /** A request failed otherwise (timeout, 5xx, network): fewer at once. */
  failed(): void;
  /** An answer, `latencyMs` after its request started (the limiter's clock). */
  calm(latencyMs?: number): void;
  /** The current bound. */
  bound(): number;
  /** The limiter's clock (ms): what `run` gives a task as its start. */
  now(): number;
  stats(): LimiterStats;
}

export interface LimiterOptions {
  /** Requests in flight at first; default {@link START}. */
  start?: number;
  /** The most at once; default {@link CEILING}. */
  ceiling?: number;
  signal?: AbortSignal;
  /** The clock, in ms (tests drive it); default performance.now. */
  now?: () => number;
}

/**
 * The pace a 429 sets on starts: half the answers per second since the previous slow-down (or the
 * start, over a second at least), rising by {@link PACE_GROWTH} a second; none before the first 429.
 */
function createPace(clock: () => number) {
  const since0 = clock();
  let last: number | null = null;
  let answersSince = 0;
  let atSlowdown: number | null = null;
  let nextStart = 0;
  const slowdowns: number[] = [];
  const rate = (now: number): number | null =>
    atSlowdown === null || last === null ? null : atSlowdown * PACE_GROWTH ** ((now - last) / 1000);
  return {
    rate,
    answered: () => {
      answersSince++;
    },
    /** A 429 to a request started at `startedAt`: answers whether it slows the download (sent after the last slow-down). */
    slowDown(now: number, startedAt: number, delayMs: number): boolean {
      if (last !== null && startedAt < last) return false;
      slowdowns.push(now);
      atSlowdown = Math.max(0.1, (0.5 * answersSince) / Math.max(1, (now - (last ?? since0)) / 1000));
      last = now;
      answersSince = 0;
      nextStart = now + delayMs;
      return true;
    },
    /** How long (ms) the next start waits for its turn. */
    wait: (now: number) => (rate(now) === null ? 0 : nextStart - now),
    /** A request starts now: the next one's turn. */
    started(now: number) {
      const r = rate(now);
      if (r !== null) nextStart = Math.max(now, nextStart) + 1000 / r;
    },
    slowdowns: () => [...slowdowns],
  };
}

export function adaptiveLimiter(opts: LimiterOptions = {}): AdaptiveLimiter {
  const ceiling = Math.max(1, opts.ceiling ?? CEILING);
  const signal = opts.signal;
  const clock = opts.now ?? (() => performance.now());
  let max = Math.min(ceiling, Math.max(1, opts.start ?? START));
  let active = 0;
  let peak = 0;
  let pausedUntil = 0;
  const waiters: (() => void)[] = [];
  // Growth: answers in the current window, when it began, the last window's answers per second, and
  // the bound before the last growth (to go back to when it brought nothing).
  let growing = true;
  let calmWindows = 0;
  let windowAnswers = 0;
  let windowLatency = 0;
  let windowStart = clock();
  let saturated = false;
  let lastRate: number | null = null;
  let before = max;
  let rateLimited = 0;
  const pace = createPace(clock);

  async function acquire(): Promise<number> {
    for (;;) {
      const now = clock();
      const wait = Math.max(pausedUntil - now, pace.wait(now));
      if (wait > 0) await sleep(wait, undefined, signal ? { signal } : undefined);
      else if (active < max) {
        active++;
        peak = Math.max(peak, active);
        pace.started(now);
        return now;
      } else {
        saturated = true;
        await new Promise<void>((r) => waiters.push(r));
      }
    }
  }

  function release() {
    active--;
    waiters.shift()?.();
  }

  /**
   * Closes a window of answers: a quarter off the bound when they were slow; else grows it while
   * answers come faster, and goes back and holds when they do not.
   */
  function closeWindow(now: number) {
    const rate = windowAnswers / Math.max(1e-3, (now - windowStart) / 1000);
    if (windowLatency / windowAnswers > SLOW_MS) {
      max = Math.max(1, Math.floor(max * 0.75));
      before = max;
      growing = false;
      calmWindows = 0;
    } else if (growing) {
      // Busy: a request waited for a slot in this window, or waits still.
      if ((saturated || waiters.length > 0) && max < ceiling) {
        if (lastRate === null || rate >= lastRate * GAIN) {
          before = max;
          max = Math.min(ceiling, Math.ceil(max * 1.25));
          for (let i = 0; i < max - before; i++) waiters.shift()?.();
        } else {
          max = before;
          growing = false;
        }
      }
      lastRate = rate;
    } else if (++calmWindows >= CALM_WINDOWS) {
      // Long without a 429 or a failure: try more at once again.
      growing = true;
      calmWindows = 0;
      lastRate = null;
    }
    windowAnswers = 0;
    windowLatency = 0;
    windowStart = now;
    saturated = false;
  }

  return {
    async run(task) {
      const startedAt = await acquire();
      try {
        return await task(startedAt);
      } finally {
        release();
      }
    },
    throttle(delayMs, startedAt = clock()) {
      rateLimited++;
      const now = clock();
      pausedUntil = Math.max(pausedUntil, now + delayMs);
      // Sent before the last slow-down: at the old pace, which has been cut already.
      if (!pace.slowDown(now, startedAt, delayMs)) return;
      max = Math.max(1, Math.floor(max / 2));
      before = max;
      growing = false;
      calmWindows = 0;
    },
    failed() {
      max = Math.max(1, Math.floor(max * 0.75));
      before = max;
      growing = false;
      calmWindows = 0;
    },
    calm(latencyMs = 0) {
      pace.answered();
      windowAnswers++;
      windowLatency += latencyMs;
      const now = clock();
      if (windowAnswers >= 2 * max) closeWindow(now);
    },
    bound: () => max,
    now: clock,
    stats: () => ({ bound: max, peak, rateLimited, slowdowns: pace.slowdowns(), pace: pace.rate(clock()) }),
  };
}
