import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserShell, startBrowserShell } from '../../../electron/host/shell/browser-shell.ts';
import { injectToken, tokensEqual } from '../../../electron/host/shell/browser-shell-http.ts';
import { BRIDGE_BODY_LIMIT, BRIDGE_TOKEN_HEADER, bridgeRoute } from '../../../shared/bridge/bridge.ts';

// The browser shell on a real loopback port, with raw HTTP requests (fetch would normalise the paths
// and refuses to set Host, which is exactly what an attacker's client does not).

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

function raw(
  port: number,
  opts: { method?: string; path: string; headers?: Record<string, string>; body?: string },
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method: opts.method ?? 'GET',
        path: opts.path,
        headers: { host: `127.0.0.1:${port}`, ...opts.headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }),
        );
      },
    );
    req.on('error', reject);
    if (opts.body !== undefined) req.write(opts.body);
    req.end();
  });
}

const TOKEN = `${'a'.repeat(63)}b`;
let root: string;
let shell: BrowserShell;
const dispatched: Array<[string, unknown]> = [];
const answers: Answer[] = [];

async function ask(opts: Parameters<typeof raw>[1]): Promise<Answer> {
  const a = await raw(shell.port, opts);
  answers.push(a);
  return a;
}

function post(op: string, body: unknown, headers: Record<string, string> = {}) {
  return ask({
    method: 'POST',
    path: `/bridge/${op}`,
    headers: { 'content-type': 'application/json', [BRIDGE_TOKEN_HEADER]: TOKEN, ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'rinkside-shell-'));
  const renderer = join(root, 'renderer');
  await mkdir(join(renderer, 'assets'), { recursive: true });
  await writeFile(
    join(renderer, 'index.html'),
    '<!doctype html><html><head><title>Rinkside</title></head><body><script type="module" src="./assets/app.js"></script></body></html>',
  );
  await writeFile(join(renderer, 'assets', 'app.js'), 'console.log("app")');
  await writeFile(join(renderer, '.env'), 'HIDDEN=1');
  await writeFile(join(root, 'secret.txt'), 'TOP-SECRET');
  await symlink(join(root, 'secret.txt'), join(renderer, 'assets', 'link.js'));
  shell = await startBrowserShell({
    rendererDir: renderer,
    token: TOKEN,
    dispatch: async (op, args) => {
      dispatched.push([op, args]);
      return { ok: true, value: { echo: op } };
    },
  });
});
afterAll(async () => {
  await shell.close();
  await rm(root, { recursive: true, force: true });
});

