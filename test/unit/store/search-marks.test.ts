import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OfflinePlayer, OfflineStatsRow } from '../../../shared/domain/offline.ts';
import { openStoreClient, type StoreClient } from '../../../store/index.ts';
import { playersPage, storeLine, storePlayer } from './fixtures.ts';

/**
 * The players' search rows are rewritten once after a download, not at each commit, and never by a
 * search: a commit marks the players it touches, and the work after a download (`prepareLeaders`, which
 * the host calls when a download ends, store/cache/derive.ts) rewrites their rows; a search before it reads
 * the rows as they were and writes nothing. Through the real store worker, the test keeps its own copy of
 * every name and stat line it commits, and after each download's work every search and every search row
 * equal what it works out from that copy: a new player, a player with a new team, a renamed player, a
 * player whose only line is gone. The first step marks every player (the table is made anew); the later
 * ones a few (their rows rewritten one by one).
 */

const dir = mkdtempSync(join(tmpdir(), 'rinkside-search-marks-'));
const file = join(dir, 'offline.sqlite');
let store: StoreClient;

const FIRST = ['Mats', 'Teemu', 'Ola', 'Rick', 'Sam'];
const LAST = ['Lund', 'Berg', 'Kane', 'Marsh', 'Stone', 'Quist', 'Holm'];
const TEAMS = {
  oslo: { id: 1, name: 'Oslo Vikings' },
  malmo: { id: 2, name: 'Malmo Redhawks' },
  bergen: { id: 3, name: 'Bergen Bulls' },
};

/** The test's own copy of what it committed. */
const names = new Map<number, string>();
const lines = new Map<number, { playerId: number; team: string }>();

const league = { slug: 'nor', name: 'NOR', fullName: null };
const seasonOf = (start: number) => ({ slug: `${start}-${start + 1}`, startYear: start, endYear: start + 1 });

/** Commits a team-season with these lines (line id, player id); the players go with their names as the copy holds them. */
async function commit(team: { id: number; name: string }, start: number, rows: [number, number][]): Promise<void> {
  const season = seasonOf(start);
  const players: OfflinePlayer[] = [];
  const stats: OfflineStatsRow[] = [];
  for (const [lineId, playerId] of rows) {
    players.push(storePlayer(playerId, names.get(playerId) ?? '', 'F'));
    stats.push(storeLine(lineId, playerId, team, league.slug, season.slug));
    lines.set(lineId, { playerId, team: team.name });
  }
  await store.commitUnit({ leagueSlug: league.slug, league, season, team, rows: stats, players });
}

/** The 2020-2021 lines (line id, player id) of players `from` to `to`: line 100 + the player's id. */
function firstLines(from: number, to: number): [number, number][] {
  const out: [number, number][] = [];
  for (let id = from; id <= to; id++) out.push([100 + id, id]);
  return out;
}

/** Lower-case words, as the search's tokenizer splits them. */
const words = (t: string) =>
  t
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w !== '');

/** The team names of a player's lines, from the copy. */
const teamsOf = (id: number) => new Set([...lines.values()].filter((l) => l.playerId === id).map((l) => l.team));

/** The players a search by `start` should find: a word of his name or of one of his teams starts with it. */
function expected(start: string): number[] {
  const s = start.toLowerCase();
  return [...names.keys()]
    .filter((id) => [...words(names.get(id) ?? ''), ...[...teamsOf(id)].flatMap(words)].some((w) => w.startsWith(s)))
    .sort((a, b) => a - b);
}

/** Every word of every name and team of the copy, and the first two letters of each. */
function searches(): string[] {
  const all = new Set<string>();
  for (const n of names.values()) for (const w of words(n)) all.add(w).add(w.slice(0, 2));
  for (const t of Object.values(TEAMS)) for (const w of words(t.name)) all.add(w).add(w.slice(0, 2));
  return [...all];
}

/** The players a search finds by the start of their words (none when it forgave the spelling instead). */
async function byStart(q: string): Promise<number[]> {
  const r = await store.listPlayers({ q, sort: 'id', limit: '100' });
  if (!r.ok) throw new Error(r.issue.message);
  return r.value.spellingForgiven === true ? [] : r.value.data.map((p) => p.id);
}

/**
 * Every search finds by the start of their words the players the copy says. A search no word starts with
 * has its spelling forgiven instead, once the download's work has indexed the names' words (store/cache/
 * fuzzy.ts, tested there): the page says so, and the copy must then have no player for it.
 */
