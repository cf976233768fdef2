import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Host, startHost } from '../../../electron/host/app.ts';
import { accountFor, INDEX_ACCOUNT } from '../../../electron/host/keys/saved-keys.ts';
import type { SavedKey } from '../../../shared/bridge/bridge.ts';
import { type PeerServer, startPeerServer } from './peer-server.ts';
import { type TestKeyring, testKeyring } from './test-keyring.ts';

// One keychain entry per service: the host on the real embedded service (A, with a keys file) and two real
// HTTP servers on 127.0.0.1 (B and C, which accept any key), the real keychain under a test's service name.
// Saving a key for one service keeps the others'; Settings' list names services and times, never a key;
// removing one leaves the others.

const keyA = `key-a-${randomBytes(12).toString('hex')}`;
const keyB = `key-b-${randomBytes(12).toString('hex')}`;
const keyC = `key-c-${randomBytes(12).toString('hex')}`;
let dir: string;
let keysFile: string;
let b: PeerServer;
let c: PeerServer;
let kr: TestKeyring;
let host: Host;

function launch(): Promise<Host> {
  return startHost({
    shell: 'browser',
    version: '0.1.0',
    dataDir: join(dir, 'data'),
    keys: keysFile,
    keyring: kr.keyring,
    openExternal: async () => {},
    client: { maxAttempts: 1 },
  });
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'rinkside-saved-keys-'));
  keysFile = join(dir, 'keys.json');
  await writeFile(
    keysFile,
    JSON.stringify({ keys: [{ key: keyA, organisation: 'Test', leagues: '*', seasons: '*', categories: '*' }] }),
  );
  [b, c] = await Promise.all([startPeerServer(), startPeerServer()]);
  kr = testKeyring('saved');
  host = await launch();
});
afterAll(async () => {
  await host?.close();
  await Promise.all([b?.close(), c?.close()]);
  await kr.clear();
  await rm(dir, { recursive: true, force: true });
});

async function use(baseUrl: string | null): Promise<void> {
  expect((await host.dispatch('updateSettings', { baseUrl })).ok).toBe(true);
}
async function saveKey(key: string): Promise<void> {
  expect(await host.dispatch('setKey', { key, persist: 'keychain' })).toMatchObject({
    ok: true,
    value: { source: 'keychain' },
  });
}
async function list(): Promise<SavedKey[]> {
  const r = await host.dispatch('savedKeys', {});
  if (!r.ok) throw new Error(r.error.message);
  return r.value as SavedKey[];
}
const noKeyIn = (v: unknown) => {
  const text = JSON.stringify(v);
  for (const k of [keyA, keyB, keyC]) expect(text).not.toContain(k);
};

describe('one key per service', () => {
  it('saving a key for B and C keeps A’s; each service gets its own key and only its own', async () => {
    await saveKey(keyA);
    await use(b.baseUrl);
    expect(host.keys.status().source).toBe('none');
    await saveKey(keyB);
    await use(c.baseUrl);
    await saveKey(keyC);

    await use(null);
    expect(host.keys.currentKey()).toEqual({ key: keyA, source: 'keychain' });
    expect((await host.dispatch('request', { endpoint: 'teams', query: { limit: '1' } })).ok).toBe(true);
    await use(b.baseUrl);
    expect(host.keys.currentKey()).toEqual({ key: keyB, source: 'keychain' });
    await host.dispatch('request', { endpoint: 'teams', query: { limit: '1' } });
    expect(new URL(b.seen.at(-1) ?? '', b.origin).searchParams.get('apiKey')).toBe(keyB);
    // Neither B nor C ever saw another service's key.
    for (const [server, others] of [
      [b, [keyA, keyC]],
      [c, [keyA, keyB]],
    ] as const) {
      const seen = server.seen.join('\n');
      for (const k of others) expect(seen).not.toContain(k);
    }
  });

  it('the keychain holds one entry per service, named from the service, and an index without keys', async () => {
    const entries = await kr.entries();
    const byAccount = new Map(entries.map((e) => [e.account, e.password]));
    for (const [scope, key] of [
      ['embedded', keyA],
      [b.baseUrl, keyB],
      [c.baseUrl, keyC],
    ] as const) {
      expect(JSON.parse(byAccount.get(accountFor(scope)) ?? 'null')).toEqual({ scope, key });
    }
    expect(entries).toHaveLength(4);
    for (const e of entries) {
      expect(e.account).toMatch(/^(key-[0-9a-f]{32}|saved-keys)$/);
      noKeyIn(e.account);
    }
    const index = JSON.parse(byAccount.get(INDEX_ACCOUNT) ?? 'null');
    noKeyIn(index);
    expect(index.services.map((s: { scope: string }) => s.scope).sort()).toEqual(
      ['embedded', b.baseUrl, c.baseUrl].sort(),
    );
  });

  it('Settings lists each service and when its key was saved, the one in use first, never a key', async () => {
    const rows = await list();
    noKeyIn(rows);
    expect(rows.map((r) => [r.scope, r.inUse])).toEqual([
      [b.baseUrl, true],
      [c.baseUrl, false],
      ['embedded', false],
    ]);
    const times = rows.map((r) => Date.parse(r.savedAt ?? ''));
    for (const t of times) expect(Number.isFinite(t)).toBe(true);
    // A saved first, then B, then C: the list after the one in use is the latest first.
    expect(times[1]).toBeGreaterThanOrEqual(times[2] as number);
  });

  it('removing one service’s key leaves the others, in the keychain and in use', async () => {
    const after = await host.dispatch('removeSavedKey', { scope: c.baseUrl });
    expect(after.ok).toBe(true);
    noKeyIn(after);
    expect((after.ok ? (after.value as SavedKey[]) : []).map((r) => r.scope)).toEqual([b.baseUrl, 'embedded']);
    expect(await kr.keyring.entry(accountFor(c.baseUrl)).get()).toBeNull();
    expect(host.keys.currentKey()).toEqual({ key: keyB, source: 'keychain' });
    await use(c.baseUrl);
    expect(host.keys.status().source).toBe('none');

    // clearKey forgets only the key of the service in use.
    await use(b.baseUrl);
    expect((await host.dispatch('clearKey', {})).ok).toBe(true);
    expect((await list()).map((r) => r.scope)).toEqual(['embedded']);
    await use(null);
    expect(host.keys.currentKey()).toEqual({ key: keyA, source: 'keychain' });
  });

  it('the next launch finds the same list and keys', async () => {
    await host.close();
    host = await launch();
    expect(await list()).toEqual([{ scope: 'embedded', savedAt: expect.any(String), inUse: true }]);
    expect(host.keys.status().source).toBe('keychain');
    expect((await host.dispatch('request', { endpoint: 'teams', query: { limit: '1' } })).ok).toBe(true);
  });
});