describe('static files', () => {
  it('GET / serves index.html with the token meta, a strict CSP and no-store', async () => {
    const a = await ask({ path: '/' });
    expect(a.status).toBe(200);
    expect(a.body).toContain(`<head><meta name="rinkside-bridge-token" content="${TOKEN}"><title>`);
    expect(a.headers['content-security-policy']).toMatch(/default-src 'none'; script-src 'self'/);
    expect(a.headers['cache-control']).toBe('no-store');
    expect(a.headers['x-frame-options']).toBe('DENY');
    expect(a.headers['x-content-type-options']).toBe('nosniff');
  });

  it('assets are served with their type; a client route is sent to its hash route; a missing asset is 404', async () => {
    const js = await ask({ path: '/assets/app.js' });
    expect(js.status).toBe(200);
    expect(js.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(js.body).toBe('console.log("app")');
    const route = await ask({ path: '/teams/12?sort=-name', headers: { accept: 'text/html' } });
    expect(route.status).toBe(302);
    expect(route.headers.location).toBe('/#/teams/12?sort=-name');
    expect(route.body).not.toContain(TOKEN);
    expect(route.headers['content-security-policy']).toMatch(/default-src 'none'/);
    expect((await ask({ path: '/assets/missing.js' })).status).toBe(404);
  });

  it.each([
    ['//evil.example/teams', '/#//evil.example/teams'],
    ['/%2F%2Fevil', '/#/%2F%2Fevil'],
    [
      '/teams/12/goaltending-leaders?season=2019-2020&block=postseasonStats',
      '/#/teams/12/goaltending-leaders?season=2019-2020&block=postseasonStats',
    ],
  ])('the redirect of %s stays on this origin: %s', async (path, location) => {
    const a = await ask({ path, headers: { accept: 'text/html' } });
    expect(a.status).toBe(302);
    expect(a.headers.location).toBe(location);
    expect(new URL(a.headers.location as string, 'http://127.0.0.1:1/').origin).toBe('http://127.0.0.1:1');
  });

  it.each([
    '/../secret.txt',
    '/assets/../../secret.txt',
    '/%2e%2e/secret.txt',
    '/%2E%2E%2Fsecret.txt',
    '/assets/..%2F..%2Fsecret.txt',
    '/..%5csecret.txt',
    '/assets/link.js',
    '/.env',
    '/%00/etc/passwd',
    '/%E0%A4%A',
    '//etc/passwd',
    '/etc/passwd',
  ])('path traversal %s → 404 and nothing outside the folder', async (path) => {
    const a = await ask({ path });
    expect(a.status).toBe(404);
    expect(a.body).not.toContain('TOP-SECRET');
    expect(a.body).not.toContain('HIDDEN');
    expect(a.body).not.toContain('root:');
  });

  it('other methods on files → 405', async () => {
    const put = await ask({ method: 'PUT', path: '/index.html', body: 'x' });
    expect(put.status).toBe(405);
    expect(JSON.parse(put.body)).toMatchObject({ ok: false, error: { kind: 'bad-request', status: 405 } });
  });
});

describe('Host and Origin guards', () => {
  it.each(['evil.example', `evil.example:PORT`, '127.0.0.1', 'localhost', '127.0.0.1:1'])(
    'Host %s → 403 with no token in the body',
    async (host) => {
      const a = await ask({ path: '/', headers: { host: host.replace('PORT', String(shell.port)) } });
      expect(a.status).toBe(403);
      expect(a.body).not.toContain(TOKEN);
    },
  );
  it('localhost:PORT is accepted', async () => {
    expect((await ask({ path: '/', headers: { host: `localhost:${shell.port}` } })).status).toBe(200);
  });
  it('a cross-origin POST with the right token → 403', async () => {
    const before = dispatched.length;
    const a = await post('appInfo', {}, { origin: 'https://evil.example' });
    expect(a.status).toBe(403);
    expect(dispatched.length).toBe(before);
  });
});

describe('bridge routes', () => {
  it('POST with the token and JSON → 200 with the Result, args passed on parsed', async () => {
    const a = await post(
      'request',
      { endpoint: 'teams', query: { limit: '5' } },
      { origin: `http://127.0.0.1:${shell.port}` },
    );
    expect(a.status).toBe(200);
    expect(JSON.parse(a.body)).toEqual({ ok: true, value: { echo: 'request' } });
    expect(dispatched.at(-1)).toEqual(['request', { endpoint: 'teams', query: { limit: '5' } }]);
  });

  it.each([
    ['no token', {}],
    ['a wrong token', { [BRIDGE_TOKEN_HEADER]: 'b'.repeat(64) }],
    ['a prefix of the token', { [BRIDGE_TOKEN_HEADER]: TOKEN.slice(0, 10) }],
    ['the token with a suffix', { [BRIDGE_TOKEN_HEADER]: `${TOKEN}x` }],
  ])('%s → 403, nothing dispatched', async (_name, headers) => {
    const before = dispatched.length;
    const a = await ask({
      method: 'POST',
      path: bridgeRoute('keyStatus'),
      headers: { 'content-type': 'application/json', ...headers },
      body: '{}',
    });
    expect(a.status).toBe(403);
    expect(JSON.parse(a.body)).toMatchObject({ ok: false, error: { kind: 'forbidden' } });
    expect(dispatched.length).toBe(before);
  });

  it('GET on a bridge route → 405 with Allow: POST', async () => {
    const a = await ask({ path: bridgeRoute('keyStatus'), headers: { [BRIDGE_TOKEN_HEADER]: TOKEN } });
    expect(a.status).toBe(405);
    expect(a.headers.allow).toBe('POST');
    // The body says the same status as the response line.
    expect(JSON.parse(a.body)).toEqual({
      ok: false,
      error: { kind: 'bad-request', status: 405, message: 'Use POST.' },
    });
  });

  it('a non-JSON content type → 415 (a form post from another page cannot reach the bridge)', async () => {
    const a = await post('keyStatus', '{}', { 'content-type': 'text/plain' });
    expect(a.status).toBe(415);
    expect(JSON.parse(a.body)).toMatchObject({ ok: false, error: { kind: 'bad-request', status: 415 } });
  });

  it('an unknown op → 404; malformed JSON → bad-request Result; an oversized body → 413', async () => {
    expect((await post('evil', {})).status).toBe(404);
    expect((await post('__proto__', {})).status).toBe(404);
    const bad = await post('keyStatus', '{not json');
    expect(JSON.parse(bad.body)).toMatchObject({ ok: false, error: { kind: 'bad-request', parameter: 'body' } });
    const big = await post('request', { endpoint: 'teams', query: { q: 'x'.repeat(BRIDGE_BODY_LIMIT) } });
    expect(big.status).toBe(413);
    expect(JSON.parse(big.body)).toMatchObject({ ok: false, error: { kind: 'bad-request', status: 413 } });
  });

  it('takes a lists file of several MB for the import alone, and refuses one past its own cap', async () => {
    const text = 'x'.repeat(5 * 1024 * 1024);
    const ok = await post('scoutingListsImport', { text });
    expect(ok.status).toBe(200);
    expect(dispatched.at(-1)).toEqual(['scoutingListsImport', { text }]);
    // The same size to any other operation is refused.
    expect((await post('keyStatus', { text })).status).toBe(413);
    expect((await post('scoutingListsImport', { text: 'x'.repeat(41 * 1024 * 1024) })).status).toBe(413);
  });

  it('no answer ever carried a CORS header', () => {
    expect(answers.length).toBeGreaterThan(20);
    for (const a of answers) {
      expect(Object.keys(a.headers).filter((h) => h.startsWith('access-control-'))).toEqual([]);
    }
  });
});

describe('helpers', () => {
  it('tokensEqual compares whole tokens', () => {
    expect(tokensEqual(TOKEN, TOKEN)).toBe(true);
    expect(tokensEqual(TOKEN.slice(1), TOKEN)).toBe(false);
    expect(tokensEqual('', TOKEN)).toBe(false);
  });
  it('injectToken puts the meta first in head, or at the start without one', () => {
    expect(injectToken('<html><HEAD lang="x"><title>t</title>', 'T')).toBe(
      '<html><HEAD lang="x"><meta name="rinkside-bridge-token" content="T"><title>t</title>',
    );
    expect(injectToken('<p>x</p>', 'T')).toBe('<meta name="rinkside-bridge-token" content="T"><p>x</p>');
  });
});
