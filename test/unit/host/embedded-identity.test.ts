import { copyFile, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Host } from '../../../electron/host/app.ts';
import { EMBEDDED_SCOPE } from '../../../electron/host/keys/key-store.ts';
import { seedDatabase } from '../../../service/data/seed.ts';
import { openStoreClient, storeFile } from '../../../store/index.ts';
import { withEmbeddedHost } from './embedded-host.ts';
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

const withHost = <T>(db: string, dataDir: string, fn: (host: Host) => Promise<T>) =>
  withEmbeddedHost(kr.keyring, db, dataDir, fn);

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

  it('keeps a note on one database’s player off the player with the same id in another database', async () => {
    const dataDir = join(dir, 'two-databases');
    // A and B are the same world: player 1 has the same name and birth date in both. Only the source tells them apart.
    const starred = await withHost(dbA, dataDir, async (host) => {
      const list = await host.dispatch('scoutingListCreate', { name: 'Seen in A' });
      if (!list.ok) throw new Error(list.error.message);
      const listId = (list.value as { id: number }).id;
      const saved = await host.dispatch('scoutingListEntrySave', {
        listId,
        playerId: 1,
        player: { name: 'Player One', dateOfBirth: '2005-01-02' },
        rating: 5,
        note: 'Watched in database A',
      });
      if (!saved.ok) throw new Error(saved.error.message);
      expect(await host.dispatch('scoutingListedPlayers', {})).toEqual({ ok: true, value: [1] });
      return { listId, source: host.connection.dataSource() };
    });
    await withHost(dbB, dataDir, async (host) => {
      // No star, no listing on B's player 1.
      expect(await host.dispatch('scoutingListedPlayers', {})).toEqual({ ok: true, value: [] });
      expect(await host.dispatch('scoutingListsOfPlayer', { playerId: 1 })).toEqual({ ok: true, value: [] });
      // The list still shows the note, as A's player, not linked to B's.
      const page = await host.dispatch('scoutingListEntries', { id: starred.listId });
      expect(page).toMatchObject({
        ok: true,
        value: {
          data: [{ id: 1, source: starred.source, linked: false, name: 'Player One', note: 'Watched in database A' }],
        },
      });
      // Starring B's player 1 makes an entry of its own beside it.
      await host.dispatch('scoutingListEntrySave', {
        listId: starred.listId,
        playerId: 1,
        player: { name: 'Player One' },
      });
      const both = await host.dispatch('scoutingListEntries', { id: starred.listId });
      if (!both.ok) throw new Error(both.error.message);
      const rows = (both.value as { data: { source: string; linked: boolean; note: string }[] }).data;
      expect(rows.map((r) => [r.source === starred.source, r.linked, r.note]).sort()).toEqual([
        [false, true, ''],
        [true, false, 'Watched in database A'],
      ]);
    });
    await withHost(dbA, dataDir, async (host) => {
      expect(await host.dispatch('scoutingListsOfPlayer', { playerId: 1 })).toMatchObject({
        ok: true,
        value: [{ listName: 'Seen in A', rating: 5, note: 'Watched in database A' }],
      });
    });
  }, 90_000);

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
