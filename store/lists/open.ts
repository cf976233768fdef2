import { mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ListNotFoundError } from '../../shared/lists.ts';
import type { ListsBackup, ListsSafety } from '../../shared/lists-safety.ts';
import type { Db } from '../db.ts';
import { copyDurably, setAside } from '../files.ts';
import type { ListsApi } from './api.ts';
import { type BoardCalls, createBoardCalls } from './boards.ts';
import { type CacheReader, cacheReader } from './cache.ts';
import { writeFailure } from './errors.ts';
import { pinFactor, pinnedFactors, unpinFactor } from './factors.ts';
import { importLegacyLists } from './legacy.ts';
import { createListCalls, type ListCalls } from './lists.ts';
import { getMeta, setMeta } from './meta.ts';
import type { ListsWorkerData } from './protocol.ts';
import { createReportCalls, type ReportCalls } from './reports.ts';
import { backupIsGood, listBackups, pruneBackups, writeBackup } from './safety/backups.ts';
import { openChecked } from './safety/opening.ts';
import { BACKUP_TIMING, type BackupScheduler, backupScheduler } from './safety/scheduler.ts';
import { exportDocument } from './transfer/export.ts';
import { importListsFile } from './transfer/import.ts';

/**
 * Opens the scouting lists (inside the lists worker): the file checked and, when damaged or missing,
 * restored from its newest good backup (safety/opening.ts); the earlier version's lists copied in once
 * (legacy.ts); backups taken a few seconds after each change and at close (safety/scheduler.ts), each
 * checked and the old ones pruned (safety/backups.ts). Every write that the disk refuses becomes a
 * plain {@link ListsWriteError}; nothing of it is written.
 */

/** The open file and what reads and writes it (replaced together when a backup is restored). */
interface Current {
  db: Db;
  calls: AllCalls;
}

type AllCalls = ListCalls & ReportCalls & BoardCalls;

/** Every call that reads or writes the file's rows. */
function createCalls(db: Db, cache: CacheReader): AllCalls {
  return { ...createListCalls(db, cache), ...createReportCalls(db), ...createBoardCalls(db) };
}

const BOUND = 'legacyBoundTo';

/** Counts of the lists file. */
function counts(db: Db): { lists: number; entries: number; reports: number; boards: number } {
  const n = (sql: string) => db.query<{ n: number }, []>(sql).get()?.n ?? 0;
  return {
    lists: n('SELECT COUNT(*) AS n FROM scouting_lists'),
    entries: n('SELECT COUNT(*) AS n FROM scouting_list_entries'),
    reports: n('SELECT COUNT(*) AS n FROM scouting_reports'),
    boards: n('SELECT COUNT(*) AS n FROM draft_boards'),
  };
}

/** The lists' calls over `cur`, each one's disk failure in plain words, each write followed by `changed`. */
function guardedCalls(cur: () => Current, file: string, backups: BackupScheduler) {
  const guard =
    <A extends unknown[], R>(fn: (c: AllCalls) => (...a: A) => R, writes: boolean) =>
    (...a: A): R => {
      try {
        const r = fn(cur().calls)(...a);
        if (writes) backups.changed();
        return r;
      } catch (err) {
        throw writeFailure(err, file);
      }
    };
  return {
    lists: guard((c) => c.lists, false),
    createList: guard((c) => c.createList, true),
    renameList: guard((c) => c.renameList, true),
    deleteList: guard((c) => c.deleteList, true),
    listEntries: guard((c) => c.listEntries, false),
    saveEntry: guard((c) => c.saveEntry, true),
    editEntry: guard((c) => c.editEntry, true),
    removeEntry: guard((c) => c.removeEntry, true),
    listsOfPlayer: guard((c) => c.listsOfPlayer, false),
    listedPlayers: guard((c) => c.listedPlayers, false),
    reports: guard((c) => c.reports, false),
    saveReport: guard((c) => c.saveReport, true),
    deleteReport: guard((c) => c.deleteReport, true),
    scoutingPrefs: guard((c) => c.scoutingPrefs, false),
    setScoutingPrefs: guard((c) => c.setScoutingPrefs, true),
    boards: guard((c) => c.boards, false),
    board: guard((c) => c.board, false),
    createBoard: guard((c) => c.createBoard, true),
    saveBoard: guard((c) => c.saveBoard, true),
    addToBoard: guard((c) => c.addToBoard, true),
    deleteBoard: guard((c) => c.deleteBoard, true),
    saveBoardVersion: guard((c) => c.saveBoardVersion, true),
  } satisfies AllCalls;
}

