import type { z } from 'zod';
import { type About, AboutSchema, baseUrlProblem } from '../../shared/bridge.ts';
import { buildPath, ENDPOINTS, type EndpointName, type ServiceRequestSchema } from '../../shared/endpoints.ts';
import { type EndpointResponse, responseSchemaOf } from '../../shared/envelope.ts';
import { errorFromStatus, type Result, type ServiceError } from '../../shared/errors.ts';
import { API_KEY_PARAM, redact, scrubJson, scrubSecret } from './redact.ts';
import type { ServiceTarget } from './service-keeper.ts';

/**
 * The host's HTTP client of the Hockey Data Service (DESIGN.md, "The data path"):
 * `GET {baseUrl}{path}?{query}&apiKey=…`, built only from the endpoint allow-list of shared/endpoints.ts.
 * Timeout per attempt, retry with exponential backoff and jitter on 429 (honouring `Retry-After`),
 * 502/503/504 and network errors, never on another 4xx (real-service-notes, "Errors": "retry 429 and 5xx
 * with exponential backoff"). Every failure becomes a {@link ServiceError}; every response has `apiKey`
 * stripped from all its links, and no value or error it returns contains the key.
 */

/** A request of endpoint `E` as the bridge has parsed it (shared/endpoints.ts ServiceRequestSchema output). */
export type ParsedServiceRequest<E extends EndpointName = EndpointName> = Omit<
  z.output<typeof ServiceRequestSchema>,
  'endpoint'
> & { endpoint: E };

export interface ServiceClientOptions {
  /** Per attempt, headers and body included; default 15 000 ms. */
  timeoutMs?: number;
  /** Attempts in all (first try included); default 4. */
  maxAttempts?: number;
  /** First backoff step; doubles each retry; default 300 ms. */
  baseDelayMs?: number;
  /** Ceiling of one backoff step; default 8 000 ms. */
  maxDelayMs?: number;
  /** A `Retry-After` longer than this is not waited for: the 429 goes back to the page; default 30 000 ms. */
  maxRetryAfterMs?: number;
  /**
   * Largest response body read, in bytes; default {@link MAX_BODY_BYTES}. A larger body is not read on
   * (the connection is dropped) and gives `invalid-response`.
   */
  maxBodyBytes?: number;
  /** Where redacted request lines go (one line per attempt). */
  log?: (line: string) => void;
  /**
   * Where each attempt goes, asked before every attempt with the request's own base URL and key: the
   * embedded service answers a restarted child's address and demo key for its predecessor's, so retries
   * (and long exports and downloads) follow it to its new port. Default: as given.
   */
  route?: (target: ServiceTarget) => Promise<ServiceTarget>;
  /** Injectable for tests of the jitter; default Math.random. */
  random?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

export interface ServiceClient {
  /**
   * One allow-listed GET. `apiKey` null sends none (the service answers 401). Resolves to the envelope
   * (list or single item) with every `apiKey` removed, validated against the endpoint's envelope and
   * record schema and typed by them, or a ServiceError; never rejects. `retryRateLimited: false` gives a
   * 429 back at once: a caller pacing many requests (the offline download) slows them all down.
   */
  request<E extends EndpointName>(
    baseUrl: string,
    req: ParsedServiceRequest<E>,
    apiKey: string | null,
    options?: { retryRateLimited?: boolean },
  ): Promise<Result<EndpointResponse<E>>>;
  /** `GET {baseUrl}/about` (no key), validated with AboutSchema. */
  about(baseUrl: string): Promise<Result<About>>;
}

const RETRY_STATUSES = new Set([429, 502, 503, 504]);

/**
 * The default cap on a response body: 64 MiB. The largest legitimate answer (a 1000-row page of the
 * widest records) is a few MiB; anything far beyond is a broken or hostile service, and reading it whole
 * would take the host's memory and then the page's.
 */
export const MAX_BODY_BYTES = 64 * 1024 * 1024;

/** Reads a body as UTF-8 text, counting bytes as they stream in; null (and the stream cancelled) past `max`. */
async function readCapped(res: Response, max: number): Promise<string | null> {
  const declared = Number(res.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > max) {
    await res.body?.cancel().catch(() => {});
    return null;
  }
  if (res.body === null) return '';
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let size = 0;
  let text = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => {});
      return null;
    }
    text += decoder.decode(value, { stream: true });
  }
  return text + decoder.decode();
}

