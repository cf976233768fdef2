import type { WritableDB } from '../../common/db.ts';
import { migrateWith } from '../../common/migrate.ts';
import { MIGRATIONS } from './migrations/index.ts';

/**
 * The player cache's schema (store/README.md): one SQLite file, versioned with `PRAGMA user_version`; each
 * migration (migrations/, one numbered file each) runs once, in order, inside a transaction (the runner
 * every file of the store shares, common/migrate.ts). Names follow the spec: players carry the Player
 * fields the app shows, `player_stats` one row per player statistics record with the three stat blocks
 * flattened into `<block>_<KEY>` columns.
 */

/** The schema version this code writes. */
export const SCHEMA_VERSION = MIGRATIONS.length;

/**
 * Throws a plain error when this SQLite has no FTS5 (Electron builds of Node older than 22.16), before
 * any table is made, so the scout reads why offline players are unavailable.
 */
export function probeFts5(db: WritableDB): void {
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
export function migrate(db: WritableDB): number {
  return migrateWith(db, MIGRATIONS, 'The offline store');
}
