import { MIGRATIONS, type Migration } from '../cache/schema/migrations/index.ts';
import type { Db } from './db.ts';

/**
 * The store's schema (store/README.md): one SQLite file, versioned with `PRAGMA user_version`; each
 * migration (schema/migrations/, one numbered file each) runs once, in order, inside a transaction.
 * Names follow the spec: players carry the Player fields the app shows, `player_stats` one row per
 * player statistics record with the three stat blocks flattened into `<block>_<KEY>` columns.
 */

/** The schema version this code writes. */
export const SCHEMA_VERSION = MIGRATIONS.length;

/**
 * Throws a plain error when this SQLite has no FTS5 (Electron builds of Node older than 22.16), before
 * any table is made, so the scout reads why offline players are unavailable.
 */
export function probeFts5(db: Db): void {
  try {
    db.exec(
      'CREATE VIRTUAL TABLE temp.fts5_probe USING fts5(x, tokenize="unicode61 remove_diacritics 2"); DROP TABLE temp.fts5_probe;',
    );
  } catch (err) {
    throw new Error(
      `This build's SQLite has no FTS5 full-text search, which the offline player store needs (${err instanceof Error ? err.message : String(err)}).`,
    );
  }
}

/**
 * Brings `db` to {@link SCHEMA_VERSION}; returns the version it was at. Throws when the file is newer
 * than this code (written by a later Rinkside): nothing is changed then. A migration that fails is
 * rolled back whole and named in the error; the file stays at the version before it.
 */
export function migrate(db: Db): number {
  return migrateWith(db, MIGRATIONS, 'The offline store');
}

/** The file's schema version (`PRAGMA user_version`; 0 for a new file). */
export function schemaVersion(db: Db): number {
  return db.query<{ user_version: number }, []>('PRAGMA user_version').get()?.user_version ?? 0;
}

/**
 * Brings `db` to the version of the last of `migrations` (`what` names the file in errors): the one rule
 * of every file of the store, each migration once, in order, in one transaction. `record`, when given,
 * runs in each migration's transaction with the version reached (a file that keeps its version in its own
 * facts as well). Returns the version it was at; throws, changing nothing, when the file is newer than
 * the code.
 */
export function migrateWith(
  db: Db,
  migrations: readonly Migration[],
  what: string,
  record?: (version: number) => void,
): number {
  const from = schemaVersion(db);
  const to = migrations.length;
  if (from > to) throw new Error(`${what} is at schema version ${from}, newer than this app's ${to}.`);
  for (const m of migrations.slice(from)) {
    try {
      db.tx(() => {
        db.exec(m.sql);
        db.exec(`PRAGMA user_version = ${m.version}`);
        record?.(m.version);
      });
    } catch (err) {
      const why = err instanceof Error ? err.message : String(err);
      throw new Error(`${what} could not be upgraded to version ${m.version} (${m.name}): ${why}`);
    }
  }
  return from;
}
