import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKeyedPages } from '../../../store/cache/keyed-pages.ts';
import { openDb, type WritableDB } from '../../../store/common/db.ts';

/**
 * When a page is read by key (store/cache/keyed-pages.ts), on a real SQLite file: a list SQLite sorts is read by
 * OFFSET at its first page and by key after it; an export, which reads every page, has its first page read
 * by key too unless the whole list fits in it; a list an index orders keeps OFFSET near its top, whoever
 * reads it. The keys come in the list's order, as the test sorts the rows itself.
 */

let dir: string;
let db: WritableDB;
const ROWS = 60;
/** `w` has no index (SQLite sorts by it); `v` has one (it orders by it). */
const value = (id: number) => ({ v: (id * 7) % 13, w: (id * 11) % 17 });
const SORTED = 'SELECT id FROM t ORDER BY w DESC, id LIMIT ? OFFSET ?';
const ORDERED = 'SELECT id FROM t ORDER BY v, id LIMIT ? OFFSET ?';

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'rinkside-keyed-pages-'));
  db = openDb(join(dir, 'keyed.sqlite'));
  db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, v INTEGER NOT NULL, w INTEGER NOT NULL); CREATE INDEX t_v ON t (v)');
  for (let id = 1; id <= ROWS; id++) {
    const { v, w } = value(id);
    db.query('INSERT INTO t (id, v, w) VALUES (?, ?, ?)').run(id, v, w);
  }
});

afterAll(async () => {
  db.close();
  await rm(dir, { recursive: true, force: true });
});

describe('keyed pages', () => {
  it('the plans are what the cases below take them for', () => {
    const plan = (sql: string) =>
      db
        .query<{ detail: string }>(`EXPLAIN QUERY PLAN ${sql}`)
        .all(10, 0)
        .map((r) => r.detail)
        .join(' | ');
    expect(plan(SORTED)).toContain('TEMP B-TREE FOR ORDER BY');
    expect(plan(ORDERED)).not.toContain('TEMP B-TREE');
  });

  it('a sorted list: its first page by its own keys for a scout, by its kept keys after it and for an export of more than one page', () => {
    const keyed = createKeyedPages(db);
    expect(keyed.read(SORTED, [], 0, 10)).toBe('walk');
    expect(keyed.read(SORTED, [], 10, 10)).toBe('kept');
    expect(keyed.read(SORTED, [], 50, 10)).toBe('kept');
    expect(keyed.read(SORTED, [], 0, 10, { total: ROWS })).toBe('kept');
    expect(keyed.read(SORTED, [], 0, ROWS, { total: ROWS })).toBe('offset');
  });

  it('a list an index orders: OFFSET near its top, for an export too; far down, a walk of its keys for a scout, its kept keys for an export', () => {
    const keyed = createKeyedPages(db);
    expect(keyed.read(ORDERED, [], 0, 2, { total: ROWS })).toBe('offset');
    expect(keyed.read(ORDERED, [], 2, 2, { total: ROWS })).toBe('offset');
    expect(keyed.read(ORDERED, [], 38, 2)).toBe('offset');
    expect(keyed.read(ORDERED, [], 40, 2)).toBe('walk');
    expect(keyed.read(ORDERED, [], 40, 2, { total: ROWS })).toBe('kept');
  });

  it('slices the keys in the list’s order, kept or walked, as the test sorts the rows', () => {
    const keyed = createKeyedPages(db);
    const ids = Array.from({ length: ROWS }, (_, i) => i + 1);
    const byW = [...ids].sort((a, b) => value(b).w - value(a).w || a - b);
    const kept = [0, 25, 50].map((offset) =>
      keyed.slice('SELECT id AS k FROM t ORDER BY w DESC, id', [], offset, 25, 'kept'),
    );
    expect(kept.flat()).toEqual(byW);
    const byV = [...ids].sort((a, b) => value(a).v - value(b).v || a - b);
    const walked = [0, 25, 50].map((offset) =>
      keyed.slice('SELECT id AS k FROM t ORDER BY v, id', [], offset, 25, 'walk'),
    );
    expect(walked.flat()).toEqual(byV);
  });
});
