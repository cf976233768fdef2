import { mkdirSync, statSync } from 'node:fs';
import type { ListsBackup, ListsSafety } from '../../shared/bridge/lists-safety.ts';
import type { DepartmentIdentity } from '../../shared/department/laptop.ts';
import { ListNotFoundError } from '../../shared/domain/lists.ts';
import { cacheReader } from '../cache/read-only.ts';
import type { WritableDB } from '../common/db.ts';
import { writable } from '../common/writable.ts';
import type { ListsApi } from './api.ts';
import { bulkChanges } from './department/bulk.ts';
import { afterRestore } from './department/configure.ts';
import { departmentOf } from './department/identity.ts';
import { writeFailure } from './errors.ts';
import { pinFactor, pinnedFactors, unpinFactor } from './factors.ts';
import { importLegacyLists } from './legacy.ts';
import { type AllCalls, type Current, type LiveFile, liveFile } from './live.ts';
import { getMeta, setMeta } from './meta.ts';
import type { ListsWorkerData } from './protocol.ts';
import { backupIsGood, listBackups, pruneBackups, writeBackup } from './safety/backups.ts';
import { backupBehind } from './safety/catch-up.ts';
import { BACKUP_TIMING, type BackupScheduler, backupScheduler } from './safety/scheduler.ts';
import { exportDocument } from './transfer/export.ts';
import { importListsFile } from './transfer/import.ts';

/**
 * Opens the scouting lists (inside the lists worker): the file checked and, when damaged or missing,
 * restored from its newest good backup (safety/opening.ts); the earlier version's lists copied in once
 * (legacy.ts); backups taken a few seconds after each change and at close (safety/scheduler.ts), and at
 * opening when the lists changed after the newest backup (a run that ended before its backup,
 * safety/catch-up.ts), each checked and the old ones pruned (safety/backups.ts). Every write that the
 * disk refuses becomes a plain {@link ListsWriteError}; nothing of it is written. A file that cannot be
 * opened as it is (a newer Rinkside's) leaves the lists unavailable, not the worker: Settings still
 * shows the backups and restores one.
 */

const BOUND = 'legacyBoundTo';

/** Counts of the lists file. */
function counts(db: WritableDB): { lists: number; entries: number; reports: number; boards: number } {
  const n = (sql: string) => db.query<{ n: number }, []>(sql).get()?.n ?? 0;
  return {
    lists: n('SELECT COUNT(*) AS n FROM scouting_lists'),
    entries: n('SELECT COUNT(*) AS n FROM scouting_list_entries'),
    reports: n('SELECT COUNT(*) AS n FROM scouting_reports'),
    boards: n('SELECT COUNT(*) AS n FROM draft_boards'),
  };
}

