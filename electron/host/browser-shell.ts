import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import {
  BRIDGE_BODY_LIMIT,
  BRIDGE_OPS,
  BRIDGE_TOKEN_HEADER,
  type BridgeOp,
  bridgeRoute,
  formatBytes,
} from '../../shared/bridge.ts';
import type { Result, ServiceError } from '../../shared/errors.ts';
import { untilDelivered } from './delivery.ts';
import { exportContentType } from './export/export-handlers.ts';
import type { Dispatch } from './handlers.ts';
import { sendJsonStream } from './json-stream.ts';
import { contentSecurityPolicy, isAllowedHostHeader, isAllowedOriginHeader, securityHeaders } from './security.ts';
import { contentTypeOf, hashRouteOf, isClientRoute, resolveStaticFile } from './static-files.ts';

/**
 * The browser shell (DESIGN.md, "The data path"): the same bridge as Electron's IPC, served over HTTP on
 * 127.0.0.1 for a plain browser (Chromium in `--app` mode) when Electron cannot start.
 *
 * - `GET /` serves out/renderer/index.html with a per-launch random token written into
 *   `<meta name="rinkside-bridge-token">`; a client route typed as a path (`/teams/12`, a page asking
 *   for HTML) is redirected to its hash route (`/#/teams/12`); other GETs serve files of the renderer
 *   folder only.
 * - `POST /bridge/{op}` with JSON arguments and the token in `x-rinkside-token` answers a JSON Result.
 * - Every request must name the shell in its `Host` header (`127.0.0.1:PORT` or `localhost:PORT`), so a
 *   page whose DNS name was rebound to 127.0.0.1 gets 403 and never reads the token; a cross-origin
 *   `Origin` is refused; no CORS header is ever sent, so other pages cannot read any answer.
 * - The token is compared in constant time. A strict CSP and no-sniff/no-frame headers go with every file.
 */

export interface BrowserShellOptions {
  /** The built renderer folder (out/renderer). */
  rendererDir: string;
  dispatch: Dispatch;
  /** 0 (default) picks a free port. */
  port?: number;
  /** Extra image origins for the CSP (the local service, which may serve logos over http). */
  imageOrigins?: readonly string[];
  /** A finished export's file by id (host.exports.downloadFile), served at `GET /export/{id}` with the token. */
  exportDownload?: (id: string) => { path: string; name: string } | null;
  /** The token to use; default 32 random bytes in hex. Tests pass none. */
  token?: string;
  log?: (line: string) => void;
}

export interface BrowserShell {
  /** `http://127.0.0.1:PORT/` */
  url: string;
  port: number;
  close(): Promise<void>;
}

/**
 * The operations that carry a file, and their body cap: a `rinkside-lists` file of up to 32 MiB of text
 * (the op's own limit, checked again by its schema) as JSON, with room for its escapes. Every other
 * operation is capped at {@link BRIDGE_BODY_LIMIT}.
 */
export const FILE_BODY_BYTES: Partial<Record<BridgeOp, number>> = { scoutingListsImport: 40 * 1024 * 1024 };
const TOKEN_META = 'rinkside-bridge-token';
const OPS_BY_ROUTE = new Map(BRIDGE_OPS.map((op) => [bridgeRoute(op), op]));

/** Compares two strings in time independent of where they differ (both hashed to equal length first). */
export function tokensEqual(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b) && given.length === expected.length;
}

/** Writes the token meta right after `<head>` (or at the start when there is none). */
export function injectToken(html: string, token: string): string {
  const meta = `<meta name="${TOKEN_META}" content="${token}">`;
  const m = /<head(\s[^>]*)?>/i.exec(html);
  if (!m) return meta + html;
  const at = m.index + m[0].length;
  return html.slice(0, at) + meta + html.slice(at);
}

const JSON_HEADERS = {
  'Content-Type': 'application/json; charset=utf-8',
  'Cache-Control': 'no-store',
  'X-Content-Type-Options': 'nosniff',
} as const;

