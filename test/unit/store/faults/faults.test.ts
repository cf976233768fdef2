import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, open, readdir, rename, rm, stat, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listsNoticeText } from '../../../../renderer/state/storage.ts';
import type { ListsSafety } from '../../../../shared/bridge/lists-safety.ts';
import type { OfflineStatus } from '../../../../shared/bridge/offline-bridge.ts';
import { openStoreClient, storeFile } from '../../../../store/index.ts';
import { LISTS_SCHEMA_VERSION } from '../../../../store/lists/schema/migrations/index.ts';
import { burstNote, draftOf } from './notes.ts';
import { type Scout, startScout, until } from './scout-client.ts';

/**
 * Faults against real files and real processes: the scout's store runs in a process of its own
 * (scout-process.ts: the host's lists host and bridge handlers, and the player cache's worker), which is
 * killed with SIGKILL in the middle of a burst of note saves, run with its data folder mounted read-only,
 * or with its data folder on a 1 MiB tmpfs that the test fills; and its files are deleted, emptied or
 * overwritten with garbage between two runs. Every case counts the notes whose save had returned (the
 * host's acknowledgement) and that are missing afterwards: the goal is zero, and where the live file
 * itself is destroyed, zero of those saved before the last backup. The table of what the scout saw is
 * written to test-results/fault-table.md.
 *
 * The read-only folder and the full disk need a private mount namespace (`unshare -m`, as root: CI runs as
 * root on machines like this one): a read-only bind mount of the data folder, and a small tmpfs. As root,
 * chmod does not stop writes, so a mount is the real thing.
 */

let root: string;
const table: { fault: string; saw: string; lost: string }[] = [];

const LISTS = 'scouting-lists.sqlite';

/** A fresh data folder. */
async function dataDir(name: string): Promise<string> {
  const d = join(root, name);
  await mkdir(d, { recursive: true });
  return d;
}

/** The notes of list `listId` as a fresh process reads them: player id → note. */
async function notesOf(scout: Scout, listId: number): Promise<Map<number, string>> {
  const rows = await scout.send<{ id: number; note: string }[]>('entries', { listId });
  return new Map(rows.map((r) => [r.id, r.note]));
}

/** The acknowledged saves whose note is not in `notes` as saved. */
const lostOf = (acked: number[], notes: Map<number, string>) => acked.filter((i) => notes.get(i) !== burstNote(i));

async function quit(scout: Scout): Promise<void> {
  await scout.send('quit').catch(() => {});
  await scout.exited;
}

async function killHard(scout: Scout): Promise<void> {
  scout.proc.kill('SIGKILL');
  expect((await scout.exited).signal).toBe('SIGKILL');
}

/** Saves notes `from`..`from + count - 1` one after another; resolves with the ids acknowledged. */
async function saveNotes(scout: Scout, listId: number, from: number, count: number): Promise<number[]> {
  const before = scout.acks.length;
  await scout.send('burst', { listId, from, count });
  return scout.acks.slice(before);
}

/** A data folder `name` whose lists hold one list of 60 notes, after a normal quit (which takes the last backup). */
async function backedUpLists(name: string): Promise<{ dir: string; listId: number; saved: number[] }> {
  const dir = await dataDir(name);
  const a = startScout(dir);
  const listId = await a.send<number>('create', { name });
  const saved = await saveNotes(a, listId, 1, 60);
  await quit(a);
  return { dir, listId, saved };
}

/** What the next run finds in `dir`: the notes of list `listId` (none when it cannot read them), and the lists' safety. */
async function nextRun(dir: string, listId: number): Promise<{ notes: Map<number, string>; safety: ListsSafety }> {
  const b = startScout(dir);
  const notes = await notesOf(b, listId).catch(() => new Map<number, string>());
  const safety = await b.send<ListsSafety>('safety');
  await quit(b);
  return { notes, safety };
}

/** Writes `value` into the schema-version field of the SQLite file `file` (`user_version`: 4 bytes at 60, big-endian). */
async function writeVersionField(file: string, value: number): Promise<void> {
  const bytes = Buffer.alloc(4);
  bytes.writeInt32BE(value);
  const fh = await open(file, 'r+');
  try {
    await fh.write(bytes, 0, 4, 60);
    await fh.sync();
  } finally {
    await fh.close();
  }
}

