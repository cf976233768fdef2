import { unlinkSync } from 'node:fs';
import type { ListsOpenNotice } from '../../../shared/lists-safety.ts';
import type { Db } from '../../db.ts';
import { setAside } from '../../files.ts';
import { migrateWith } from '../../schema/migrate.ts';
import { openListsDb } from '../db.ts';
import { LISTS_MIGRATIONS } from '../schema/migrations/index.ts';
import { listBackups, restoreNewest } from './backups.ts';
import { type FileState, inspectFile } from './inspect.ts';

/**
 * Opening the lists file, checked every time (inspect.ts) before use. A file that fails its check, an
 * empty one, or a missing one where lists existed (the settings file says so, or there are backups) is
 * never shown as "no lists": it is moved aside under a dated name, the newest good backup is put in its
 * place, and a notice says what happened and how old the copy is. A file written by a newer Rinkside is
 * refused untouched.
 */

/** What the host knows of the lists from the settings file: that they existed, and when they last changed. */
export interface ListsRecord {
  changedAt: string;
}

export interface OpenedLists {
  db: Db;
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
    case 'bad':
      return `the file failed its check: ${state.reason}`;
    default:
      return 'the file could not be used';
  }
}

/** Opens a checked file and brings its schema up to date (a restored backup may be older). */
function openGood(file: string): Db {
  const db = openListsDb(file);
  try {
    migrateWith(db, LISTS_MIGRATIONS, 'The scouting lists file');
    return db;
  } catch (err) {
    db.close();
    throw err;
  }
}

/**
 * Opens the lists file `file` with its backups in `backupsDir` (see the module's comment). Throws a plain
 * error when the file is newer than this code, or cannot be opened or created at all.
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
    throw new Error(
      `The scouting lists file ${file} was written by a newer Rinkside (schema version ${state.version}); this version leaves it untouched.`,
    );
  }
  const existed = record !== null || listBackups(backupsDir).length > 0;
  if (!existed && (state.kind === 'missing' || state.kind === 'empty')) {
    // A first start (or a file SQLite created but never wrote): nothing to restore, nothing to say.
    if (state.kind === 'empty') unlinkSync(file);
    return { db: openGood(file), notice: null, created: true };
  }
  const keptAs = setAside(file, 'damaged', now);
  const restoredFrom = restoreNewest(backupsDir, file);
  const notice: ListsOpenNotice = {
    at: now.toISOString(),
    reason: reasonOf(state),
    restoredFrom,
    keptAs,
    lastChangeAt: record?.changedAt ?? null,
  };
  return { db: openGood(file), notice, created: restoredFrom === null };
}
