import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Dispatch } from '../bridge/handlers.ts';
import { refuse } from './browser-shell-http.ts';
import { bridgeCallRoute, exportRoute, pageRoute } from './browser-shell-routes.ts';
import { contentSecurityPolicy, isAllowedHostHeader, isAllowedOriginHeader, securityHeaders } from './security.ts';

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

/** What the shell serves and with what: the built page, the bridge's dispatcher, the port, extra CSP origins. */
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

/** A running shell: its URL and port, and `close` (stops listening and drops open connections). */
export interface BrowserShell {
  /** `http://127.0.0.1:PORT/` */
  url: string;
  port: number;
  close(): Promise<void>;
}

/**
 * Starts the shell on 127.0.0.1: every request must name the shell in its Host header and come from no
 * other origin, then goes to its route (browser-shell-routes.ts). Rejects when the port is taken.
 */
export async function startBrowserShell(opts: BrowserShellOptions): Promise<BrowserShell> {
  const token = opts.token ?? randomBytes(32).toString('hex');
  const log = opts.log ?? (() => {});
  const headers = securityHeaders(contentSecurityPolicy({ imageOrigins: opts.imageOrigins ?? [] }));
  const page = pageRoute(opts.rendererDir, token, headers);
  const bridge = bridgeCallRoute(token, opts.dispatch);
  const exportFile = exportRoute(token, opts.exportDownload);
  let port = 0;

  const server = createServer(async (req, res) => {
    try {
      if (!isAllowedHostHeader(req.headers.host, port)) return refuse(res, 403, 'Wrong Host header.');
      if (!isAllowedOriginHeader(req.headers.origin, port))
        return refuse(res, 403, 'Cross-origin requests are refused.');
      // The raw path, not `new URL(req.url, base)`: that would read `//x/y` as a host name.
      const pathname = (req.url ?? '').split(/[?#]/)[0] ?? '';
      if (!pathname.startsWith('/')) return refuse(res, 400, 'Malformed request URL.');
      if (pathname === '/bridge' || pathname.startsWith('/bridge/')) return await bridge(req, res, pathname);
      if (req.method !== 'GET' && req.method !== 'HEAD') return refuse(res, 405, 'Use GET.', { Allow: 'GET, HEAD' });
      if (pathname.startsWith('/export/')) return await exportFile(req, res, pathname);
      return await page(req, res, pathname);
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
