import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LeadersPage } from '../../../shared/domain/leaders.ts';
import type { OfflineStatsRow } from '../../../shared/domain/offline.ts';
import { MIGRATIONS } from '../../../store/cache/schema/migrations/index.ts';
import { openStoreClient, type StoreClient } from '../../../store/index.ts';
import { storePlayer } from './fixtures.ts';

/**
 * The stats browser's goalie rates through the real store worker, on lines written here as the service
 * gives them (GAA rounded to 2 decimals, SV% to 3): a goalie of one team and one of two teams whose rounded
 * GAAs invert their exact order, and a file whose rows an earlier version derived (schema 19, the service's
 * rounded rates kept) derived again when it is opened. Every expected figure is worked out here.
 */

let dir: string;
let store: StoreClient;
const file = () => join(dir, 'offline.sqlite');

/** A goalie's regular season as the service gives it: counts, and its rates rounded (GAA 2, SV% 3 decimals). */
const goalieLine = (GP: number, GA: number, SA: number, TOI: number): OfflineStatsRow['regularStats'] => ({
  GP,
  W: 0,
  L: 0,
  T: 0,
  SO: 0,
  GA,
  SA,
  SVS: SA - GA,
  TOI,
  GAA: Math.round(((GA * 60) / TOI) * 100) / 100,
  SVP: Math.round(((SA - GA) / SA) * 1000) / 1000,
});

/** One team-season of league `xhl` 2020-21. */
async function write(teamId: number, rows: [number, OfflineStatsRow['regularStats']][], rowIds: number[]) {
  const team = { id: teamId, name: `Team ${teamId}` };
  await store.commitUnit({
    leagueSlug: 'xhl',
    league: { slug: 'xhl', name: 'XHL', fullName: null },
    season: { slug: '2020-2021', startYear: 2020, endYear: 2021 },
    team,
    rows: rows.map(([playerId, regularStats], i) => ({
      id: rowIds[i] as number,
      playerId,
      team,
      leagueSlug: 'xhl',
      season: '2020-2021',
      playerAge: null,
      regularStats,
      postseasonStats: {},
      totalStats: {},
    })),
    players: rows.map(([id]) =>
      id === 3
        ? { ...storePlayer(3, 'Player 3', 'D'), detailedPosition: ['D', 'LW'] }
        : storePlayer(id, `Player ${id}`, 'G'),
    ),
  });
}

// Player 1, one team: 100 GA in 2003 min → 2.99551 (the service's 3.00), 1000 shots → .900.
// Player 2, two teams: 50 GA in 1001 min and 50 in 1001 (each 3.00) → 100·60/2002 = 2.99700; 520 + 480 shots
// → (1000 − 100)/1000 = .900. Rounded, Player 2 (2.997 kept from the sums) went before Player 1 (3.00).
const EXACT = { 1: (100 * 60) / 2003, 2: (100 * 60) / 2002 };

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'rinkside-goalie-rates-'));
  store = await openStoreClient({ file: file() });
  await write(
    1,
    [
      [1, goalieLine(34, 100, 1000, 2003)],
      [2, goalieLine(17, 50, 520, 1001)],
      [3, { GP: 60, G: 5, A: 20, PTS: 25 }],
    ],
    [1, 2, 3],
  );
  await write(2, [[2, goalieLine(17, 50, 480, 1001)]], [4]);
  // The host derives the rows after each download (store/cache/derive.ts); a query never does.
  await store.prepareLeaders();
}, 60_000);

afterAll(async () => {
  await store?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function byGAA(): Promise<LeadersPage> {
  const r = await store.leaders({ league: 'xhl', season: '2020-2021', position: 'G', sort: 'GAA', minGP: '1' });
  if (!r.ok) throw new Error(r.issue.message);
  return r.value;
}

describe("goalie rates from each line's counts", () => {
  it('orders a one-team goalie and a two-team goalie by their exact GAA, and keeps it unrounded', async () => {
    const page = await byGAA();
    expect(page.data.map((r) => r.player.name)).toEqual(['Player 1', 'Player 2']);
    expect(page.data[0]?.stats.GAA).toBeCloseTo(EXACT[1], 12);
    expect(page.data[1]?.stats.GAA).toBeCloseTo(EXACT[2], 12);
    expect(page.data.map((r) => r.stats.SVP)).toEqual([0.9, 0.9]);
  });

  it('a file derived by schema 19 (the service’s rounded rates kept, no position groups) is derived again', async () => {
    await store.close();
    // The file as version 19 left it: its comparables index over the positions' mask, no position group,
    // and Player 1's one-team GAA as the service gave it.
    const db = new DatabaseSync(file());
    db.exec(`DROP INDEX player_seasons_comparables;
      ALTER TABLE player_seasons DROP COLUMN posGroup;
      ${MIGRATIONS[8]?.sql.split('\n').find((l) => l.startsWith('CREATE INDEX player_seasons_comparables'))}
      UPDATE player_seasons SET regularStats_GAA = 3.0 WHERE playerId = 1;
      DELETE FROM player_seasons_dirty;
      PRAGMA user_version = 19;`);
    db.close();
    store = await openStoreClient({ file: file() });
    const page = await byGAA();
    expect(page.data.map((r) => r.player.name)).toEqual(['Player 1', 'Player 2']);
    expect(page.data[0]?.stats.GAA).toBeCloseTo(EXACT[1], 12);
    const check = new DatabaseSync(file(), { readOnly: true });
    try {
      // Player 3 is listed as a defenceman who also played wing: with the defence.
      expect(check.prepare('SELECT playerId, posGroup FROM player_seasons ORDER BY playerId').all()).toEqual([
        { playerId: 1, posGroup: null },
        { playerId: 2, posGroup: null },
        { playerId: 3, posGroup: 'D' },
      ]);
    } finally {
      check.close();
    }
  });
});
