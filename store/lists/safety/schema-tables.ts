import { DatabaseSync } from 'node:sqlite';
import { LISTS_MIGRATIONS, LISTS_SCHEMA_VERSION } from '../schema/migrations/index.ts';

/**
 * Whether a lists file's schema version (`PRAGMA user_version`) agrees with the tables it holds. Each
 * version names the tables its migrations made (worked out once by running them on an empty database in
 * memory, so a new migration needs nothing here): a file must hold every table of its version and none
 * that only a later version makes. A version newer than this code's is a newer Rinkside's only when the
 * file's own facts (`lists_meta` {@link SCHEMA_VERSION_KEY}, written in the same transaction as each
 * migration since this key exists) say the same version; any other disagreement is damage: the field
 * is four bytes of the file's header, and a stray write there (0, or a huge value) must never lock the
 * notes away or start the lists anew.
 */

/** The key of `lists_meta` that records the schema version the file was migrated to. */
export const SCHEMA_VERSION_KEY = 'schemaVersion';

/** How the version and the tables agree: `ok`, a newer Rinkside's file, or what is wrong, in plain words. */
export type SchemaMatch = { kind: 'ok' } | { kind: 'newer' } | { kind: 'bad'; reason: string };

let tablesByVersion: readonly (readonly string[])[] | null = null;

/** The tables of each version: index v holds those of version v (index 0: none). */
function versionTables(): readonly (readonly string[])[] {
  if (tablesByVersion !== null) return tablesByVersion;
  const db = new DatabaseSync(':memory:');
  try {
    const out: string[][] = [[]];
    for (const m of LISTS_MIGRATIONS) {
      db.exec(m.sql);
      out.push(tableNames(db));
    }
    tablesByVersion = out;
    return out;
  } finally {
    db.close();
  }
}

/** The tables of `db`, SQLite's own left out. */
function tableNames(db: DatabaseSync): string[] {
  const rows = db
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'")
    .all() as { name: string }[];
  return rows.map((r) => r.name);
}

/** The version whose migration made `table`, or null when no version of the lists has it. */
function versionOf(table: string): number | null {
  const tables = versionTables();
  for (let v = 1; v < tables.length; v++) if (tables[v]?.includes(table)) return v;
  return null;
}

/**
 * The newest version all of whose tables `present` holds: what the tables say the file is. A migration that
 * adds no table keeps its version's tables, so the newest one with them is named, not the one that made them.
 */
function versionOfTables(present: readonly string[]): number {
  const tables = versionTables();
  for (let v = tables.length - 1; v > 0; v--) if (tables[v]?.every((t) => present.includes(t))) return v;
  return 0;
}

/** The version recorded in the file's own facts, or null when none is (or it cannot be read). */
function recordedVersion(db: DatabaseSync): number | null {
  try {
    const row = db.prepare('SELECT value FROM lists_meta WHERE key = ?').get(SCHEMA_VERSION_KEY) as
      | { value: string }
      | undefined;
    return row === undefined ? null : Number(row.value);
  } catch {
    return null;
  }
}

/**
 * Checks that the schema version `version` of the open file `db` agrees with its tables (see the module's
 * comment). A file of version 0 with no table at all is a new file; one with tables of no version of the
 * lists is another kind of database.
 */
export function matchSchema(db: DatabaseSync, version: number): SchemaMatch {
  const present = tableNames(db);
  const known = present.map((t) => ({ t, v: versionOf(t) })).filter((x) => x.v !== null) as { t: string; v: number }[];
  if (version > LISTS_SCHEMA_VERSION) {
    if (recordedVersion(db) === version) return { kind: 'newer' };
    return {
      kind: 'bad',
      reason: `its schema version reads ${version}, but it holds the tables of version ${versionOfTables(present)}`,
    };
  }
  if (version < 0) return { kind: 'bad', reason: `its schema version reads ${version}` };
  if (present.length > 0 && known.length === 0) return { kind: 'bad', reason: 'it is another kind of database' };
  const later = known.filter((x) => x.v > version);
  if (later.length > 0) {
    return {
      kind: 'bad',
      reason: `its schema version reads ${version}, but it holds the tables of version ${Math.max(versionOfTables(present), ...later.map((x) => x.v))}`,
    };
  }
  const missing = (versionTables()[version] ?? []).filter((t) => !present.includes(t));
  if (missing.length > 0) {
    const one = missing.length === 1;
    return {
      kind: 'bad',
      reason: `its ${one ? 'table' : 'tables'} ${missing.join(', ')} ${one ? 'is' : 'are'} missing, though its schema version ${version} names ${one ? 'it' : 'them'}`,
    };
  }
  return { kind: 'ok' };
}
