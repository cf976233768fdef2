import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findCredentialsAsync } from '@napi-rs/keyring';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Host, startHost } from '../../../electron/host/app.ts';
import { demoDatabaseFile } from '../../../electron/host/common/paths.ts';
import { createOsKeyring, KEYCHAIN_SERVICE, keychainServiceFor } from '../../../electron/host/keys/keychain.ts';
import type { KeyStatus } from '../../../shared/bridge/bridge.ts';
import { testKeyring } from './test-keyring.ts';

// Two profiles of the app (two data folders) on one account: each has its own keychain entries, so a key
// saved for the embedded service in one is never read, sent or removed by the other. The keychain is the
// real one (a Secret Service under scripts/with-keyring.sh); the profiles' entries are removed after.

describe('keychainServiceFor', () => {
  it('is `rinkside` for the default data folder, and a name of its own for any other', () => {
    expect(keychainServiceFor('/home/s/.local/share/rinkside', '/home/s/.local/share/rinkside')).toBe(KEYCHAIN_SERVICE);
    expect(keychainServiceFor('/home/s/.local/share/rinkside/', '/home/s/.local/share/rinkside')).toBe(
      KEYCHAIN_SERVICE,
    );
    const a = keychainServiceFor('/tmp/profile-a', '/home/s/.local/share/rinkside');
    const b = keychainServiceFor('/tmp/profile-b', '/home/s/.local/share/rinkside');
    expect(a).not.toBe(KEYCHAIN_SERVICE);
    expect(b).not.toBe(a);
    expect(a).toContain('/tmp/profile-a');
  });
});

describe('two data folders on one keychain', () => {
  let dir: string;
  let db: string;
  let keysFile: string;
  const scoutKey = `scout-${randomBytes(12).toString('hex')}`;
  const hosts: Host[] = [];
  const services: string[] = [];

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'rinkside-profiles-'));
    // The local service with a keys file (and so no built-in key): the scout's key is a real key of it.
    keysFile = join(dir, 'keys.json');
    await writeFile(
      keysFile,
      JSON.stringify({ keys: [{ key: scoutKey, organisation: 'Test', leagues: '*', seasons: '*', categories: '*' }] }),
    );
    // The demo database, made once and served by both profiles.
    db = demoDatabaseFile(join(dir, 'seed'));
    const seed = testKeyring('profile-seed');
    await (
      await startHost({
        shell: 'browser',
        version: '0.1.0',
        dataDir: join(dir, 'seed'),
        openExternal: async () => {},
        keyring: seed.keyring,
      })
    ).close();
    await seed.clear();
  });
  afterAll(async () => {
    for (const h of hosts.splice(0)) await h.close();
    for (const service of services) {
      const entries = await findCredentialsAsync(service).catch(() => []);
      for (const e of entries)
        await createOsKeyring(service)
          .entry(e.account)
          .delete()
          .catch(() => {});
    }
    await rm(dir, { recursive: true, force: true });
  });

  const launch = async (name: string) => {
    const dataDir = join(dir, name);
    services.push(keychainServiceFor(dataDir, join(dir, 'no-default')));
    const host = await startHost({
      shell: 'browser',
      version: '0.1.0',
      dataDir,
      db,
      keys: keysFile,
      openExternal: async () => {},
      client: { maxAttempts: 1 },
    });
    hosts.push(host);
    return host;
  };
  const status = async (host: Host) => {
    const s = await host.dispatch('keyStatus', {});
    if (!s.ok) throw new Error(s.error.message);
    return s.value as KeyStatus;
  };

  it("a key saved for the local service in one profile is not the other's", async () => {
    const a = await launch(`a-${randomBytes(3).toString('hex')}`);
    const b = await launch(`b-${randomBytes(3).toString('hex')}`);
    expect((await status(a)).keychainAvailable, 'a keychain answers (scripts/with-keyring.sh)').toBe(true);
    const saved = await a.dispatch('setKey', { key: scoutKey, persist: 'keychain' });
    expect(saved.ok).toBe(true);
    expect((await status(a)).source).toBe('keychain');
    // B, started before and after A saved, has no key: it asks the scout for one.
    expect((await status(b)).source).toBe('none');
    const b2 = await launch(`b-${randomBytes(3).toString('hex')}`);
    expect((await status(b2)).source).toBe('none');
    expect((await b2.dispatch('request', { endpoint: 'teams', query: { limit: '1' } })).ok).toBe(false);
    expect((await a.dispatch('request', { endpoint: 'teams', query: { limit: '1' } })).ok).toBe(true);
    // A's key is in A's entries only.
    const [ofA, ofB] = services;
    expect((await findCredentialsAsync(ofA as string)).length).toBeGreaterThan(0);
    expect(await findCredentialsAsync(ofB as string).catch(() => [])).toEqual([]);
  });
});
