import { describe, expect, it } from 'vitest';
import {
  contentSecurityPolicy,
  isAllowedHostHeader,
  isAllowedNavigation,
  isAllowedOriginHeader,
  isPermissionAllowed,
  isSafeExternalUrl,
  isTrustedSenderUrl,
  LOCAL_SERVICE_IMAGE_ORIGIN,
} from '../../../electron/host/shell/security.ts';

const SHELL = 'http://127.0.0.1:4173';

describe('isAllowedNavigation (Electron: rinkside://app only; browser shell: its own origin)', () => {
  it.each([
    ['rinkside://app/index.html', undefined, true],
    ['rinkside://app/teams/12?sort=-name', undefined, true],
    ['rinkside://evil/index.html', undefined, false],
    ['rinkside://user:pw@app/index.html', undefined, false],
    ['https://example.org/', undefined, false],
    ['http://127.0.0.1:4173/', undefined, false],
    ['file:///etc/passwd', undefined, false],
    ['javascript:alert(1)', undefined, false],
    ['data:text/html,<script>alert(1)</script>', undefined, false],
    ['about:blank', undefined, false],
    ['chrome://settings', undefined, false],
    ['devtools://devtools/bundled/inspector.html', undefined, false],
    ['', undefined, false],
    ['not a url', undefined, false],
    [null, undefined, false],
    [42, undefined, false],
    ['http://127.0.0.1:4173/teams', SHELL, true],
    ['http://127.0.0.1:4174/', SHELL, false],
    ['http://localhost:4173/', SHELL, false],
    ['http://127.0.0.1.nip.io:4173/', SHELL, false],
    ['http://user@127.0.0.1:4173/', SHELL, false],
    ['https://127.0.0.1:4173/', SHELL, false],
  ])('%j (shell %j) → %j', (url, shell, allowed) => {
    expect(isAllowedNavigation(url, shell)).toBe(allowed);
  });
});

describe('isSafeExternalUrl (what may go to shell.openExternal / xdg-open)', () => {
  it.each([
    ['https://www.hockeydb.com/stte/rochester-americans-7339.html', true],
    ['https://example.org/path?q=1#x', true],
    ['http://example.org/', false],
    ['HTTPS://EXAMPLE.ORG/', true],
    ['file:///etc/passwd', false],
    ['smb://attacker/share', false],
    ['ms-msdt:/id PCWDiagnostic', false],
    ['javascript:alert(1)', false],
    ['vbscript:msgbox', false],
    ['data:text/html,hi', false],
    ['rinkside://app/index.html', false],
    ['https://user:pass@example.org/', false],
    ['https://example.org/ --no-sandbox', false],
    ['https://example.org/\n--foo', false],
    ['https://example.org/\u0000', false],
    ['-https://example.org/', false],
    ['https://127.0.0.1:4173/', false],
    ['https://localhost/', false],
    [`https://example.org/${'a'.repeat(3000)}`, false],
    ['', false],
    [undefined, false],
    [{ href: 'https://example.org/' }, false],
  ])('%j → %j', (url, safe) => {
    expect(isSafeExternalUrl(url)).toBe(safe);
  });
});

describe('browser shell Host and Origin guards (DNS rebinding, cross-site)', () => {
  it.each([
    ['127.0.0.1:4173', true],
    ['localhost:4173', true],
    ['127.0.0.1', false],
    ['127.0.0.1:80', false],
    ['attacker.example:4173', false],
    ['127.0.0.1.attacker.example:4173', false],
    ['LOCALHOST:4173', false],
    ['[::1]:4173', false],
    ['127.0.0.1:4173 ', false],
    ['', false],
    [undefined, false],
  ])('Host %j → %j', (host, ok) => {
    expect(isAllowedHostHeader(host, 4173)).toBe(ok);
  });
  it.each([
    [undefined, true],
    ['http://127.0.0.1:4173', true],
    ['http://localhost:4173', true],
    ['null', false],
    ['https://attacker.example', false],
    ['http://127.0.0.1:4174', false],
  ])('Origin %j → %j', (origin, ok) => {
    expect(isAllowedOriginHeader(origin, 4173)).toBe(ok);
  });
});

describe('IPC sender and permissions', () => {
  it.each([
    ['rinkside://app/index.html', true],
    ['rinkside://app/', true],
    ['rinkside://other/index.html', false],
    ['https://example.org/', false],
    ['file:///work/main/out/renderer/index.html', false],
    ['about:blank', false],
    ['', false],
    [undefined, false],
  ])('sender %j → %j', (url, ok) => {
    expect(isTrustedSenderUrl(url)).toBe(ok);
  });
  it.each(['media', 'geolocation', 'notifications', 'clipboard-read', 'openExternal', 'fullscreen'])(
    'permission %s is denied',
    (p) => {
      expect(isPermissionAllowed(p)).toBe(false);
    },
  );
});

describe('contentSecurityPolicy', () => {
  it('allows scripts only from self, no inline or eval, no framing, no objects', () => {
    const csp = contentSecurityPolicy();
    const directives = new Map(csp.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1)]));
    expect(directives.get('default-src')).toEqual(["'none'"]);
    expect(directives.get('script-src')).toEqual(["'self'"]);
    expect(directives.get('connect-src')).toEqual(["'self'"]);
    expect(directives.get('object-src')).toEqual(["'none'"]);
    expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp).not.toMatch(/unsafe-eval|unsafe-inline/);
    expect(directives.get('style-src')).toEqual(["'self'"]);
  });
  it('adds only well-formed image origins', () => {
    const csp = contentSecurityPolicy({
      imageOrigins: ['http://127.0.0.1:5000', "https://x; script-src 'unsafe-inline'"],
    });
    const img = csp.split('; ').find((d) => d.startsWith('img-src '));
    expect(img).toBe("img-src 'self' data: https: http://127.0.0.1:5000");
    expect(csp.match(/script-src/g)).toHaveLength(1);
  });
  it("lets the page show the local service's images on whatever port it restarts on, and only on loopback", () => {
    const csp = contentSecurityPolicy({ imageOrigins: [LOCAL_SERVICE_IMAGE_ORIGIN, 'http://127.0.0.1:*; x'] });
    const img = csp.split('; ').find((d) => d.startsWith('img-src '));
    expect(img).toBe("img-src 'self' data: https: http://127.0.0.1:*");
  });
});
