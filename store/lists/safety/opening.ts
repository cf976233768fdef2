import { unlinkSync } from 'node:fs';
import { dirname } from 'node:path';
import type { ListsOpenNotice } from '../../../shared/bridge/lists-safety.ts';
import type { WritableDB } from '../../common/db.ts';
import { setAside } from '../../common/files.ts';
import { migrateWith } from '../../common/migrate.ts';
import { writable } from '../../common/writable.ts';
import { openListsDb } from '../db.ts';
import { ListsUnavailableError } from '../errors.ts';
import { setMeta } from '../meta.ts';
import { LISTS_MIGRATIONS } from '../schema/migrations/index.ts';
import { listBackups, restoreNewest } from './backups.ts';
import { type FileState, inspectFile } from './inspect.ts';
import { SCHEMA_VERSION_KEY } from './schema-tables.ts';

/**
 * Opening the lists file, checked every time (inspect.ts) before use. A file that fails its check (damaged
 * pages, a schema version that disagrees with its tables, a table missing), an empty one, a good SQLite
 * file with no table, or a missing one, where lists existed (the settings file says so, or there are
 * backups), is never shown as "no lists": it is moved aside under a dated name, the newest good backup is
 * put in its place, and a notice says what happened and how old the copy is. A file written by a newer
 * Rinkside, and a damaged one in a folder that cannot be written, are refused untouched
 * ({@link ListsUnavailableError}): a backup can still be restored from Settings.
 */

/** What the host knows of the lists from the settings file: that they existed, and when they last changed. */
export interface ListsRecord {
  changedAt: string;
}

export interface OpenedLists {
  db: WritableDB;
  /** Set when the file was damaged or missing and a backup was (or could not be) restored. */
  notice: ListsOpenNotice | null;
  /** Whether the file was created empty now (no file, nothing recorded): the earlier version's lists may be copied in. */
  created: boolean;
}

/** The reason of a failed check in the scout's words. */
function reasonOf(state: FileState): string {
  switch (state.kind) {
    case 'missing':
      return 'the file was missing';
    case 'empty':
      return 'the file was empty';
    case 'blank':
      return 'the file was an empty database';
    case 'bad':
      return `the file failed its check: ${state.reason}`;
    default:
      return 'the file could not be used';
  }
}

/**
 * Opens a checked file and brings its schema up to date (a restored backup may be older), recording each
 * version reached in the file's own facts too (schema-tables.ts: how a newer Rinkside's file is told from
 * a damaged version field).
 */
function openGood(file: string): WritableDB {
  const db = openListsDb(file);
  try {
    migrateWith(db, LISTS_MIGRATIONS, 'The scouting lists file', (v) => setMeta(db, SCHEMA_VERSION_KEY, String(v)));
    return db;
  } catch (err) {
    db.close();
    throw err;
  }
}

/**
 * Opens the lists file `file` with its backups in `backupsDir` (see the module's comment). Throws a
 * {@link ListsUnavailableError} when the file is a newer Rinkside's or is damaged in a folder that cannot
 * be written (both left as they are), and SQLite's or the disk's error when it cannot be opened or
 * created at all.
 */
export function openChecked(
  file: string,
  backupsDir: string,
  record: ListsRecord | null,
  now = new Date(),
): OpenedLists {
  const state = inspectFile(file);
  if (state.kind === 'ok') return { db: openGood(file), notice: null, created: false };
  if (state.kind === 'newer') {
    throw new ListsUnavailableError(
      `the file was written by a newer Rinkside, at schema version ${state.version}`,
      'restore a backup in Settings, or open it with the newer Rinkside',
    );
  }
  const existed = record !== null || listBackups(backupsDir).length > 0;
  const fresh = state.kind === 'missing' || state.kind === 'empty' || state.kind === 'blank';
  if (!existed && fresh) {
    // A first start (or a file SQLite created but never wrote, or left without a table): nothing to
    // restore, nothing to say.
    if (state.kind === 'empty') unlinkSync(file);
    return { db: openGood(file), notice: null, created: true };
  }
  if (!writable(file)) {
    // Nothing can be set aside or restored there: the file is left for when the folder can be written.
    throw new ListsUnavailableError(
      `${reasonOf(state)}, and its folder ${dirname(file)} cannot be written to`,
      'make the folder writable and start Rinkside again',
    );
  }
  const keptAs = setAside(file, 'damaged', now);
  const restoredFrom = restoreNewest(backupsDir, file);
  const notice: ListsOpenNotice = {
    at: now.toISOString(),
    reason: reasonOf(state),
    restoredFrom,
    keptAs,
    lastChangeAt: record?.changedAt ?? null,
    unavailable: false,
  };
  return { db: openGood(file), notice, created: restoredFrom === null };
}
