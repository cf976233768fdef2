import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../../../store/cache/schema/migrations/index.ts';
import { openStoreClient } from '../../../store/index.ts';

/**
 * Migration 19: the players' search is made anew with prefix indexes of one to three letters. A file at
 * version 18 keeps every search row, the index passes FTS5's own check, and a search by the first letters
 * finds the players whose name's or teams' words start with them, as the test reads them off the rows.
 */

const dir = mkdtempSync(join(tmpdir(), 'rinkside-search-prefixes-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const ROWS = [
  { rowid: 1, name: 'Teemu Selänne', teamNames: 'Winnipeg Jets | Anaheim Ducks' },
  { rowid: 2, name: 'Sergei Fedorov', teamNames: 'Detroit Red Wings' },
  { rowid: 3, name: 'Mats Sundin', teamNames: 'Quebec Nordiques | Toronto Maple Leafs' },
  { rowid: 4, name: 'Ed Belfour', teamNames: 'San Jose Sharks' },
  { rowid: 5, name: 'Mark Messier', teamNames: '' },
];

/** The rowids whose words (diacritics removed, lower case) start with `start`: read off the rows. */
function startingWith(start: string): number[] {
  const words = (t: string) =>
    t
      .normalize('NFD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u);
  return ROWS.filter((r) => [...words(r.name), ...words(r.teamNames)].some((w) => w.startsWith(start))).map(
    (r) => r.rowid,
  );
}

describe('migration 19', () => {
  it('keeps a version-18 file’s search rows, with prefix indexes that answer as the words read', async () => {
    const file = join(dir, 'v18.sqlite');
    const v18 = new DatabaseSync(file);
    for (const m of MIGRATIONS.slice(0, 18)) v18.exec(m.sql);
    v18.exec('PRAGMA user_version = 18');
    const add = v18.prepare('INSERT INTO player_search (rowid, name, teamNames) VALUES (?, ?, ?)');
    for (const r of ROWS) add.run(r.rowid, r.name, r.teamNames);
    v18.close();

    const store = await openStoreClient({ file });
    await store.close();
    const db = new DatabaseSync(file);
    try {
      expect((db.prepare('PRAGMA user_version').get() as { user_version: number }).user_version).toBe(
        MIGRATIONS.length,
      );
      const ddl = (db.prepare("SELECT sql FROM sqlite_master WHERE name = 'player_search'").get() as { sql: string })
        .sql;
      expect(ddl).toContain("prefix='1 2 3'");
      expect(db.prepare("SELECT name FROM sqlite_master WHERE name LIKE 'player_search_prefixed%'").all()).toEqual([]);
      expect(db.prepare('SELECT rowid, name, teamNames FROM player_search ORDER BY rowid').all()).toEqual(ROWS);
      // FTS5's own check of its index against its rows: throws when they differ.
      db.exec("INSERT INTO player_search (player_search) VALUES ('integrity-check')");
      const match = db.prepare('SELECT rowid FROM player_search WHERE player_search MATCH ? ORDER BY rowid');
      for (const start of ['s', 'se', 'sel', 'sela', 'm', 'ma', 'd', 're', 'q', 'x']) {
        const found = (match.all(`"${start}"*`) as { rowid: number }[]).map((r) => r.rowid);
        expect(found, start).toEqual(startingWith(start));
      }
      expect(startingWith('s').length).toBeGreaterThan(2);
    } finally {
      db.close();
    }
  });
});
