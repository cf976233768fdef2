import type { z } from 'zod';
import { type About, AboutSchema, baseUrlProblem } from '../../../shared/bridge/bridge.ts';
import {
  buildPath,
  ENDPOINTS,
  type EndpointName,
  type ServiceRequestSchema,
} from '../../../shared/contract/endpoints.ts';
import type { EndpointResponse } from '../../../shared/contract/envelope.ts';
import type { Result, ServiceError } from '../../../shared/contract/errors.ts';
import type { JsonText } from '../common/json-text.ts';
import type { RouteHint, ServiceTarget } from '../embedded/service-keeper.ts';
import { type AnswerSink, decodeAnswer, jsonTextSink, valueSink } from './answer.ts';
import { type ByteBudget, createByteBudget } from './byte-budget.ts';
import { afterDelivery } from './delivery.ts';
import { collectAfterLargeAnswer } from './full-collection.ts';
import { API_KEY_PARAM, scrubJson } from './redact.ts';
import { backoffDelay } from './retry.ts';
import { type AnswerHold, createAttempt, type ReadBody } from './service-attempt.ts';

/**
 * The host's HTTP client of the Hockey Data Service (DESIGN.md, "The data path"):
 * `GET {baseUrl}{path}?{query}&apiKey=…`, built only from the endpoint allow-list of shared/contract/endpoints.ts.
 * Timeout per attempt, retry with exponential backoff and jitter on 429 (honouring `Retry-After`),
 * 502/503/504 and network errors, never on another 4xx (real-service-notes, "Errors": "retry 429 and 5xx
 * with exponential backoff"). Every failure becomes a {@link ServiceError}; every response has `apiKey`
 * stripped from all its links, and no value or error it returns contains the key. The bytes of answers
 * held at once across concurrent requests are bounded by a byte budget (electron/host/service-client/byte-budget.ts).
 */

/** A request of endpoint `E` as the bridge has parsed it (shared/contract/endpoints.ts ServiceRequestSchema output). */
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
  /**
   * The bytes of answers held at once across concurrent requests (electron/host/service-client/byte-budget.ts); default
   * a budget of `DEFAULT_BYTES_IN_FLIGHT` (24 MiB). A body is taken from it as it streams in and given back
   * once its answer has left the host (electron/host/service-client/delivery.ts); a read that does not fit waits, its
   * timeout paused meanwhile.
   */
  budget?: ByteBudget;
  /** Where redacted request lines go (one line per attempt). */
  log?: (line: string) => void;
  /**
   * Where each attempt goes, asked before every attempt with the request's own base URL and key: the
   * embedded service answers a restarted child's address and demo key for its predecessor's, so retries
   * (and long exports and downloads) follow it to its new port. A retry after an attempt that could not
   * connect says so (`unreachable`): its child may have died without the host knowing yet. Default: as given.
   */
  route?: (target: ServiceTarget, hint: RouteHint) => Promise<ServiceTarget>;
  /** Injectable for tests of the jitter; default Math.random. */
  random?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

/** How one request is retried: `retryRateLimited: false` gives a 429 back at once (default: waited out). */
export interface RequestOptions {
  retryRateLimited?: boolean;
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
    options?: RequestOptions,
  ): Promise<Result<EndpointResponse<E>>>;
  /**
   * The same request, its answer kept as JSON text (json-text.ts) rather than objects: checked and
   * scrubbed record by record like {@link ServiceClient.request}, for the bridge, which only passes it on.
   */
  requestJson<E extends EndpointName>(
    baseUrl: string,
    req: ParsedServiceRequest<E>,
    apiKey: string | null,
  ): Promise<Result<JsonText<EndpointResponse<E>>>>;
  /** `GET {baseUrl}/about` (no key), validated with AboutSchema. */
  about(baseUrl: string): Promise<Result<About>>;
}

/**
 * The default cap on a response body: 64 MiB. The largest legitimate answer (a 1000-row page of the
 * widest records) is a few MiB; anything far beyond is a broken or hostile service, and reading it whole
 * would take the host's memory and then the page's.
 */
export const MAX_BODY_BYTES = 64 * 1024 * 1024;

/**
 * Normalises a base URL: `https:`, or `http:` on loopback only (shared/bridge/bridge.ts baseUrlProblem), no
 * credentials, no query or fragment, no trailing slash. Returns null when it is not such a URL.
 */
