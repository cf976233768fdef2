/**
 * The service client's retry policy and its reading of failed fetches (electron/host/service-client/service-client.ts,
 * service-attempt.ts): how long to wait before a retry, what a `Retry-After` asks for, and what went
 * wrong on the network. Pure functions.
 */

/**
 * Parses `Retry-After` (RFC 9110 §10.2.3): delay-seconds or an HTTP date. Returns milliseconds from `now`,
 * or undefined when absent or malformed.
 */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (value === null) return undefined;
  const v = value.trim();
  if (/^\d+$/.test(v)) return Number(v) * 1000;
  // An HTTP date names a weekday and month in letters; this keeps "-5" or "1.5" from parsing as dates.
  if (!/^[A-Za-z]{3},? /.test(v)) return undefined;
  const at = Date.parse(v);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, at - now);
}

/**
 * Backoff before retry number `retry` (1 = first retry): exponential, capped, with "equal jitter"
 * (half fixed, half random) so clients that failed together do not retry together, and never shorter
 * than the server's Retry-After.
 */
export function backoffDelay(
  retry: number,
  opts: { baseDelayMs: number; maxDelayMs: number; random: () => number },
  retryAfterMs?: number,
): number {
  const step = Math.min(opts.maxDelayMs, opts.baseDelayMs * 2 ** (retry - 1));
  const jittered = step / 2 + (opts.random() * step) / 2;
  return Math.round(Math.max(jittered, retryAfterMs ?? 0));
}

/** A failed fetch's cause in a few words for a message (`connection refused`); never the URL. */
export function networkReason(err: unknown): string {
  const cause = (err as { cause?: { code?: unknown } } | null)?.cause;
  const code = typeof cause?.code === 'string' ? cause.code : '';
  switch (code) {
    case 'ECONNREFUSED':
      return 'connection refused';
    case 'ECONNRESET':
    case 'UND_ERR_SOCKET':
      return 'connection reset';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return 'host name not found';
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return 'host unreachable';
    case '':
      return /bad port/i.test(String((err as { cause?: unknown } | null)?.cause))
        ? 'port not allowed'
        : 'network error';
    default:
      return code;
  }
}

/** Whether a failed fetch ran out of time (the attempt's deadline aborted it). */
export function isTimeout(err: unknown): boolean {
  const name = (err as { name?: unknown } | null)?.name;
  return name === 'TimeoutError' || name === 'AbortError';
}
