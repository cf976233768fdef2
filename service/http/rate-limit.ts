/**
 * The local service's rate limit (off by default; `--rate-limit N` on the command line, `rateLimit` of
 * `startService`): a token bucket per key, N requests per second with bursts of up to N (at least one). A request past
 * it is answered 429 with `Retry-After` in whole seconds (RFC 9110 §10.2.3), the statuses
 * real-service-notes lists ("Errors": 429, "retry 429 … with exponential backoff"); the spec publishes no
 * rate limits ("Limits": "Request rate limits and quotas: not shown"), so the numbers are the caller's.
 * It exists so that clients' backing off can be tested against a real server.
 */

/** Requests per second a key may make, sustained; bursts of up to as many. */
export interface RateLimit {
  perSecond: number;
}

/** One bucket per key (any object standing for the key: its subscription). */
export interface RateLimiter {
  /** Takes one request of `key`'s bucket: null when allowed, else the seconds to wait (≥ 1) for the next. */
  take(key: object): number | null;
}

/** @throws Error when `perSecond` is not a positive finite number. */
export function createRateLimiter(limit: RateLimit, now: () => number = () => performance.now()): RateLimiter {
  const rate = limit.perSecond;
  if (!Number.isFinite(rate) || rate <= 0) throw new Error(`a rate limit must be a positive number, got ${rate}`);
  const burst = Math.max(1, rate);
  const buckets = new WeakMap<object, { tokens: number; at: number }>();
  return {
    take(key) {
      const t = now();
      const b = buckets.get(key) ?? { tokens: burst, at: t };
      b.tokens = Math.min(burst, b.tokens + ((t - b.at) / 1000) * rate);
      b.at = t;
      buckets.set(key, b);
      if (b.tokens >= 1) {
        b.tokens -= 1;
        return null;
      }
      return Math.max(1, Math.ceil((1 - b.tokens) / rate));
    },
  };
}
