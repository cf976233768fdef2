import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Host, startHost } from '../../../electron/host/app.ts';
import { demoDatabaseFile } from '../../../electron/host/common/paths.ts';
import { startBrowserShell } from '../../../electron/host/shell/browser-shell.ts';
import { BRIDGE_TOKEN_HEADER, bridgeRoute } from '../../../shared/bridge/bridge.ts';
import { startPeerServer } from './peer-server.ts';
import { testKeyring } from './test-keyring.ts';

// The host wired to the real local service (service/server.ts) on a real demo SQLite file in a temp
// data folder, and the real keychain (a Secret Service under with-keyring.sh, or none), under a test's service name.

const kr = testKeyring('app');
let dir: string;
let demo: Host;
const opened: string[] = [];

function base(dataDir: string): Parameters<typeof startHost>[0] {
  return {
    shell: 'browser',
    version: '0.1.0',
    dataDir,
    keyring: kr.keyring,
    openExternal: async (url) => {
      opened.push(url);
    },
  };
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'rinkside-app-'));
  demo = await startHost(base(join(dir, 'data')));
});
afterAll(async () => {
  await demo?.close();
  await kr.clear();
  await rm(dir, { recursive: true, force: true });
});

describe('startHost on the embedded demo service', () => {
  it('creates the demo database and runs on it with the demo key', async () => {
    expect(demo.embedded?.db).toBe(demoDatabaseFile(join(dir, 'data')));
    expect(demo.embedded?.demoKey()).toEqual(expect.any(String));
    const info = await demo.dispatch('appInfo', {});
    expect(info).toEqual({
      ok: true,
      value: { version: '0.1.0', shell: 'browser', baseUrl: demo.embedded?.baseUrl(), demo: true },
    });
    expect(demo.keys.status().source).toBe('demo');
  });

  it('a list request returns the envelope with no key anywhere in it', async () => {
    const r = await demo.dispatch('request', { endpoint: 'teams', query: { limit: '5', sort: 'name' } });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const env = r.value as {
      _meta: { totalRecords: number; limit: number };
      _links: { next: string };
      data: unknown[];
    };
    expect(env._meta.limit).toBe(5);
    expect(env.data).toHaveLength(5);
    expect(env._meta.totalRecords).toBeGreaterThan(5);
    expect(env._links.next).toContain('offset=5');
    const text = JSON.stringify(r);
    expect(text).not.toContain(demo.embedded?.demoKey() ?? 'no-demo-key');
    expect(text).not.toMatch(/apikey/i);
  });

  it('the service’s own 400 and 404 come back as values naming the parameter', async () => {
    const bad = await demo.dispatch('request', { endpoint: 'teams', query: { limit: '2000' } });
    expect(bad).toMatchObject({ ok: false, error: { kind: 'bad-request', status: 400, parameter: 'limit' } });
    const missing = await demo.dispatch('request', { endpoint: 'team', path: { id: 99_999_999 } });
    expect(missing).toMatchObject({ ok: false, error: { kind: 'not-found', status: 404 } });
  });

  it('setKey tries the key first: a wrong key gives unauthorized and stores nothing; the built-in key stays', async () => {
    for (const persist of ['session', 'keychain'] as const) {
      const r = await demo.dispatch('setKey', { key: 'wrong-key-4711', persist });
      expect(r).toMatchObject({ ok: false, error: { kind: 'unauthorized', status: 401 } });
      expect(JSON.stringify(r)).not.toContain('wrong-key-4711');
    }
    expect(await kr.keyEntries()).toEqual([]);
    expect(await demo.dispatch('keyStatus', {})).toMatchObject({
      ok: true,
      value: { source: 'demo', builtInAvailable: true },
    });
    expect(await demo.dispatch('appInfo', {})).toMatchObject({ ok: true, value: { demo: true } });
    expect((await demo.dispatch('request', { endpoint: 'teams', query: { limit: '1' } })).ok).toBe(true);
  });

  it('setKey on an unreachable service says so and stores nothing', async () => {
    const peer = await startPeerServer();
    const gone = peer.baseUrl;
    await peer.close();
    const host = await startHost({ ...base(join(dir, 'gone')), baseUrl: gone, client: { maxAttempts: 1 } });
    try {
      const r = await host.dispatch('setKey', { key: 'some-key-77', persist: 'keychain' });
      expect(r).toMatchObject({ ok: false, error: { kind: 'network' } });
      expect(r.ok ? '' : r.error.message).toMatch(/Could not reach .*not stored/);
      expect(await kr.keyEntries()).toEqual([]);
      expect(host.keys.status().source).toBe('none');
    } finally {
      await host.close();
    }
  });

  it('clearKey goes back to the built-in key (what "Use the built-in key" does)', async () => {
    const host = await startHost({ ...base(join(dir, 'data')) });
    try {
      // The demo key is a right key of the embedded service: it passes the try and is stored as the scout's.
      const demoKey = host.embedded?.demoKey() ?? '';
      expect(await host.dispatch('setKey', { key: demoKey, persist: 'session' })).toMatchObject({
        ok: true,
        value: { source: 'session', builtInAvailable: true },
      });
      expect(await host.dispatch('clearKey', {})).toMatchObject({
        ok: true,
        value: { source: 'demo', builtInAvailable: true },
      });
      expect((await host.dispatch('request', { endpoint: 'teams', query: { limit: '1' } })).ok).toBe(true);
    } finally {
      await host.close();
    }
  });

  it('testConnection and about report the synthetic data', async () => {
    const r = await demo.dispatch('testConnection', {});
    expect(r).toMatchObject({
      ok: true,
      value: { baseUrl: demo.embedded?.baseUrl(), about: { provenance: { source: 'synthetic' } } },
    });
  });

  it('the same host answers through the browser shell over HTTP', async () => {
    // As `npm start` wires it: a service answer crosses as the JSON text the host checked it into.
    const shell = await startBrowserShell({
      rendererDir: join(dir, 'no-renderer'),
      dispatch: demo.dispatchJson,
      token: 't0k3n',
    });
    try {
      const res = await fetch(new URL(bridgeRoute('request'), shell.url), {
        method: 'POST',
        headers: { 'content-type': 'application/json', [BRIDGE_TOKEN_HEADER]: 't0k3n' },
        body: JSON.stringify({ endpoint: 'leagues', query: { limit: '3' } }),
      });
      expect(res.status).toBe(200);
      const body = (await res.json()) as { ok: boolean; value: { data: unknown[] } };
      expect(body.ok).toBe(true);
      expect(body.value.data.length).toBeGreaterThan(0);
      // The same records as the host's values (Electron's IPC) give.
      const values = await demo.dispatch('request', { endpoint: 'leagues', query: { limit: '3' } });
      expect(values.ok && (values.value as { data: unknown[] }).data).toEqual(body.value.data);
      // Without a built renderer the shell says so instead of serving anything else.
      const index = await fetch(shell.url);
      expect(index.status).toBe(404);
    } finally {
      await shell.close();
    }
  });
});