/**
 * The lists' calls over `cur` (which throws while the file cannot be opened), each one's disk failure in
 * plain words, each write followed by `changed`.
 */
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
    setListShared: guard((c) => c.setListShared, true),
    deleteList: guard((c) => c.deleteList, true),
    listEntries: guard((c) => c.listEntries, false),
    saveEntry: guard((c) => c.saveEntry, true),
    editEntry: guard((c) => c.editEntry, true),
    removeEntry: guard((c) => c.removeEntry, true),
    listsOfPlayer: guard((c) => c.listsOfPlayer, false),
    listedPlayers: guard((c) => c.listedPlayers, false),
    playersInUse: guard((c) => c.playersInUse, false),
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
    departmentConfigure: guard((c) => c.departmentConfigure, true),
    departmentStatus: guard((c) => c.departmentStatus, false),
    departmentOutbox: guard((c) => c.departmentOutbox, false),
    departmentAcknowledge: guard((c) => c.departmentAcknowledge, true),
    departmentApply: guard((c) => c.departmentApply, true),
    // The sync's times alone are no reason for a backup.
    departmentRecordSync: guard((c) => c.departmentRecordSync, false),
    departmentConflicts: guard((c) => c.departmentConflicts, false),
    departmentResolveConflict: guard((c) => c.departmentResolveConflict, true),
    departmentResolutions: guard((c) => c.departmentResolutions, false),
    departmentResolutionsSent: guard((c) => c.departmentResolutionsSent, true),
    departmentOwnRevs: guard((c) => c.departmentOwnRevs, false),
    departmentResend: guard((c) => c.departmentResend, true),
    departmentReportHistory: guard((c) => c.departmentReportHistory, false),
    departmentPlayerReports: guard((c) => c.departmentPlayerReports, false),
    departmentAssignments: guard((c) => c.departmentAssignments, false),
    departmentAssign: guard((c) => c.departmentAssign, true),
    departmentEditAssignment: guard((c) => c.departmentEditAssignment, true),
    departmentScouts: guard((c) => c.departmentScouts, false),
    // The roster is the server's, read again at every director's sync: no reason for a backup.
    departmentSetRoster: guard((c) => c.departmentSetRoster, false),
    departmentUnassign: guard((c) => c.departmentUnassign, true),
    departmentThreshold: guard((c) => c.departmentThreshold, false),
    departmentSetThreshold: guard((c) => c.departmentSetThreshold, true),
    departmentCoverage: guard((c) => c.departmentCoverage, false),
    departmentCoverageJson: guard((c) => c.departmentCoverageJson, false),
    departmentBoardFacts: guard((c) => c.departmentBoardFacts, false),
    departmentWhatsNew: guard((c) => c.departmentWhatsNew, false),
    departmentMarkSeen: guard((c) => c.departmentMarkSeen, false),
    departmentViewingLog: guard((c) => c.departmentViewingLog, false),
  } satisfies AllCalls;
}

/** The department set up in the open file `cur` (none when the file cannot be read any more: it is damaged). */
function departmentBefore(cur: Current | null): DepartmentIdentity | null {
  try {
    return cur === null ? null : departmentOf(cur.db);
  } catch {
    return null;
  }
}

/** Binds the entries of `legacy` to `source`, once (see {@link ListsApi.bindLegacySource}). */
function bindLegacy(db: WritableDB, legacy: string, source: string): number {
  if (getMeta(db, BOUND) !== null) return 0;
  return db.tx(() => {
    const bulk = bulkChanges(db);
    const r = db
      .query<never, [string, string]>('UPDATE OR IGNORE scouting_list_entries SET source = ? WHERE source = ?')
      .run(source, legacy);
    setMeta(db, BOUND, source);
    bulk.finish();
    return r.changes;
  });
}

/** Whether the lists file holds anything of the scout's: a list, a report, a board or a pinned factor. */
function holdsWork(db: WritableDB): boolean {
  const c = counts(db);
  return c.lists + c.reports + c.boards > 0 || pinnedFactors(db).length > 0;
}

/**
 * The backups of the lists in `live` (safety/scheduler.ts): each written, checked and the old ones pruned;
 * a failure kept for Settings (`failed`) until the next backup succeeds.
 */
function listsBackups(
  live: LiveFile,
  data: ListsWorkerData,
  failed: (e: ListsSafety['backupError']) => void,
): BackupScheduler {
  return backupScheduler(
    async () => {
      const at = new Date();
      try {
        await writeBackup(live.current().db.connection, data.backupsDir, at);
        pruneBackups(data.backupsDir, at);
        failed(null);
      } catch (err) {
        const why = (writeFailure(err, data.file) as Error).message ?? String(err);
        failed({ at: at.toISOString(), message: `The backup failed: ${why}` });
        throw err;
      }
    },
    {
      delayMs: data.backupDelayMs ?? BACKUP_TIMING.delayMs,
      maxDelayMs: data.backupMaxDelayMs ?? BACKUP_TIMING.maxDelayMs,
    },
  );
}

/**
 * What follows the first opening of the file: when it opened as it was (`asItWas`: not restored, not made
 * now), a backup at once if the lists changed after the newest one (a run that ended before its backup,
 * killed or cut off: the scheduler's mark of changes waiting was lost with it); then the earlier
 * version's lists copied in.
 */
