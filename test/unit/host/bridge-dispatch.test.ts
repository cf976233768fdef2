import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBridgeHandlers, createDispatcher, type Dispatch } from '../../../electron/host/bridge/handlers.ts';
import { openSettings } from '../../../electron/host/common/settings.ts';
import { createKeyStore } from '../../../electron/host/keys/key-store.ts';
import { type Keychain, KeychainUnavailable } from '../../../electron/host/keys/keychain.ts';
import { createServiceClient } from '../../../electron/host/service-client/service-client.ts';
import { createInvokeBridge } from '../../../electron/host/shell/preload-bridge.ts';
import { BRIDGE_OPS, bridgeChannel } from '../../../shared/bridge/bridge.ts';
import { type PeerServer, startPeerServer } from './peer-server.ts';

// The bridge's entry point for untrusted arguments, over real handlers talking to a real HTTP peer.
// The keychain is the one stand-in: a machine without a Secret Service (keychain.test.ts covers the
// real one).

const noKeychain: Keychain = {
  get: () => Promise.reject(new KeychainUnavailable('No system keychain is reachable.')),
  set: () => Promise.reject(new KeychainUnavailable('No system keychain is reachable.')),
  delete: () => Promise.reject(new KeychainUnavailable('No system keychain is reachable.')),
  probe: async () => ({ available: false, message: 'No system keychain is reachable.' }),
};

let peer: PeerServer;
let dir: string;
let dispatch: Dispatch;
const opened: string[] = [];

beforeAll(async () => {
  peer = await startPeerServer();
  dir = await mkdtemp(join(tmpdir(), 'rinkside-dispatch-'));
  const settings = await openSettings(dir);
  const connection = {
    baseUrl: () => peer.baseUrl,
    embeddedBaseUrl: () => peer.baseUrl,
    keyScope: () => 'embedded',
    dataSource: () => 'embedded:test-db',
  };
  const keys = createKeyStore({
    keyring: { entry: () => noKeychain },
    scope: connection.keyScope,
    demoKey: () => 'demo-key-123',
  });
  await keys.init();
  const handlers = createBridgeHandlers({
    client: createServiceClient({ timeoutMs: 2000, maxAttempts: 1 }),
    keys,
    settings,
    connection,
    shell: 'browser',
    version: '0.1.0',
    openExternal: async (url) => {
      opened.push(url);
    },
  });
  dispatch = createDispatcher(handlers);
});
afterAll(async () => {
  await peer.close();
  await rm(dir, { recursive: true, force: true });
});

describe('dispatch refuses hostile arguments before anything runs', () => {
  const hostile: Array<[string, unknown, string]> = [
    ['constructor', {}, 'op'],
    ['__proto__', {}, 'op'],
    ['toString', {}, 'op'],
    ['request2', {}, 'op'],
    ['request', 'teams', 'arguments'],
    ['request', 42, 'arguments'],
    ['request', [], 'arguments'],
    ['request', {}, 'endpoint'],
    ['request', { endpoint: 'users' }, 'endpoint'],
    ['request', { endpoint: '/teams' }, 'endpoint'],
    ['request', { endpoint: 'teams', url: 'http://evil.example/' }, 'url'],
    ['request', { endpoint: 'teams', baseUrl: 'http://evil.example/v1' }, 'baseUrl'],
    ['request', { endpoint: 'team', path: { id: '1/../x' } }, 'path.id'],
    ['request', { endpoint: 'team', path: { id: '../../etc/passwd' } }, 'path.id'],
    ['request', { endpoint: 'team', path: { id: '12?apiKey=x' } }, 'path.id'],
    ['request', { endpoint: 'team', path: { id: -3 } }, 'path.id'],
    ['request', { endpoint: 'team', path: { id: 1.5 } }, 'path.id'],
    ['request', { endpoint: 'team', path: { id: 2 ** 40 } }, 'path.id'],
    ['request', { endpoint: 'team', path: { id: true } }, 'path.id'],
    ['request', { endpoint: 'team', path: {} }, 'path.id'],
    ['request', { endpoint: 'team', path: { id: 1, slug: 'nhl' } }, 'path.slug'],
    ['request', { endpoint: 'leagueStandings', path: { slug: 'nhl/../../teams' } }, 'path.slug'],
    ['request', { endpoint: 'leagueStandings', path: { slug: 'nhl%2F..' } }, 'path.slug'],
    ['request', { endpoint: 'leagueStandings', path: { slug: 'NHL' } }, 'path.slug'],
    ['request', { endpoint: 'leagueStandings', path: { slug: '' } }, 'path.slug'],
    ['request', { endpoint: 'leagueTeamComparison', path: { slug: 'nhl', season: '2023-2024/..' } }, 'path.season'],
    ['request', { endpoint: 'teams', query: { apiKey: 'x' } }, 'query'],
    ['request', { endpoint: 'teams', query: { APIKEY: 'x' } }, 'query'],
    ['request', { endpoint: 'teams', query: { 'a&b': 'x' } }, 'query.a&b'],
    ['request', { endpoint: 'teams', query: { sort: 5 } }, 'query.sort'],
    ['request', { endpoint: 'teams', query: { q: 'x'.repeat(2001) } }, 'query.q'],
    [
      'request',
      { endpoint: 'teams', query: Object.fromEntries(Array.from({ length: 41 }, (_, i) => [`p${i}`, '1'])) },
      'query',
    ],
    ['setKey', { key: 'has space', persist: 'keychain' }, 'key'],
    ['setKey', { key: '', persist: 'session' }, 'key'],
    ['setKey', { key: 'k'.repeat(513), persist: 'session' }, 'key'],
    ['setKey', { key: 'abc', persist: 'disk' }, 'persist'],
    ['setKey', { key: 'abc', persist: 'session', file: '/tmp/key' }, 'file'],
    ['updateSettings', { baseUrl: 'javascript:alert(1)' }, 'baseUrl'],
    ['updateSettings', { baseUrl: 'file:///etc/passwd' }, 'baseUrl'],
    ['updateSettings', { pageSize: 33 }, 'pageSize'],
    ['updateSettings', { theme: 'dark' }, 'theme'],
    ['keyStatus', { verbose: true }, 'verbose'],
    ['about', { baseUrl: 'ftp://example.org/v1' }, 'baseUrl'],
    ['testConnection', { baseUrl: 'gopher://x' }, 'baseUrl'],
    ['openExternal', { url: 'http://example.org/' }, 'url'],
    ['openExternal', { url: 'file:///etc/passwd' }, 'url'],
    ['openExternal', { url: 'javascript:alert(1)' }, 'url'],
    ['openExternal', { url: 'https://127.0.0.1:8080/' }, 'url'],
    ['openExternal', { url: 'https://user:pw@example.org/' }, 'url'],
    ['openExternal', {}, 'url'],
  ];

  it.each(hostile)('%s %j → bad-request naming %s', async (op, args, parameter) => {
    const seenBefore = peer.seen.length;
    const r = await dispatch(op, args);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error).toMatchObject({ kind: 'bad-request', status: 400, parameter });
    expect(peer.seen.length).toBe(seenBefore);
    expect(opened).toEqual([]);
  });
});

