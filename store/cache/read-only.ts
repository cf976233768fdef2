import { statSync } from 'node:fs';
import { openDb, openDbReadOnly, type ReadableDB, type WritableDB } from '../common/db.ts';
import { writable } from '../common/writable.ts';
import { type LatestStats, latestStats } from './latest-stats.ts';

export { type LatestStats, NO_STATS } from './latest-stats.ts';

/**
 * The player cache as the scouting lists read it, the one module of cache/ that lists/ imports (a
 * structure test holds it so): three reads, the source of its rows, a player's identity, and his latest
 * season (latest-stats.ts), through a connection of the lists worker's own that cannot write (`query_only`).
 * The SQL over the cache's tables stays here, beside the cache's schema, so a migration of the cache
 * changes it in the same folder; the lists see only {@link CacheReader}. The cache is another file, written
 * by another worker (worker.ts), and may be absent, being rebuilt, or damaged: the lists never fail
 * because of it; a player it cannot answer for has no stats.
 */

/** Which source the cache's rows are from (`store_meta`, meta.ts), or null when none is recorded. */
export function cacheSource(db: ReadableDB): string | null {
  return (
    db.query<{ value: string }, [string]>('SELECT value FROM store_meta WHERE key = ?').get('baseUrl')?.value ?? null
  );
}

/** A player as the cache holds him. */
export interface CachedPlayer {
  name: string;
  position: string | null;
  dateOfBirth: string | null;
}

export interface CacheReader {
  /** Which source the cache's rows are from, or null (no cache, none recorded, unreadable). */
  source(): string | null;
  /** Player `id` of the cache, or null. */
  player(id: number): CachedPlayer | null;
  /** His latest season in the cache (all null when none). */
  latest(id: number, goalie: boolean): LatestStats | null;
  /** The league (slug) of his latest season in the cache (the one he played most games in), or null. */
  latestLeague(id: number): string | null;
  close(): void;
}

/**
 * A connection of ours on the cache file (`query_only`: SQLite refuses any write on it), with the inode it
 * was opened on; the reads are given only its {@link ReadableDB}.
 */
interface Open {
  connection: WritableDB;
  ino: number;
}

/**
 * The pragmas of our connection: reads only. Not opened read-only, which cannot open a WAL file whose
 * `-shm` is missing; a writer's lock is waited for a little.
 */
const READER_PRAGMAS = 'PRAGMA query_only = ON; PRAGMA busy_timeout = 2000;';

/** A reader of the cache file `file` (opened on first use, again when the file was replaced). */
export function cacheReader(file: string): CacheReader {
  let open: Open | null = null;
  const connection = (): ReadableDB | null => {
    const ino = statSync(file, { throwIfNoEntry: false })?.ino;
    if (open !== null && open.ino !== ino) {
      open.connection.close();
      open = null;
    }
    if (ino === undefined) return null;
    // A folder that cannot be written: read as it is (common/db.ts says how a WAL file is read there).
    if (open === null) open = { connection: writable(file) ? openDb(file, READER_PRAGMAS) : openDbReadOnly(file), ino };
    return open.connection.readable;
  };
  /** `fn` on the cache, or null when it has no answer (absent, damaged, older than these tables). */
  const read = <T>(fn: (db: ReadableDB) => T): T | null => {
    try {
      const db = connection();
      return db === null ? null : fn(db);
    } catch {
      return null;
    }
  };
  return {
    source: () => read(cacheSource),
    player: (id) =>
      read(
        (db) =>
          db.query<CachedPlayer, [number]>('SELECT name, position, dateOfBirth FROM players WHERE id = ?').get(id) ??
          null,
      ),
    latest: (id, goalie) => read((db) => latestStats(db, id, goalie)),
    latestLeague: (id) =>
      read(
        (db) =>
          db
            .query<{ league: string | null }, [number]>(
              `SELECT leagueSlug AS league FROM player_stats WHERE playerId = ? AND leagueSlug IS NOT NULL
                ORDER BY seasonSlug DESC, coalesce(regularStats_GP, 0) DESC, id LIMIT 1`,
            )
            .get(id)?.league ?? null,
      ),
    close() {
      open?.connection.close();
      open = null;
    },
  };
}