describe('startHost with a keys file (restricted subscription) on the same database', () => {
  it('no demo key; a full key works; a key limited to another league gets forbidden', async () => {
    const keysFile = join(dir, 'keys.json');
    await writeFile(
      keysFile,
      JSON.stringify({
        keys: [
          { key: 'full-access-key-1', organisation: 'Test', leagues: '*', seasons: '*', categories: '*' },
          { key: 'narrow-key-22', organisation: 'Test', leagues: ['no-such-league'], seasons: '*', categories: '*' },
        ],
      }),
    );
    const host = await startHost({
      ...base(join(dir, 'data')),
      db: demoDatabaseFile(join(dir, 'data')),
      keys: keysFile,
    });
    try {
      expect(host.embedded?.demoKey()).toBeNull();
      expect(host.keys.status().source).toBe('none');
      const noKey = await host.dispatch('request', { endpoint: 'leagues', query: { limit: '1' } });
      expect(noKey).toMatchObject({ ok: false, error: { kind: 'unauthorized' } });

      expect(host.keys.status().builtInAvailable).toBe(false);
      await host.dispatch('setKey', { key: 'full-access-key-1', persist: 'session' });
      const leagues = await host.dispatch('request', { endpoint: 'leagues', query: { limit: '1' } });
      expect(leagues.ok).toBe(true);
      if (!leagues.ok) return;
      const slug = (leagues.value as { data: Array<{ slug: string }> }).data[0]?.slug ?? '';
      expect(slug).toMatch(/^[a-z0-9-]+$/);

      await host.dispatch('setKey', { key: 'narrow-key-22', persist: 'session' });
      const standings = await host.dispatch('request', { endpoint: 'leagueStandings', path: { slug } });
      expect(standings).toMatchObject({ ok: false, error: { kind: 'forbidden', status: 403 } });
      expect(JSON.stringify(standings)).not.toContain('narrow-key-22');
    } finally {
      await host.close();
    }
  });
});

describe('startHost refuses bad options plainly', () => {
  it('a --db that does not exist', async () => {
    await expect(startHost({ ...base(join(dir, 'data')), db: join(dir, 'nope.sqlite') })).rejects.toThrow(
      `The database ${join(dir, 'nope.sqlite')} does not exist.`,
    );
  });
  it('a --base-url that is not http(s)', async () => {
    await expect(startHost({ ...base(join(dir, 'data')), baseUrl: 'file:///etc' })).rejects.toThrow(/--base-url/);
  });
  it('--base-url: no local service, no demo key; the other service answers 401 without a key', async () => {
    const host = await startHost({ ...base(join(dir, 'other')), baseUrl: `${demo.embedded?.baseUrl()}/` });
    try {
      expect(host.embedded).toBeNull();
      expect(host.connection.baseUrl()).toBe(demo.embedded?.baseUrl());
      expect(await host.dispatch('appInfo', {})).toMatchObject({ ok: true, value: { demo: false } });
      const r = await host.dispatch('request', { endpoint: 'teams', query: { limit: '1' } });
      expect(r).toMatchObject({ ok: false, error: { kind: 'unauthorized' } });
    } finally {
      await host.close();
    }
  });
});
