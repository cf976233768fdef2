import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Host, startHost } from '../../../electron/host/app.ts';
import { demoDatabaseFile } from '../../../electron/host/common/paths.ts';
import { KeychainUnavailable, type Keyring } from '../../../electron/host/keys/keychain.ts';
import { accountFor, INDEX_ACCOUNT, LEGACY_ACCOUNT } from '../../../electron/host/keys/saved-keys.ts';
import type { OfflineStatus } from '../../../shared/bridge/offline-bridge.ts';
import { settleExport } from './export-settle.ts';
import { type PeerServer, startPeerServer } from './peer-server.ts';
import { type TestKeyring, testKeyring } from './test-keyring.ts';

// A key saved by an earlier version (the one `api-key` entry, the key alone) is bound at the first read to
// the service that launch uses, and written to that service's own entry before any request. Service A is
// the real embedded service with a keys file (the scout's key is a real key of it); service B is a real
// HTTP server on 127.0.0.1 that counts the requests carrying a key. The keychain is the real one (a Secret
// Service under scripts/with-keyring.sh), under a service name of the test's own.

const scoutKey = `scout-${randomBytes(12).toString('hex')}`;
let dir: string;
let keysFile: string;
let foreign: PeerServer;
let kr: TestKeyring;
let dataDir: string;
let db: string;
const hosts: Host[] = [];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'rinkside-legacy-'));
  keysFile = join(dir, 'keys.json');
  await writeFile(
    keysFile,
    JSON.stringify({ keys: [{ key: scoutKey, organisation: 'Test', leagues: '*', seasons: '*', categories: '*' }] }),
  );
  foreign = await startPeerServer();
  // The demo database, made once: every launch below serves it with the keys file.
  db = demoDatabaseFile(join(dir, 'seed'));
  await (
    await startHost({
      shell: 'browser',
      version: '0.1.0',
      dataDir: join(dir, 'seed'),
      openExternal: async () => {},
      keyring: testKeyring('seed').keyring,
    })
  ).close();
});
afterAll(async () => {
  await foreign?.close();
  await rm(dir, { recursive: true, force: true });
});
beforeEach(() => {
  kr = testKeyring('legacy');
  dataDir = join(dir, `data-${randomBytes(4).toString('hex')}`);
});
afterEach(async () => {
  for (const h of hosts.splice(0)) await h.close();
  await kr.clear();
});

async function launch(keyring: Keyring = kr.keyring): Promise<Host> {
  const host = await startHost({
    shell: 'browser',
    version: '0.1.0',
    dataDir,
    db,
    keys: keysFile,
    keyring,
    openExternal: async () => {},
    client: { maxAttempts: 1 },
  });
  hosts.push(host);
  return host;
}
async function relaunch(host: Host, keyring?: Keyring): Promise<Host> {
  await host.close();
  hosts.splice(hosts.indexOf(host), 1);
  return launch(keyring);
}

const teams = { endpoint: 'teams', query: { limit: '1' } };

/** Every path that can send a key to the service in use: request, sync, export, testConnection, about. */
async function everyKeyedPath(host: Host): Promise<void> {
  await host.dispatch('request', teams);
  const sync = await host.dispatch('offlineSync', { leagues: ['nhl'], seasonFrom: '2020-2021', seasonTo: '2020-2021' });
  expect(sync.ok).toBe(true);
  for (;;) {
    const s = await host.dispatch('offlineSyncStatus', {});
    if (!s.ok || (s.value as OfflineStatus).progress.state !== 'running') break;
    await new Promise((r) => setTimeout(r, 20));
  }
  const ex = await host.dispatch('exportTable', {
    spec: { endpoint: 'teams', path: {}, query: { limit: '5' }, columns: [{ id: 'name', header: 'Team' }] },
    format: 'csv',
    scope: 'all',
  });
  expect(ex.ok).toBe(true);
  if (ex.ok) await settleExport(host.exports, (ex.value as { id: string }).id);
  await host.dispatch('testConnection', {});
  await host.dispatch('about', {});
}

/** The entries the keychain holds now, as `{account: secret}` (the index parsed). */
async function keychainNow(): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  for (const e of await kr.entries())
    out[e.account] = e.account === INDEX_ACCOUNT ? JSON.parse(e.password) : e.password;
  return out;
}

