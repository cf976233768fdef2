import type { StoreApi } from './api.ts';
import { isDamageError, recordCleanClose } from './clean-close.ts';
import type { Db } from './db.ts';
import { createExportCalls } from './export-cells.ts';
import { createLeaderCalls } from './leaders/read.ts';
import { registerFormulas } from './leaders/refresh.ts';
import { createCacheCalls } from './maintenance.ts';
import { createMeta } from './meta.ts';
import { createFactorCache } from './nhle/cache.ts';
import { createNhleCalls } from './nhle/calls.ts';
import { openCheckedCache } from './opening.ts';
import { createPageJsonCalls } from './page-json.ts';
import { createPlayerCalls } from './players/read.ts';
import { migrate, probeFts5 } from './schema/migrate.ts';
import { createSyncCalls } from './sync/state.ts';

/**
 * Opens the store at `file` (checked first: a damaged file is discarded for a new one, opening.ts;
 * created and migrated) and answers every call of {@link StoreApi} over it, synchronously: this runs inside the store worker (worker.ts), never on the host's main
 * thread. Throws a plain error when FTS5 is missing or the file's schema is newer than this code.
 */
export function openStore(file: string): StoreApi {
  const { db, rebuilt } = openCheckedCache(file);
  try {
    probeFts5(db);
    migrate(db);
  } catch (err) {
    db.close();
    throw err;
  }
  registerFormulas(db);
  const meta = createMeta(db);
  const factors = createFactorCache(db);
  const { exportPage: playersExportPage, ...players } = createPlayerCalls(db);
  const { exportPage: leadersExportPage, ...leaders } = createLeaderCalls(db, factors);
  let damageMet = false;
  const api: StoreApi = {
    ...createSyncCalls(db, meta),
    ...players,
    ...leaders,
    ...createPageJsonCalls({ listPlayers: players.listPlayers, leaders: leaders.leaders }),
    ...createExportCalls({ leaders: leadersExportPage, listPlayers: playersExportPage }),
    ...createNhleCalls(db, factors),
    ...createCacheCalls(db, file, rebuilt),
    lastAbout: (source) => meta.lastAbout(source),
    keepAbout: (source, about) => meta.keepAbout(source, about),
    close: () => closeCleanly(db, file, damageMet),
  };
  return watchDamage(api, () => {
    damageMet = true;
  });
}

/**
 * Closes the store and, when no damaged page was met, leaves a record of the file for the next opening to
 * skip its check (clean-close.ts).
 */
function closeCleanly(db: Db, file: string, damageMet: boolean): void {
  db.close();
  if (!damageMet) recordCleanClose(file);
}

/** `api` with each call telling `met` when SQLite reports the file damaged (the error still thrown). */
function watchDamage(api: StoreApi, met: () => void): StoreApi {
  const watched: Record<string, unknown> = {};
  for (const [name, call] of Object.entries(api) as [string, (...args: unknown[]) => unknown][]) {
    watched[name] = (...args: unknown[]) => {
      try {
        return call(...args);
      } catch (err) {
        if (isDamageError(err)) met();
        throw err;
      }
    };
  }
  return watched as unknown as StoreApi;
}
