import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, open, readdir, readFile, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, describe, expect, it } from 'vitest';
import { type ListsClient, openListsClient } from '../../../store/index.ts';
import { backupsToKeep, KEEP_DAYS, KEEP_LAST } from '../../../store/lists/safety/backups.ts';

/**
 * The lists file checked at every opening and backed up: real files in a temp folder, the real worker.
 * A damaged, empty or missing file (where lists existed) is never shown as "no lists": it is kept aside
 * under a dated name and the newest good backup takes its place, with a notice; so is a file whose schema
 * version disagrees with its tables, or that lacks a table its version names. A file of a newer schema
 * (its version and its own record agree) is left untouched, and a backup can still be restored over it.
 * Backups follow changes a moment later, and an opening catches up on changes no backup holds; they
 * pass their check, and are pruned to the last 20 plus one a day for 30 days.
 */

const SRC = 'embedded:safety-test';
let root: string;
let n = 0;

/** A fresh folder with the lists' paths in it. */
function paths() {
  const dir = join(root, `case-${++n}`);
  return {
    dir,
    file: join(dir, 'scouting-lists.sqlite'),
    backupsDir: join(dir, 'backups'),
    cacheFile: join(dir, 'offline-players.sqlite'),
  };
}
type Paths = ReturnType<typeof paths>;

const open_ = (p: Paths, record: { changedAt: string } | null = null): Promise<ListsClient> =>
  openListsClient({ ...p, record, backupDelayMs: 30, backupMaxDelayMs: 200 });

/** Lists with `entries` players and long notes (several pages of file), then a checked backup. */
async function filled(p: Paths, entries = 3): Promise<ListsClient> {
  await mkdir(p.dir, { recursive: true });
  const lists = await open_(p);
  const list = await lists.createList('Top prospects');
  for (let i = 1; i <= entries; i++) {
    await lists.saveEntry(
      {
        listId: list.id,
        playerId: i,
        player: { name: `Player ${i}` },
        rating: (i % 5) + 1,
        note: `Note ${i} `.repeat(60),
      },
      SRC,
    );
  }
  await lists.backupNow();
  return lists;
}

/** Writes `sql` into the lists file directly, as another run (or damage) would. */
function writeDirectly(file: string, sql: string): void {
  const db = new DatabaseSync(file);
  try {
    db.exec(sql);
  } finally {
    db.close();
  }
}

/** The schema version field of a SQLite file. */
function versionOf(file: string): number {
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    return (db.prepare('PRAGMA user_version').get() as { user_version: number }).user_version;
  } finally {
    db.close();
  }
}

/** The names and notes of every list's entries, for comparing two states. */
async function contents(lists: ListsClient): Promise<string[]> {
  const out: string[] = [];
  for (const l of await lists.lists()) {
    const page = await lists.listEntries(l.id, { limit: 1000 }, SRC);
    for (const e of page.data) out.push(`${l.name}|${e.name}|${e.rating}|${e.note.length}`);
  }
  return out.sort();
}

