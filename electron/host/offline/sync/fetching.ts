import type { EndpointName } from '../../../../shared/endpoints.ts';
import type { ServiceError } from '../../../../shared/errors.ts';
import type { ServiceClient } from '../../service-client.ts';
import type { AdaptiveLimiter } from './limiter.ts';

/**
 * The download's requests: one GET through the host's service client (key, retries on 502/503/504 and
 * network errors), bounded by the adaptive limiter, with a 429 the client gave up on waited out and
 * retried here; and every record of a list operation, page by page.
 */

/** Records per page of a list operation (the spec's largest `limit`). */
export const PAGE = 1000;

/** Retries of one request after a 429 the client gave up on, before the sync fails. */
const MAX_THROTTLED_RETRIES = 6;

/** A sync stopped by a service error other than 403 (network, 401, 5xx after retries). */
export class SyncError extends Error {
  readonly error: ServiceError;
  constructor(error: ServiceError) {
    super(error.message);
    this.error = error;
  }
}

/** The download was cancelled, or another team-season failed: stop without committing more. */
export class Cancelled extends Error {}

/** A JSON object of an answer (a record, or the envelope), untrusted. */
export type Json = Record<string, unknown>;

/** An answer: the body, or the 403 that refused it (not fatal: the sync records it and goes on). */
export type Fetched = { forbidden: ServiceError } | { body: Json };

export interface FetcherOptions {
  client: ServiceClient;
  baseUrl: string;
  apiKey: string | null;
  limiter: AdaptiveLimiter;
  /** The longest Retry-After of a 429 waited for (ms); past it the sync fails, resumable. */
  maxRetryAfterMs: number;
  signal: AbortSignal | undefined;
  /** Throws {@link Cancelled} when the download must stop. */
  checkCancel(): void;
}

export interface Fetcher {
  /** One GET; 403 comes back as a value, other errors throw {@link SyncError} (or {@link Cancelled}). */
  get(endpoint: EndpointName, path: Record<string, string | number>, query: Record<string, string>): Promise<Fetched>;
  /** Every record of a list operation, page by page; a 403 throws. */
  all(endpoint: EndpointName, path: Record<string, string | number>, query: Record<string, string>): Promise<Json[]>;
}

export function createFetcher(o: FetcherOptions): Fetcher {
  async function get(
    endpoint: EndpointName,
    path: Record<string, string | number>,
    query: Record<string, string>,
  ): Promise<Fetched> {
    for (let retry = 0; ; retry++) {
      o.checkCancel();
      let r: Awaited<ReturnType<ServiceClient['request']>>;
      try {
        r = await o.limiter.run(() => o.client.request(o.baseUrl, { endpoint, path, query }, o.apiKey));
      } catch (err) {
        // The limiter's pause ends early when the download is cancelled.
        if (o.signal?.aborted) throw new Cancelled();
        throw err;
      }
      o.checkCancel();
      if (r.ok) {
        o.limiter.calm();
        return { body: r.value as Json };
      }
      if (r.error.kind === 'rate-limited') {
        // Without a Retry-After, back off exponentially from one second.
        const wait = r.error.retryAfterMs ?? 1000 * 2 ** retry;
        if (retry < MAX_THROTTLED_RETRIES && wait <= o.maxRetryAfterMs) {
          o.limiter.throttle(wait);
          continue;
        }
        const minutes = Math.ceil(wait / 60_000);
        throw new SyncError({
          ...r.error,
          message: `The service limits requests (429) and asks to wait ${minutes} min; what was downloaded is kept and the next download resumes from there.`,
        });
      }
      if (r.error.kind === 'forbidden' || (r.error as { status?: number }).status === 403)
        return { forbidden: r.error };
      throw new SyncError(r.error);
    }
  }

  async function all(endpoint: EndpointName, path: Record<string, string | number>, query: Record<string, string>) {
    const out: Json[] = [];
    for (let offset = 0; ; offset += PAGE) {
      const r = await get(endpoint, path, { ...query, limit: String(PAGE), offset: String(offset) });
      if ('forbidden' in r) throw new SyncError(r.forbidden);
      const page = envelopePage(r.body);
      out.push(...page.data);
      if (offset + PAGE >= page.totalRecords || page.data.length === 0) return out;
    }
  }

  return { get, all };
}

/** A list answer's records and `_meta.totalRecords` (the client has validated the envelope). */
export function envelopePage(body: Json): { data: Json[]; totalRecords: number } {
  return {
    data: body.data as Json[],
    totalRecords: (body._meta as { totalRecords: number }).totalRecords,
  };
}
