import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStoreClient, type StoreClient } from '../../../store/index.ts';
import { playersPage, storeLine, storePlayer } from './fixtures.ts';

/**
 * The players list and the leaders count a filter once and keep the count while nothing is written
 * (store/cache/unchanged.ts): another sort or page of the filter answers the same total, and the next download's
 * commit makes it counted again. Through the real store worker, on a real file.
 */

let dir: string;
let store: StoreClient;
const SEASON = { slug: '2020-2021', startYear: 2020, endYear: 2021 };

/**
 * Downloads one NHL team-season of forwards `ids`, each with one line of `GP` games and a goal a game:
 * committed, then derived as the host does after each download (store/cache/derive.ts).
 */
async function commitTeam(teamId: number, ids: number[], GP = 20): Promise<void> {
  const rows = ids.map((playerId) =>
    storeLine(playerId * 10, playerId, { id: teamId, name: `Team ${teamId}` }, 'nhl', SEASON.slug, {
      GP,
      G: GP,
      A: 0,
      PTS: GP,
    }),
  );
  await store.commitUnit({
    leagueSlug: 'nhl',
    league: { slug: 'nhl', name: 'NHL', fullName: null },
    season: SEASON,
    team: { id: teamId, name: `Team ${teamId}` },
    rows,
    players: ids.map((id) => storePlayer(id, `Player ${id}`, 'F')),
  });
  await store.prepareLeaders();
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'rinkside-kept-counts-'));
  store = await openStoreClient({ file: join(dir, 'offline.sqlite') });
});

afterAll(async () => {
  await store.close();
  await rm(dir, { recursive: true, force: true });
});

describe('counts kept while nothing is written', () => {
  it('the players list: the same total for every sort and page, counted again after a commit', async () => {
    await commitTeam(1, [1, 2, 3]);
    for (const sort of ['name', '-name', 'latestTeam.name', '-hand'])
      for (const offset of ['0', '2'])
        expect((await playersPage(store, { position: 'F', sort, offset, limit: '2' }))._meta.totalRecords).toBe(3);
    await commitTeam(2, [4, 5]);
    expect((await playersPage(store, { position: 'F', sort: 'name', limit: '2' }))._meta.totalRecords).toBe(5);
    const page = await playersPage(store, { position: 'F', sort: 'name', offset: '4', limit: '2' });
    expect(page.data.map((p) => p.name)).toEqual(['Player 5']);
  });

  it('the leaders: counted again after a commit, and the new rows ranked', async () => {
    const first = await store.leaders({ league: 'nhl', sort: '-G', limit: '3' });
    if (!first.ok) throw new Error(first.issue.message);
    expect(first.value._meta.totalRecords).toBe(5);
    await commitTeam(3, [6], 30);
    const after = await store.leaders({ league: 'nhl', sort: '-G', limit: '3' });
    if (!after.ok) throw new Error(after.issue.message);
    expect(after.value._meta.totalRecords).toBe(6);
    expect(after.value.data[0]?.player.name).toBe('Player 6');
    expect(after.value.leaders.teams.map((t) => t.id).sort()).toEqual([1, 2, 3]);
  });

  it("the team filter's choices: the teams of the leagues asked for, none without a league (the filter still applies)", async () => {
    const scoped = await store.leaders({ league: 'nhl', sort: '-G', limit: '3' });
    if (!scoped.ok) throw new Error(scoped.issue.message);
    expect(scoped.value.leaders.teams).toEqual([1, 2, 3].map((id) => ({ id, name: `Team ${id}` })));
    const everyRow = await store.leaders({ sort: '-G', limit: '3' });
    if (!everyRow.ok) throw new Error(everyRow.issue.message);
    expect(everyRow.value._meta.totalRecords).toBe(6);
    expect(everyRow.value.leaders.teams).toEqual([]);
    const oneTeam = await store.leaders({ team: '2', sort: 'name' });
    if (!oneTeam.ok) throw new Error(oneTeam.issue.message);
    expect(oneTeam.value.data.map((r) => r.player.name)).toEqual(['Player 4', 'Player 5']);
  });
});
