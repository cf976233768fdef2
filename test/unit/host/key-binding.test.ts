import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Host, startHost } from '../../../electron/host/app.ts';
import { BRIDGE_OPS } from '../../../shared/bridge/bridge.ts';
import { type PeerServer, startPeerServer } from './peer-server.ts';
import { testKeyring } from './test-keyring.ts';

// The key is bound to the service it was saved for. The host runs on the real embedded service with a
// keys file (so the scout's key is a real key of that service), the real keychain under a test's name, and a
// second real HTTP server stands in for a foreign service: whatever the page asks, that server must never
// see the key, in any encoding.

const kr = testKeyring('binding');
const scoutKey = `scout-${randomBytes(12).toString('hex')}`;
let dir: string;
let host: Host;
let foreign: PeerServer;

function hostOpts(dataDir: string, keysFile: string): Parameters<typeof startHost>[0] {
  return {
    shell: 'browser',
    version: '0.1.0',
    dataDir,
    keys: keysFile,
    keyring: kr.keyring,
    openExternal: async () => {},
  };
}

/** Whether the foreign server saw the key in any form a URL can carry it. */
function foreignSawKey(): boolean {
  const all = foreign.seen.join('\n');
  return all.includes(scoutKey) || decodeURIComponent(all).includes(scoutKey);
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'rinkside-binding-'));
  const keysFile = join(dir, 'keys.json');
  await writeFile(
    keysFile,
    JSON.stringify({
      keys: [{ key: scoutKey, organisation: 'Test', leagues: '*', seasons: '*', categories: '*' }],
    }),
  );
  foreign = await startPeerServer();
  host = await startHost(hostOpts(join(dir, 'data'), keysFile));
  expect(await host.dispatch('setKey', { key: scoutKey, persist: 'keychain' })).toMatchObject({
    ok: true,
    value: { source: 'keychain' },
  });
});
afterAll(async () => {
  await host?.close();
  await foreign?.close();
  await kr.clear();
  await rm(dir, { recursive: true, force: true });
});

describe('the scout’s key goes only to the service it was saved for', () => {
  it('works on its own service', async () => {
    const r = await host.dispatch('request', { endpoint: 'teams', query: { limit: '1' } });
    expect(r.ok).toBe(true);
  });

  it('testConnection against another service sends no stored key', async () => {
    const before = foreign.seen.length;
    const r = await host.dispatch('testConnection', { baseUrl: foreign.baseUrl });
    expect(r.ok).toBe(true);
    expect(foreign.seen.length).toBeGreaterThan(before);
    expect(foreign.seen.slice(before).some((u) => /apikey/i.test(u))).toBe(false);
    expect(foreignSawKey()).toBe(false);
  });

  it('testConnection sends a key typed for that test, and stores nothing', async () => {
    const typed = `typed-${randomBytes(6).toString('hex')}`;
    const before = foreign.seen.length;
    expect((await host.dispatch('testConnection', { baseUrl: foreign.baseUrl, key: typed })).ok).toBe(true);
    const teamsCall = foreign.seen.slice(before).find((u) => u.startsWith('/v1/teams'));
    expect(new URLSearchParams(teamsCall?.split('?')[1] ?? '').get('apiKey')).toBe(typed);
    expect(host.keys.status().source).toBe('keychain');
    expect(foreignSawKey()).toBe(false);
  });

  it('about of another service sends no key', async () => {
    expect(await host.dispatch('about', { baseUrl: foreign.baseUrl })).toMatchObject({ ok: true });
    expect(foreignSawKey()).toBe(false);
  });

  it('after updateSettings to another service no op sends the key; the key comes back with its service', async () => {
    expect(await host.dispatch('updateSettings', { baseUrl: foreign.baseUrl })).toMatchObject({ ok: true });
    expect(await host.dispatch('keyStatus', {})).toEqual({
      ok: true,
      value: { source: 'none', keychainAvailable: true, builtInAvailable: false },
    });
    const r = await host.dispatch('request', { endpoint: 'teams', query: { limit: '1' } });
    expect(r.ok).toBe(true);
    expect(foreign.seen.at(-1)).not.toMatch(/apikey/i);
    // Every other op, with its plainest arguments (setKey with a key typed for the foreign service).
    const args: Record<string, unknown> = {
      request: { endpoint: 'leagues', query: {} },
      setKey: { key: 'typed-for-foreign-1', persist: 'session' },
      openExternal: { url: 'https://example.org/' },
    };
    for (const op of BRIDGE_OPS) {
      if (op === 'updateSettings' || op === 'clearKey') continue;
      await host.dispatch(op, args[op] ?? {});
    }
    expect(foreignSawKey()).toBe(false);

    // A new launch with the saved base URL pointing at the foreign service: still no key for it.
    const next = await startHost({ ...hostOpts(join(dir, 'data'), join(dir, 'keys.json')) });
    try {
      expect(next.connection.baseUrl()).toBe(foreign.baseUrl);
      await next.dispatch('request', { endpoint: 'teams', query: { limit: '1' } });
      await next.dispatch('testConnection', {});
      expect(foreignSawKey()).toBe(false);
    } finally {
      await next.close();
    }

    // Back to the embedded service: the keychain key is the one in use again.
    expect(await host.dispatch('updateSettings', { baseUrl: null })).toMatchObject({ ok: true });
    expect(host.keys.status().source).toBe('keychain');
    expect((await host.dispatch('request', { endpoint: 'teams', query: { limit: '1' } })).ok).toBe(true);
    expect(foreignSawKey()).toBe(false);
  });
});

describe('http only on this machine', () => {
  it.each(['http://example.org/v1', 'http://10.0.0.1/v1', 'http://127.0.0.1.example.org/v1', 'ftp://127.0.0.1/v1'])(
    '%s is refused by updateSettings, testConnection and about',
    async (url) => {
      for (const op of ['updateSettings', 'testConnection', 'about'] as const) {
        expect(await host.dispatch(op, { baseUrl: url })).toMatchObject({
          ok: false,
          error: { kind: 'bad-request', parameter: 'baseUrl' },
        });
      }
    },
  );

  it.each(['http://127.0.0.2:9/v1', 'http://[::1]:9/v1', 'http://localhost:9/v1', 'https://example.org/v1'])(
    '%s is accepted as a base URL',
    async (url) => {
      const r = await host.dispatch('testConnection', { baseUrl: url });
      // Nothing listens there: a network error (or a refusal from https), never a bad-request.
      expect(r.ok ? 'ok' : r.error.kind).not.toBe('bad-request');
    },
  );

  it('--base-url with plain http to another machine is refused at start', async () => {
    await expect(
      startHost({ ...hostOpts(join(dir, 'other'), join(dir, 'keys.json')), baseUrl: 'http://example.org/v1' }),
    ).rejects.toThrow(/--base-url http:\/\/example\.org\/v1 is refused: http is allowed only for this machine/);
  });
});
