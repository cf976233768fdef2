import type { EndpointName } from '../../../../shared/contract/endpoints.ts';
import type { ServiceError } from '../../../../shared/contract/errors.ts';
import type { ServiceClient } from '../../service-client/service-client.ts';
import type { AdaptiveLimiter } from './limiter.ts';

/**
 * The download's requests: one GET through the host's service client (key; retries on 502/503/504 and
 * network errors), bounded and paced by the adaptive limiter. A 429 comes back here at once (the
 * client does not retry it for the download), so the limiter slows every request, and it is waited out
 * and asked again here; a request that failed otherwise after the client's retries is asked again a few
 * times with fewer at once. Lists come page by page.
 */

/** Records per page of a list operation (the spec's largest `limit`). */
export const PAGE = 1000;

/** Retries of one request after a 429, before the sync fails. */
const MAX_THROTTLED_RETRIES = 6;
/** Retries of one request after a timeout, 5xx or network failure the client gave up on. */
const MAX_FAILED_RETRIES = 2;

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

type Path = Record<string, string | number>;
type Query = Record<string, string>;

export interface Fetcher {
  /** One GET; 403 comes back as a value, other errors throw {@link SyncError} (or {@link Cancelled}). */
  get(endpoint: EndpointName, path: Path, query: Query): Promise<Fetched>;
  /**
   * One GET asked in the first of `forms` the service takes: a 400 naming one of `parameters` (or none)
   * moves to the next form, for this request and every later one under the same `key` (a service that refuses an
   * extension once refuses it always). The answer says which form it came from.
   */
  getFirst(
    key: string,
    endpoint: EndpointName,
    path: Path,
    forms: readonly Query[],
    parameters: readonly string[],
  ): Promise<Fetched & { form: number }>;
  /** Every record of a list operation, page by page; a 403 throws. */
  all(endpoint: EndpointName, path: Path, query: Query): Promise<Json[]>;
}

/** Whether a failure the client gave up on may pass with fewer requests at once. */
const transient = (e: ServiceError) =>
  e.kind === 'timeout' || e.kind === 'network' || (e.kind === 'server' && e.status >= 500);

export function createFetcher(o: FetcherOptions): Fetcher {
  /** Which form each `getFirst` key takes (index into its forms). */
  const formOf = new Map<string, number>();

  async function get(endpoint: EndpointName, path: Path, query: Query): Promise<Fetched> {
    let failed = 0;
    for (let retry = 0; ; retry++) {
      o.checkCancel();
      let r: Awaited<ReturnType<ServiceClient['request']>>;
      let started = 0;
      try {
        r = await o.limiter.run((at) => {
          started = at;
          return o.client.request(o.baseUrl, { endpoint, path, query }, o.apiKey, { retryRateLimited: false });
        });
      } catch (err) {
        // The limiter's pause ends early when the download is cancelled.
        if (o.signal?.aborted) throw new Cancelled();
        throw err;
      }
      o.checkCancel();
      if (r.ok) {
        o.limiter.calm(o.limiter.now() - started);
        return { body: r.value as Json };
      }
      if (r.error.kind === 'rate-limited') {
        // Without a Retry-After, back off exponentially from one second.
        const wait = r.error.retryAfterMs ?? 1000 * 2 ** Math.min(retry, 6);
        if (retry < MAX_THROTTLED_RETRIES && wait <= o.maxRetryAfterMs) {
          o.limiter.throttle(wait, started);
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
      if (transient(r.error) && failed++ < MAX_FAILED_RETRIES) {
        o.limiter.failed();
        continue;
      }
      throw new SyncError(r.error);
    }
  }

  async function getFirst(
    key: string,
    endpoint: EndpointName,
    path: Path,
    forms: readonly Query[],
    parameters: readonly string[],
  ): Promise<Fetched & { form: number }> {
    for (let form = formOf.get(key) ?? 0; ; form++) {
      try {
        return { ...(await get(endpoint, path, forms[form] as Query)), form };
      } catch (err) {
        const e = err instanceof SyncError ? err.error : null;
        // A 400 that names no parameter may be about the form too (the spec shows no error body).
        const refused = e?.kind === 'bad-request' && (e.parameter === undefined || parameters.includes(e.parameter));
        if (!refused || form + 1 >= forms.length) throw err;
        formOf.set(key, Math.max(formOf.get(key) ?? 0, form + 1));
      }
    }
  }

  async function all(endpoint: EndpointName, path: Path, query: Query) {
    const out: Json[] = [];
    for (let offset = 0; ; offset += PAGE) {
      const r = await get(endpoint, path, { ...query, limit: String(PAGE), offset: String(offset) });
      if ('forbidden' in r) throw new SyncError(r.forbidden);
      const page = envelopePage(r.body);
      out.push(...page.data);
      if (offset + PAGE >= page.totalRecords || page.data.length === 0) return out;
    }
  }

  return { get, getFirst, all };
}

/** A list answer's records and `_meta.totalRecords` (the client has validated the envelope). */
export function envelopePage(body: Json): { data: Json[]; totalRecords: number } {
  return {
    data: body.data as Json[],
    totalRecords: (body._meta as { totalRecords: number }).totalRecords,
  };
}