async function expectSearchesAsCopy(): Promise<void> {
  for (const q of searches()) {
    const r = await store.listPlayers({ q, sort: 'id', limit: '100' });
    if (!r.ok) throw new Error(r.issue.message);
    if (r.value.spellingForgiven === true) expect(expected(q), q).toEqual([]);
    else
      expect(
        r.value.data.map((p) => p.id),
        q,
      ).toEqual(expected(q));
  }
}

/** The search rows and marks in the file (read beside the worker, through the WAL). */
function fileState(): { rows: { rowid: number; name: string; teamNames: string }[]; marks: number[]; ddl: string } {
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    const rows = db.prepare('SELECT rowid, name, teamNames FROM player_search ORDER BY rowid').all() as {
      rowid: number;
      name: string;
      teamNames: string;
    }[];
    const marks = (
      db.prepare('SELECT playerId FROM player_search_dirty ORDER BY playerId').all() as { playerId: number }[]
    ).map((r) => r.playerId);
    const ddl = (db.prepare("SELECT sql FROM sqlite_master WHERE name = 'player_search'").get() as { sql: string }).sql;
    return { rows, marks, ddl };
  } finally {
    db.close();
  }
}

let ddl0 = '';

beforeAll(async () => {
  store = await openStoreClient({ file });
  ddl0 = fileState().ddl;
});

afterAll(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('search rows rewritten after a download', () => {
  it('a download marks its players; once it is prepared, a search finds every one of them, by name and by team', async () => {
    for (let id = 1; id <= 40; id++) names.set(id, `${FIRST[id % FIRST.length]} ${LAST[id % LAST.length]}${id}`);
    await commit(TEAMS.oslo, 2020, firstLines(1, 20));
    await commit(TEAMS.malmo, 2020, firstLines(21, 40));
    // The commits wrote marks, not search rows.
    const before = fileState();
    expect(before.marks).toEqual([...names.keys()].sort((a, b) => a - b));
    expect(before.rows).toEqual([]);
    // A search before the download's work reads the rows as they are (none yet), and writes nothing.
    for (const q of searches()) expect((await playersPage(store, { q, sort: 'id', limit: '100' })).data, q).toEqual([]);
    expect(fileState()).toEqual(before);
    await store.prepareLeaders();
    expect(fileState().marks).toEqual([]);
    await expectSearchesAsCopy();
  });

  it('a new team, a renamed player and a player whose only line is gone: searched as the copy says', async () => {
    // Three players play the next season for another team.
    await commit(TEAMS.bergen, 2021, [
      [201, 1],
      [202, 2],
      [203, 3],
    ]);
    expect(fileState().marks).toEqual([1, 2, 3]);
    // Before the download's work, their search rows are as they were: no Bergen yet.
    expect(await byStart('bergen')).toEqual([]);
    expect(fileState().marks).toEqual([1, 2, 3]);
    await store.prepareLeaders();
    await expectSearchesAsCopy();
    expect(expected('bergen')).toEqual([1, 2, 3]);
    // Oslo's season again: player 4 renamed, player 20's line gone.
    names.set(4, 'Zdeno Okafor');
    lines.delete(120);
    await commit(
      TEAMS.oslo,
      2020,
      firstLines(1, 20).filter(([lineId]) => lineId !== 120),
    );
    expect(fileState().marks).toEqual([4, 20]);
    expect(await byStart('zdeno')).toEqual([]);
    expect(await byStart('oslo')).toContain(20);
    await store.prepareLeaders();
    await expectSearchesAsCopy();
    expect(expected('zdeno')).toEqual([4]);
    expect(expected('oslo')).not.toContain(20);
  });

  it('after a download the work that follows leaves every search row as the copy says, and the table as made', async () => {
    await commit(TEAMS.malmo, 2021, [
      [301, 5],
      [302, 6],
    ]);
    expect(fileState().marks).toEqual([5, 6]);
    await store.prepareLeaders();
    const after = fileState();
    expect(after.marks).toEqual([]);
    expect(after.ddl).toBe(ddl0);
    expect(
      after.rows.map((r) => ({
        rowid: r.rowid,
        name: r.name,
        teams: new Set(r.teamNames === '' ? [] : r.teamNames.split(' | ')),
      })),
    ).toEqual(
      [...names.keys()].sort((a, b) => a - b).map((id) => ({ rowid: id, name: names.get(id), teams: teamsOf(id) })),
    );
    const db = new DatabaseSync(file);
    try {
      // FTS5's own check of its index against its rows: throws when they differ.
      db.exec("INSERT INTO player_search (player_search) VALUES ('integrity-check')");
    } finally {
      db.close();
    }
  });
});
