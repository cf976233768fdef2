import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keptTotals } from '../../../store/cache/leaders/kept-totals.ts';
import { openDb, type WritableDB } from '../../../store/common/db.ts';

/**
 * Totals grouped once and kept (store/cache/leaders/kept-totals.ts), on a real SQLite file: the same grouping
 * gives the same table without grouping again, other values another; a write to the store drops every
 * table; no more than `max` are kept. The sums are checked against the test's own.
 */

let dir: string;
let db: WritableDB;
/** Player `p` has seasons 1..p, `g` goals each: totals p seasons, p * g goals. */
const GROUP = 'SELECT playerId, COUNT(*) AS seasons, SUM(g) AS g FROM s WHERE g >= ? GROUP BY playerId';

const tempTables = () =>
  (
    db.query<{ name: string }>("SELECT name FROM sqlite_temp_master WHERE type = 'table' ORDER BY name").all() as {
      name: string;
    }[]
  ).map((r) => r.name);
const rowsOf = (name: string) =>
  db.query<{ playerId: number; seasons: number; g: number }>(`SELECT * FROM temp.${name} ORDER BY playerId`).all();

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'rinkside-kept-totals-'));
  db = openDb(join(dir, 'totals.sqlite'));
  db.exec('CREATE TABLE s (playerId INTEGER NOT NULL, season INTEGER NOT NULL, g INTEGER NOT NULL)');
  for (let p = 1; p <= 5; p++)
    for (let season = 1; season <= p; season++) db.query('INSERT INTO s VALUES (?, ?, ?)').run(p, season, p);
});

afterAll(async () => {
  db.close();
  await rm(dir, { recursive: true, force: true });
});

describe('kept totals', () => {
  it('groups once per text and values, and keeps at most max tables', () => {
    const kept = keptTotals(db, 2);
    const all = kept.table(GROUP, [1]);
    expect(rowsOf(all)).toEqual([1, 2, 3, 4, 5].map((p) => ({ playerId: p, seasons: p, g: p * p })));
    // The same grouping: the same table, not a second one.
    expect(kept.table(GROUP, [1])).toBe(all);
    expect(tempTables()).toEqual([all]);
    const three = kept.table(GROUP, [3]);
    expect(three).not.toBe(all);
    expect(rowsOf(three).map((r) => r.playerId)).toEqual([3, 4, 5]);
    // A third: the least recently used (g >= 1) is dropped, and its name is never given again.
    kept.table(GROUP, [3]);
    const four = kept.table(GROUP, [4]);
    expect(tempTables().sort()).toEqual([three, four].sort());
    expect(kept.table(GROUP, [1])).not.toBe(all);
  });

  it('drops every table when the store is written, and groups again', () => {
    const kept = keptTotals(db, 2);
    const before = kept.table(GROUP, [5]);
    expect(rowsOf(before)).toEqual([{ playerId: 5, seasons: 5, g: 25 }]);
    db.query('INSERT INTO s VALUES (?, ?, ?)').run(6, 1, 6);
    const after = kept.table(GROUP, [5]);
    expect(after).not.toBe(before);
    expect(tempTables()).not.toContain(before);
    expect(rowsOf(after)).toEqual([
      { playerId: 5, seasons: 5, g: 25 },
      { playerId: 6, seasons: 1, g: 6 },
    ]);
  });
});