type Attempt =
  | { kind: 'ok'; value: unknown }
  | { kind: 'error'; error: ServiceError; retry: boolean; retryAfterMs?: number };

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

/**
 * Normalises a base URL: `https:`, or `http:` on loopback only (shared/bridge.ts baseUrlProblem), no
 * credentials, no query or fragment, no trailing slash. Returns null when it is not such a URL.
 */
export function normaliseBaseUrl(baseUrl: string): string | null {
  if (baseUrlProblem(baseUrl) !== null) return null;
  const u = new URL(baseUrl);
  return `${u.origin}${u.pathname.replace(/\/+$/, '')}`;
}

/** The origin of a base URL, for messages (never a path or query). */
function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return 'the service';
  }
}

function networkReason(err: unknown): string {
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

function isTimeout(err: unknown): boolean {
  const name = (err as { name?: unknown } | null)?.name;
  return name === 'TimeoutError' || name === 'AbortError';
}

/** `{baseUrl}{path}?{query}&apiKey=…` for one attempt; an `apiKey` in the page's query is never copied. */
function requestUrl(t: ServiceTarget, path: string, query: Record<string, string>): URL {
  const url = new URL(t.baseUrl + path);
  for (const [name, value] of Object.entries(query)) {
    if (name.toLowerCase() === API_KEY_PARAM.toLowerCase()) continue;
    url.searchParams.append(name, value);
  }
  if (t.apiKey !== null) url.searchParams.append(API_KEY_PARAM, t.apiKey);
  return url;
}

/** Creates a client. Stateless between calls; safe to share. */
export function createServiceClient(options: ServiceClientOptions = {}): ServiceClient {
  const timeoutMs = options.timeoutMs ?? 15_000;
  const maxAttempts = Math.max(1, options.maxAttempts ?? 4);
  const backoff = {
    baseDelayMs: options.baseDelayMs ?? 300,
    maxDelayMs: options.maxDelayMs ?? 8_000,
    random: options.random ?? Math.random,
  };
  const maxRetryAfterMs = options.maxRetryAfterMs ?? 30_000;
  const maxBodyBytes = options.maxBodyBytes ?? MAX_BODY_BYTES;
  const log = options.log ?? (() => {});
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));

  /** One GET; classifies the outcome. `secret` is scrubbed from everything that comes back. */
  async function attempt(
    url: URL,
    secret: string | null,
    validate: (json: unknown) => string | null,
    n: number,
  ): Promise<Attempt> {
    const started = performance.now();
    const shown = redact(url.toString(), secret);
    let res: Response;
    let text: string | null;
    try {
      res = await fetch(url, {
        method: 'GET',
        headers: { accept: 'application/json' },
        // A redirect would carry the key to wherever it points: refuse to follow.
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
      });
      text = await readCapped(res, maxBodyBytes);
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
    }
    const ms = Math.round(performance.now() - started);
    log(`GET ${shown} → ${res.status} in ${ms} ms (attempt ${n})`);

    if (text === null) {
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
    let json: unknown;
    let isJson = true;
    try {
      json = JSON.parse(text);
    } catch {
      isJson = false;
    }
    if (!res.ok) {
      const retryAfterMs = res.status === 429 ? parseRetryAfter(res.headers.get('retry-after')) : undefined;
      const body = isJson && json !== null && typeof json === 'object' ? (json as Record<string, unknown>) : undefined;
      const error = scrubJson(errorFromStatus(res.status, body, retryAfterMs), secret) as ServiceError;
      const out: Attempt = { kind: 'error', retry: RETRY_STATUSES.has(res.status), error };
      if (retryAfterMs !== undefined) out.retryAfterMs = retryAfterMs;
      return out;
    }
    if (!isJson) {
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
    const problem = validate(json);
    if (problem !== null) {
      return {
        kind: 'error',
        retry: false,
        error: { kind: 'invalid-response', message: scrubSecret(problem, secret) },
      };
    }
    return { kind: 'ok', value: scrubJson(json, secret) };
  }

  const route = options.route ?? ((t: ServiceTarget) => Promise.resolve(t));

  /** Attempts `target` (routed anew before each attempt) until an answer, a final error or the last attempt. */
  async function run(
    target: ServiceTarget,
    urlFor: (t: ServiceTarget) => URL,
    validate: (json: unknown) => string | null,
    retryRateLimited = true,
  ) {
    for (let n = 1; ; n++) {
      const t = await route(target);
      const a = await attempt(urlFor(t), t.apiKey, validate, n);
      if (a.kind === 'ok') return { ok: true as const, value: a.value };
      if (!a.retry || n >= maxAttempts || (!retryRateLimited && a.error.kind === 'rate-limited'))
        return { ok: false as const, error: a.error };
      if (a.retryAfterMs !== undefined && a.retryAfterMs > maxRetryAfterMs)
        return { ok: false as const, error: a.error };
      await sleep(backoffDelay(n, backoff, a.retryAfterMs));
    }
  }

  return {
    async request<E extends EndpointName>(
      baseUrl: string,
      req: ParsedServiceRequest<E>,
      apiKey: string | null,
      options: { retryRateLimited?: boolean } = {},
    ) {
      const base = normaliseBaseUrl(baseUrl);
      if (base === null) {
        return {
          ok: false,
          error: { kind: 'bad-request', status: 400, message: 'Invalid base URL.', parameter: 'baseUrl' },
        };
      }
      let path: string;
      try {
        path = buildPath(req.endpoint, req.path);
      } catch {
        return {
          ok: false,
          error: { kind: 'bad-request', status: 400, message: 'Invalid path parameter.', parameter: 'path' },
        };
      }
      const urlFor = (t: ServiceTarget) => requestUrl(t, path, req.query);
      // The one validation of an answer: here, where it leaves the network, with the endpoint's envelope
      // and record schema. The page gets only answers that passed (typed by the endpoint, no second
      // parse), an export or chart reads the same checked records, and a malformed answer becomes a
      // typed `invalid-response` value before it is cached or crosses the bridge.
      const kind = ENDPOINTS[req.endpoint].kind;
      const answer = await run(
        { baseUrl: base, apiKey },
        urlFor,
        (json) => {
          const parsed = responseSchemaOf(req.endpoint).safeParse(json);
          if (parsed.success) return null;
          const issue = parsed.error.issues[0];
          const where = issue && issue.path.length > 0 ? issue.path.join('.') : 'the body';
          return `The service's answer is not the ${kind} envelope the spec describes (${where}: ${issue?.message ?? 'invalid'}).`;
        },
        options.retryRateLimited,
      );
      // The one place an answer takes its endpoint's type: it has just passed that endpoint's schema.
      return answer as Result<EndpointResponse<E>>;
    },

    async about(baseUrl) {
      const base = normaliseBaseUrl(baseUrl);
      if (base === null) {
        return {
          ok: false,
          error: { kind: 'bad-request', status: 400, message: 'Invalid base URL.', parameter: 'baseUrl' },
        };
      }
      const r = await run(
        { baseUrl: base, apiKey: null },
        (t) => new URL(`${t.baseUrl}/about`),
        (json) => {
          const parsed = AboutSchema.safeParse(json);
          return parsed.success ? null : "The service's /about answer is not in the expected form.";
        },
      );
      return r.ok ? { ok: true, value: AboutSchema.parse(r.value) } : r;
    },
  };
}