/** Binds the entries of `legacy` to `source`, once (see {@link ListsApi.bindLegacySource}). */
function bindLegacy(db: Db, legacy: string, source: string): number {
  if (getMeta(db, BOUND) !== null) return 0;
  return db.tx(() => {
    const r = db
      .query<never, [string, string]>('UPDATE OR IGNORE scouting_list_entries SET source = ? WHERE source = ?')
      .run(source, legacy);
    setMeta(db, BOUND, source);
    return r.changes;
  });
}

/** Opens the lists as {@link ListsWorkerData} says; throws a plain error when they cannot be opened at all. */
export function openLists(data: ListsWorkerData): ListsApi {
  mkdirSync(data.backupsDir, { recursive: true, mode: 0o700 });
  const cache: CacheReader = cacheReader(data.cacheFile);
  const opened = openChecked(data.file, data.backupsDir, data.record);
  let cur: Current = { db: opened.db, calls: createCalls(opened.db, cache) };
  let notice = opened.notice;
  let backupError: ListsSafety['backupError'] = null;

  const backups = backupScheduler(
    async () => {
      const at = new Date();
      try {
        await writeBackup(cur.db.connection, data.backupsDir, at);
        pruneBackups(data.backupsDir, at);
        backupError = null;
      } catch (err) {
        const why = (writeFailure(err, data.file) as Error).message ?? String(err);
        backupError = { at: at.toISOString(), message: `The backup failed: ${why}` };
        throw err;
      }
    },
    {
      delayMs: data.backupDelayMs ?? BACKUP_TIMING.delayMs,
      maxDelayMs: data.backupMaxDelayMs ?? BACKUP_TIMING.maxDelayMs,
    },
  );
  try {
    // Copied lists are backed up at once: the old tables are gone from the cache file after this.
    if (importLegacyLists(cur.db, data.cacheFile) > 0) backups.changed();
  } catch {
    // The cache file cannot be read (damaged): the earlier version's lists stay in it, which is kept.
  }

  const calls = guardedCalls(() => cur, data.file, backups);
  const guardWrite = <T>(fn: () => T): T => {
    try {
      const r = fn();
      backups.changed();
      return r;
    } catch (err) {
      throw writeFailure(err, data.file);
    }
  };
  const api: ListsApi = {
    ...calls,
    pinnedFactors: () => pinnedFactors(cur.db),
    pinFactor: (pin) => guardWrite(() => pinFactor(cur.db, pin)),
    unpinFactor: (league) => guardWrite(() => unpinFactor(cur.db, league)),
    bindLegacySource(legacy, source) {
      const n = bindLegacy(cur.db, legacy, source);
      if (n > 0) backups.changed();
      return n;
    },
    exportLists: (listIds, app) =>
      `${JSON.stringify(exportDocument(cur.db, listIds, app, new Date(), cur.calls.scoutingPrefs().scoutName), null, 2)}\n`,
    importLists(text) {
      try {
        const report = importListsFile(cur.db, text, cur.calls.scoutingPrefs().scoutName);
        backups.changed();
        return report;
      } catch (err) {
        throw writeFailure(err, data.file);
      }
    },
    safety() {
      return {
        file: data.file,
        bytes: statSync(data.file, { throwIfNoEntry: false })?.size ?? 0,
        backupsDir: data.backupsDir,
        backups: listBackups(data.backupsDir),
        backupError,
        pendingBackup: backups.pending(),
        notice,
        ...counts(cur.db),
      };
    },
    dismissNotice() {
      notice = null;
    },
    async backupNow(always = false): Promise<ListsBackup | null> {
      if (always) backups.changed();
      await backups.flush();
      if (backupError !== null) throw new Error(backupError.message);
      return listBackups(data.backupsDir)[0] ?? null;
    },
    async restoreBackup(name) {
      const chosen = listBackups(data.backupsDir).find((b) => b.name === name);
      if (chosen === undefined) throw new ListNotFoundError('name', `There is no backup named ${name}.`);
      if (!backupIsGood(data.backupsDir, name))
        throw new Error(`The backup ${name} did not pass its check; it was not restored.`);
      // The lists as they are become a backup first, so this can be undone; a file too damaged for that is kept aside.
      let keep = true;
      try {
        await api.backupNow(true);
        keep = false;
      } catch {
        // Kept aside below.
      }
      // Synchronous from here to the reopening: no backup can start in between.
      cur.db.close();
      if (keep) setAside(data.file, 'replaced', new Date());
      copyDurably(join(data.backupsDir, name), data.file);
      const reopened = openChecked(data.file, data.backupsDir, null);
      cur = { db: reopened.db, calls: createCalls(reopened.db, cache) };
      notice = null;
      return api.safety();
    },
    async close() {
      await backups.flush();
      backups.stop();
      cur.db.close();
      cache.close();
    },
  };
  return api;
}