function afterOpening(cur: Current, asItWas: boolean, data: ListsWorkerData, backups: BackupScheduler): void {
  if (asItWas && backupBehind(data.file, data.backupsDir, data.record, holdsWork(cur.db))) {
    backups.changed();
    void backups.flush();
  }
  try {
    // Copied lists are backed up at once: the old tables are gone from the cache file after this.
    if (importLegacyLists(cur.db, data.cacheFile) > 0) backups.changed();
  } catch {
    // The cache file cannot be read (damaged): the earlier version's lists stay in it, which is kept.
  }
}

/**
 * Opens the lists as {@link ListsWorkerData} says. Never throws for the file's state: a file that cannot be
 * opened leaves every call but Settings' refused with a {@link ListsUnavailableError}, and a notice says so.
 */
export function openLists(data: ListsWorkerData): ListsApi {
  try {
    mkdirSync(data.backupsDir, { recursive: true, mode: 0o700 });
  } catch {
    // A folder that cannot be written: the lists are read as they are, and the first backup says why it failed.
  }
  const cache = cacheReader(data.cacheFile);
  const live = liveFile(data, cache);
  const { created } = live.open(data.record);
  let backupError: ListsSafety['backupError'] = null;
  const backups = listsBackups(live, data, (e) => {
    backupError = e;
  });
  const first = live.peek();
  if (first !== null) afterOpening(first, live.notice() === null && !created, data, backups);

  const current = live.current;
  const calls = guardedCalls(current, data.file, backups);
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
    pinnedFactors: () => pinnedFactors(current().db),
    pinFactor: (pin) => guardWrite(() => pinFactor(current().db, pin)),
    unpinFactor: (league) => guardWrite(() => unpinFactor(current().db, league)),
    bindLegacySource(legacy, source) {
      // Nothing to bind while the file cannot be opened: bound at the first opening that can.
      const cur = live.peek();
      if (cur === null) return 0;
      const n = bindLegacy(cur.db, legacy, source);
      if (n > 0) backups.changed();
      return n;
    },
    exportLists: (listIds, app) => {
      const c = current();
      return `${JSON.stringify(exportDocument(c.db, listIds, app, new Date(), c.calls.scoutingPrefs().scoutName), null, 2)}\n`;
    },
    importLists(text) {
      try {
        const c = current();
        const report = importListsFile(c.db, text, c.calls.scoutingPrefs().scoutName);
        backups.changed();
        return report;
      } catch (err) {
        throw writeFailure(err, data.file);
      }
    },
    safety() {
      const cur = live.peek();
      return {
        file: data.file,
        bytes: statSync(data.file, { throwIfNoEntry: false })?.size ?? 0,
        backupsDir: data.backupsDir,
        backups: listBackups(data.backupsDir),
        backupError,
        pendingBackup: backups.pending(),
        notice: live.notice(),
        readOnly: !writable(data.file),
        ...(cur === null ? { lists: 0, entries: 0, reports: 0, boards: 0 } : counts(cur.db)),
      };
    },
    dismissNotice: live.dismissNotice,
    async backupNow(always = false): Promise<ListsBackup | null> {
      current();
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
      // The lists as they are become a backup first, so this can be undone; a file too damaged for that, or
      // one that could not be opened at all, is kept aside.
      let keepAside = true;
      if (live.peek() !== null) {
        try {
          await api.backupNow(true);
          keepAside = false;
        } catch {
          // Kept aside.
        }
      }
      // Synchronous from here to the reopening: no backup can start in between. Whatever state the file
      // was in, the backup (checked above) takes its place.
      const department = departmentBefore(live.peek());
      live.replaceWith(name, keepAside);
      // The backup's outbox is pushed again (the server answers `duplicate` for what it has) and the next
      // pull starts over, so nothing the server has since is missing here.
      afterRestore(live.current().db, department);
      return api.safety();
    },
    async close() {
      await backups.flush();
      backups.stop();
      live.close();
      cache.close();
    },
  };
  return api;
}
