import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UnitCommit } from '../../../shared/domain/offline.ts';
import { openStoreClient, type StoreClient } from '../../../store/index.ts';
import { playersPage, storeLine, storePlayer } from './fixtures.ts';

/**
 * A player's latest team (the Players list's "Latest team" column and its sort) is his newest season's
 * team, and of two lines in one season the later one's, whatever order the team-seasons are written in:
 * several in one batch, the newest first or last, an older one in a later batch, and a line that moves
 * to another season. Through the real store worker, on a real file.
 */

let dir: string;
let store: StoreClient;

/** One NHL team-season holding one line (stats row `id`) of each player in `playerIds`. */
function unit(teamId: number, startYear: number, lines: { id: number; playerId: number }[]): UnitCommit {
  const season = { slug: `${startYear}-${startYear + 1}`, startYear, endYear: startYear + 1 };
  const team = { id: teamId, name: `Team ${teamId}` };
  return {
    leagueSlug: 'nhl',
    league: { slug: 'nhl', name: 'NHL', fullName: null },
    season,
    team,
    rows: lines.map(({ id, playerId }) => storeLine(id, playerId, team, 'nhl', season.slug)),
    players: lines.map(({ playerId }) => storePlayer(playerId, `Player ${playerId}`, 'F')),
  };
}

/**
 * Writes `units` in one batch, then derives their rows (the search's among them), as the host does after
 * each download (store/cache/derive.ts).
 */
async function download(units: UnitCommit[]): Promise<void> {
  await store.commitUnits(units);
  await store.prepareLeaders();
}

/** The latest team name the Players list shows for player `id`. */
async function latestTeam(id: number): Promise<string | null> {
  const page = await playersPage(store, { q: `Player ${id}`, limit: '100' });
  const p = page.data.find((r) => r.id === id);
  if (p === undefined) throw new Error(`player ${id} not listed`);
  return p.latestTeam?.name ?? null;
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'rinkside-latest-team-'));
  store = await openStoreClient({ file: join(dir, 'offline.sqlite') });
});

afterAll(async () => {
  await store.close();
  await rm(dir, { recursive: true, force: true });
});

describe("a player's latest team", () => {
  it('is the newest season of one batch, written first or last', async () => {
    // Player 1: 2001 with team 1, then 2003 with team 3, in one batch, the newest written last.
    // Player 2: the same seasons, the newest written first.
    await download([
      unit(1, 2001, [{ id: 101, playerId: 1 }]),
      unit(2, 2003, [{ id: 201, playerId: 2 }]),
      unit(3, 2003, [{ id: 102, playerId: 1 }]),
      unit(4, 2001, [{ id: 202, playerId: 2 }]),
    ]);
    expect(await latestTeam(1)).toBe('Team 3');
    expect(await latestTeam(2)).toBe('Team 2');
  });

  it('stays the newest when an older season comes in a later batch', async () => {
    await download([unit(5, 1999, [{ id: 103, playerId: 1 }])]);
    expect(await latestTeam(1)).toBe('Team 3');
  });

  it('follows a newer season in a later batch', async () => {
    await download([unit(6, 2005, [{ id: 203, playerId: 2 }])]);
    expect(await latestTeam(2)).toBe('Team 6');
  });

  it('of two lines in the newest season, is the later line’s team', async () => {
    // Player 3, new: two teams in 2010 in one batch; the line with the higher id is the later stint.
    await download([unit(8, 2010, [{ id: 302, playerId: 3 }]), unit(7, 2010, [{ id: 301, playerId: 3 }])]);
    expect(await latestTeam(3)).toBe('Team 8');
  });

  it('goes back to the season before when the newest line moves to an older season', async () => {
    // Team 6's 2005 season is written again without player 2's line: his newest is 2003 with team 2.
    await download([unit(6, 2005, [])]);
    expect(await latestTeam(2)).toBe('Team 2');
  });
});
