import { dirname } from 'node:path';
import type { WritableDB } from '../common/db.ts';
import { isReadOnlyError } from '../common/writable.ts';
import type { StoreApi } from './api.ts';
import { createBoardLineCalls } from './board-lines.ts';
import { isDamageError, recordCleanClose } from './clean-close.ts';
import { createDeriveCalls, derivationWaits, deriveWaiting } from './derive.ts';
import { createExportCalls } from './export-cells.ts';
import { createLeaderCalls } from './leaders/read.ts';
import { registerFormulas } from './leaders/refresh.ts';
import { createCacheCalls } from './maintenance.ts';
import { createMeta } from './meta.ts';
import { createFactorCache } from './nhle/cache.ts';
import { createNhleCalls } from './nhle/calls.ts';
import { FolderReadOnlyError, openCheckedCache } from './opening.ts';
import { createPageJsonCalls } from './page-json.ts';
import { createPlayerCalls } from './players/read.ts';
import { migrate, probeFts5 } from './schema/migrate.ts';
import { createSyncCalls } from './sync/state.ts';

/**
 * Opens the store at `file` (checked first: a damaged file is discarded for a new one, opening.ts;
 * created and migrated) and answers every call of {@link StoreApi} over it, synchronously: this runs inside the store worker (worker.ts), never on the host's main
 * thread. Throws a plain error when FTS5 is missing or the file's schema is newer than this code. In a
 * folder that cannot be written, the file is read as it is and every change is refused with a
 * {@link FolderReadOnlyError}.
 */
export function openStore(file: string): StoreApi {
  const { db, rebuilt, readOnly } = openCheckedCache(file);
  try {
    probeFts5(db);
    migrate(db);
  } catch (err) {
    db.close();
    if (readOnly && isReadOnlyError(err)) {
      throw new Error(
        `The folder ${dirname(file)} cannot be written to, and the downloaded players there must be upgraded before this version can read them.`,
      );
    }
    throw err;
  }
  registerFormulas(db);
  const meta = createMeta(db);
  // The queries read through the connection's ReadableDB: none of them can write (common/db.ts).
  const reads = db.readable;
  const factors = createFactorCache(reads);
  const { exportPage: playersExportPage, ...players } = createPlayerCalls(reads);
  const { exportPage: leadersExportPage, ...leaders } = createLeaderCalls(reads, factors);
  let damageMet = false;
  if (!readOnly && derivationWaits(reads)) {
    // A download killed before its end left marks: derived now, so no query meets rows it wrote but never
    // derived (derive.ts). Should it fail, the rows stay as the last derivation left them, and the next
    // download's derivation takes the marks.
    try {
      deriveWaiting(db, factors);
    } catch (err) {
      if (isDamageError(err)) damageMet = true;
    }
  }
  const api: StoreApi = {
    ...createSyncCalls(db, meta),
    ...players,
    ...leaders,
    ...createDeriveCalls(db, factors),
    ...createPageJsonCalls({ listPlayers: players.listPlayers, leaders: leaders.leaders }),
    ...createExportCalls({ leaders: leadersExportPage, listPlayers: playersExportPage }),
    ...createNhleCalls(reads, factors),
    ...createBoardLineCalls(reads, factors),
    ...createCacheCalls(db, file, rebuilt),
    lastAbout: (source) => meta.lastAbout(source),
    keepAbout: (source, about) => meta.keepAbout(source, about),
    close: () => closeCleanly(db, readOnly ? null : file, damageMet),
  };
  return watchErrors(api, dirname(file), () => {
    damageMet = true;
  });
}

/**
 * Closes the store and, when no damaged page was met, leaves a record of the file for the next opening to
 * skip its check (clean-close.ts); none for a file read where nothing can be written (`file` null).
 */
function closeCleanly(db: WritableDB, file: string | null, damageMet: boolean): void {
  db.close();
  if (!damageMet && file !== null) recordCleanClose(file);
}

/**
 * `api` with each call telling `met` when SQLite reports the file damaged (the error still thrown), and a
 * write refused because `folder` cannot be written thrown as a {@link FolderReadOnlyError}.
 */
function watchErrors(api: StoreApi, folder: string, met: () => void): StoreApi {
  const watched: Record<string, unknown> = {};
  for (const [name, call] of Object.entries(api) as [string, (...args: unknown[]) => unknown][]) {
    watched[name] = (...args: unknown[]) => {
      try {
        return call(...args);
      } catch (err) {
        if (isDamageError(err)) met();
        if (isReadOnlyError(err)) throw new FolderReadOnlyError(folder);
        throw err;
      }
    };
  }
  return watched as unknown as StoreApi;
}
