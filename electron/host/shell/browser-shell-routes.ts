import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import {
  BRIDGE_BODY_LIMIT,
  BRIDGE_OPS,
  BRIDGE_TOKEN_HEADER,
  type BridgeOp,
  bridgeRoute,
  formatBytes,
} from '../../../shared/bridge/bridge.ts';
import type { Result } from '../../../shared/contract/errors.ts';
import type { Dispatch } from '../bridge/handlers.ts';
import { exportContentType } from '../export/export-handlers.ts';
import { untilDelivered } from '../service-client/delivery.ts';
import { injectToken, JSON_HEADERS, readBody, refuse, sendJson, tokensEqual } from './browser-shell-http.ts';
import { sendJsonStream } from './json-stream.ts';
import { contentTypeOf, hashRouteOf, isClientRoute, resolveStaticFile } from './static-files.ts';

/**
 * The browser shell's three routes, each behind the Host and Origin checks of browser-shell.ts: the page
 * (GET and HEAD of out/renderer, index.html with the token), the bridge (`POST /bridge/{op}`) and a
 * finished export's file (`GET /export/{id}`). Each answers its request or refuses it with a JSON Result.
 */

/** A route: answers `req` for its path (the raw path, query and fragment cut off). */
export type Route = (req: IncomingMessage, res: ServerResponse, pathname: string) => Promise<void>;

/**
 * The operations that carry a file, and their body cap: a `rinkside-lists` file of up to 32 MiB of text
 * (the op's own limit, checked again by its schema) as JSON, with room for its escapes. Every other
 * operation is capped at {@link BRIDGE_BODY_LIMIT}.
 */
export const FILE_BODY_BYTES: Partial<Record<BridgeOp, number>> = { scoutingListsImport: 40 * 1024 * 1024 };
const OPS_BY_ROUTE = new Map(BRIDGE_OPS.map((op) => [bridgeRoute(op), op]));

/**
 * The page: `/` is out/renderer/index.html with the token written in, re-read when a rebuild replaced it
 * (its asset names change); a client route asked for as HTML is redirected (302) to its hash route; any
 * other path a file of `rendererDir` only, with `headers` (the CSP and no-sniff/no-frame headers), or 404.
 */
export function pageRoute(rendererDir: string, token: string, headers: Readonly<Record<string, string>>): Route {
  let indexCache: { mtimeMs: number; html: string } | null = null;

  async function indexHtml(): Promise<string | null> {
    const file = join(rendererDir, 'index.html');
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

  async function serveIndex(res: ServerResponse, head: boolean): Promise<void> {
    const html = await indexHtml();
    if (html === null) return refuse(res, 404, 'The app is not built (out/renderer/index.html is missing).');
    res.writeHead(200, {
      ...headers,
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Length': Buffer.byteLength(html),
    });
    res.end(head ? undefined : html);
  }

  return async (req, res, pathname) => {
    const head = req.method === 'HEAD';
    if (pathname === '/' || pathname === '/index.html') return serveIndex(res, head);
    const file = await resolveStaticFile(rendererDir, pathname);
    if (file === null) {
      if (isClientRoute(pathname) && (req.headers.accept ?? '').includes('text/html')) {
        res.writeHead(302, { ...headers, Location: hashRouteOf(req.url ?? '/'), 'Content-Length': 0 });
        res.end();
        return;
      }
      return refuse(res, 404, 'Not found.');
    }
    // `//index.html` and the like reach the same file: it always goes out with the token, like `/`.
    if (file === (await resolveStaticFile(rendererDir, '/index.html'))) return serveIndex(res, head);
    const body = await readFile(file);
    res.writeHead(200, { ...headers, 'Content-Type': contentTypeOf(file), 'Content-Length': body.length });
    res.end(head ? undefined : body);
  };
}

/**
 * The bridge: `POST /bridge/{op}` with the token and JSON arguments (at most {@link BRIDGE_BODY_LIMIT}
 * bytes, or the op's {@link FILE_BODY_BYTES}) answers `dispatch`'s Result as streamed JSON. Refusals: 404 unknown op, 405 not POST, 403 token,
 * 415 not JSON, 413 too large; arguments that are not JSON get a `bad-request` Result.
 */
export function bridgeCallRoute(token: string, dispatch: Dispatch): Route {
  return async (req, res, pathname) => {
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
    // A service answer's bytes stay counted until the page has read it (electron/host/service-client/delivery.ts). Only
    // for `request`, which makes exactly one service request: a call that made several, each held until
    // the call's answer is read, could wait on its own budget.
    const run = () => dispatch(op, args);
    const { result, delivered } =
      op === 'request' ? await untilDelivered(run) : { result: await run(), delivered() {} };
    res.once('finish', delivered);
    res.once('close', delivered);
    await sendJsonStream(res, 200, result, JSON_HEADERS);
  };
}

/**
 * A finished export's file: `GET /export/{id}` with the token, as an attachment named after the export
 * (HEAD: its headers only); 403 without the token, 404 for an id `download` does not know.
 */
export function exportRoute(
  token: string,
  download: ((id: string) => { path: string; name: string } | null) | undefined,
): Route {
  return async (req, res, pathname) => {
    const given = req.headers[BRIDGE_TOKEN_HEADER];
    if (typeof given !== 'string' || !tokensEqual(given, token)) return refuse(res, 403, 'Missing or wrong app token.');
    const id = /^\/export\/([0-9a-f-]{36})$/.exec(pathname)?.[1];
    const file = id === undefined ? null : (download?.(id) ?? null);
    if (file === null) return refuse(res, 404, 'No finished export with this id.');
    const { size } = await stat(file.path);
    res.writeHead(200, {
      'Content-Type': exportContentType(file.name),
      'Content-Length': size,
      'Content-Disposition': `attachment; filename="${file.name.replace(/[^A-Za-z0-9._-]/g, '_')}"`,
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    });
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    await pipeline(createReadStream(file.path), res);
  };
}
