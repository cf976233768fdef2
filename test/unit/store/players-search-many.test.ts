import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRng } from '../../../service/data/synthetic/prng.ts';
import type { OfflinePlayer, OfflineStatsRow } from '../../../shared/domain/offline.ts';
import { openStoreClient, type StoreClient } from '../../../store/index.ts';
import { storeLine, storePlayer } from './fixtures.ts';

/**
 * A search that matches thousands of players, through the real store worker on 3,000 players written
 * here: the store counts such a search from its search table and reads a page by name down the name
 * index, testing each player, where a rarer search reads its matches and sorts them. Whichever way,
 * every page and every count equal what the test works out from the names and team names it wrote.
 */

let dir: string;
let store: StoreClient;
const PLAYERS = 3000;
const FIRST = ['Mats', 'Marc', 'Max', 'Mika', 'Jon', 'Tom', 'Rick', 'Sam', 'Ola', 'Ben'];
const LAST = ['Marchand', 'Martin', 'Mason', 'Stone', 'Strand', 'Berg', 'Lund', 'Kane', 'Marsh', 'Quist', 'Zed'];

interface Mine {
  id: number;
  name: string;
  words: string[];
}
const mine: Mine[] = [];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'rinkside-search-many-'));
  store = await openStoreClient({ file: join(dir, 'offline.sqlite') });
  // Seeded, so the names are the same at every run.
  const rng = createRng(7);
  const season = { slug: '2020-2021', startYear: 2020, endYear: 2021 };
  // Ten teams of 300; the team names are searched too.
  for (let team = 1; team <= 10; team++) {
    const teamName = team % 2 === 0 ? `Malmo ${team}` : `Oslo ${team}`;
    const players: OfflinePlayer[] = [];
    const rows: OfflineStatsRow[] = [];
    for (let i = 0; i < PLAYERS / 10; i++) {
      const id = (team - 1) * (PLAYERS / 10) + i + 1;
      const name = `${rng.pick(FIRST)} ${rng.pick(LAST)}`;
      players.push(storePlayer(id, name, 'F'));
      rows.push(storeLine(id, id, { id: team, name: teamName }, 'shl', season.slug));
      mine.push({ id, name, words: `${name} ${teamName}`.toLowerCase().split(' ') });
    }
    await store.commitUnit({
      leagueSlug: 'shl',
      league: { slug: 'shl', name: 'SHL', fullName: null },
      season,
      team: { id: team, name: teamName },
      rows,
      players,
    });
  }
  // The host derives the rows after each download (store/cache/derive.ts); a query never does.
  await store.prepareLeaders();
});

afterAll(async () => {
  await store.close();
  await rm(dir, { recursive: true, force: true });
});

/** The players whose name or team name has a word starting with `prefix`, by name then id (SQLite's binary order). */
function expected(prefix: string): number[] {
  return mine
    .filter((p) => p.words.some((w) => w.startsWith(prefix)))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id - b.id))
    .map((p) => p.id);
}

describe('a search of many players', () => {
  for (const typed of ['M', 'Ma', 'Mar', 'St', 'Qu', 'Zed']) {
    it(`"${typed}": every page by name and the count equal the test's own`, async () => {
      const want = expected(typed.toLowerCase());
      expect(want.length).toBeGreaterThan(0);
      for (const offset of [0, 50, 950, 1000, Math.max(0, want.length - 30)]) {
        const r = await store.listPlayers({ q: typed, sort: 'name', limit: '50', offset: String(offset) });
        if (!r.ok) throw new Error(r.issue.message);
        expect(r.value._meta.totalRecords).toBe(want.length);
        expect(r.value.data.map((p) => p.id)).toEqual(want.slice(offset, offset + 50));
      }
    });
  }

  it('the common searches match more than the store reads down the index from', () => {
    // "M" and "Ma" each match over 2,000 of the 3,000 (Malmo's teams alone hold 1,500); "Mar" about a third.
    for (const typed of ['m', 'ma']) expect(expected(typed).length).toBeGreaterThan(2000);
    expect(expected('mar').length).toBeLessThan(2000);
  });
});
