import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, describe, expect, it } from 'vitest';
import { migrate } from '../../../store/cache/schema/migrate.ts';
import { MIGRATIONS } from '../../../store/cache/schema/migrations/index.ts';
import { openDb } from '../../../store/common/db.ts';
import { openStoreClient } from '../../../store/index.ts';
import { storePlayer } from './fixtures.ts';

/**
 * Migration 10: the marks of players whose stats browser rows must be derived again move to a rowid table,
 * the trigger on a stats row's insert goes (the store's writer marks the players of the rows it inserts),
 * and the others are rewritten. A file at version 9 keeps the marks it held (derived once the store has
 * opened, store/cache/derive.ts); a download's new rows mark
 * their player; a stats row changed in what the rows read, moved to another player or deleted, and a
 * player renamed, are marked by their triggers; a change the rows do not read marks nobody.
 */

const dir = mkdtempSync(join(tmpdir(), 'rinkside-dirty-marks-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const marks = (db: DatabaseSync) =>
  (db.prepare('SELECT playerId FROM player_seasons_dirty ORDER BY playerId').all() as { playerId: number }[]).map(
    (r) => r.playerId,
  );

describe('migration 10', () => {
  it('keeps a version-9 file’s marks; a download’s new rows and the triggers mark as before', async () => {
    const file = join(dir, 'v9.sqlite');
    const v9 = new DatabaseSync(file);
    for (const m of MIGRATIONS.slice(0, 9)) v9.exec(m.sql);
    v9.exec(`PRAGMA user_version = 9;
      INSERT INTO players (id, name) VALUES (1, 'Ann One'), (2, 'Bo Two'), (3, 'Cy Three');
      INSERT INTO player_stats (id, playerId, teamId, teamName, leagueSlug, seasonSlug, regularStats_GP) VALUES (10, 1, 5, 'Oilers', 'nhl', '1979-1980', 80);`);
    expect(marks(v9)).toEqual([1]);
    v9.close();

    // The store's opening migrates the file (its migration runner, here on its own), then derives the marks
    // a download left (store/cache/derive.ts): the marks are read after the one, and after the other.
    const migrating = openDb(file);
    migrate(migrating);
    migrating.close();
    const db = new DatabaseSync(file);
    expect((db.prepare('PRAGMA user_version').get() as { user_version: number }).user_version).toBe(MIGRATIONS.length);
    const ddl = (
      db.prepare("SELECT sql FROM sqlite_master WHERE name = 'player_seasons_dirty'").get() as { sql: string }
    ).sql;
    expect(ddl).not.toMatch(/WITHOUT ROWID/i);
    expect(db.prepare("SELECT name FROM sqlite_master WHERE name = 'player_stats_added'").get()).toBeUndefined();
    expect(marks(db)).toEqual([1]);
    const store = await openStoreClient({ file });
    expect(marks(db)).toEqual([]);
    const derived = db.prepare('SELECT DISTINCT playerId FROM player_seasons ORDER BY playerId').all() as {
      playerId: number;
    }[];
    expect(derived.map((r) => r.playerId)).toEqual([1]);

    db.exec('DELETE FROM player_seasons_dirty');
    // A change no derived row reads marks nobody.
    db.exec('UPDATE player_stats SET playerAge = 19 WHERE id = 10');
    expect(marks(db)).toEqual([]);
    // A download's new rows, two for one new player: one mark, his.
    const season = { slug: '1980-1981', startYear: 1980, endYear: 1981 };
    const unit = {
      leagueSlug: 'nhl',
      league: { slug: 'nhl', name: 'NHL', fullName: null },
      season,
      team: { id: 5, name: 'Oilers' },
      rows: [11, 12].map((id) => ({
        id,
        playerId: 4,
        team: { id: 5, name: 'Oilers' },
        leagueSlug: 'nhl',
        season: season.slug,
        playerAge: null,
        regularStats: { GP: id },
        postseasonStats: {},
        totalStats: {},
      })),
      players: [storePlayer(4, 'Di Four', 'D')],
    };
    await store.commitUnit(unit);
    expect(marks(db)).toEqual([4]);
    // The same rows again change nothing and mark nobody.
    db.exec('DELETE FROM player_seasons_dirty');
    await store.commitUnit(unit);
    expect(marks(db)).toEqual([]);
    await store.close();
    // A stat changed, and a row moved to another player: both players.
    db.exec('DELETE FROM player_seasons_dirty');
    db.exec('UPDATE player_stats SET regularStats_GP = 79 WHERE id = 10');
    expect(marks(db)).toEqual([1]);
    db.exec('UPDATE player_stats SET playerId = 3 WHERE id = 11');
    expect(marks(db)).toEqual([1, 3, 4]);
    // Deleted, and a player renamed.
    db.exec('DELETE FROM player_seasons_dirty');
    db.exec('DELETE FROM player_stats WHERE id = 12');
    db.exec(`UPDATE players SET name = 'Ann Uno' WHERE id = 1`);
    expect(marks(db)).toEqual([1, 4]);
    db.close();
  });
});
