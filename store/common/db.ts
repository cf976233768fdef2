import { existsSync } from 'node:fs';
import { constants, DatabaseSync, type SQLInputValue, type StatementSync } from 'node:sqlite';
import { pathToFileURL } from 'node:url';
import { LRUCache } from 'lru-cache';

/**
 * A connection of the store to one of its SQLite files (node:sqlite, synchronous: it lives in a store
 * worker, never on the host's main thread), with its prepared statements typed by the rows they read and
 * the values they bind: the one place where a row from SQLite is given its type.
 *
 * It is seen two ways, as Signal Desktop's `ReadableDB` and `WritableDB` (signalapp/Signal-Desktop,
 * ts/sql/Interface.ts: `ReadableDB = Database & { __readable_db: never }`, `WritableDB = ReadableDB &
 * { __writable_db: never }`, each function of its server taking the one it needs): a {@link WritableDB}
 * reads and writes; a {@link ReadableDB}, what a query is given, only reads. A writer is a reader, so a
 * write step may call a read; a reader is never a writer. Signal's brands keep a reader from being passed
 * where a writer is asked for; here a reader also has no way to write at all: its statements have no
 * `run`, and it has no `exec`, no transaction and no connection, so TypeScript refuses a write through it
 * (test/unit/store/db-types.test.ts). Where node:sqlite has an authorizer, SQLite refuses one too: a
 * statement prepared through {@link WritableDB.readable} that would change the file fails to prepare.
 * Its one way to write is the connection's own temporary tables ({@link ReadableDB.temp}), which are never
 * in the file: scratch a query keeps for its next pages (kept totals, the factors NHLe applies).
 */

/** A prepared statement that reads rows of type `Row` and binds `Params`; it cannot be run. */
export interface ReadQuery<Row, Params extends SQLInputValue[] = SQLInputValue[]> {
  get(...params: Params): Row | undefined;
  all(...params: Params): Row[];
  /** The rows one at a time (a scan of many rows without holding them all). */
  iterate(...params: Params): IterableIterator<Row>;
}

/** A prepared statement of a {@link WritableDB}: it reads as a {@link ReadQuery}, and runs. */
export interface Query<Row, Params extends SQLInputValue[] = SQLInputValue[]> extends ReadQuery<Row, Params> {
  run(...params: Params): { changes: number; lastInsertRowid: number };
}

/** A SQLite value as a row gives it back. */
export type Value = string | number | null;

/**
 * A prepared statement that reads its rows as arrays of values in the order of `columns`: SQLite's rows
 * as objects cost several times more to build than the query takes on a wide SELECT, so a read of
 * thousands of rows (a page of the leaders, an export, a pass over every player-season) reads arrays and
 * looks its columns up by index.
 */
export interface TupleQuery<Params extends SQLInputValue[] = SQLInputValue[]> {
  /** The SELECT's column names (aliases as written), in the order of each row's values. */
  readonly columns: readonly string[];
  all(...params: Params): Value[][];
  /** The rows one at a time, as arrays. */
  iterate(...params: Params): IterableIterator<Value[]>;
}

/** A statement on the connection's temporary tables ({@link ReadableDB.temp}). */
export interface TempStatement<Params extends SQLInputValue[] = SQLInputValue[]> {
  run(...params: Params): void;
}

/** The database as a query sees it: it reads the file, and writes nothing to it. */
export interface ReadableDB {
  /**
   * The statement for `sql` (prepared once per text, the most recent {@link STATEMENTS_MAX} kept). `Row`
   * is what its SELECT reads (column names as written in the SQL); `Params` what it binds.
   */
  query<Row = never, Params extends SQLInputValue[] = SQLInputValue[]>(sql: string): ReadQuery<Row, Params>;
  /** The statement for `sql` reading its rows as arrays (prepared once per text, as {@link ReadableDB.query}). */
  tuples<Params extends SQLInputValue[] = SQLInputValue[]>(sql: string): TupleQuery<Params>;
  /**
   * A statement that writes only this connection's temporary tables (`CREATE TEMP TABLE`, `temp.<name>`),
   * which live in memory (or a temp file) of this connection alone and never in the database file:
   * prepared anew at each call, so a caller running it for many rows keeps it.
   */
  temp<Params extends SQLInputValue[] = SQLInputValue[]>(sql: string): TempStatement<Params>;
}

