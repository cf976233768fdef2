import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Host, startHost } from '../../../../electron/host/app.ts';
import { type Keychain, KeychainUnavailable } from '../../../../electron/host/keys/keychain.ts';
import { seedDatabase } from '../../../../service/data/seed.ts';
import type { OfflineStatus } from '../../../../shared/bridge/offline-bridge.ts';
import { openStoreClient, storeFile } from '../../../../store/index.ts';

/**
 * The player cache can always be rebuilt: a host downloads one league-season from the local service (a
 * small synthetic world), records it in the settings, and is stopped; the cache file is overwritten
 * with garbage. The next host discards it at launch (kept aside), says so once, and downloads the same
 * league-season again, ending with the same rows. Clearing the cache gives its disk space back (VACUUM).
 * Expected counts are read from the service's own database file.
 */

const noKeychain: Keychain = {
  get: () => Promise.reject(new KeychainUnavailable('No system keychain is reachable.')),
  set: () => Promise.reject(new KeychainUnavailable('No system keychain is reachable.')),
  delete: () => Promise.reject(new KeychainUnavailable('No system keychain is reachable.')),
  probe: async () => ({ available: false, message: 'No system keychain is reachable.' }),
};

let dir: string;
let db: string;
let league: string;
let season: string;
let rows: number;

const start = (): Promise<Host> =>
  startHost({
    shell: 'browser',
    version: '0.1.0',
    dataDir: join(dir, 'data'),
    db,
    keyring: { entry: () => noKeychain },
    openExternal: async () => {},
    client: { maxAttempts: 1 },
  });

async function status(host: Host): Promise<OfflineStatus> {
  const r = await host.dispatch('offlineSyncStatus', {});
  if (!r.ok) throw new Error(r.error.message);
  return r.value as OfflineStatus;
}

/** Waits for the download under way (if any) to end, and answers the status after it. */
async function settled(host: Host): Promise<OfflineStatus> {
  await expect.poll(async () => (await status(host)).progress.state, { timeout: 60_000 }).not.toBe('running');
  return status(host);
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'rinkside-cache-rebuild-'));
  db = join(dir, 'world.sqlite');
  await seedDatabase(db, { size: 'small', seed: 11 });
  const service = new DatabaseSync(db, { readOnly: true });
  const top = service
    .prepare(
      `SELECT t.leagueSlug AS league, ps.seasonSlug AS season, COUNT(*) AS n FROM player_stats ps
       JOIN teams t ON t.id = ps.teamId GROUP BY 1, 2 ORDER BY n DESC, 1, 2 LIMIT 1`,
    )
    .get() as { league: string; season: string; n: number };
  service.close();
  ({ league, season, n: rows } = top);
}, 120_000);
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('the player cache', () => {
  it('is discarded when damaged and downloaded again at launch, with one notice', async () => {
    const first = await start();
    try {
      const begun = await first.dispatch('offlineSync', { leagues: [league], seasonFrom: season, seasonTo: season });
      if (!begun.ok) throw new Error(begun.error.message);
      const done = await settled(first);
      expect(done.progress.state).toBe('done');
      expect(done.counts.playerStats).toBe(rows);
      expect(done.rebuilt).toBeNull();
      // Recorded in the settings right after the download ends.
      const recorded = async () => {
        const text = await readFile(join(dir, 'data', 'settings.json'), 'utf8').catch(() => '{}');
        return (JSON.parse(text) as { offline?: { synced: unknown[] } }).offline?.synced ?? null;
      };
      await expect
        .poll(recorded, { timeout: 10_000 })
        .toEqual([{ leagueSlug: league, seasonSlug: season, source: first.connection.dataSource() }]);
    } finally {
      await first.close();
    }
    const file = storeFile(join(dir, 'data'));
    // The host's close left the record that lets the next opening skip its check (store/cache/clean-close.ts);
    // the garbage written next changes the file, so the check runs.
    expect(existsSync(`${file}.closed`)).toBe(true);
    await writeFile(file, Buffer.alloc((await stat(file)).size, 0x41));
    for (const f of [`${file}-wal`, `${file}-shm`]) await rm(f, { force: true });

    const second = await start();
    try {
      const after = await settled(second);
      expect(after.rebuilt).toMatchObject({
        reason: 'the file failed its check: file is not a database',
        synced: null,
      });
      expect(existsSync(after.rebuilt?.keptAs as string)).toBe(true);
      expect(after.counts.playerStats).toBe(rows);
      expect(after.synced.map((s) => [s.leagueSlug, s.seasonSlug])).toEqual([[league, season]]);
      // Once: dismissed, it is gone.
      expect(await second.dispatch('offlineNoticeDismiss', {})).toEqual({ ok: true, value: null });
      expect((await status(second)).rebuilt).toBeNull();
    } finally {
      await second.close();
    }
  }, 180_000);

  it('gives its disk space back when cleared', async () => {
    const host = await start();
    try {
      const before = await status(host);
      expect(before.counts.playerStats).toBe(rows);
      const cleared = await host.dispatch('offlineClear', {});
      if (!cleared.ok) throw new Error(cleared.error.message);
      const { bytes, bytesBefore } = cleared.value as { bytes: number; bytesBefore: number };
      // The size the clear started from, not the size it left. The host may write between the status read and
      // the clear (a WAL header, a page), so the two reads agree closely rather than to the byte.
      expect(Math.abs(bytesBefore - before.cache.bytes)).toBeLessThan(before.cache.bytes / 20);
      // After VACUUM the file is no larger than a new, empty cache: the schema's pages alone.
      const empty = await openStoreClient({ file: join(dir, 'empty.sqlite') });
      await empty.close();
      expect(bytes).toBeLessThan(bytesBefore);
      expect(bytes).toBeLessThanOrEqual((await stat(join(dir, 'empty.sqlite'))).size);
      expect(bytes).toBe((await stat(storeFile(join(dir, 'data')))).size);
      const after = await status(host);
      expect(after.counts).toEqual({ leagues: 0, seasons: 0, teams: 0, players: 0, playerStats: 0 });
      expect(after.synced).toEqual([]);
      expect(JSON.parse(await readFile(join(dir, 'data', 'settings.json'), 'utf8')).offline).toBeNull();
    } finally {
      await host.close();
    }
  }, 60_000);
});
