import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UnitCommit } from '../../../shared/domain/offline.ts';
import { openStoreClient, packUnit, type StoreClient, unitDigest } from '../../../store/index.ts';
import { storePlayer } from './fixtures.ts';

/**
 * Team-season digests (store/cache/sync/digest.ts, migration 11): a download records each team-season's digest
 * with its rows; a team-season sent as held writes its checkpoint and nothing else; one written without a
 * digest, or one that loses a row to another team-season, has its recorded digest dropped, so a later
 * fetch equal to the old digest is compared again rather than skipped. The digest itself changes with any
 * value the store would write.
 */

const dir = mkdtempSync(join(tmpdir(), 'rinkside-unit-digests-'));
let store: StoreClient;
let raw: DatabaseSync;

beforeAll(async () => {
  store = await openStoreClient({ file: join(dir, 'cache.sqlite') });
  raw = new DatabaseSync(join(dir, 'cache.sqlite'));
});
afterAll(async () => {
  raw?.close();
  await store?.close();
  rmSync(dir, { recursive: true, force: true });
});

const season = { slug: '1985-1986', startYear: 1985, endYear: 1986 };
const line = (id: number, playerId: number, teamId: number, GP: number) => ({
  id,
  playerId,
  team: { id: teamId, name: `Team ${teamId}` },
  leagueSlug: 'nhl',
  season: season.slug,
  playerAge: null,
  regularStats: { GP, PTS: GP + 1 },
  postseasonStats: {},
  totalStats: {},
});
const unit = (teamId: number, rows: ReturnType<typeof line>[]): UnitCommit => ({
  leagueSlug: 'nhl',
  league: { slug: 'nhl', name: 'NHL', fullName: null },
  season,
  team: { id: teamId, name: `Team ${teamId}` },
  rows,
  players: [...new Set(rows.map((r) => r.playerId))].map((id) => storePlayer(id, `Player ${id}`, 'C')),
});
const key = (teamId: number) => `nhl|${teamId}|${season.slug}`;
const packed = (u: UnitCommit) => {
  const p = packUnit(u);
  return { ...p, digest: unitDigest(p) };
};
const storedRows = () =>
  raw.prepare('SELECT id, playerId, teamId, regularStats_GP AS GP FROM player_stats ORDER BY id').all() as {
    id: number;
    playerId: number;
    teamId: number;
    GP: number;
  }[];

describe('team-season digests', () => {
  it('is the same for the same values, and changes with any value the store writes', () => {
    const u = unit(1, [line(10, 1, 1, 40), line(11, 2, 1, 60)]);
    const a = unitDigest(packUnit(u));
    expect(a).toMatch(/^[A-Za-z0-9_-]{27}$/);
    expect(unitDigest(packUnit(structuredClone(u)))).toBe(a);
    // One stat, a team name, a player's field: each changes the digest.
    const stat = structuredClone(u);
    (stat.rows[1] as ReturnType<typeof line>).regularStats.GP = 61;
    const team = { ...structuredClone(u), team: { id: 1, name: 'Renamed' } };
    const player = structuredClone(u);
    (player.players[0] as (typeof player.players)[0]).updatedAt = '2026-01-01T00:00:00Z';
    const digests = [stat, team, player].map((x) => unitDigest(packUnit(x)));
    expect(new Set([a, ...digests]).size).toBe(4);
  });

  it('is recorded with the rows; a held team-season writes only its checkpoint', async () => {
    const a = packed(unit(1, [line(10, 1, 1, 40), line(11, 2, 1, 60)]));
    const b = packed(unit(2, [line(20, 3, 2, 70)]));
    await store.commitPacked([a, b]);
    expect(await store.unitDigests([key(1), key(2), key(3)])).toEqual({ [key(1)]: a.digest, [key(2)]: b.digest });

    await store.beginResync('nhl', [season.slug]);
    expect(raw.prepare('SELECT COUNT(*) AS n FROM sync_units').get()).toEqual({ n: 0 });
    // Kept across the re-sync's start, which clears the checkpoints.
    expect(await store.unitDigests([key(1)])).toEqual({ [key(1)]: a.digest });
    const before = storedRows();
    raw.exec(`CREATE TABLE test_writes (what TEXT);
      CREATE TRIGGER test_stats_i AFTER INSERT ON player_stats BEGIN INSERT INTO test_writes VALUES ('i'); END;
      CREATE TRIGGER test_stats_u AFTER UPDATE ON player_stats BEGIN INSERT INTO test_writes VALUES ('u'); END;
      CREATE TRIGGER test_players_u AFTER UPDATE ON players BEGIN INSERT INTO test_writes VALUES ('p'); END;`);
    await store.commitPacked([], undefined, [
      { leagueSlug: 'nhl', teamId: 1, seasonSlug: season.slug, rowCount: 2 },
      { leagueSlug: 'nhl', teamId: 2, seasonSlug: season.slug, rowCount: 1 },
    ]);
    expect(raw.prepare('SELECT COUNT(*) AS n FROM test_writes').get()).toEqual({ n: 0 });
    expect(storedRows()).toEqual(before);
    expect(
      raw
        .prepare('SELECT teamId, status, rowCount FROM sync_units ORDER BY teamId')
        .all()
        .map((r) => ({ ...r })),
    ).toEqual([
      { teamId: 1, status: 'done', rowCount: 2 },
      { teamId: 2, status: 'done', rowCount: 1 },
    ]);
    raw.exec(
      'DROP TRIGGER test_stats_i; DROP TRIGGER test_stats_u; DROP TRIGGER test_players_u; DROP TABLE test_writes;',
    );
  });

  it('drops the digest of a team-season written without one', async () => {
    await store.commitUnits([unit(2, [line(20, 3, 2, 71)])]);
    expect(await store.unitDigests([key(1), key(2)])).toEqual({
      [key(1)]: packed(unit(1, [line(10, 1, 1, 40), line(11, 2, 1, 60)])).digest,
    });
    expect(storedRows().find((r) => r.id === 20)?.GP).toBe(71);
  });

  it('drops the digest of a team-season that loses a row to another', async () => {
    // Row 11 moves from team 1 to team 3 (a trade the service corrected).
    const c = packed(unit(3, [line(11, 2, 3, 60)]));
    await store.commitPacked([c]);
    expect(storedRows().find((r) => r.id === 11)?.teamId).toBe(3);
    const digests = await store.unitDigests([key(1), key(2), key(3)]);
    expect(digests).toEqual({ [key(3)]: c.digest });
    // Team 1 fetched as first written is therefore compared and written again: row 11 comes back to it.
    await store.commitPacked([packed(unit(1, [line(10, 1, 1, 40), line(11, 2, 1, 60)]))]);
    expect(
      storedRows()
        .filter((r) => r.teamId === 1)
        .map((r) => r.id),
    ).toEqual([10, 11]);
  });

  it('is cleared with the rows when the store adopts another source', async () => {
    await store.adoptSource('http://127.0.0.1:1/');
    await store.adoptSource('http://127.0.0.1:2/');
    expect(await store.unitDigests([key(1), key(2), key(3)])).toEqual({});
  });
});
