import type { StoreApi } from './api.ts';
import { openDb } from './db.ts';
import { createLeaderCalls } from './leaders/read.ts';
import { registerFormulas } from './leaders/refresh.ts';
import { createListCalls } from './lists/lists.ts';
import { createMeta } from './meta.ts';
import { createPlayerCalls } from './players/read.ts';
import { migrate, probeFts5 } from './schema/migrate.ts';
import { createSyncCalls } from './sync/state.ts';

/**
 * Opens the store at `file` (creating and migrating it) and answers every call of {@link StoreApi}
 * over it, synchronously: this runs inside the store worker (worker.ts), never on the host's main
 * thread. Throws a plain error when FTS5 is missing or the file's schema is newer than this code.
 */
export function openStore(file: string): StoreApi {
  const db = openDb(file);
  try {
    probeFts5(db);
    migrate(db);
  } catch (err) {
    db.close();
    throw err;
  }
  registerFormulas(db);
  const meta = createMeta(db);
  return {
    ...createSyncCalls(db, meta),
    ...createPlayerCalls(db),
    ...createLeaderCalls(db),
    lastAbout: (source) => meta.lastAbout(source),
    keepAbout: (source, about) => meta.keepAbout(source, about),
    ...createListCalls(db),
    close: () => db.close(),
  };
}