function sendJson(res: ServerResponse, status: number, body: unknown, extra: Record<string, string> = {}) {
  const text = JSON.stringify(body);
  res.writeHead(status, { ...JSON_HEADERS, 'Content-Length': Buffer.byteLength(text), ...extra });
  res.end(text);
}

function refuse(
  res: ServerResponse,
  status: 403 | 404 | 405 | 413 | 415 | 400,
  message: string,
  extra: Record<string, string> = {},
) {
  const error: ServiceError =
    status === 403
      ? { kind: 'forbidden', status, message }
      : status === 404
        ? { kind: 'not-found', status, message }
        : { kind: 'bad-request', status, message };
  sendJson(res, status, { ok: false, error } satisfies Result<never>, extra);
}

/**
 * Reads a request body of at most `max` bytes; null when it is larger. A larger body is still read to its
 * end (and discarded), so the 413 that follows reaches the page instead of a reset connection: a socket
 * closed while the page is still sending makes the browser report a network error.
 */
function readBody(req: IncomingMessage, max: number): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length']);
    let over = Number.isFinite(declared) && declared > max;
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      if (over) return;
      size += chunk.length;
      if (size > max) {
        over = true;
        chunks.length = 0;
      } else chunks.push(chunk);
    });
    req.once('end', () => resolve(over ? null : Buffer.concat(chunks, size)));
    req.once('error', reject);
  });
}