describe('a key in the older plain form', () => {
  it('launch on A, switch to B, restart: no request, sync, export, testConnection or about sends it to B; A still works', async () => {
    await kr.keyring.entry(LEGACY_ACCOUNT).set(scoutKey);
    let host = await launch();
    // The first read bound it to A (the embedded service this launch uses) and wrote A's own entry.
    expect(host.keys.status().source).toBe('keychain');
    const stored = await keychainNow();
    expect(stored[LEGACY_ACCOUNT]).toBeUndefined();
    expect(JSON.parse(stored[accountFor('embedded')] as string)).toEqual({ scope: 'embedded', key: scoutKey });
    expect(stored[INDEX_ACCOUNT]).toEqual({ v: 1, services: [{ scope: 'embedded', savedAt: expect.any(String) }] });
    expect((await host.dispatch('request', teams)).ok).toBe(true);

    expect((await host.dispatch('updateSettings', { baseUrl: foreign.baseUrl })).ok).toBe(true);
    host = await relaunch(host);
    expect(host.connection.baseUrl()).toBe(foreign.baseUrl);
    expect(host.keys.status().source).toBe('none');
    const before = foreign.seen.length;
    await everyKeyedPath(host);
    // B was asked by every path (so a key could have gone there), and none carried one.
    const paths = foreign.seen.slice(before).map((u) => new URL(u, foreign.origin).pathname);
    expect(paths).toEqual(expect.arrayContaining(['/v1/teams', '/v1/about']));
    expect(paths.length).toBeGreaterThanOrEqual(5);
    expect(foreign.carryingKey(scoutKey)).toBe(0);

    // Back on A: its key is there and works.
    expect((await host.dispatch('updateSettings', { baseUrl: null })).ok).toBe(true);
    expect(host.keys.status().source).toBe('keychain');
    expect((await host.dispatch('request', teams)).ok).toBe(true);
    expect(foreign.carryingKey(scoutKey)).toBe(0);
  });

  it('a plain key that is already saved for a service (an interrupted migration) is dropped, not bound again', async () => {
    let host = await launch();
    expect((await host.dispatch('setKey', { key: scoutKey, persist: 'keychain' })).ok).toBe(true);
    expect((await host.dispatch('updateSettings', { baseUrl: foreign.baseUrl })).ok).toBe(true);
    await kr.keyring.entry(LEGACY_ACCOUNT).set(scoutKey);
    host = await relaunch(host);
    expect(host.keys.status().source).toBe('none');
    await host.dispatch('request', teams);
    expect(foreign.carryingKey(scoutKey)).toBe(0);
    expect(Object.keys(await keychainNow()).sort()).toEqual([INDEX_ACCOUNT, accountFor('embedded')].sort());
  });

  it('when its entry cannot be written, the key serves the launch’s service for this session only, and stays bound to it', async () => {
    await kr.keyring.entry(LEGACY_ACCOUNT).set(scoutKey);
    // The real keychain, refusing writes of per-service entries (as a keychain that refuses a new item does).
    const refusing: Keyring = {
      entry(account) {
        const e = kr.keyring.entry(account);
        if (!account.startsWith('key-')) return e;
        return {
          ...e,
          set: () => Promise.reject(new KeychainUnavailable('The system keychain is locked or refused access.')),
        };
      },
    };
    let host = await launch(refusing);
    expect(host.keys.status().source).toBe('session');
    expect((await host.dispatch('request', teams)).ok).toBe(true);
    // The old entry now holds the bound form: no later launch can bind it to another service.
    expect(JSON.parse((await kr.keyring.entry(LEGACY_ACCOUNT).get()) ?? 'null')).toEqual({
      scope: 'embedded',
      key: scoutKey,
    });
    expect((await host.dispatch('updateSettings', { baseUrl: foreign.baseUrl })).ok).toBe(true);
    await host.dispatch('request', teams);
    expect(foreign.carryingKey(scoutKey)).toBe(0);

    // The next launch, on B with a keychain that takes writes: the key goes to A's entry, never to B.
    host = await relaunch(host);
    await everyKeyedPath(host);
    expect(foreign.carryingKey(scoutKey)).toBe(0);
    expect(JSON.parse(((await keychainNow())[accountFor('embedded')] as string) ?? 'null')).toEqual({
      scope: 'embedded',
      key: scoutKey,
    });
  });
});

describe('a key in the bound form of the single entry', () => {
  it('goes to its own service’s entry, whatever service the launch uses', async () => {
    await kr.keyring.entry(LEGACY_ACCOUNT).set(JSON.stringify({ scope: 'embedded', key: scoutKey }));
    // The settings already name B when the first launch of this version reads the key.
    await mkdir(dataDir, { recursive: true });
    await writeFile(join(dataDir, 'settings.json'), JSON.stringify({ baseUrl: foreign.baseUrl }));
    const host = await launch();
    expect(host.connection.baseUrl()).toBe(foreign.baseUrl);
    await everyKeyedPath(host);
    expect(foreign.carryingKey(scoutKey)).toBe(0);
    expect((await keychainNow())[LEGACY_ACCOUNT]).toBeUndefined();
    expect((await host.dispatch('updateSettings', { baseUrl: null })).ok).toBe(true);
    expect(host.keys.status().source).toBe('keychain');
    expect((await host.dispatch('request', teams)).ok).toBe(true);
  });
});
