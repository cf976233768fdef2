import { copyFile, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Host, startHost } from '../../../electron/host/app.ts';
import { EMBEDDED_SCOPE } from '../../../electron/host/key-store.ts';
import { seedDatabase } from '../../../service/data/seed.ts';
import { openStoreClient, storeFile } from '../../../store/index.ts';
import { testKeyring } from './test-keyring.ts';

/**
 * One identity per embedded database: the local service's child names the database it serves, the host
 * makes it the data's source (`embedded:<id>`) while the key stays bound to the scope `embedded`; the
 * same file answers the same identity at every launch, another file (even a copy of the same world)
 * another, and a file made before identities existed one derived from where it lies. What earlier
 * versions recorded under `embedded` is bound to the first embedded database used after the upgrade.
 */

const kr = testKeyring('identity');
let dir: string;
let dbA: string;
let dbB: string;
let dbOld: string;

async function withHost<T>(db: string, dataDir: string, fn: (host: Host) => Promise<T>): Promise<T> {
  const host = await startHost({
    shell: 'browser',
    version: '0.1.0',
    dataDir,
    db,
    keyring: kr.keyring,
    openExternal: async () => {},
    client: { maxAttempts: 1 },
  });
  try {
    return await fn(host);
  } finally {
    await host.close();
  }
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'rinkside-identity-'));
  dbA = join(dir, 'a.sqlite');
  dbB = join(dir, 'b.sqlite');
  dbOld = join(dir, 'old.sqlite');
  // The same world twice: two files all the same but for their identity.
  await seedDatabase(dbA, { size: 'small', seed: 5 });
  await copyFile(dbA, dbOld);
  await seedDatabase(dbB, { size: 'small', seed: 5 });
  // A database made before identities: no databaseId in its meta.
  const old = new DatabaseSync(dbOld);
  old.exec("DELETE FROM meta WHERE key = 'databaseId'");
  old.close();
}, 120_000);
afterAll(async () => {
  await kr.clear();
  await rm(dir, { recursive: true, force: true });
});

describe('an identity per embedded database', () => {
  it('is the data source of the embedded service, while the key scope stays `embedded`', async () => {
    const first = await withHost(dbA, join(dir, 'data'), async (host) => {
      expect(host.connection.keyScope()).toBe(EMBEDDED_SCOPE);
      return host.connection.dataSource();
    });
    expect(first).toMatch(/^embedded:[0-9a-f-]{36}$/);
    // The same file at the next launch (another port, another demo key): the same source.
    expect(await withHost(dbA, join(dir, 'data'), async (h) => h.connection.dataSource())).toBe(first);
    // Another file of the same world: another source.
    const b = await withHost(dbB, join(dir, 'data'), async (h) => h.connection.dataSource());
    expect(b).toMatch(/^embedded:[0-9a-f-]{36}$/);
    expect(b).not.toBe(first);
  }, 60_000);

  it('is derived from where an older file lies when it has none, the same at every launch', async () => {
    const once = await withHost(dbOld, join(dir, 'data'), async (h) => h.connection.dataSource());
    expect(once).toMatch(/^embedded:path-[0-9a-f]{16}$/);
    expect(await withHost(dbOld, join(dir, 'data'), async (h) => h.connection.dataSource())).toBe(once);
  }, 60_000);

  it('binds the store rows an earlier version recorded under `embedded` to the database in use', async () => {
    const dataDir = join(dir, 'upgraded');
    await mkdir(dataDir, { recursive: true });
    const store = await openStoreClient({ file: storeFile(dataDir) });
    await store.adoptSource('embedded');
    await store.markSynced('tst', ['2020-2021'], 'embedded', '2024-01-01T00:00:00.000Z');
    await store.keepAbout('embedded', { version: '1.0', provenance: { source: 'synthetic' } });
    await store.close();

    await withHost(dbA, dataDir, async (host) => {
      const source = host.connection.dataSource();
      const status = await host.dispatch('offlineSyncStatus', {});
      if (!status.ok) throw new Error(status.error.message);
      const value = status.value as { otherSource: string | null; synced: { baseUrl: string }[] };
      expect(value.otherSource).toBeNull();
      expect(value.synced.map((r) => r.baseUrl)).toEqual([source]);
    });
    const after = await openStoreClient({ file: storeFile(dataDir) });
    try {
      const bound = (await after.syncState())[0]?.baseUrl;
      expect(bound).toMatch(/^embedded:[0-9a-f-]{36}$/);
      expect(await after.source()).toBe(bound);
      expect(await after.lastAbout(bound as string)).toMatchObject({ provenance: { source: 'synthetic' } });
      expect(await after.lastAbout('embedded')).toBeNull();
      // Bound once: another embedded database is another source, whose download would clear these rows.
      expect(await after.bindLegacySource('embedded', 'embedded:another')).toBe(false);
      expect(await after.source()).toBe(bound);
    } finally {
      await after.close();
    }
  }, 60_000);
});
