import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OfflinePlayer, OfflineStatsRow } from '../../../shared/domain/offline.ts';
import { openStoreClient, type StoreClient } from '../../../store/index.ts';
import { storeLine, storePlayer } from './fixtures.ts';

/**
 * A spelling-forgiving search that matches thousands of players, through the real store worker: every
 * one of them is counted and paged, none cut to a sample. And one edit in the middle of a short name,
 * which leaves the typed word no trigram in common with the name, still finds it.
 *
 * The names are chosen so that which of them a search matches follows from the rule alone (store/cache/fuzzy.ts:
 * spelling is forgiven only when no name starts with the search; up to five letters one edit, from six
 * two, a transposition of neighbours counting once):
 * - "Johansson" is two edits from "Johnson", but "Johnson" starts the Johnsons' names: it finds them alone;
 * - "Jonson" starts no name, is one edit from "Johnson" and three from "Johansson": it finds the Johnsons;
 * - "Johanson" starts no name and is one edit from both "Johansson" and "Johnson": it finds both;
 * - "Smtih" is "Smith" with the t and the i swapped, one edit; "Hlul" is "Hull" with l and u swapped.
 */

let dir: string;
let store: StoreClient;
// Johnson 6 in 10 (2,160 of the 3,600 players), the others 1 in 10 (360 each).
const LAST = ['Johnson', 'Johansson', 'Johnson', 'Smith', 'Johnson', 'Hull', 'Johnson', 'Berg', 'Johnson', 'Johnson'];
const FIRST = ['Anna', 'Erik', 'Nils'];
const PLAYERS = 3600;
const players: { id: number; name: string; last: string }[] = [];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'rinkside-fuzzy-many-'));
  store = await openStoreClient({ file: join(dir, 'offline.sqlite') });
  const season = { slug: '2020-2021', startYear: 2020, endYear: 2021 };
  // Ten teams of 360 players, the last names in turn, the team names matching none.
  for (let team = 1; team <= 10; team++) {
    const teamName = `Team ${team}`;
    const unit: OfflinePlayer[] = [];
    const rows: OfflineStatsRow[] = [];
    for (let i = 0; i < PLAYERS / 10; i++) {
      const id = (team - 1) * (PLAYERS / 10) + i + 1;
      const last = LAST[id % LAST.length] as string;
      const name = `${FIRST[id % FIRST.length]} ${last}`;
      unit.push(storePlayer(id, name, 'F'));
      rows.push(storeLine(id, id, { id: team, name: teamName }, 'shl', season.slug));
      players.push({ id, name, last });
    }
    await store.commitUnit({
      leagueSlug: 'shl',
      league: { slug: 'shl', name: 'SHL', fullName: null },
      season,
      team: { id: team, name: teamName },
      rows,
      players: unit,
    });
  }
  // The name words are derived with the stats browser's rows, as the host does after a download.
  await store.prepareLeaders();
});

afterAll(async () => {
  await store.close();
  await rm(dir, { recursive: true, force: true });
});

/** The ids of the players with one of `lasts`, by name then id (SQLite's binary order). */
function withLastName(...lasts: string[]): number[] {
  return players
    .filter((p) => lasts.includes(p.last))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id - b.id))
    .map((p) => p.id);
}

describe('a search that forgives spelling, matching thousands', () => {
  for (const [typed, lasts, forgiven] of [
    ['Johnson', ['Johnson'], false],
    ['Johns', ['Johnson'], false],
    ['Jonson', ['Johnson'], true],
    ['Johanson', ['Johnson', 'Johansson'], true],
    ['Smtih', ['Smith'], true],
    ['Hlul', ['Hull'], true],
  ] as const) {
    const how = forgiven ? 'its spelling forgiven' : 'the start of their names alone';
    it(`"${typed}" counts and pages every ${lasts.join(' and every ')}, by ${how}`, async () => {
      const want = withLastName(...lasts);
      for (const offset of [0, Math.floor(want.length / 2), want.length - 20]) {
        const r = await store.listPlayers({ q: typed, sort: 'name', limit: '50', offset: String(offset) });
        if (!r.ok) throw new Error(r.issue.message);
        expect(r.value._meta.totalRecords).toBe(want.length);
        expect(r.value.data.map((p) => p.id)).toEqual(want.slice(offset, offset + 50));
        expect(r.value.spellingForgiven ?? false).toBe(forgiven);
      }
    });
  }

  it('with another filter as well, a search that starts no name forgives its spelling', async () => {
    // Every player is in the SHL: the filter keeps them all, and the search is no longer the only one.
    const r = await store.listPlayers({ q: 'Smtih', league: 'shl', sort: 'name', limit: '500' });
    if (!r.ok) throw new Error(r.issue.message);
    expect(r.value.spellingForgiven).toBe(true);
    expect(r.value._meta.totalRecords).toBe(withLastName('Smith').length);
    expect(r.value.data.map((p) => p.id)).toEqual(withLastName('Smith'));
  });

  it('"Jonson" matches only by its spelling forgiven, more players than a sample of 2,000 would hold', () => {
    expect(withLastName('Johnson').length).toBeGreaterThan(2000);
  });
});