/** Runs `cmd` under a private mount namespace in which `script` (sh) prepares the mounts. */
const inNamespace = (script: string, arg: string): string[] => [
  'unshare',
  '--mount',
  '--propagation',
  'private',
  'sh',
  '-c',
  `${script} && exec "$@"`,
  arg,
];

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'rinkside-faults-'));
});
afterAll(async () => {
  await mkdir('test-results', { recursive: true });
  const lines = [
    '| fault | what the scout saw | notes lost |',
    '|---|---|---|',
    ...table.map((r) => `| ${r.fault} | ${r.saw.replaceAll('|', '/')} | ${r.lost} |`),
  ];
  await writeFile(join('test-results', 'fault-table.md'), `${lines.join('\n')}\n`);
  await rm(root, { recursive: true, force: true });
});

describe('faults', () => {
  it('kill -9 in the middle of a burst of note saves loses no saved note', async () => {
    const dir = await dataDir('kill');
    const a = startScout(dir);
    const listId = await a.send<number>('create', { name: 'Burst' });
    const burst = a.send('burst', { listId, from: 1, count: 1_000_000 }).catch(() => {});
    await until(() => a.acks.length >= 400);
    await killHard(a);
    await burst;
    const acked = [...a.acks];
    const b = startScout(dir);
    const notes = await notesOf(b, listId);
    const safety = await b.send<ListsSafety>('safety');
    await quit(b);
    expect(safety.notice).toBeNull();
    expect(lostOf(acked, notes)).toEqual([]);
    // At most the save in flight when the process died is there unacknowledged.
    expect(notes.size - acked.length).toBeLessThanOrEqual(1);
    table.push({
      fault: `kill -9 during a burst of note saves (${acked.length} saves acknowledged)`,
      saw: 'nothing: the lists opened as they were',
      lost: '0',
    });
  }, 120_000);

  it('kill -9 while a report draft is saved as the scout types: the draft is there, as of the last save or the one in flight', async () => {
    const dir = await dataDir('draft');
    const a = startScout(dir);
    const burst = a.send('draftBurst', { count: 1_000_000 }).catch(() => {});
    await until(() => a.acks.length >= 200);
    await killHard(a);
    await burst;
    const last = a.acks.at(-1) as number;
    const b = startScout(dir);
    const reports = await b.send<{ status: string; notes: string; grades: Record<string, number> }[]>('reports');
    await quit(b);
    expect(reports).toHaveLength(1);
    const [draft] = reports;
    expect(draft?.status).toBe('draft');
    // The last acknowledged save, or the one in flight when the process died: never an older one, never a mix.
    const which = [last, last + 1].find((i) => draft?.notes === burstNote(i));
    expect(which).toBeDefined();
    expect(draft?.grades).toEqual(draftOf(which as number).grades);
    table.push({
      fault: `kill -9 while a report draft is saved as typed (${a.acks.length} saves acknowledged)`,
      saw: 'nothing: the draft opened as last saved',
      lost: '0',
    });
  }, 120_000);

  it('a WAL deleted after kill -9 during saves and a download: the lists have none; the cache keeps what it checkpointed', async () => {
    const dir = await dataDir('wal');
    const a = startScout(dir);
    const listId = await a.send<number>('create', { name: 'WAL' });
    const cache = a.send('cacheBurst', { count: 100_000 }).catch(() => {});
    const burst = a.send('burst', { listId, from: 1, count: 1_000_000 }).catch(() => {});
    await until(() => a.acks.length >= 200 && a.cacheAcks.length >= 30);
    await killHard(a);
    await Promise.all([cache, burst]);
    const acked = [...a.acks];
    // The lists file keeps no write-ahead log: there is none to delete.
    expect(existsSync(join(dir, `${LISTS}-wal`))).toBe(false);
    const cacheFile = storeFile(dir);
    expect(existsSync(`${cacheFile}-wal`)).toBe(true);
    for (const f of [`${cacheFile}-wal`, `${cacheFile}-shm`]) await rm(f, { force: true });

    const b = startScout(dir);
    const notes = await notesOf(b, listId);
    await quit(b);
    expect(lostOf(acked, notes)).toEqual([]);
    // The cache opens checked: each team-season it still says is done has all its rows (40 players each).
    const store = await openStoreClient({ file: cacheFile });
    const done = (await store.doneUnits()).length;
    const counts = await store.counts();
    const rebuilt = await store.rebuilt();
    await store.close();
    expect(counts.playerStats).toBe(done * 40);
    table.push({
      fault: `-wal and -shm deleted after kill -9 during ${acked.length} note saves and ${a.cacheAcks.length} downloaded team-seasons`,
      saw:
        rebuilt === null
          ? `nothing for the lists; the downloaded players kept ${done} of ${a.cacheAcks.length} team-seasons (the rest is downloaded again by the next download, which resumes at its checkpoints)`
          : `the downloaded players were set aside and downloaded again (${rebuilt.reason})`,
      lost: '0',
    });
  }, 120_000);

  it('garbage over each live file, and an empty lists file: the lists come back from the last backup, the cache is rebuilt', async () => {
    for (const damage of ['garbage', 'zero-byte'] as const) {
      const dir = await dataDir(`ruin-${damage}`);
      const a = startScout(dir);
      const listId = await a.send<number>('create', { name: 'Backed up' });
      const before = await saveNotes(a, listId, 1, 60);
      const backup = await a.send<{ takenAt: string }>('backup');
      await a.send('cacheBurst', { count: 5 });
      // Saved after the last backup, then the process dies before the next one (3 s later).
      const after = await saveNotes(a, listId, 1000, 5);
      await killHard(a);
      const file = join(dir, LISTS);
      if (damage === 'garbage') {
        await writeFile(file, Buffer.alloc((await stat(file)).size, 0x7e));
        // Every live file of the cache: the file, its WAL and its shared memory.
        for (const f of [storeFile(dir), `${storeFile(dir)}-wal`, `${storeFile(dir)}-shm`]) {
          if (existsSync(f)) await writeFile(f, Buffer.alloc(Math.max(4096, (await stat(f)).size), 0x7e));
        }
      } else await truncate(file, 0);

      const b = startScout(dir);
      const notes = await notesOf(b, listId);
      const safety = await b.send<ListsSafety>('safety');
      await quit(b);
      expect(safety.notice?.restoredFrom?.takenAt).toBe(backup.takenAt);
      expect(lostOf(before, notes)).toEqual([]);
      const lostAfter = lostOf(after, notes).length;
      if (damage === 'garbage') {
        const store = await openStoreClient({ file: storeFile(dir) });
        const rebuilt = await store.rebuilt();
        await store.close();
        expect(rebuilt?.reason).toBe('the file failed its check: file is not a database');
      }
      const notice = safety.notice ? listsNoticeText(safety.notice) : 'no notice';
      table.push({
        fault:
          damage === 'garbage'
            ? 'garbage over every live file: the lists file, the player cache, its -wal and -shm (after kill -9)'
            : 'lists file emptied to zero bytes (after kill -9)',
        saw: `${notice}${damage === 'garbage' ? ' And: the downloaded players could not be used (the file failed its check: file is not a database) and were set aside; …' : ''}`,
        lost: `0 of ${before.length} saved before the last backup; ${lostAfter} of ${after.length} saved in the 3 s after it`,
      });
    }
  }, 180_000);

  it('a deleted lists file where lists existed comes back from the last backup', async () => {
    const dir = await dataDir('deleted');
    const a = startScout(dir);
    const listId = await a.send<number>('create', { name: 'Deleted' });
    const saved = await saveNotes(a, listId, 1, 40);
    await quit(a);
    await rm(join(dir, LISTS));
    const b = startScout(dir);
    const notes = await notesOf(b, listId);
    const safety = await b.send<ListsSafety>('safety');
    await quit(b);
    expect(safety.notice?.reason).toBe('the file was missing');
    expect(lostOf(saved, notes)).toEqual([]);
    table.push({
      fault: 'lists file deleted (after a normal quit, which takes the last backup)',
      saw: listsNoticeText(safety.notice ?? ({} as never)),
      lost: '0',
    });
  }, 120_000);

  it('kill -9 three times before the first backup, then a run with no change of its own: a backup holds every note, and a ruined file comes back from it', async () => {
    const dir = await dataDir('never-backed-up');
    const acked: number[] = [];
    let listId = 0;
    for (let run = 0; run < 3; run++) {
      const a = startScout(dir);
      if (run === 0) listId = await a.send<number>('create', { name: 'Never backed up' });
      // 50 notes, and the process dies at once: well within the 3 s after the last save that a backup waits.
      acked.push(...(await saveNotes(a, listId, run * 50 + 1, 50)));
      await killHard(a);
    }
    expect(acked).toHaveLength(150);
    // A run that changes nothing and quits normally.
    const quiet = startScout(dir);
    await quiet.send<ListsSafety>('safety');
    await quit(quiet);
    const file = join(dir, LISTS);
    await writeFile(file, Buffer.alloc((await stat(file)).size, 0x7e));

    // With no backup to restore, the list itself would be gone: every note lost.
    const { notes, safety } = await nextRun(dir, listId);
    const lost = lostOf(acked, notes).length;
    expect(safety.notice?.restoredFrom).not.toBeNull();
    expect(lost).toBe(0);
    table.push({
      fault:
        'kill -9 in three runs, each within 3 s of its last save, before its own backup (50 notes each); one run with no change of its own; then garbage over the lists file',
      saw: listsNoticeText(safety.notice ?? ({} as never)),
      lost: `${lost} of ${acked.length} (each opening backed up what the run before it had left)`,
    });
  }, 180_000);

  it('a damaged schema-version field (0, or a huge value) with the tables present: the file is set aside and the last backup restored, with a notice naming it', async () => {
    for (const value of [0, 0x7fffffff]) {
      const { dir, listId, saved } = await backedUpLists(`version-${value}`);
      await writeVersionField(join(dir, LISTS), value);

      const { notes, safety } = await nextRun(dir, listId);
      expect(safety.notice?.reason).toBe(
        `the file failed its check: its schema version reads ${value}, but it holds the tables of version 6`,
      );
      expect(safety.notice?.keptAs).toMatch(/scouting-lists\.damaged-/);
      const lost = lostOf(saved, notes).length;
      expect(lost).toBe(0);
      table.push({
        fault: `schema-version field of the lists file set to ${value} (bytes 60–63; after a normal quit)`,
        saw: listsNoticeText(safety.notice ?? ({} as never)),
        lost: `${lost} of ${saved.length} (all saved before the last backup)`,
      });
    }
  }, 180_000);

  it('a lists file of a newer Rinkside is left as it is, and Settings can still restore a backup', async () => {
    const { dir, listId, saved } = await backedUpLists('newer');
    // As a later version leaves it: a higher schema version, recorded in the file's own facts too.
    const db = new DatabaseSync(join(dir, LISTS));
    const newer = LISTS_SCHEMA_VERSION + 1;
    db.exec(
      `REPLACE INTO lists_meta (key, value) VALUES ('schemaVersion', '${newer}'); PRAGMA user_version = ${newer};`,
    );
    db.close();

    const b = startScout(dir);
    const refused = await notesOf(b, listId).then(
      () => null,
      (err: Error) => err.message,
    );
    const safety = await b.send<ListsSafety>('safety');
    const backup = safety.backups[0];
    if (backup === undefined) throw new Error('no backup');
    const restored = await b.send<ListsSafety>('restore', { name: backup.name });
    const notes = await notesOf(b, listId);
    await quit(b);
    expect(refused).toBe(
      `Your scouting lists cannot be opened: the file was written by a newer Rinkside, at schema version ${newer}. Rinkside left it as it is; restore a backup in Settings, or open it with the newer Rinkside.`,
    );
    expect(restored.notice).toBeNull();
    const lost = lostOf(saved, notes).length;
    expect(lost).toBe(0);
    table.push({
      fault: `lists file of a newer Rinkside (schema version ${newer}, recorded in the file); then Restore in Settings`,
      saw: `${listsNoticeText(safety.notice ?? ({} as never))} After Restore: the lists of the backup`,
      lost: `${lost} of ${saved.length}`,
    });
  }, 120_000);

  it('a valid SQLite file with no tables, and one whose entries table was dropped, where lists existed: damage, the last backup restored', async () => {
    for (const damage of ['blank', 'dropped'] as const) {
      const { dir, listId, saved } = await backedUpLists(`tables-${damage}`);
      const file = join(dir, LISTS);
      if (damage === 'blank') {
        // A good SQLite file that holds nothing, in the place of the lists file.
        const blank = join(dir, 'blank.sqlite');
        const db = new DatabaseSync(blank);
        db.exec('CREATE TABLE t (x); DROP TABLE t;');
        db.close();
        await rename(blank, file);
      } else {
        const db = new DatabaseSync(file);
        db.exec('DROP TABLE scouting_list_entries');
        db.close();
      }

      const { notes, safety } = await nextRun(dir, listId);
      expect(safety.notice?.reason).toBe(
        damage === 'blank'
          ? 'the file was an empty database'
          : 'the file failed its check: its table scouting_list_entries is missing, though its schema version 6 names it',
      );
      const lost = lostOf(saved, notes).length;
      expect(lost).toBe(0);
      table.push({
        fault:
          damage === 'blank'
            ? 'a valid, empty SQLite file in the place of the lists file (lists existed)'
            : 'the entries table dropped from the lists file',
        saw: listsNoticeText(safety.notice ?? ({} as never)),
        lost: `${lost} of ${saved.length} (all saved before the last backup)`,
      });
    }
  }, 180_000);

  it('a read-only folder: the lists are read, a save says the folder cannot be written, nothing saved is lost', async () => {
    const dir = await dataDir('read-only');
    const a = startScout(dir);
    const listId = await a.send<number>('create', { name: 'Read-only' });
    const saved = await saveNotes(a, listId, 1, 20);
    const before = await a.send<ListsSafety>('safety');
    await quit(a);

    // The data folder bind-mounted read-only in a private mount namespace: even root cannot write there.
    const ro = startScout(dir, inNamespace('mount --bind "$0" "$0" && mount -o remount,bind,ro "$0"', dir));
    // Said at launch, before any save is tried.
    const roSafety = await ro.send<ListsSafety>('safety');
    const read = await notesOf(ro, listId);
    const refused = await ro.send('save', { listId, playerId: 500, note: burstNote(500) }).then(
      () => null,
      (err: Error) => err.message,
    );
    await quit(ro);
    expect(lostOf(saved, read)).toEqual([]);
    expect(before.readOnly).toBe(false);
    expect(roSafety.readOnly).toBe(true);
    expect(refused).toBe(
      `The folder ${dir} cannot be written to: this change was not saved. Everything saved before is kept.`,
    );

    const c = startScout(dir);
    const after = await notesOf(c, listId);
    const again = await saveNotes(c, listId, 500, 1);
    await quit(c);
    expect(lostOf(saved, after)).toEqual([]);
    expect(again).toEqual([500]);
    table.push({
      fault: 'read-only data folder (read-only bind mount)',
      saw: `the lists as they were, and at launch the notice that the folder cannot be written (safety.readOnly); on save: “${refused}”`,
      lost: '0',
    });
  }, 120_000);

  it('a read-only folder with downloaded players: they stay readable, nothing is set aside, a change says the folder cannot be written', async () => {
    for (const closed of ['after a normal quit', 'with no record of a clean close'] as const) {
      const dir = await dataDir(`read-only-cache-${closed === 'after a normal quit' ? 'quit' : 'unrecorded'}`);
      const a = startScout(dir);
      await a.send('cacheBurst', { count: 5 });
      // A list holding one of the downloaded players: his latest stats come from the cache.
      const listId = await a.send<number>('create', { name: 'Read-only cache' });
      await saveNotes(a, listId, 1000, 1);
      await quit(a);
      // A run that could not record its close (it met a lock, say) leaves the file to be checked.
      if (closed !== 'after a normal quit') await rm(`${storeFile(dir)}.closed`);
      const files = (await readdir(dir)).sort();

      const ro = startScout(dir, inNamespace('mount --bind "$0" "$0" && mount -o remount,bind,ro "$0"', dir));
      const status = await ro.send<OfflineStatus>('offlineStatus').catch((err: Error) => err.message);
      const player = await ro.send('offlinePlayer', { playerId: 1000 }).catch((err: Error) => err.message);
      // The stats browser and the search read the rows derived after the download, and write nothing.
      const leaders = await ro
        .send('offlineLeaders', { query: { sort: '-PTS', limit: '5' } })
        .catch((err: Error) => err.message);
      const found = await ro.send('offlineSearch', { q: 'Skater 1000' }).catch((err: Error) => err.message);
      const entries = await ro.send<{ id: number; GP: number | null }[]>('entries', { listId });
      const cleared = await ro.send('offlineClear').then(
        () => null,
        (err: Error) => err.message,
      );
      await quit(ro);
      // 5 team-seasons of 40 players each (scout-process.ts `unit`), player 1000 with his one line.
      expect(typeof status === 'string' ? status : status.counts.players, closed).toBe(200);
      expect(typeof status === 'string' ? status : status.rebuilt, closed).toBeNull();
      expect(player, closed).toEqual({ id: 1000, name: 'Skater 1000', rows: 1 });
      // 200 lines; team n's players are 1000n + i (i < 40), PTS (id % 50) + (id % 40) = 2i: five lines of 78 on
      // top, the same GP, so by name Skater 1039 first. No other league: no NHLe.
      expect(leaders, closed).toEqual({ total: 200, top: 'Skater 1039', nhle: null });
      expect(found, closed).toEqual([1000]);
      // His line as scout-process.ts `unit` writes it: 82 games.
      expect(
        entries.map((e) => [e.id, e.GP]),
        closed,
      ).toEqual([[1000, 82]]);
      expect(cleared, closed).toBe(
        `The folder ${dir} cannot be written to: the downloaded players there can be read, but none can be downloaded, changed or cleared until it can.`,
      );
      expect((await readdir(dir)).sort(), closed).toEqual(files);
      table.push({
        fault: `read-only data folder with downloaded players (read-only bind mount; ${closed})`,
        saw: `the 200 downloaded players as they were (in the stats browser, the search, and in the lists, their latest stats), nothing set aside and no damage notice; on Clear: “${cleared}”`,
        lost: '0 (nothing set aside)',
      });
    }
  }, 120_000);

  it('a full disk: a save says so, what was saved stays, and saving works again once there is room', async () => {
    const dir = await dataDir('full');
    // A 1 MiB tmpfs over the data folder, in a private mount namespace; the scout fills it itself.
    const s = startScout(dir, inNamespace('mount -t tmpfs -o size=1m,mode=0700 tmpfs "$0"', dir));
    const listId = await s.send<number>('create', { name: 'Full disk' });
    const saved = await saveNotes(s, listId, 1, 30);
    await s.send('backup');
    const filled = await s.send<number>('fill');
    const refused = await s.send('save', { listId, playerId: 900, note: burstNote(900) }).then(
      () => null,
      (err: Error) => err.message,
    );
    await s.send('backup').catch(() => {});
    const safety = await s.send<ListsSafety>('safety');
    await s.send('reopen');
    const onDisk = await notesOf(s, listId);
    await s.send('unfill');
    const again = await saveNotes(s, listId, 900, 1);
    await s.send('reopen');
    const end = await notesOf(s, listId);
    await quit(s);
    expect(filled).toBeGreaterThan(0);
    expect(refused).toBe(
      'The disk is full: this change was not saved. Everything saved before is kept. Free some space and try again.',
    );
    expect(lostOf(saved, onDisk)).toEqual([]);
    expect(onDisk.has(900)).toBe(false);
    expect(again).toEqual([900]);
    expect(lostOf([...saved, 900], end)).toEqual([]);
    table.push({
      fault: 'full disk (a 1 MiB tmpfs, filled)',
      saw: `on save: “${refused}”${safety.backupError ? `; Settings: “${safety.backupError.message}”` : ''}`,
      lost: '0',
    });
  }, 120_000);
});

it('the machine lets a private mount namespace be made (the read-only and full-disk cases need one)', () => {
  // Named, so a machine where they cannot run says why rather than failing in a mount's words.
  expect(() => execFileSync('unshare', ['--mount', '--propagation', 'private', 'true'])).not.toThrow();
});
