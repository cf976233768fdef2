import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Comparables, PinnedFactor } from '../../../shared/domain/nhle.ts';
import type { OfflinePlayer, OfflineStatsRow } from '../../../shared/domain/offline.ts';
import { openStoreClient, type StoreClient } from '../../../store/index.ts';
import { storePlayer } from './fixtures.ts';

/**
 * Comparables through the real store worker on a small world written here: which lines count as a player's
 * NHL games (his skating lines only, as the career arcs count them), and which position group a player
 * belongs to (his listed position, first entry first, not every position he ever played). Every expected
 * figure is worked out here from the lines written.
 */

let dir: string;
let store: StoreClient;
let rowId = 0;
let teamId = 0;

/** The OHL's factor into the NHL, pinned: the comparables need one, and its value does not matter here. */
const PINS: PinnedFactor[] = [{ league: 'ohl', factor: 0.3, note: '', pinnedAt: '2026-11-25T16:00:00.000Z' }];

/** A player born on 1 January 1993: draft age 18 in 2010-11 (his age on 15 September 2011). */
const player = (id: number, position: string, detailedPosition: string[]): OfflinePlayer => ({
  ...storePlayer(id, `Player ${id}`, position),
  detailedPosition,
  dateOfBirth: '1993-01-01',
});

/** Writes one team-season of `league` starting in `start`, each line `[player, regular-season stats]`. */
async function write(league: string, start: number, lines: [OfflinePlayer, OfflineStatsRow['regularStats']][]) {
  const season = { slug: `${start}-${start + 1}`, startYear: start, endYear: start + 1 };
  const team = { id: ++teamId, name: `Team ${teamId}` };
  await store.commitUnit({
    leagueSlug: league,
    league: { slug: league, name: league.toUpperCase(), fullName: null },
    season,
    team,
    rows: lines.map(([p, regularStats]) => ({
      id: ++rowId,
      playerId: p.id,
      team,
      leagueSlug: league,
      season: season.slug,
      playerAge: null,
      regularStats,
      postseasonStats: {},
      totalStats: {},
    })),
    players: lines.map(([p]) => p),
  });
}

const skating = (GP: number, PTS: number) => ({ GP, G: 0, A: PTS, PTS });

// The subjects: a forward and a defenceman, both draft age 18 in the OHL 2010-11.
const FORWARD = player(1, 'F', ['C']);
const DEFENCE = player(2, 'D', ['D']);
// Forwards by their listed position: Player 3 skated 150 NHL games and played 60 in goal; Player 4's
// position is written "C/LW" (a forward first); Player 5 is a winger who also played defence ("LW/D").
const SKATER_IN_GOAL = player(3, 'F', ['RW']);
const CENTRE_WING = player(4, 'C/LW', []);
const WING_DEFENCE = player(5, 'F', ['LW', 'D']);
// A defenceman who also played wing ("D/L" in the Hockey Databank, which the service gives as position D,
// detailed positions D and LW): with the defence, not the forwards.
const DEFENCE_WING = player(6, 'D', ['D', 'LW']);
// A defenceman whose listed position is written "D/LW".
const DEFENCE_WING_TEXT = player(7, 'D/LW', []);

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'rinkside-comparables-lines-'));
  store = await openStoreClient({ file: join(dir, 'offline.sqlite') });
  await write('ohl', 2010, [
    [FORWARD, skating(60, 60)],
    [DEFENCE, skating(60, 30)],
    [SKATER_IN_GOAL, skating(60, 58)],
    [CENTRE_WING, skating(60, 50)],
    [WING_DEFENCE, skating(60, 40)],
    [DEFENCE_WING, skating(60, 32)],
    [DEFENCE_WING_TEXT, skating(60, 28)],
  ]);
  // Player 3's NHL career: 80 + 70 skating games (20 and 21 points), and 60 games in goal (no points).
  await write('nhl', 2012, [[SKATER_IN_GOAL, skating(80, 20)]]);
  await write('nhl', 2013, [[SKATER_IN_GOAL, skating(70, 21)]]);
  await write('nhl', 2014, [[SKATER_IN_GOAL, { GP: 60, W: 30, L: 20, T: 5, SO: 2, GA: 150, SA: 1600, TOI: 3500 }]]);
  // A later season makes every career above complete (three seasons or more before the newest).
  await write('nhl', 2019, [[player(99, 'F', ['C']), skating(10, 1)]]);
  // The host derives the rows after each download (store/cache/derive.ts); a query never does.
  await store.prepareLeaders();
}, 60_000);

afterAll(async () => {
  await store?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function comparablesOf(playerId: number): Promise<Comparables> {
  const r = await store.comparables({ playerId, league: 'ohl', season: '2010-2011', k: 10 }, PINS);
  if (!r.ok) throw new Error(r.issue.message);
  return r.value;
}

describe('comparables count a player by his listed position and his skating lines', () => {
  it("a forward's comparables are the players listed as forwards, whatever else they played", async () => {
    const c = await comparablesOf(FORWARD.id);
    expect(c.subject.group).toBe('F');
    expect(c.rows.map((r) => r.playerId).sort()).toEqual([SKATER_IN_GOAL.id, CENTRE_WING.id, WING_DEFENCE.id]);
    expect(c.rows.every((r) => r.group === 'F')).toBe(true);
  });

  it("a defenceman's comparables are the players listed as defencemen, those who also played wing among them", async () => {
    const c = await comparablesOf(DEFENCE.id);
    expect(c.subject.group).toBe('D');
    expect(c.rows.map((r) => r.playerId).sort()).toEqual([DEFENCE_WING.id, DEFENCE_WING_TEXT.id]);
    // Each is his own subject in the defence too.
    expect((await comparablesOf(DEFENCE_WING.id)).subject.group).toBe('D');
    expect((await comparablesOf(DEFENCE_WING_TEXT.id)).subject.group).toBe('D');
  });

  it('a comparable who also played in goal is credited with his skating games only: 150 NHL games, not 210', async () => {
    const c = await comparablesOf(FORWARD.id);
    const his = c.rows.find((r) => r.playerId === SKATER_IN_GOAL.id);
    // 80 + 70 skating games, 20 + 21 points; best PTS/GP of a 20+ GP NHL season: 21 / 70 = 0.3.
    expect(his?.outcome).toMatchObject({ nhlGP: 150, nhlPTS: 41, complete: true, lastSeason: '2014-2015' });
    expect(his?.outcome.peakPTSperGP).toBeCloseTo(21 / 70, 12);
    // Complete careers: the three comparables (their last seasons 2010-11 to 2014-15, the store's newest
    // 2019-20); none reached 200 NHL games.
    expect(c.complete).toBe(3);
    expect(c.reached).toBe(0);
    expect(c.share).toBe(0);
  });
});
