import type { IncomingMessage, ServerResponse } from 'node:http';
import type { DatabaseSync } from 'node:sqlite';
import { assertCategory, type Subscription } from '../auth/subscription.ts';
import { type JsonBody, toJsonBody } from '../ops/records/json/json-text.ts';
import { badParameter, notFound } from '../query/errors.ts';
import { parseFields } from '../query/fields.ts';
import { runList } from '../query/run-list.ts';
import type { Statements } from '../query/statements.ts';
import type { RequestContext } from '../query/types.ts';
import { placeholderSvg } from './assets.ts';
import { itemEnvelope, listEnvelope } from './envelope.ts';
import { asHttpError, errorBody, HttpError } from './errors.ts';
import type { RateLimiter } from './rate-limit.ts';
import { checkPathParams, type Router } from './router.ts';

/** What the HTTP handler needs: the database, its statements, the routes and the keys. */
export interface HandlerDeps {
  db: DatabaseSync;
  stmts: Statements;
  router: Router;
  keys: ReadonlyMap<string, Subscription>;
  /** One line per request (`--verbose`). */
  log?: (line: string) => void;
  /** One line per unexpected error (a 500), with its `uuid`, always; the caller's key is never in it. */
  logError: (line: string) => void;
  /** Requests per key past the rate limit get 429 (http/rate-limit.ts); absent: no limit. */
  rateLimiter?: RateLimiter;
}

const API_PREFIX = '/v1';

/** The request URL with any `apiKey` value replaced by `***`, for log lines. */
export function redactedPath(url: URL): string {
  const params = new URLSearchParams(url.searchParams);
  for (const k of [...params.keys()]) if (k.toLowerCase() === 'apikey') params.set(k, '***');
  const q = params.toString();
  return `${url.pathname}${q ? `?${q}` : ''}`;
}

/**
 * Handles one HTTP request: routing (404), method (405 for anything but GET/HEAD), key (401), rate
 * limit (429, when one is set), data category (403), parameters (400), then the operation. Every error
 * is the one JSON shape.
 */
export function createHandler(deps: HandlerDeps): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    const started = process.hrtime.bigint();
    const host =
      typeof req.headers.host === 'string' && /^[A-Za-z0-9.:[\]-]+$/.test(req.headers.host)
        ? req.headers.host
        : 'localhost';
    const origin = `http://${host}`;
    let url: URL;
    try {
      url = new URL(req.url ?? '/', origin);
    } catch {
      url = new URL('/', origin);
    }
    let status = 200;
    try {
      const body = answer(deps, req, url, origin);
      status = body.status;
      send(req, res, body.status, body.contentType, body.text, body.headers);
    } catch (err) {
      const e = errorBody(err);
      status = e.status;
      const known = asHttpError(err);
      if (!known) {
        const detail = (err as Error)?.stack ?? String(err);
        deps.logError(
          withoutKeys(`error ${e.uuid}: ${req.method} ${redactedPath(url)} ${status}: ${detail}`, req, url),
        );
      }
      const headers = known?.headers;
      send(req, res, e.status, 'application/json; charset=utf-8', JSON.stringify(e), headers);
    }
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    deps.log?.(`${req.method} ${redactedPath(url)} ${status} ${ms.toFixed(1)}ms`);
  };
}

/** `line` with every form of the request's key (query or header; raw and URL-encoded) replaced by `***`. */
function withoutKeys(line: string, req: IncomingMessage, url: URL): string {
  const header = req.headers['x-api-key'];
  const keys = [...url.searchParams.getAll('apiKey'), ...(typeof header === 'string' ? [header] : [])];
  let out = line;
  for (const k of keys) {
    if (k === '') continue;
    for (const form of new Set([k, encodeURIComponent(k), new URLSearchParams({ k }).toString().slice(2)]))
      out = out.split(form).join('***');
  }
  return out;
}

interface Answer {
  status: number;
  contentType: string;
  /** The body: text, or UTF-8 bytes already encoded as chunks. */
  text: string | JsonBody;
  headers?: Record<string, string>;
}

const json = (value: unknown): Answer => ({
  status: 200,
  contentType: 'application/json; charset=utf-8',
  // JSON.stringify's output, encoded, reusing the bytes of records that cannot change (ops/records/json/json-text.ts).
  text: toJsonBody(value),
});

