import { existsSync } from 'node:fs';
import { DatabaseSync, type SQLInputValue, type StatementSync } from 'node:sqlite';
import { pathToFileURL } from 'node:url';
import { LRUCache } from 'lru-cache';

/**
 * The store's SQLite connection (node:sqlite, synchronous: it lives in the store worker, never on the
 * host's main thread), with its prepared statements typed by the rows they read and the values they
 * bind. The one place where a row from SQLite is given its type: each statement declares it.
 */

/** A prepared statement that reads rows of type `Row` and binds `Params`. */
export interface Query<Row, Params extends SQLInputValue[] = SQLInputValue[]> {
  get(...params: Params): Row | undefined;
  all(...params: Params): Row[];
  /** The rows one at a time (a scan of many rows without holding them all). */
  iterate(...params: Params): IterableIterator<Row>;
  run(...params: Params): { changes: number; lastInsertRowid: number };
}

/** A SQLite value as a row gives it back. */
export type Value = string | number | null;

/**
 * A prepared statement that reads its rows as arrays of values in the order of `columns`: SQLite's rows
 * as objects cost several times more to build than the query takes on a wide SELECT, so a read of
 * thousands of rows (a page of the leaders, an export) reads arrays and looks its columns up by index.
 */
export interface TupleQuery<Params extends SQLInputValue[] = SQLInputValue[]> {
  /** The SELECT's column names (aliases as written), in the order of each row's values. */
  readonly columns: readonly string[];
  all(...params: Params): Value[][];
}

/** The open store database. */
export interface Db {
  /**
   * The statement for `sql` (prepared once per text, the most recent {@link STATEMENTS_MAX} kept). `Row`
   * is what its SELECT reads (column names as written in the SQL); `Params` what it binds.
   */
  query<Row = never, Params extends SQLInputValue[] = SQLInputValue[]>(sql: string): Query<Row, Params>;
  /** The statement for `sql` reading its rows as arrays (prepared once per text, as {@link Db.query}). */
  tuples<Params extends SQLInputValue[] = SQLInputValue[]>(sql: string): TupleQuery<Params>;
  /** Runs SQL that binds nothing (a migration, a PRAGMA, a DELETE of a whole table). */
  exec(sql: string): void;
  /**
   * Registers a deterministic SQL function of this connection (a pure function of shared/, so a query and
   * the code that states a formula use the same one). Never used by the schema itself: the file stays
   * readable by any SQLite.
   */
  fn(name: string, impl: (...args: (SQLInputValue | null)[]) => SQLInputValue | null): void;
  /** Runs `fn` in one `BEGIN IMMEDIATE` transaction: all of it is written, or (when it throws) none. */
  tx<T>(fn: () => T): T;
  /** The node:sqlite connection itself, for what takes one (the online backup API). */
  readonly connection: DatabaseSync;
  close(): void;
}

/** Prepared statements kept at once; the players list's filter and sort combinations stay well under it. */
const STATEMENTS_MAX = 500;

/**
 * The pragmas of every store file. A larger page cache keeps the indexes and the search table's pages in
 * memory while a download writes; the WAL is checkpointed by SQLite every 20,000 pages (80 MiB) and cut
 * back to 8 MiB after (no checkpoint of our own): a download's commits rewrite the same index and search
 * pages again and again, and with a checkpoint after almost every commit each was copied each time. Another connection's lock (the scouting lists' worker reading
 * the file, or moving the lists of an earlier version out of it) is waited for, up to 5 s.
 */
const PRAGMAS =
  'PRAGMA busy_timeout = 5000; PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = OFF; PRAGMA cache_size = -65536; PRAGMA wal_autocheckpoint = 20000; PRAGMA journal_size_limit = 8388608;';

/**
 * Opens (creating) the SQLite file at `file` with `pragmas` (default: the player cache's). Throws
 * SQLite's own error when the file cannot be opened or is not a database.
 */
export function openDb(file: string, pragmas: string = PRAGMAS): Db {
  const db = new DatabaseSync(file);
  try {
    db.exec(pragmas);
  } catch (err) {
    db.close();
    throw err;
  }
  return wrap(db);
}

/** The pragmas of a connection that only reads (no journal mode: it cannot be set without writing). */
const READ_PRAGMAS = 'PRAGMA busy_timeout = 5000; PRAGMA foreign_keys = OFF; PRAGMA cache_size = -65536;';

/**
 * Opens the SQLite file at `file` for reading only, for a folder that cannot be written. SQLite reads a
 * WAL file through a shared-memory file beside it, which it cannot make in such a folder: when there is
 * none, the file is opened as immutable, which needs none (nothing can change it meanwhile: nothing can
 * write there; a WAL left without its shared memory is not read). Throws SQLite's own error when the file
 * cannot be read.
 */
export function openDbReadOnly(file: string): Db {
  const immutable = pathToFileURL(file);
  immutable.search = 'immutable=1';
  const open = (path: string | URL) => {
    const db = new DatabaseSync(path, { readOnly: true });
    try {
      db.exec(READ_PRAGMAS);
      // The first read is where SQLite finds the WAL's shared memory missing.
      db.prepare('SELECT COUNT(*) FROM sqlite_master').get();
      return db;
    } catch (err) {
      db.close();
      throw err;
    }
  };
  try {
    return wrap(open(file));
  } catch (err) {
    if (!existsSync(file)) throw err;
    return wrap(open(immutable));
  }
}

function wrap(db: DatabaseSync): Db {
  // The most recently used statements of each kind, least recently used dropped first.
  const statements = new LRUCache<string, Query<unknown>>({ max: STATEMENTS_MAX });
  const tupleStatements = new LRUCache<string, TupleQuery>({ max: STATEMENTS_MAX });
  const prepare = (sql: string): Query<unknown> => {
    const s: StatementSync = db.prepare(sql);
    return {
      get: (...params) => s.get(...params),
      all: (...params) => s.all(...params),
      iterate: (...params) => s.iterate(...params),
      run: (...params) => {
        const r = s.run(...params);
        return { changes: Number(r.changes), lastInsertRowid: Number(r.lastInsertRowid) };
      },
    };
  };
  return {
    query<Row, Params extends SQLInputValue[]>(sql: string): Query<Row, Params> {
      let q = statements.get(sql);
      if (q === undefined) {
        q = prepare(sql);
        statements.set(sql, q);
      }
      // The statement's declared row type: SQLite returns the columns its SELECT names.
      return q as Query<Row, Params>;
    },
    tuples<Params extends SQLInputValue[]>(sql: string): TupleQuery<Params> {
      let t = tupleStatements.get(sql);
      if (t === undefined) {
        const s = db.prepare(sql);
        s.setReturnArrays(true);
        const columns = s.columns().map((c) => c.name);
        // With arrays set, SQLite gives each row as the array of its values.
        t = { columns, all: (...params) => s.all(...params) as unknown as Value[][] };
        tupleStatements.set(sql, t);
      }
      return t as TupleQuery<Params>;
    },
    exec: (sql) => db.exec(sql),
    fn: (name, impl) => db.function(name, { deterministic: true, varargs: true }, impl),
    tx<T>(fn: () => T): T {
      db.exec('BEGIN IMMEDIATE');
      try {
        const out = fn();
        db.exec('COMMIT');
        return out;
      } catch (err) {
        db.exec('ROLLBACK');
        throw err;
      }
    },
    connection: db,
    close: () => db.close(),
  };
}
