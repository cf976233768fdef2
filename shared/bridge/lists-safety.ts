import { z } from 'zod';

/**
 * What the page may know of the scouting lists' safety (store/lists/safety/): where the lists file and
 * its backups are, each backup, what happened when the file was found damaged or missing at opening, and
 * what an import did. Times are ISO 8601 UTC; sizes in bytes.
 */

/**
 * What the settings file records of the lists (SettingsSchema `lists`): that they exist, and when they last
 * changed (ISO 8601), written by the host after each change; null once none exists. A lists file found
 * missing where lists existed is restored from its backups, never shown as "no lists".
 */
export const ListsRecordSchema = z.object({ changedAt: z.string().max(40) }).strict();

export { LISTS_FILE_MAX_CHARS } from '../domain/list-limits.ts';

/** A backup's file name, as the lists worker writes them: `lists-20261125T134700123Z.sqlite`. */
export const BACKUP_NAME_RE = /^lists-(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})(\d{3})Z\.sqlite$/;

/** One backup of the lists file. */
export interface ListsBackup {
  /** Its file name in the backups folder (what `listsRestore` takes). */
  name: string;
  /** When it was taken. */
  takenAt: string;
  bytes: number;
}

/**
 * What happened at opening when the lists file failed its check (`reason`: not a database, damaged
 * pages, a schema version that disagrees with its tables, a table missing, empty, missing where lists
 * existed): the newest good backup was restored (`restoredFrom`, null when no backup could be) and the
 * damaged file kept aside (`keptAs`, its full path; null when there was no file). `lastChangeAt` is when
 * the lists last changed as the settings file recorded it, so the page can say what the restored copy
 * lacks. `unavailable`: the file could not be opened and was left as it is (a newer Rinkside's, or in a
 * folder that cannot be written); nothing was restored, and the lists stay unavailable until a backup is
 * restored in Settings.
 */
export interface ListsOpenNotice {
  at: string;
  reason: string;
  restoredFrom: ListsBackup | null;
  keptAs: string | null;
  lastChangeAt: string | null;
  /** Absent: false. */
  unavailable?: boolean;
}

/** The lists file, its backups and the last notice, as Settings shows them. */
export interface ListsSafety {
  /** The lists file (full path). */
  file: string;
  bytes: number;
  /** The backups folder (full path). */
  backupsDir: string;
  /** Newest first. */
  backups: ListsBackup[];
  /** The last backup that failed, and why, until one succeeds. */
  backupError: { at: string; message: string } | null;
  /** Changes not yet in a backup (one is taken a few seconds after the last change, and at quit). */
  pendingBackup: boolean;
  /** Set after a restore at opening, until the scout dismisses it. */
  notice: ListsOpenNotice | null;
  /**
   * The lists file or its folder cannot be written (a read-only mount, another user's folder): the lists
   * are read as they are, and every change is refused until the folder can be written.
   */
  readOnly: boolean;
  lists: number;
  entries: number;
  /** Scouting reports and draft boards in the file (they count as the scout's work as lists do). */
  reports: number;
  boards: number;
}

/** What an import of a `rinkside-lists` file did. */
export interface ListsImportReport {
  /** Lists made anew, and lists of the same name (any case) the file's entries were merged into. */
  listsCreated: number;
  listsMerged: number;
  /** Players new to their list. */
  entriesAdded: number;
  /** Entries the file had a newer version of (its rating and note won). */
  entriesUpdated: number;
  /** Entries already as new as the file's, or newer (kept as they were). */
  entriesKept: number;
  /** Notes of either side kept as an entry's previous note because the other side's was newer. */
  previousNotesKept: number;
  /** Scouting reports new here; reports the file had a newer version of; reports kept as they were. */
  reportsAdded: number;
  reportsUpdated: number;
  reportsKept: number;
  /**
   * Draft boards new here; boards whose order the file's newer one replaced (the old order kept as a
   * dated version); boards kept (the same, or newer here: the file's order kept as a version).
   */
  boardsAdded: number;
  boardsUpdated: number;
  boardsKept: number;
}
