import { openDb, type WritableDB } from '../common/db.ts';

/**
 * The lists file's connection (store/common/db.ts, with these pragmas). A rollback journal, not WAL: a saved
 * note is in the main file when the save returns (in WAL mode it would live only in the `-wal` file
 * until a checkpoint, and a deleted WAL would lose it). `synchronous = EXTRA` is FULL (the journal and the
 * file synced at every commit) plus a sync of the folder once the journal is deleted, so a commit also
 * survives a power cut right after it; the file is small, the cost a few milliseconds a save. Foreign keys
 * on (entries go with their list); a busy writer (a backup's read lock) is waited for.
 */
export const LISTS_PRAGMAS =
  'PRAGMA journal_mode = DELETE; PRAGMA synchronous = EXTRA; PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 5000;';

/** Opens the lists file at `file` (created when absent). Throws SQLite's error when it cannot. */
export function openListsDb(file: string): WritableDB {
  return openDb(file, LISTS_PRAGMAS);
}
