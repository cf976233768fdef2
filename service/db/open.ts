/**
 * Opening the service's SQLite file and reading/writing its provenance (where the data came from).
 * Used by the HTTP layer (read-only), the synthetic generator and the Hockey Databank importer (writers).
 */

import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { META_KEYS, SCHEMA_SQL, SCHEMA_VERSION } from './schema.ts';

/**
 * The statement the Hockey Databank's terms require to be displayed "prominently and in its entirety"
 * wherever its data is shown. Copied character for character from the data's SOURCE.md (two spaces
 * after "project." included); the lines of the quote are joined by single spaces.
 */
export const HOCKEY_DATABANK_ATTRIBUTION =
  'The information used herein was obtained free of charge from and is copyrighted by the Hockey Databank project.  For more information about the Hockey Databank project please visit http://sports.groups.yahoo.com/group/hockey-databank';

/** Where a database's data came from; stored as JSON under `meta.provenance`, served by `GET /about`. */
export type Provenance =
  | {
      source: 'synthetic';
      seed: number;
      size: 'small' | 'demo' | 'large';
      description: string;
      /** The rules' version that built it (service/data/world-version.ts); absent before version 2. */
      world?: number;
    }
  | { source: 'hockey-databank'; attribution: string; description: string; directory: string };

/** Options of {@link openDatabase}. */
export interface OpenOptions {
  /** Open read-only (the HTTP layer). The file must exist and carry the current schema version. */
  readonly?: boolean;
}

/** Thrown when a file is not a database of this service or has another schema version. */
export class SchemaVersionError extends Error {
  override name = 'SchemaVersionError';
}

/**
 * Thrown when SQLite cannot open the file at all; the message names the path, what is wrong with it and
 * what to do, instead of SQLite's bare `unable to open database file` or `disk I/O error`.
 */
export class DatabaseOpenError extends Error {
  override name = 'DatabaseOpenError';
}

const MAKE_ONE = 'make one with `npm run service:seed -- --db FILE` or `npm run service:import -- --db FILE DIR`';

/** Why `file` could not be opened, in words a person can act on (checked on the file system). */
function openFailure(file: string, readonly: boolean, sqliteMessage: string): DatabaseOpenError {
  const full = path.resolve(file);
  const folder = path.dirname(full);
  const stat = fs.statSync(full, { throwIfNoEntry: false });
  let why: string;
  if (stat?.isDirectory()) {
    why = `${full} is a folder, not a database file: give the path of a .db file inside it (${MAKE_ONE})`;
  } else if (!fs.existsSync(folder)) {
    why = `the folder ${folder} does not exist: create it, or give a path in an existing folder`;
  } else if (!stat && readonly) {
    why = `${full} does not exist: ${MAKE_ONE}`;
  } else if (readonly) {
    why = `${full} cannot be read: check that this user may read the file and its folder ${folder}`;
  } else {
    why = `${full} cannot be written: check that this user may write the folder ${folder}, or give another path`;
  }
  return new DatabaseOpenError(`cannot open the database (${sqliteMessage}): ${why}`);
}

/**
 * Opens the service database `file` with `node:sqlite`.
 *
 * Writable (default): creates the file if missing, switches to WAL (readers keep reading while a writer
 * works), turns foreign keys on, applies `SCHEMA_SQL` (idempotent) and records `meta.schemaVersion` and,
 * once, a random `meta.databaseId`.
 * Read-only: opens an existing file without changing it.
 * Both check `meta.schemaVersion` equals `SCHEMA_VERSION`.
 *
 * @throws SchemaVersionError when the file has no or another schema version;
 *         DatabaseOpenError when the file cannot be opened (missing, a folder, its folder missing or
 *         not readable/writable).
 */