describe('dispatch runs valid calls', () => {
  it('request uses the demo key on the embedded service and hands back links without it', async () => {
    const before = peer.seen.length;
    const r = await dispatch('request', { endpoint: 'teams', query: { limit: '2' } });
    expect(r.ok).toBe(true);
    expect(new URL(peer.seen[before] ?? '', peer.origin).searchParams.get('apiKey')).toBe('demo-key-123');
    expect(JSON.stringify(r)).not.toContain('demo-key-123');
  });

  it('ops with no arguments accept undefined, null and {}', async () => {
    for (const args of [undefined, null, {}]) {
      expect(await dispatch('keyStatus', args)).toEqual({
        ok: true,
        value: {
          source: 'demo',
          keychainAvailable: false,
          builtInAvailable: true,
          keychainMessage: 'No system keychain is reachable.',
        },
      });
    }
  });

  it('a session key replaces the demo key; appInfo reports demo only while the demo key is in use', async () => {
    expect(await dispatch('appInfo', {})).toEqual({
      ok: true,
      value: { version: '0.1.0', shell: 'browser', baseUrl: peer.baseUrl, demo: true },
    });
    const toKeychain = await dispatch('setKey', { key: 'scout-key-1', persist: 'keychain' });
    expect(toKeychain).toMatchObject({ ok: false, error: { kind: 'keychain-unavailable' } });
    expect(await dispatch('setKey', { key: '  scout-key-1  ', persist: 'session' })).toMatchObject({
      ok: true,
      value: { source: 'session' },
    });
    const before = peer.seen.length;
    await dispatch('request', { endpoint: 'team', path: { id: '7' }, query: { scenario: 'item' } });
    expect(new URL(peer.seen[before] ?? '', peer.origin).searchParams.get('apiKey')).toBe('scout-key-1');
    expect(await dispatch('appInfo', {})).toMatchObject({ ok: true, value: { demo: false } });
    expect(await dispatch('clearKey', {})).toMatchObject({ ok: true, value: { source: 'demo' } });
  });

  it('testConnection reports latency and the about body; about alone works too', async () => {
    const r = await dispatch('testConnection', {});
    expect(r).toMatchObject({ ok: true, value: { baseUrl: peer.baseUrl, about: { version: '1.0' } } });
    if (r.ok) expect(typeof (r.value as { latencyMs: unknown }).latencyMs).toBe('number');
    expect(await dispatch('about', {})).toMatchObject({ ok: true, value: { provenance: { source: 'synthetic' } } });
  });

  it('settings round-trip; openExternal hands a safe https URL to the opener', async () => {
    expect(await dispatch('updateSettings', { pageSize: 250 })).toEqual({
      ok: true,
      value: { baseUrl: null, pageSize: 250 },
    });
    expect(await dispatch('getSettings', undefined)).toEqual({ ok: true, value: { baseUrl: null, pageSize: 250 } });
    expect(await dispatch('openExternal', { url: 'https://www.hockeydb.com/' })).toEqual({ ok: true, value: null });
    expect(opened.splice(0)).toEqual(['https://www.hockeydb.com/']);
  });

  it('a handler that throws becomes a server error without its details', async () => {
    const throwing = createDispatcher({
      ...createBridgeHandlers({} as never),
      appInfo: async () => {
        throw new Error('internal detail with secret');
      },
    });
    expect(await throwing('appInfo', {})).toEqual({
      ok: false,
      error: { kind: 'server', status: 500, message: 'The app could not complete this action.' },
    });
  });
});

describe('preload bridge', () => {
  it('has exactly one function per op, each invoking its own derived channel with the args untouched', async () => {
    const calls: Array<[string, unknown]> = [];
    const bridge = createInvokeBridge(async (channel, args) => {
      calls.push([channel, args]);
      return { ok: true, value: null };
    });
    expect(Object.keys(bridge).sort()).toEqual([...BRIDGE_OPS].sort());
    expect(Object.isFrozen(bridge)).toBe(true);
    for (const op of BRIDGE_OPS) await (bridge[op] as (a: unknown) => Promise<unknown>)({ probe: op });
    expect(calls).toEqual(BRIDGE_OPS.map((op) => [bridgeChannel(op), { probe: op }]));
  });
});
