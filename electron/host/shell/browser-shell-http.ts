import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Result, ServiceError } from '../../../shared/contract/errors.ts';

/**
 * The browser shell's HTTP parts: the per-launch token (written into the page, compared in constant
 * time), JSON answers and refusals as the bridge's `Result`, and a request body read up to the bridge's
 * limit.
 */

/** The name of the meta element that carries the token into the page. */
const TOKEN_META = 'rinkside-bridge-token';

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

/** Headers of every JSON answer: never cached, never sniffed. */
export const JSON_HEADERS = {
  'Content-Type': 'application/json; charset=utf-8',
  'Cache-Control': 'no-store',
  'X-Content-Type-Options': 'nosniff',
} as const;

/** Sends `body` as a JSON answer of `status`. */
export function sendJson(res: ServerResponse, status: number, body: unknown, extra: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { ...JSON_HEADERS, 'Content-Length': Buffer.byteLength(text), ...extra });
  res.end(text);
}

/** Refuses a request with `status` and a JSON `Result` whose error says why in `message`. */
export function refuse(
  res: ServerResponse,
  status: 403 | 404 | 405 | 413 | 415 | 400,
  message: string,
  extra: Record<string, string> = {},
): void {
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
export function readBody(req: IncomingMessage, max: number): Promise<Buffer | null> {
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
