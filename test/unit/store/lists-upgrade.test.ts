import { copyFile, mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSettings } from '../../../electron/host/common/settings.ts';
import { createListsHost, type ListsHost } from '../../../electron/host/lists/lists-host.ts';
import { createOfflineHost, type OfflineHost } from '../../../electron/host/offline/offline-host.ts';
import { createServiceClient } from '../../../electron/host/service-client/service-client.ts';
import { listsBackupsDir, listsFile, storeFile } from '../../../store/index.ts';

/**
 * A scout upgrading keeps every list and note: a store file written by the code before the lists had a
 * file of their own (test/fixtures/store-v3-with-lists.sqlite: the player cache and two lists in one file,
 * rows recorded under the legacy `embedded`) is opened by the host as it starts. Its lists are copied into
 * the lists file once, bound to the embedded database in use, backed up, recorded in the settings, and
 * dropped from the cache file; the players the cache holds are joined to their entries again. The
 * expected values are the fixture script's own literals (test/fixtures/README.md).
 */

const FIXTURE = new URL('../../fixtures/store-v3-with-lists.sqlite', import.meta.url);
const SOURCE = 'embedded:upgrade-test-database';

let dir: string;
let offline: OfflineHost;
let lists: ListsHost;

async function startParts() {
  const settings = await openSettings(dir);
  const client = createServiceClient({ timeoutMs: 300, maxAttempts: 1 });
  offline = createOfflineHost({ dataDir: dir, client, source: () => SOURCE });
  lists = createListsHost({ dataDir: dir, settings, source: () => SOURCE, recordDelayMs: 20 });
  return settings;
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'rinkside-lists-upgrade-'));
  await mkdir(dir, { recursive: true });
  await copyFile(FIXTURE, storeFile(dir));
  await startParts();
});
afterAll(async () => {
  await lists?.close();
  await offline?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('upgrading from the lists in the store file', () => {
  it('keeps every list, entry, rating and note, in the lists file of their own', async () => {
    const l = await lists.client();
    expect((await l.lists()).map((x) => [x.name, x.entryCount])).toEqual([
      ['Goalies', 1],
      ['Rookies 1993', 3],
    ]);
    // The cache opens too, and binds its rows of the legacy `embedded` to the same database.
    await offline.store();
    const rookies = (await l.lists()).find((x) => x.name === 'Rookies 1993');
    if (!rookies) throw new Error('no list');
    const page = await l.listEntries(rookies.id, { sort: 'name' }, SOURCE);
    expect(page.data.map((r) => [r.name, r.source, r.linked, r.dateOfBirth, r.rating, r.note, r.GP, r.PTS])).toEqual([
      ['Bob Essensa', SOURCE, true, '1965-01-14', 3, '', 67, null],
      ['Not Synced Prospect', SOURCE, true, null, null, 'Seen once in Tampere', null, null],
      ['Teemu Selänne', SOURCE, true, '1970-07-03', 5, 'Record rookie season; elite release', 84, 132],
    ]);
    const goalies = (await l.lists()).find((x) => x.name === 'Goalies');
    if (!goalies) throw new Error('no list');
    expect((await l.listEntries(goalies.id, {}, SOURCE)).data.map((r) => [r.name, r.rating, r.note])).toEqual([
      ['Bob Essensa', 4, 'Busy nights, stays calm'],
    ]);
  });

  it('backs the copied lists up at once, records them in the settings, and drops them from the cache file', async () => {
    const l = await lists.client();
    const backup = await l.backupNow();
    expect(backup?.name).toMatch(/^lists-\d{8}T\d{9}Z\.sqlite$/);
    expect(await readdir(listsBackupsDir(dir))).toContain(backup?.name);
    await expect
      .poll(async () => JSON.parse(await readFile(join(dir, 'settings.json'), 'utf8')).lists?.changedAt ?? null)
      .toEqual(expect.stringMatching(/^\d{4}-\d\d-\d\dT/));

    const cache = new DatabaseSync(storeFile(dir));
    try {
      const tables = cache
        .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'scouting%'")
        .all() as { name: string }[];
      expect(tables).toEqual([]);
      // The players themselves stay in the cache, bound to the database in use.
      expect(cache.prepare("SELECT value FROM store_meta WHERE key = 'baseUrl'").get()).toEqual({ value: SOURCE });
    } finally {
      cache.close();
    }
    const file = new DatabaseSync(listsFile(dir), { readOnly: true });
    try {
      expect(file.prepare('PRAGMA journal_mode').get()).toEqual({ journal_mode: 'delete' });
      expect(file.prepare('SELECT COUNT(*) AS n FROM scouting_list_entries').get()).toEqual({ n: 4 });
    } finally {
      file.close();
    }
  });

  it('copies them once: after a restart the lists are as they were', async () => {
    await lists.close();
    await offline.close();
    await startParts();
    const l = await lists.client();
    expect((await l.lists()).map((x) => [x.name, x.entryCount])).toEqual([
      ['Goalies', 1],
      ['Rookies 1993', 3],
    ]);
    expect((await l.safety()).notice).toBeNull();
  });
});
