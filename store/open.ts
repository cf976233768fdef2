import type { StoreApi } from './api.ts';
import { createExportCalls } from './export-cells.ts';
import { createLeaderCalls } from './leaders/read.ts';
import { registerFormulas } from './leaders/refresh.ts';
import { createCacheCalls } from './maintenance.ts';
import { createMeta } from './meta.ts';
import { createFactorCache } from './nhle/cache.ts';
import { createNhleCalls } from './nhle/calls.ts';
import { openCheckedCache } from './opening.ts';
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
  const players = createPlayerCalls(db);
  const leaders = createLeaderCalls(db, factors);
  return {
    ...createSyncCalls(db, meta),
    ...players,
    ...leaders,
    ...createExportCalls({ leaders: leaders.leaders, listPlayers: players.listPlayers }),
    ...createNhleCalls(db, factors),
    ...createCacheCalls(db, file, rebuilt),
    lastAbout: (source) => meta.lastAbout(source),
    keepAbout: (source, about) => meta.keepAbout(source, about),
    close: () => db.close(),
  };
}
