import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, stat, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listsNoticeText } from '../../../../renderer/state/storage.ts';
import type { ListsSafety } from '../../../../shared/lists-safety.ts';
import { openStoreClient, storeFile } from '../../../../store/index.ts';
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

  it('a read-only folder: the lists are read, a save says the folder cannot be written, nothing saved is lost', async () => {
    const dir = await dataDir('read-only');
    const a = startScout(dir);
    const listId = await a.send<number>('create', { name: 'Read-only' });
    const saved = await saveNotes(a, listId, 1, 20);
    await quit(a);

    // The data folder bind-mounted read-only in a private mount namespace: even root cannot write there.
    const ro = startScout(dir, inNamespace('mount --bind "$0" "$0" && mount -o remount,bind,ro "$0"', dir));
    const read = await notesOf(ro, listId);
    const refused = await ro.send('save', { listId, playerId: 500, note: burstNote(500) }).then(
      () => null,
      (err: Error) => err.message,
    );
    await quit(ro);
    expect(lostOf(saved, read)).toEqual([]);
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
      saw: `the lists as they were; on save: “${refused}”`,
      lost: '0',
    });
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