/** Starts the shell on 127.0.0.1. Rejects when the port is taken. */
export async function startBrowserShell(opts: BrowserShellOptions): Promise<BrowserShell> {
  const token = opts.token ?? randomBytes(32).toString('hex');
  const log = opts.log ?? (() => {});
  const csp = contentSecurityPolicy({ imageOrigins: opts.imageOrigins ?? [] });
  const headers = securityHeaders(csp);
  let port = 0;
  let indexCache: { mtimeMs: number; html: string } | null = null;

  /** index.html with the token; re-read when a rebuild replaced it (its asset names change). */
  async function indexHtml(): Promise<string | null> {
    const file = join(opts.rendererDir, 'index.html');
    try {
      const { mtimeMs } = await stat(file);
      if (indexCache?.mtimeMs !== mtimeMs) {
        indexCache = { mtimeMs, html: injectToken(await readFile(file, 'utf8'), token) };
      }
      return indexCache.html;
    } catch {
      return null;
    }
  }

  async function serveStatic(req: IncomingMessage, res: ServerResponse, pathname: string) {
    const head = req.method === 'HEAD';
    if (pathname === '/' || pathname === '/index.html') return serveIndex(res, head);
    const file = await resolveStaticFile(opts.rendererDir, pathname);
    if (file === null) {
      if (isClientRoute(pathname) && (req.headers.accept ?? '').includes('text/html')) {
        res.writeHead(302, { ...headers, Location: hashRouteOf(req.url ?? '/'), 'Content-Length': 0 });
        return res.end();
      }
      return refuse(res, 404, 'Not found.');
    }
    // `//index.html` and the like reach the same file: it always goes out with the token, like `/`.
    if (file === (await resolveStaticFile(opts.rendererDir, '/index.html'))) return serveIndex(res, head);
    const body = await readFile(file);
    res.writeHead(200, { ...headers, 'Content-Type': contentTypeOf(file), 'Content-Length': body.length });
    res.end(head ? undefined : body);
  }

  async function serveIndex(res: ServerResponse, head: boolean) {
    const html = await indexHtml();
    if (html === null) return refuse(res, 404, 'The app is not built (out/renderer/index.html is missing).');
    res.writeHead(200, {
      ...headers,
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Length': Buffer.byteLength(html),
    });
    res.end(head ? undefined : html);
  }

  async function serveBridge(req: IncomingMessage, res: ServerResponse, pathname: string) {
    const op = OPS_BY_ROUTE.get(pathname);
    if (op === undefined) return refuse(res, 404, 'Unknown bridge operation.');
    if (req.method !== 'POST') return refuse(res, 405, 'Use POST.', { Allow: 'POST' });
    const given = req.headers[BRIDGE_TOKEN_HEADER];
    if (typeof given !== 'string' || !tokensEqual(given, token)) return refuse(res, 403, 'Missing or wrong app token.');
    const type = (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
    if (type !== 'application/json') return refuse(res, 415, 'Send JSON (content-type: application/json).');
    const max = FILE_BODY_BYTES[op] ?? BRIDGE_BODY_LIMIT;
    const body = await readBody(req, max);
    if (body === null) return refuse(res, 413, `The request is larger than the app takes (${formatBytes(max)}).`);
    let args: unknown;
    try {
      args = body.length === 0 ? undefined : JSON.parse(body.toString('utf8'));
    } catch {
      return sendJson(res, 200, {
        ok: false,
        error: { kind: 'bad-request', status: 400, message: 'The arguments are not valid JSON.', parameter: 'body' },
      } satisfies Result<never>);
    }
    // A service answer's bytes stay counted until the page has read it (electron/host/delivery.ts). Only
    // for `request`, which makes exactly one service request: a call that made several, each held until
    // the call's answer is read, could wait on its own budget.
    const run = () => opts.dispatch(op, args);
    const { result, delivered } =
      op === 'request' ? await untilDelivered(run) : { result: await run(), delivered() {} };
    res.once('finish', delivered);
    res.once('close', delivered);
    await sendJsonStream(res, 200, result, JSON_HEADERS);
  }

  async function serveExport(req: IncomingMessage, res: ServerResponse, pathname: string) {
    const given = req.headers[BRIDGE_TOKEN_HEADER];
    if (typeof given !== 'string' || !tokensEqual(given, token)) return refuse(res, 403, 'Missing or wrong app token.');
    const id = /^\/export\/([0-9a-f-]{36})$/.exec(pathname)?.[1];
    const file = id === undefined ? null : (opts.exportDownload?.(id) ?? null);
    if (file === null) return refuse(res, 404, 'No finished export with this id.');
    const { size } = await stat(file.path);
    res.writeHead(200, {
      'Content-Type': exportContentType(file.name),
      'Content-Length': size,
      'Content-Disposition': `attachment; filename="${file.name.replace(/[^A-Za-z0-9._-]/g, '_')}"`,
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    });
    if (req.method === 'HEAD') return res.end();
    await pipeline(createReadStream(file.path), res);
  }

  const server = createServer(async (req, res) => {
    try {
      if (!isAllowedHostHeader(req.headers.host, port)) return refuse(res, 403, 'Wrong Host header.');
      if (!isAllowedOriginHeader(req.headers.origin, port))
        return refuse(res, 403, 'Cross-origin requests are refused.');
      // The raw path, not `new URL(req.url, base)`: that would read `//x/y` as a host name.
      const pathname = (req.url ?? '').split(/[?#]/)[0] ?? '';
      if (!pathname.startsWith('/')) return refuse(res, 400, 'Malformed request URL.');
      if (pathname === '/bridge' || pathname.startsWith('/bridge/')) return await serveBridge(req, res, pathname);
      if (req.method !== 'GET' && req.method !== 'HEAD') return refuse(res, 405, 'Use GET.', { Allow: 'GET, HEAD' });
      if (pathname.startsWith('/export/')) return await serveExport(req, res, pathname);
      return await serveStatic(req, res, pathname);
    } catch (err) {
      log(`browser shell: ${err instanceof Error ? err.name : 'error'} on a request`);
      if (!res.headersSent) refuse(res, 400, 'The request could not be handled.');
      else res.destroy();
    }
  });
  // Slow-loris and idle-socket bounds; loopback clients answer quickly.
  server.headersTimeout = 10_000;
  server.requestTimeout = 60_000;

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
