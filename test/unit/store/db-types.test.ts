import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, describe, expect, it } from 'vitest';
import { openDb, type ReadableDB, type WritableDB } from '../../../store/common/db.ts';

/**
 * The store's two views of a connection (store/common/db.ts, after Signal Desktop's ReadableDB and
 * WritableDB): a query is given a ReadableDB, through which TypeScript refuses every write (each
 * `@ts-expect-error` below fails `npm run typecheck` the day the write it marks compiles), and SQLite
 * refuses any statement prepared through it that would change the file; the connection's temporary tables
 * stay its scratch. On a real file: the test reads the file back on a connection of its own.
 */

const dir = mkdtempSync(join(tmpdir(), 'rinkside-db-types-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Every way of writing the database that a ReadableDB must not offer; never called, only type-checked. */
function writesThroughReadable(db: ReadableDB): void {
  // @ts-expect-error a reader's statements have no run
  db.query('DELETE FROM players').run();
  // @ts-expect-error a reader's tuple statements have no run either
  db.tuples('DELETE FROM players').run();
  // @ts-expect-error a reader has no exec
  db.exec('DELETE FROM players');
  // @ts-expect-error a reader has no transaction
  db.tx(() => 0);
  // @ts-expect-error a reader has no SQL functions to register
  db.fn('f', () => null);
  // @ts-expect-error a reader gives no node:sqlite connection to write through
  db.connection.exec('DELETE FROM players');
  // @ts-expect-error a reader is not a writer
  const writer: WritableDB = db;
  void writer;
}

/** A writer is a reader: a write step may call any read. */
function readsThroughWritable(db: WritableDB): ReadableDB {
  return db;
}

/** The rows of table `t`, read by a connection of the test's own. */
function rowsOf(file: string): number[] {
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    return (db.prepare('SELECT a FROM t ORDER BY a').all() as { a: number }[]).map((r) => r.a);
  } finally {
    db.close();
  }
}

describe('a ReadableDB', () => {
  it('offers no write to TypeScript (the marked lines above), and a writer may be read through', () => {
    expect(typeof writesThroughReadable).toBe('function');
    expect(typeof readsThroughWritable).toBe('function');
  });

  it('reads what its writer wrote, and SQLite refuses its statements that would change the file', () => {
    const file = join(dir, 'refused.sqlite');
    const db = openDb(file);
    try {
      db.exec('CREATE TABLE t (a INTEGER)');
      db.query('INSERT INTO t (a) VALUES (?)').run(1);
      const reads = db.readable;
      expect(
        reads
          .query<{ a: number }>('SELECT a FROM t')
          .all()
          .map((r) => r.a),
      ).toEqual([1]);
      for (const sql of [
        'DELETE FROM t',
        'INSERT INTO t (a) VALUES (2)',
        'UPDATE t SET a = 3',
        'CREATE TABLE u (b)',
        'DROP TABLE t',
        'CREATE INDEX t_a ON t (a)',
        'PRAGMA user_version = 7',
      ]) {
        // Run the one way a reader's statement can be: it must not even prepare.
        expect(() => reads.query(sql).all(), sql).toThrow(/A read of the store would change its file/);
        expect(() => reads.temp(sql).run(), sql).toThrow(/A read of the store would change its file/);
      }
      // The writer, on the same connection, still writes.
      db.query('INSERT INTO t (a) VALUES (?)').run(2);
    } finally {
      db.close();
    }
    expect(rowsOf(file)).toEqual([1, 2]);
  });

  it('keeps scratch rows in the connection’s temporary tables, never in the file', () => {
    const file = join(dir, 'temp.sqlite');
    const db = openDb(file);
    try {
      db.exec('CREATE TABLE t (a INTEGER); INSERT INTO t (a) VALUES (5), (6);');
      const reads = db.readable;
      reads.temp('CREATE TEMP TABLE kept AS SELECT a * 10 AS a FROM t').run();
      reads.temp('CREATE INDEX temp.kept_a ON kept (a)').run();
      reads.temp('INSERT INTO temp.kept (a) VALUES (?)').run(70);
      reads.temp('DELETE FROM temp.kept WHERE a = ?').run(50);
      expect(
        reads
          .query<{ a: number }>('SELECT a FROM kept ORDER BY a')
          .all()
          .map((r) => r.a),
      ).toEqual([60, 70]);
    } finally {
      db.close();
    }
    const other = new DatabaseSync(file, { readOnly: true });
    try {
      expect(other.prepare("SELECT name FROM sqlite_master WHERE name LIKE 'kept%'").all()).toEqual([]);
    } finally {
      other.close();
    }
    expect(rowsOf(file)).toEqual([5, 6]);
  });
});