export function normaliseBaseUrl(baseUrl: string): string | null {
  if (baseUrlProblem(baseUrl) !== null) return null;
  const u = new URL(baseUrl);
  return `${u.origin}${u.pathname.replace(/\/+$/, '')}`;
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

/**
 * Reads an answer of `endpoint` into a fresh `sink()` per attempt. The one validation of an answer: here,
 * where it leaves the network, with the endpoint's envelope and record schema. The page gets only answers
 * that passed (typed by the endpoint, no second parse), an export or chart reads the same checked
 * records, and a malformed answer becomes a typed `invalid-response` value before it is cached or
 * crosses the bridge.
 */
function endpointReader<V>(endpoint: EndpointName, sink: () => AnswerSink<V>): ReadBody<V> {
  const kind = ENDPOINTS[endpoint].kind;
  return (body, secret) => {
    const answer = decodeAnswer(endpoint, body, secret, sink());
    if (answer.kind !== 'invalid') return answer;
    const { issue } = answer;
    const where = issue.path.length > 0 ? issue.path.join('.') : 'the body';
    const message = `The service's answer is not the ${kind} envelope the spec describes (${where}: ${issue.message}).`;
    return { kind: 'invalid', message };
  };
}

/** Reads an `/about` answer: parsed, scrubbed of the key, checked with AboutSchema. */
const readAbout: ReadBody<About> = (body, secret) => {
  let json: unknown;
  try {
    json = JSON.parse(body.toString('utf8'));
  } catch {
    return { kind: 'not-json' };
  }
  const parsed = AboutSchema.safeParse(scrubJson(json, secret));
  if (!parsed.success) return { kind: 'invalid', message: "The service's /about answer is not in the expected form." };
  return { kind: 'ok', value: parsed.data };
};

/** Creates a client. Safe to share: concurrent requests share its byte budget and nothing else. */
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
  const budget = options.budget ?? createByteBudget();
  const log = options.log ?? (() => {});
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const attempt = createAttempt({ timeoutMs, maxBodyBytes, budget, log });

  const route = options.route ?? ((t: ServiceTarget) => Promise.resolve(t));

  /** Attempts `target` (routed anew before each attempt) until an answer, a final error or the last attempt. */
  async function run<V>(
    target: ServiceTarget,
    urlFor: (t: ServiceTarget) => URL,
    read: ReadBody<V>,
    retryRateLimited = true,
  ): Promise<Result<V>> {
    let hint: RouteHint = {};
    for (let n = 1; ; n++) {
      const t = await route(target, hint);
      const hold: AnswerHold = { lease: null, bytes: 0 };
      const a = await attempt(urlFor(t), t.apiKey, read, n, hold);
      const { lease } = hold;
      if (a.kind === 'ok') {
        // Given back once the answer has left the host (electron/host/service-client/delivery.ts), not merely parsed; a
        // large answer's garbage is collected then, before the next one adds its own.
        if (lease !== null)
          afterDelivery(() => {
            lease.close();
            collectAfterLargeAnswer(hold.bytes);
          });
        return { ok: true as const, value: a.value };
      }
      lease?.close();
      if (!a.retry || n >= maxAttempts || (!retryRateLimited && a.error.kind === 'rate-limited'))
        return { ok: false as const, error: a.error };
      if (a.retryAfterMs !== undefined && a.retryAfterMs > maxRetryAfterMs)
        return { ok: false as const, error: a.error };
      hint = { unreachable: a.error.kind === 'network' };
      await sleep(backoffDelay(n, backoff, a.retryAfterMs));
    }
  }

  const INVALID_BASE = {
    ok: false as const,
    error: { kind: 'bad-request', status: 400, message: 'Invalid base URL.', parameter: 'baseUrl' } as ServiceError,
  };

  /** One allow-listed GET of `req`, its answer read into a fresh `sink()` at each attempt. */
  async function endpointRequest<V>(
    baseUrl: string,
    req: ParsedServiceRequest,
    apiKey: string | null,
    sink: () => AnswerSink<V>,
    options: RequestOptions = {},
  ): Promise<Result<V>> {
    const base = normaliseBaseUrl(baseUrl);
    if (base === null) return INVALID_BASE;
    let path: string;
    try {
      path = buildPath(req.endpoint, req.path);
    } catch {
      return {
        ok: false,
        error: { kind: 'bad-request', status: 400, message: 'Invalid path parameter.', parameter: 'path' },
      };
    }
    return run(
      { baseUrl: base, apiKey },
      (t) => requestUrl(t, path, req.query),
      endpointReader(req.endpoint, sink),
      options.retryRateLimited,
    );
  }

  return {
    // The one place an answer takes its endpoint's type: it has just passed that endpoint's schema.
    request: <E extends EndpointName>(
      baseUrl: string,
      req: ParsedServiceRequest<E>,
      apiKey: string | null,
      options: RequestOptions = {},
    ) => endpointRequest(baseUrl, req, apiKey, valueSink, options) as Promise<Result<EndpointResponse<E>>>,

    requestJson: <E extends EndpointName>(baseUrl: string, req: ParsedServiceRequest<E>, apiKey: string | null) =>
      endpointRequest(baseUrl, req, apiKey, jsonTextSink) as Promise<Result<JsonText<EndpointResponse<E>>>>,

    async about(baseUrl) {
      const base = normaliseBaseUrl(baseUrl);
      if (base === null) return INVALID_BASE;
      return run<About>({ baseUrl: base, apiKey: null }, (t) => new URL(`${t.baseUrl}/about`), readAbout);
    },
  };
}