/** The open database, to write (and read: a writer is a reader). */
export interface WritableDB extends ReadableDB {
  /** The statement for `sql`, which may write (prepared once per text, as {@link ReadableDB.query}). */
  query<Row = never, Params extends SQLInputValue[] = SQLInputValue[]>(sql: string): Query<Row, Params>;
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
  /**
   * The same connection as a {@link ReadableDB}, for the queries: its statements are prepared apart from
   * the writer's, and SQLite refuses any of them that would change the file, where node:sqlite has an
   * authorizer (`setAuthorizer`).
   */
  readonly readable: ReadableDB;
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
export function openDb(file: string, pragmas: string = PRAGMAS): WritableDB {
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
export function openDbReadOnly(file: string): WritableDB {
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

/** The authorizer's actions that only read: anything else changes a database. */
const READ_ACTIONS: ReadonlySet<number> = new Set([
  constants.SQLITE_SELECT,
  constants.SQLITE_READ,
  constants.SQLITE_FUNCTION,
  constants.SQLITE_RECURSIVE,
]);

/**
 * Prepares the statements of a {@link ReadableDB} on `db`: under SQLite's authorizer (where node:sqlite
 * has one), which refuses any action of such a statement that would change a database other than the
 * connection's temporary one. The check is made once, when a statement is prepared.
 */
function readPreparer(db: DatabaseSync): (sql: string) => StatementSync {
  if (typeof db.setAuthorizer !== 'function') return (sql) => db.prepare(sql);
  let reading = false;
  let installed = false;
  return (sql) => {
    // Installed at the first read, so a connection no query reads (the lists') prepares as it did.
    if (!installed) {
      db.setAuthorizer((action, _a, _b, database) =>
        !reading || READ_ACTIONS.has(action) || database === 'temp' ? constants.SQLITE_OK : constants.SQLITE_DENY,
      );
      installed = true;
    }
    reading = true;
    try {
      return db.prepare(sql);
    } catch (err) {
      if ((err as { errcode?: unknown }).errcode === SQLITE_AUTH)
        throw new Error(`A read of the store would change its file: ${sql.trim().slice(0, 120)}`);
      throw err;
    } finally {
      reading = false;
    }
  };
}

/** SQLite's result code of a statement its authorizer refused. */
const SQLITE_AUTH = 23;

/** The statements of `prepare` kept by text (the most recent {@link STATEMENTS_MAX}), as rows or as arrays. */
function statementCache(prepare: (sql: string) => StatementSync) {
  const statements = new LRUCache<string, Query<unknown>>({ max: STATEMENTS_MAX });
  const tupleStatements = new LRUCache<string, TupleQuery>({ max: STATEMENTS_MAX });
  return {
    query(sql: string): Query<unknown> {
      let q = statements.get(sql);
      if (q === undefined) {
        const s = prepare(sql);
        q = {
          get: (...params) => s.get(...params),
          all: (...params) => s.all(...params),
          iterate: (...params) => s.iterate(...params),
          run: (...params) => {
            const r = s.run(...params);
            return { changes: Number(r.changes), lastInsertRowid: Number(r.lastInsertRowid) };
          },
        };
        statements.set(sql, q);
      }
      return q;
    },
    tuples(sql: string): TupleQuery {
      let t = tupleStatements.get(sql);
      if (t === undefined) {
        const s = prepare(sql);
        s.setReturnArrays(true);
        const columns = s.columns().map((c) => c.name);
        // With arrays set, SQLite gives each row as the array of its values.
        t = {
          columns,
          all: (...params) => s.all(...params) as unknown as Value[][],
          iterate: (...params) => s.iterate(...params) as unknown as IterableIterator<Value[]>,
        };
        tupleStatements.set(sql, t);
      }
      return t;
    },
  };
}

function wrap(db: DatabaseSync): WritableDB {
  const writer = statementCache((sql) => db.prepare(sql));
  const prepareRead = readPreparer(db);
  const reader = statementCache(prepareRead);
  const readable: ReadableDB = {
    query<Row, Params extends SQLInputValue[]>(sql: string): ReadQuery<Row, Params> {
      const { get, all, iterate } = reader.query(sql);
      // The statement's declared row type: SQLite returns the columns its SELECT names.
      return { get, all, iterate } as ReadQuery<Row, Params>;
    },
    tuples: <Params extends SQLInputValue[]>(sql: string) => reader.tuples(sql) as TupleQuery<Params>,
    temp(sql) {
      const s = prepareRead(sql);
      return {
        run: (...params) => {
          s.run(...params);
        },
      };
    },
  };
  return {
    // The statement's declared row type: SQLite returns the columns its SELECT names.
    query: <Row, Params extends SQLInputValue[]>(sql: string) => writer.query(sql) as Query<Row, Params>,
    tuples: <Params extends SQLInputValue[]>(sql: string) => writer.tuples(sql) as TupleQuery<Params>,
    temp: readable.temp,
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
    readable,
    connection: db,
    close: () => db.close(),
  };
}
