import { realpath, stat } from 'node:fs/promises';
import { extname, resolve, sep } from 'node:path';

/**
 * Serving the built renderer (out/renderer) safely, for the browser shell and Electron's `rinkside://`
 * protocol alike: a URL path maps to a file only inside the renderer folder (no `..`, no encoded
 * separators, no NUL, no symlink out of the folder, no dot-files).
 */

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
};

/** The content type of a served file by its extension; unknown kinds are served as bytes. */
export function contentTypeOf(file: string): string {
  return CONTENT_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';
}

/**
 * Maps a URL pathname (still percent-encoded, as it arrived) to a file inside `root`, or null when the
 * path is malformed, leaves the folder, names a dot-file or a folder, or does not exist.
 */
export async function resolveStaticFile(root: string, pathname: string): Promise<string | null> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  if (!decoded.startsWith('/') || decoded.includes('\0') || decoded.includes('\\')) return null;
  const segments = decoded.split('/').filter((s) => s !== '');
  if (segments.some((s) => s === '..' || s === '.' || s.startsWith('.'))) return null;
  const rootAbs = resolve(root);
  const candidate = resolve(rootAbs, ...segments);
  if (candidate !== rootAbs && !candidate.startsWith(rootAbs + sep)) return null;
  try {
    const [realRoot, realFile] = await Promise.all([realpath(rootAbs), realpath(candidate)]);
    if (!realFile.startsWith(realRoot + sep)) return null;
    const s = await stat(realFile);
    return s.isFile() ? realFile : null;
  } catch {
    return null;
  }
}

/**
 * Whether a request for `pathname` that matched no file is a client-side route typed as a path (such as
 * `/teams/12`): only extension-less paths, so a missing asset stays a 404.
 */
export function isClientRoute(pathname: string): boolean {
  const last = pathname.split('/').pop() ?? '';
  return !last.includes('.') && !pathname.startsWith('/bridge/') && pathname !== '/bridge';
}

/**
 * The hash route of a client route typed as a path: `/teams/12?season=2019-2020` →
 * `/#/teams/12?season=2019-2020`. The router reads the hash (renderer/app/App.tsx); index.html served at
 * the path itself would load its relative asset URLs from under `/teams/` and stay blank. `url` is the
 * request's raw path and query (no fragment reaches a server); the result is a path on the same origin,
 * whatever `url` holds (`//host/x` becomes the hash `#//host/x`, never another host).
 */
export function hashRouteOf(url: string): string {
  const route = url.startsWith('/') ? url : `/${url}`;
  return `/#${route}`;
}
