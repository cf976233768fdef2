import { errorFromStatus, type ServiceError } from '../../../shared/contract/errors.ts';
import { createDeadline, readCapped } from './body-reader.ts';
import type { ByteBudget, Lease } from './byte-budget.ts';
import { redact, scrubJson, scrubSecret } from './redact.ts';
import { isTimeout, networkReason, parseRetryAfter } from './retry.ts';

/**
 * One GET of the service client (electron/host/service-client/service-client.ts) and what its outcome means: the fetch
 * with its timeout, the capped read of the body on the byte budget, and the classification of what came
 * back into a value or a {@link ServiceError} and whether it is worth retrying. The retry loop, the
 * routing and the lease's return stay with the client; this knows nothing of attempts before or after.
 */

/** The one outcome of an attempt: a value, or an error with whether to retry and the server's `Retry-After`. */
export type Attempt<V> =
  | { kind: 'ok'; value: V }
  | { kind: 'error'; error: ServiceError; retry: boolean; retryAfterMs?: number };

/** Reads a 2xx body (its bytes) with the key that was sent: a value, not JSON, or why it is off-schema. */
export type ReadBody<V> = (
  body: Buffer,
  secret: string | null,
) => { kind: 'ok'; value: V } | { kind: 'not-json' } | { kind: 'invalid'; message: string };

/**
 * What an attempt leaves its caller to close: the answer's lease on the byte budget (null until the
 * headers are in) and the body's length in bytes (0 until read).
 */
export interface AnswerHold {
  lease: Lease | null;
  bytes: number;
}

/** An attempt's settings, already resolved by the client (no defaults here). */
export interface AttemptOptions {
  /** Per attempt, headers and body included, in ms. */
  timeoutMs: number;
  /** Largest body read, in bytes; a larger one is dropped unread and gives `invalid-response`. */
  maxBodyBytes: number;
  /** Shared by all the client's requests; the body's bytes are taken from it as they stream in. */
  budget: ByteBudget;
  /** Where the redacted request line of each attempt goes. */
  log: (line: string) => void;
}

/**
 * One GET of `url`, attempt number `n` (for the log line); never rejects. `secret` is scrubbed from
 * everything that comes back. The answer's lease is put in `hold` once its headers are in, also when the
 * outcome is an error; the caller closes it.
 */
export type AttemptFn = <V>(
  url: URL,
  secret: string | null,
  read: ReadBody<V>,
  n: number,
  hold: AnswerHold,
) => Promise<Attempt<V>>;

const RETRY_STATUSES = new Set([429, 502, 503, 504]);

/** The attempt function of a client with these settings. */
export function createAttempt({ timeoutMs, maxBodyBytes, budget, log }: AttemptOptions): AttemptFn {
  return async function attempt<V>(
    url: URL,
    secret: string | null,
    read: ReadBody<V>,
    n: number,
    hold: AnswerHold,
  ): Promise<Attempt<V>> {
    const started = performance.now();
    const shown = redact(url.toString(), secret);
    const deadline = createDeadline(timeoutMs);
    let res: Response;
    let body: Buffer | null;
    try {
      res = await fetch(url, {
        method: 'GET',
        headers: { accept: 'application/json' },
        // A redirect would carry the key to wherever it points: refuse to follow.
        redirect: 'manual',
        signal: deadline.signal,
      });
      hold.lease = budget.open();
      body = await readCapped(res, maxBodyBytes, hold.lease, deadline);
      hold.bytes = body?.length ?? 0;
    } catch (err) {
      const ms = Math.round(performance.now() - started);
      if (isTimeout(err)) {
        log(`GET ${shown} → timeout after ${ms} ms (attempt ${n})`);
        return {
          kind: 'error',
          retry: false,
          error: {
            kind: 'timeout',
            timeoutMs,
            message: `The service at ${originOf(shown)} did not answer within ${Math.round(timeoutMs / 1000)} s.`,
          },
        };
      }
      const reason = networkReason(err);
      log(`GET ${shown} → ${reason} (attempt ${n})`);
      return {
        kind: 'error',
        retry: true,
        error: { kind: 'network', message: `Could not reach the service at ${originOf(shown)} (${reason}).` },
      };
    } finally {
      deadline.clear();
    }
    const ms = Math.round(performance.now() - started);
    log(`GET ${shown} → ${res.status} in ${ms} ms (attempt ${n})`);
    return classifyAnswer(res, body, { shown, secret, maxBodyBytes }, read);
  };
}

/**
 * What a received answer means: `body` null (over `maxBodyBytes`, dropped unread) and a 3xx are final
 * errors; another non-2xx is the status's error, retried on 429/502/503/504 with a 429's `Retry-After` in
 * ms; a 2xx goes to `read`, whose not-JSON or off-schema verdict becomes `invalid-response`. `shown` is
 * the redacted URL; `secret` is scrubbed from every message.
 */
function classifyAnswer<V>(
  res: Response,
  body: Buffer | null,
  { shown, secret, maxBodyBytes }: { shown: string; secret: string | null; maxBodyBytes: number },
  read: ReadBody<V>,
): Attempt<V> {
  if (body === null) {
    return {
      kind: 'error',
      retry: false,
      error: {
        kind: 'invalid-response',
        message: `The service at ${originOf(shown)} sent an answer larger than ${maxBodyBytes >= 1 << 20 ? `${Math.round(maxBodyBytes / (1 << 20))} MiB` : `${Math.round(maxBodyBytes / 1024)} KiB`}; it was not read.`,
      },
    };
  }
  if (res.status >= 300 && res.status < 400) {
    return {
      kind: 'error',
      retry: false,
      error: {
        kind: 'server',
        status: res.status,
        message: `The service at ${originOf(shown)} redirected elsewhere (HTTP ${res.status}); use the final address as the base URL.`,
      },
    };
  }
  if (!res.ok) {
    const retryAfterMs = res.status === 429 ? parseRetryAfter(res.headers.get('retry-after')) : undefined;
    const error = scrubJson(errorFromStatus(res.status, errorBody(body), retryAfterMs), secret) as ServiceError;
    const out: Attempt<V> = { kind: 'error', retry: RETRY_STATUSES.has(res.status), error };
    if (retryAfterMs !== undefined) out.retryAfterMs = retryAfterMs;
    return out;
  }
  const answer = read(body, secret);
  if (answer.kind === 'not-json') {
    const type = res.headers.get('content-type') ?? 'no content type';
    return {
      kind: 'error',
      retry: false,
      error: {
        kind: 'invalid-response',
        message: `The service answered with something other than JSON (${scrubSecret(type, secret).slice(0, 80)}).`,
      },
    };
  }
  if (answer.kind === 'invalid') {
    return {
      kind: 'error',
      retry: false,
      error: { kind: 'invalid-response', message: scrubSecret(answer.message, secret) },
    };
  }
  return answer;
}

/** The origin of a base URL, for messages (never a path or query). */
function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return 'the service';
  }
}

/** An error answer's body as an object, when it is a JSON object (errorFromStatus reads its message). */
function errorBody(body: Buffer): Record<string, unknown> | undefined {
  try {
    const json: unknown = JSON.parse(body.toString('utf8'));
    return json !== null && typeof json === 'object' ? (json as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