function answer(deps: HandlerDeps, req: IncomingMessage, url: URL, origin: string): Answer {
  const method = req.method ?? 'GET';
  const isRead = method === 'GET' || method === 'HEAD';

  if (url.pathname.startsWith('/assets/')) {
    const svg = placeholderSvg(url.pathname);
    if (!svg) throw notFound(`No asset at ${url.pathname}`);
    if (!isRead) throw methodNotAllowed(method);
    return { status: 200, contentType: 'image/svg+xml', text: svg, headers: { 'Cache-Control': 'max-age=86400' } };
  }
  if (url.pathname !== API_PREFIX && !url.pathname.startsWith(`${API_PREFIX}/`)) {
    throw notFound(`No operation at ${url.pathname}; operations live under ${API_PREFIX}`);
  }
  const matched = deps.router.match(url.pathname.slice(API_PREFIX.length));
  if (!matched) throw notFound(`No operation at ${url.pathname}`);
  if (!isRead) throw methodNotAllowed(method);
  const { op, params } = matched;

  if (op.kind === 'public') return json(op.handle(deps.db));

  const sub = authenticate(deps.keys, req, url);
  const wait = deps.rateLimiter?.take(sub) ?? null;
  if (wait !== null) {
    throw new HttpError(429, `Too many requests for this key; retry after ${wait} s`, {
      headers: { 'Retry-After': String(wait) },
    });
  }
  assertCategory(sub, op.category);
  const ctx = contextOf(deps, url, origin, sub, params);
  checkPathParams(op.pathParams, params);
  if (op.kind === 'list') {
    const { offset, limit, totalRecords, data } = runList(op, ctx);
    return json(listEnvelope(ctx.url, ctx.links.origin, { offset, limit, totalRecords }, data));
  }
  for (const name of ctx.query.keys()) {
    if (name !== 'fields')
      throw badParameter(name, `Unknown query parameter '${name}' for ${op.path}`, ['fields', 'apiKey']);
  }
  const fields = parseFields(ctx.query.get('fields'), op.fields);
  const record = op.load(ctx, fields);
  const data: Record<string, unknown> = {};
  for (const k of Object.keys(record)) if (fields.has(k)) data[k] = record[k];
  return json(itemEnvelope(data));
}

function methodNotAllowed(method: string): HttpError {
  return new HttpError(405, `Method ${method} is not allowed; the service is read-only (GET, HEAD)`, {
    headers: { Allow: 'GET, HEAD' },
  });
}

/**
 * The caller's subscription from the `apiKey` query parameter (spec, "Authentication" 2) or the
 * `X-Api-Key` header (3). 401 when missing or unknown; the message never repeats the key.
 */
function authenticate(keys: ReadonlyMap<string, Subscription>, req: IncomingMessage, url: URL): Subscription {
  const fromQuery = url.searchParams.getAll('apiKey');
  const header = req.headers['x-api-key'];
  const key = fromQuery[0] ?? (typeof header === 'string' ? header : undefined);
  if (key === undefined || key === '') throw new HttpError(401, 'Api Key was not present in request');
  if (fromQuery.length > 1) throw new HttpError(401, 'Api Key was given more than once');
  const sub = keys.get(key);
  if (!sub) throw new HttpError(401, 'Api Key is invalid');
  return sub;
}

/**
 * The context of one keyed request: its query parameters without `apiKey` (400 when one is given
 * twice), its path parameters and how its records link back. Exported for the query-plan test.
 */
export function contextOf(
  deps: Pick<HandlerDeps, 'db' | 'stmts'>,
  url: URL,
  origin: string,
  sub: Subscription,
  path: Record<string, string>,
): RequestContext {
  const query = new Map<string, string>();
  for (const [k, v] of url.searchParams) {
    if (k === 'apiKey') continue;
    if (query.has(k)) throw badParameter(k, `Parameter '${k}' is given more than once; give one comma-separated value`);
    query.set(k, v);
  }
  const apiKey = url.searchParams.get('apiKey');
  return {
    db: deps.db,
    stmts: deps.stmts,
    sub,
    links: { origin, base: `${origin}${API_PREFIX}`, apiKey },
    path,
    query,
    url,
  };
}

function send(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  contentType: string,
  text: string | JsonBody,
  headers: Record<string, string> = {},
): void {
  const body = typeof text === 'string' ? { chunks: [Buffer.from(text, 'utf8')], length: -1 } : text;
  const length = body.length >= 0 ? body.length : (body.chunks[0] as Buffer).length;
  res.writeHead(status, {
    'Content-Type': contentType,
    'Content-Length': String(length),
    'X-Content-Type-Options': 'nosniff',
    ...headers,
  });
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  // One writev of every chunk (kept record bytes are written as they are, never copied together).
  res.cork();
  for (const chunk of body.chunks) res.write(chunk);
  res.end();
  res.uncork();
}
