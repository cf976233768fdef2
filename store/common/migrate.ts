import type { WritableDB } from './db.ts';
import type { Migration } from './migration.ts';

/**
 * The migration runner of every SQLite file of the store (the player cache's, cache/schema/; the scouting
 * lists', lists/schema/): a file is versioned with `PRAGMA user_version`, and each migration (one numbered
 * file each, migration.ts) runs once, in order, inside a transaction.
 */

/** The file's schema version (`PRAGMA user_version`; 0 for a new file). */
export function schemaVersion(db: WritableDB): number {
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
  db: WritableDB,
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