export function openDatabase(file: string, opts: OpenOptions = {}): DatabaseSync {
  const readonly = opts.readonly === true;
  if (fs.statSync(file, { throwIfNoEntry: false })?.isDirectory()) throw openFailure(file, readonly, 'a folder');
  let db: DatabaseSync;
  try {
    db = new DatabaseSync(file, { readOnly: readonly });
  } catch (err) {
    throw openFailure(file, readonly, (err as Error).message);
  }
  try {
    // A reader may meet a writer mid-transaction (e.g. the server beside an import): wait, don't fail.
    db.exec('PRAGMA busy_timeout = 5000');
    db.exec('PRAGMA foreign_keys = ON');
    // The service reads a large file at random (players, teams, stats of a page): a 64 MiB
    // page cache instead of SQLite's default 2 MB keeps the hot pages in memory.
    if (readonly) db.exec('PRAGMA cache_size = -65536');
    if (!readonly) {
      db.exec('PRAGMA journal_mode = WAL');
      // One transaction: each of the schema's statements would otherwise commit (and sync) on its own.
      db.exec('BEGIN');
      try {
        db.exec(SCHEMA_SQL);
        const meta = db.prepare('INSERT OR IGNORE INTO meta (key, value) VALUES (?, ?)');
        meta.run(META_KEYS.schemaVersion, SCHEMA_VERSION);
        meta.run(META_KEYS.databaseId, randomUUID());
        db.exec('COMMIT');
      } catch (err) {
        if (db.isTransaction) db.exec('ROLLBACK');
        throw err;
      }
    }
    checkSchemaVersion(db, file);
    return db;
  } catch (err) {
    db.close();
    const code = (err as { errstr?: string }).errstr;
    if (code === 'unable to open database file' || code === 'disk I/O error') throw openFailure(file, readonly, code);
    throw err;
  }
}

function checkSchemaVersion(db: DatabaseSync, file: string): void {
  const hasMeta = db.prepare("SELECT 1 AS x FROM sqlite_master WHERE type = 'table' AND name = 'meta'").get();
  const row = hasMeta
    ? (db.prepare('SELECT value FROM meta WHERE key = ?').get(META_KEYS.schemaVersion) as { value: string } | undefined)
    : undefined;
  if (row?.value !== SCHEMA_VERSION) {
    const found = row ? `schema version ${row.value}` : 'no schema version';
    throw new SchemaVersionError(
      `${file} is not a Rinkside service database of schema version ${SCHEMA_VERSION} (found ${found}); ` +
        're-create it with `npm run service:seed` or `npm run service:import`',
    );
  }
}

/** Reads `meta.provenance`; null when the database has none (or it is not valid JSON). */
export function readProvenance(db: DatabaseSync): Provenance | null {
  const row = db.prepare('SELECT value FROM meta WHERE key = ?').get(META_KEYS.provenance) as
    | { value: string }
    | undefined;
  if (!row) return null;
  try {
    const p = JSON.parse(row.value) as Provenance;
    return p && (p.source === 'synthetic' || p.source === 'hockey-databank') ? p : null;
  } catch {
    return null;
  }
}

/** Writes (replaces) `meta.provenance`. */
export function writeProvenance(db: DatabaseSync, p: Provenance): void {
  db.prepare('INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)').run(META_KEYS.provenance, JSON.stringify(p));
}

/**
 * Which database this is, for the app's offline store, which must never mix the players (and the notes
 * on them) of two databases that number their players alike: the file's `meta.databaseId` (a UUID given
 * when the seed made it; for a Hockey Databank import, `databank-` and a hash of its files), or, for a
 * file made before that existed, `path-` and the first 64 bits of the SHA-256 of its real path (stable
 * while the file stays where it is). Only letters, digits and `-`.
 */
export function databaseIdentity(db: DatabaseSync, file: string): string {
  const row = db.prepare('SELECT value FROM meta WHERE key = ?').get(META_KEYS.databaseId) as
    | { value: string }
    | undefined;
  if (row !== undefined && /^[A-Za-z0-9-]{1,64}$/.test(row.value)) return row.value;
  const real = fs.realpathSync(file);
  return `path-${createHash('sha256').update(real, 'utf8').digest('hex').slice(0, 16)}`;
}