root = await mkdtemp(join(tmpdir(), 'rinkside-lists-safety-'));
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('backups', () => {
  it('are taken a moment after a change, pass their check, and hold what was saved', async () => {
    const p = paths();
    await mkdir(p.dir, { recursive: true });
    const lists = await open_(p);
    const list = await lists.createList('Goalies');
    await lists.saveEntry({ listId: list.id, playerId: 7, player: { name: 'Ken Dryden' }, note: 'Tall, calm' }, SRC);
    await expect.poll(async () => (await lists.safety()).backups.length, { timeout: 5000 }).toBeGreaterThan(0);
    await expect.poll(async () => (await lists.safety()).pendingBackup, { timeout: 5000 }).toBe(false);
    const [newest] = (await lists.safety()).backups;
    if (!newest) throw new Error('no backup');
    const copy = new DatabaseSync(join(p.backupsDir, newest.name), { readOnly: true });
    try {
      expect(copy.prepare('PRAGMA quick_check').all()).toEqual([{ quick_check: 'ok' }]);
      expect(copy.prepare('SELECT playerName, note FROM scouting_list_entries').all()).toEqual([
        { playerName: 'Ken Dryden', note: 'Tall, calm' },
      ]);
    } finally {
      copy.close();
    }
    // No temp file is left in the folder.
    expect((await readdir(p.backupsDir)).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    await lists.close();
  });

  it('keep the last 20 and the newest of each day of the last 30 days', () => {
    const now = new Date('2026-11-25T12:00:00.000Z');
    // Four backups a day for 45 days, newest first.
    const all: { name: string; takenAt: string }[] = [];
    for (let day = 0; day < 45; day++) {
      for (const hour of [20, 14, 9, 3]) {
        const t = new Date(Date.UTC(2026, 10, 25 - day, hour));
        if (t > now) continue;
        all.push({ name: `lists-${t.toISOString()}`, takenAt: t.toISOString() });
      }
    }
    const keep = backupsToKeep(all, now);
    // Expected, worked out here: the 20 newest, plus the first backup seen of each UTC day within 30 days.
    const expected = new Set(all.slice(0, KEEP_LAST).map((b) => b.name));
    const seenDays = new Set<string>();
    for (const b of all) {
      const age = now.getTime() - Date.parse(b.takenAt);
      const day = b.takenAt.slice(0, 10);
      if (age <= KEEP_DAYS * 86_400_000 && !seenDays.has(day)) {
        seenDays.add(day);
        expected.add(b.name);
      }
    }
    expect([...keep].sort()).toEqual([...expected].sort());
    // Old ones do go: 178 backups, 45 kept (6 days in the last 20, and 25 more days of the 31 in reach).
    expect(all.length).toBe(178);
    expect(keep.size).toBe(45);
  });
});

describe('the catch-up backup at opening', () => {
  /** Lets the clock move on past the file system's coarse timestamps. */
  const tick = () => new Promise((r) => setTimeout(r, 30));

  it('backs up a change that a run ended before backing up (the file changed after its newest backup)', async () => {
    const p = paths();
    const lists0 = await filled(p);
    await lists0.close();
    const taken = await readdir(p.backupsDir);
    await tick();
    // A run that saved a note and was killed before its backup, a few seconds later.
    writeDirectly(p.file, "UPDATE scouting_list_entries SET note = 'Saved by a run that died' WHERE playerId = 1");
    const lists = await open_(p, null);
    expect((await lists.safety()).notice).toBeNull();
    await lists.backupNow();
    const [newest] = (await lists.safety()).backups;
    expect(taken).not.toContain(newest?.name);
    const copy = new DatabaseSync(join(p.backupsDir, newest?.name as string), { readOnly: true });
    expect(copy.prepare('SELECT note FROM scouting_list_entries WHERE playerId = 1').get()).toEqual({
      note: 'Saved by a run that died',
    });
    copy.close();
    await lists.close();
  });

  it('backs up when the settings record a change after the newest backup, even where the file kept no time', async () => {
    const p = paths();
    await (await filled(p)).close();
    const taken = (await readdir(p.backupsDir)).sort();
    // The file's time as old as a year ago; the settings say the lists changed after the backup.
    const yearAgo = new Date(Date.now() - 365 * 86_400_000);
    await utimes(p.file, yearAgo, yearAgo);
    await tick();
    const lists = await open_(p, { changedAt: new Date().toISOString() });
    await lists.backupNow();
    const names = (await lists.safety()).backups.map((b) => b.name);
    // One more than before: the newest, taken at this opening.
    expect(names.slice(1).sort()).toEqual(taken);
    expect(taken).not.toContain(names[0]);
    await lists.close();
  });

  it('backs up lists that have no backup at all', async () => {
    const p = paths();
    const lists0 = await filled(p);
    const before = await contents(lists0);
    await lists0.close();
    await rm(p.backupsDir, { recursive: true });
    const lists = await open_(p, null);
    await lists.backupNow();
    const [newest, ...others] = (await lists.safety()).backups;
    expect(others).toEqual([]);
    await lists.close();
    // The backup holds every note: restored over a ruined file, it gives the lists back.
    await writeFile(p.file, 'garbage');
    const again = await open_(p, null);
    expect((await again.safety()).notice?.restoredFrom?.name).toBe(newest?.name);
    expect(await contents(again)).toEqual(before);
    await again.close();
  });

  it('takes none when the newest backup holds the last change, or the lists hold nothing', async () => {
    const p = paths();
    await (await filled(p)).close();
    const taken = (await readdir(p.backupsDir)).sort();
    await tick();
    const lists = await open_(p, { changedAt: '2020-01-01T00:00:00.000Z' });
    const s = await lists.safety();
    expect(s.pendingBackup).toBe(false);
    expect(s.backups.map((b) => b.name).sort()).toEqual(taken);
    await lists.close();

    const fresh = paths();
    await mkdir(fresh.dir, { recursive: true });
    await (await open_(fresh, null)).close();
    await tick();
    const empty = await open_(fresh, null);
    expect((await empty.safety()).pendingBackup).toBe(false);
    await empty.close();
    expect(existsSync(fresh.backupsDir) ? await readdir(fresh.backupsDir) : []).toEqual([]);
  });
});

describe('the check at every opening', () => {
  it('restores the newest good backup over a file overwritten with garbage, keeping the damaged file aside', async () => {
    const p = paths();
    const lists0 = await filled(p);
    const before = await contents(lists0);
    const newest = (await lists0.safety()).backups[0];
    await lists0.close();
    await writeFile(p.file, Buffer.alloc((await stat(p.file)).size, 0x5a));
    const lists = await open_(p, { changedAt: '2026-11-25T10:00:00.000Z' });
    expect(await contents(lists)).toEqual(before);
    const { notice } = await lists.safety();
    expect(notice).toMatchObject({
      reason: 'the file failed its check: file is not a database',
      restoredFrom: { name: newest?.name },
      lastChangeAt: '2026-11-25T10:00:00.000Z',
    });
    expect(notice?.keptAs).toMatch(/scouting-lists\.damaged-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z\.sqlite$/);
    expect((await readFile(notice?.keptAs as string))[0]).toBe(0x5a);
    await lists.close();
  });

  it('restores over damaged pages that only quick_check finds', async () => {
    const p = paths();
    const lists0 = await filled(p, 120);
    const before = await contents(lists0);
    await lists0.close();
    // 4 KiB of zeros in the middle of the file: it still opens.
    const size = (await stat(p.file)).size;
    expect(size).toBeGreaterThan(64 * 1024);
    const fh = await open(p.file, 'r+');
    await fh.write(Buffer.alloc(4096), 0, 4096, Math.floor(size / 4096 / 2) * 4096);
    await fh.close();
    const lists = await open_(p, { changedAt: '2026-11-25T10:00:00.000Z' });
    expect((await lists.safety()).notice?.reason).toMatch(/^the file failed its check: /);
    expect(await contents(lists)).toEqual(before);
    await lists.close();
  });

  it('restores an empty or missing file where lists existed, never showing "no lists"', async () => {
    for (const damage of ['empty', 'missing'] as const) {
      const p = paths();
      const lists0 = await filled(p);
      const before = await contents(lists0);
      await lists0.close();
      if (damage === 'empty') await writeFile(p.file, '');
      else await rm(p.file);
      // Backups alone tell that lists existed, even when the settings file says nothing.
      const lists = await open_(p, null);
      expect((await lists.safety()).notice?.reason, damage).toBe(`the file was ${damage}`);
      expect(await contents(lists), damage).toEqual(before);
      await lists.close();
    }
  });

  it('starts empty and silent on a first start (no file, no record, no backup)', async () => {
    const p = paths();
    await mkdir(p.dir, { recursive: true });
    const lists = await open_(p, null);
    expect(await lists.lists()).toEqual([]);
    expect((await lists.safety()).notice).toBeNull();
    await lists.close();
  });

  it('says so when no backup can be restored, keeping the damaged file', async () => {
    const p = paths();
    await (await filled(p)).close();
    for (const b of await readdir(p.backupsDir)) await writeFile(join(p.backupsDir, b), 'garbage');
    await writeFile(p.file, 'garbage');
    const lists = await open_(p, { changedAt: '2026-11-25T10:00:00.000Z' });
    const { notice } = await lists.safety();
    expect(notice).toMatchObject({ restoredFrom: null, reason: 'the file failed its check: file is not a database' });
    expect(existsSync(notice?.keptAs as string)).toBe(true);
    expect(await lists.lists()).toEqual([]);
    await lists.close();
  });

  it('refuses, untouched, a file written by a newer Rinkside', async () => {
    const p = paths();
    await (await filled(p)).close();
    // As a newer Rinkside leaves it: its version in the header and in the file's own facts.
    writeDirectly(
      p.file,
      "REPLACE INTO lists_meta (key, value) VALUES ('schemaVersion', '99'); PRAGMA user_version = 99;",
    );
    const bytes = await readFile(p.file);
    const lists = await open_(p);
    await expect(lists.lists()).rejects.toThrow(/written by a newer Rinkside, at schema version 99/);
    const { notice } = await lists.safety();
    expect(notice).toMatchObject({ unavailable: true, restoredFrom: null, keptAs: null });
    await lists.close();
    expect(await readFile(p.file)).toEqual(bytes);
  });

  it('treats a schema version that disagrees with the tables as damage: the file set aside, the backup restored', async () => {
    for (const version of [0, 1, 99, 2147483647]) {
      const p = paths();
      const lists0 = await filled(p);
      const before = await contents(lists0);
      await lists0.close();
      writeDirectly(p.file, `PRAGMA user_version = ${version}`);
      const lists = await open_(p, { changedAt: '2026-11-25T10:00:00.000Z' });
      const { notice } = await lists.safety();
      expect(notice?.reason, String(version)).toBe(
        `the file failed its check: its schema version reads ${version}, but it holds the tables of version 6`,
      );
      expect(notice?.restoredFrom, String(version)).not.toBeNull();
      expect(await contents(lists), String(version)).toEqual(before);
      // The damaged file is kept as it was found.
      expect(versionOf(notice?.keptAs as string)).toBe(version);
      await lists.close();
    }
  });

  it('treats a file without a table its version names, or a good SQLite file with none where lists existed, as damage', async () => {
    for (const damage of ['entries dropped', 'reports dropped', 'no table'] as const) {
      const p = paths();
      const lists0 = await filled(p);
      const before = await contents(lists0);
      await lists0.close();
      if (damage === 'no table') {
        const blank = join(p.dir, 'blank.sqlite');
        writeDirectly(blank, 'CREATE TABLE t (x); DROP TABLE t;');
        await rename(blank, p.file);
      } else {
        const table = damage === 'entries dropped' ? 'scouting_list_entries' : 'scouting_reports';
        writeDirectly(p.file, `DROP TABLE ${table}`);
      }
      const lists = await open_(p, { changedAt: '2026-11-25T10:00:00.000Z' });
      const { notice } = await lists.safety();
      expect(notice?.reason, damage).toBe(
        {
          'entries dropped':
            'the file failed its check: its table scouting_list_entries is missing, though its schema version 6 names it',
          'reports dropped':
            'the file failed its check: its table scouting_reports is missing, though its schema version 6 names it',
          'no table': 'the file was an empty database',
        }[damage],
      );
      expect(await contents(lists), damage).toEqual(before);
      await lists.close();
    }
  });

  it('starts a good SQLite file with no table silently where no lists existed', async () => {
    const p = paths();
    await mkdir(p.dir, { recursive: true });
    writeDirectly(p.file, 'CREATE TABLE t (x); DROP TABLE t;');
    const lists = await open_(p, null);
    expect((await lists.safety()).notice).toBeNull();
    expect(await lists.lists()).toEqual([]);
    await lists.createList('First');
    await lists.close();
  });
});

describe('restoring a backup on request', () => {
  it('puts the backup back, after backing up the lists as they were (so it can be undone)', async () => {
    const p = paths();
    const lists = await filled(p);
    const first = (await lists.safety()).backups[0];
    if (!first) throw new Error('no backup');
    const then = await contents(lists);
    await lists.createList('Made after');
    await lists.backupNow();
    const after = await lists.restoreBackup(first.name);
    expect(await contents(lists)).toEqual(then);
    expect((await lists.lists()).map((l) => l.name)).toEqual(['Top prospects']);
    // The state before the restore is the newest backup now.
    const newest = after.backups[0];
    if (!newest) throw new Error('no backup');
    const copy = new DatabaseSync(join(p.backupsDir, newest.name), { readOnly: true });
    expect(copy.prepare('SELECT name FROM scouting_lists ORDER BY name').all()).toEqual([
      { name: 'Made after' },
      { name: 'Top prospects' },
    ]);
    copy.close();
    await expect(lists.restoreBackup('lists-20000101T000000000Z.sqlite')).rejects.toMatchObject({
      code: 'ListNotFoundError',
    });
    await lists.close();
  });

  it("works whatever state the file is in: over a newer Rinkside's file (kept aside), and over one damaged while open", async () => {
    const p = paths();
    const lists0 = await filled(p);
    const before = await contents(lists0);
    const backup = (await lists0.safety()).backups[0]?.name as string;
    await lists0.close();
    writeDirectly(
      p.file,
      "REPLACE INTO lists_meta (key, value) VALUES ('schemaVersion', '7'); PRAGMA user_version = 7;",
    );
    const lists = await open_(p);
    await expect(lists.lists()).rejects.toMatchObject({ code: 'ListsUnavailableError' });
    const after = await lists.restoreBackup(backup);
    expect(after.notice).toBeNull();
    expect(after.entries).toBe(3);
    expect(await contents(lists)).toEqual(before);
    const kept = (await readdir(p.dir)).filter((f) => f.startsWith('scouting-lists.replaced-'));
    expect(kept).toHaveLength(1);
    expect(versionOf(join(p.dir, kept[0] as string))).toBe(7);

    // Garbage over the file while it is open: the restore still puts the backup back.
    await writeFile(p.file, Buffer.alloc((await stat(p.file)).size, 0x5a));
    await lists.restoreBackup(backup);
    expect(await contents(lists)).toEqual(before);
    await lists.close();
  });
});
