/**
 * Every security rule of the app window in one module, as pure functions that main.ts and the browser
 * shell apply and that test/unit/host/security.test.ts checks against a table of hostile inputs
 * (DESIGN.md, "Models to learn from": podman-desktop's security-restrictions, actualbudget's trusted-url).
 */

/** The privileged scheme Electron serves the built renderer from (`rinkside://app/index.html`). */
export const APP_SCHEME = 'rinkside';
/** The single host of {@link APP_SCHEME}; the app's origin is `rinkside://app`. */
export const APP_HOST = 'app';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;

/**
 * The Content-Security-Policy of the page, in Electron and in the browser shell alike.
 * Scripts and connections only from the app's own origin (the browser shell's bridge is same-origin;
 * Electron's bridge is IPC, not fetch); images also from https (team logos) and, when given, the
 * service's own origin (a local service serving logos over http on loopback). No inline or eval'd
 * script, no inline `<style>` or `style="…"` markup (React sets `style` props through the CSSOM, which
 * CSP allows). The renderer's own `<meta>` CSP applies on top: the page gets the stricter of both.
 */
export function contentSecurityPolicy(opts: { imageOrigins?: readonly string[] } = {}): string {
  const img = ["'self'", 'data:', 'https:', ...(opts.imageOrigins ?? []).filter(isCspSafeOrigin)];
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    `img-src ${img.join(' ')}`,
    "font-src 'self' data:",
    "connect-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
    "frame-src 'none'",
    "object-src 'none'",
    "worker-src 'self'",
    "manifest-src 'self'",
  ].join('; ');
}

/**
 * The image origin of the embedded local service: loopback on any port, because the service's port
 * changes when its process restarts while the page keeps the CSP it was loaded with.
 */
export const LOCAL_SERVICE_IMAGE_ORIGIN = 'http://127.0.0.1:*';

/** An origin fit to write into a CSP source list: scheme://host[:port or :*] with no spaces, quotes or `;`. */
function isCspSafeOrigin(origin: string): boolean {
  return /^https?:\/\/[A-Za-z0-9.[\]:-]+(:\*)?$/.test(origin);
}

function parse(url: unknown): URL | null {
  if (typeof url !== 'string' || url.length > 4096) return null;
  try {
    return new URL(url);
  } catch {
    return null;
  }
}

/**
 * Whether the app window may navigate to `url`: only to documents of its own origin
 * (`rinkside://app/…`, or the browser shell's `http://127.0.0.1:PORT/…` when `shellOrigin` is given).
 * Everything else (other schemes, hosts, ports, credentials in the URL) is refused.
 */
export function isAllowedNavigation(url: unknown, shellOrigin?: string): boolean {
  const u = parse(url);
  if (u?.username !== '' || u.password !== '') return false;
  if (u.protocol === `${APP_SCHEME}:`) return u.host === APP_HOST;
  if (shellOrigin !== undefined) return u.origin === shellOrigin && isLoopbackHost(u.hostname);
  return false;
}

/**
 * Whether `url` may be handed to the OS to open (shell.openExternal, xdg-open): only `https:` links to a
 * real host name, no credentials, no whitespace or control characters that a launcher could
 * misread as a second argument.
 */
export function isSafeExternalUrl(url: unknown): boolean {
  if (typeof url !== 'string' || url.length > 2048) return false;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what this refuses in a URL.
  if (/[\s\u0000-\u001f\u007f]/.test(url) || url.startsWith('-')) return false;
  const u = parse(url);
  if (u?.protocol !== 'https:' || u.username !== '' || u.password !== '') return false;
  if (u.hostname === '' || isLoopbackHost(u.hostname)) return false;
  return true;
}

/** Loopback names the browser shell answers to. */
export function isLoopbackHost(hostname: string): boolean {
  return hostname === '127.0.0.1' || hostname === 'localhost' || hostname === '[::1]';
}

/**
 * DNS-rebinding guard of the browser shell: the `Host` header must be exactly `127.0.0.1:PORT` or
 * `localhost:PORT` for the shell's own port. A page on another name that resolves to 127.0.0.1 sends
 * its own name here and is refused.
 */
export function isAllowedHostHeader(host: unknown, port: number): boolean {
  if (typeof host !== 'string') return false;
  return host === `127.0.0.1:${port}` || host === `localhost:${port}`;
}

/**
 * Whether an `Origin` header (when the browser sends one) is the shell's own origin. Browsers send
 * `Origin` on every POST; a cross-site page would show its own origin here.
 */
export function isAllowedOriginHeader(origin: unknown, port: number): boolean {
  if (origin === undefined) return true;
  return origin === `http://127.0.0.1:${port}` || origin === `http://localhost:${port}`;
}

/** Whether an IPC message comes from the app's own page (the sender frame's URL is on the app origin). */
export function isTrustedSenderUrl(url: unknown): boolean {
  const u = parse(url);
  return u !== null && u.protocol === `${APP_SCHEME}:` && u.host === APP_HOST && u.username === '';
}

/**
 * Permission requests (camera, notifications, geolocation, clipboard…) are all denied: a stats viewer
 * needs none. Kept as a function so the rule is stated and tested in one place.
 */
export function isPermissionAllowed(_permission: string): boolean {
  return false;
}

/** Security headers sent with every document and asset (Electron protocol and browser shell alike). */
export function securityHeaders(csp: string): Record<string, string> {
  return {
    'Content-Security-Policy': csp,
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': 'no-referrer',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cross-Origin-Resource-Policy': 'same-origin',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), usb=(), serial=(), payment=()',
    'Cache-Control': 'no-store',
  };
}
