import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dispatch } from '../../../electron/host/bridge/handlers.ts';
import type { ListsHost } from '../../../electron/host/lists/lists-host.ts';
import type { OfflinePlayer, OfflineStatsRow, StatLine, UnitCommit } from '../../../shared/domain/offline.ts';
import {
  type ListsClient,
  openListsClient,
  openStoreClient,
  type StoreClient,
  StoreError,
} from '../../../store/index.ts';
import { storePlayer } from './fixtures.ts';
import { listsDispatcher } from './lists-dispatch.ts';

/**
 * Scouting lists in the real offline store (its worker and a real SQLite file): create, rate, note,
 * rename, delete, the errors bad input gets (naming the field), entries with the latest stats of the
 * players the test put in the store itself, and everything still there after the file is closed and
 * opened again. Then the same operations through the bridge's dispatcher, as the page calls them.
 */

let dir: string;

const player = storePlayer;

let rowId = 1;
const row = (
  playerId: number,
  teamId: number,
  teamName: string,
  season: string,
  regular: StatLine,
): OfflineStatsRow => ({
  id: rowId++,
  playerId,
  team: { id: teamId, name: teamName },
  leagueSlug: 'tst',
  season,
  playerAge: null,
  regularStats: regular,
  postseasonStats: {},
  totalStats: regular,
});

const unit = (
  teamId: number,
  teamName: string,
  season: string,
  rows: OfflineStatsRow[],
  players: OfflinePlayer[],
): UnitCommit => ({
  leagueSlug: 'tst',
  league: { slug: 'tst', name: 'Test League', fullName: null },
  season: { slug: season, startYear: Number(season.slice(0, 4)), endYear: Number(season.slice(5)) },
  team: { id: teamId, name: teamName },
  rows,
  players,
});

// The test's own players and seasons, with the numbers the Lists view must show written out by hand.
/** The source the test's players are from, as the host would give it. */
const SRC = 'embedded:test-database';

const SKATER = player(101, 'Teemu Selänne', 'F');
const GOALIE = player(102, 'Ken Dryden', 'G');
const TRADED_GOALIE = player(103, 'Two Team Goalie', 'G');

async function seed(store: StoreClient) {
  // One commit per team-season, as a sync makes them: a team-season committed again replaces its rows.
  await store.commitUnit(
    unit(1, 'Anaheim', '2021-2022', [row(101, 1, 'Anaheim', '2021-2022', { GP: 82, G: 40, A: 30, PTS: 70 })], [SKATER]),
  );
  // Latest season: the skater traded, 20 GP 5 G 6 A with one team and 30 GP 10 G 12 A with the other; the
  // traded goalie GA 10 in 300 min and GA 20 in 600 min, SA 100 + 200, SVS 90 + 180.
  await store.commitUnit(
    unit(
      1,
      'Anaheim',
      '2022-2023',
      [
        row(101, 1, 'Anaheim', '2022-2023', { GP: 20, G: 5, A: 6, PTS: 11 }),
        row(103, 1, 'Anaheim', '2022-2023', { GP: 5, GA: 10, SA: 100, SVS: 90, TOI: 300, GAA: 2.0, SVP: 0.9 }),
      ],
      [SKATER, TRADED_GOALIE],
    ),
  );
  await store.commitUnit(
    unit(
      2,
      'Winnipeg',
      '2022-2023',
      [
        row(101, 2, 'Winnipeg', '2022-2023', { GP: 30, G: 10, A: 12, PTS: 22 }),
        row(103, 2, 'Winnipeg', '2022-2023', { GP: 10, GA: 20, SA: 200, SVS: 180, TOI: 600, GAA: 2.0, SVP: 0.9 }),
      ],
      [SKATER, TRADED_GOALIE],
    ),
  );
  await store.commitUnit(
    unit(
      3,
      'Montreal',
      '2022-2023',
      [
        row(102, 3, 'Montreal', '2022-2023', {
          GP: 56,
          GA: 117,
          SA: 1500,
          SVS: 1383,
          SVP: 0.922,
          GAA: 2.14,
          TOI: 3275,
        }),
      ],
      [GOALIE],
    ),
  );
}

/** The rejection of `p`, as the store client gives it. */
async function failure(p: Promise<unknown>): Promise<StoreError> {
  try {
    await p;
  } catch (err) {
    if (err instanceof StoreError) return err;
    throw err;
  }
  throw new Error('expected the call to fail');
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'rinkside-lists-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** The lists' files beside the player cache `store.sqlite` in the test's folder. */
const listsOptions = () => ({
  file: join(dir, 'lists.sqlite'),
  backupsDir: join(dir, 'lists-backups'),
  cacheFile: join(dir, 'store.sqlite'),
  record: null,
});

describe('scouting lists in their own file', () => {
  let store: StoreClient;
  let lists: ListsClient;

  beforeAll(async () => {
    store = await openStoreClient({ file: join(dir, 'store.sqlite') });
    await store.adoptSource(SRC);
    await seed(store);
    lists = await openListsClient(listsOptions());
  });
  afterAll(async () => {
    await lists.close();
    await store.close();
  });

  it('creates lists, refuses an empty or duplicate name naming `name`, and lists them by name', async () => {
    const a = await lists.createList('  Top prospects ');
    expect(a).toMatchObject({ name: 'Top prospects', entryCount: 0 });
    expect(a.id).toBeGreaterThan(0);
    await lists.createList('Goalies');

    const empty = await failure(lists.createList('   '));
    expect(empty.code).toBe('ListInputError');
    expect(empty.key).toBe('name');
    expect(empty.message).toBe('Invalid name: the list name is empty');

    const dup = await failure(lists.createList('top PROSPECTS'));
    expect(dup.code).toBe('ListInputError');
    expect(dup.key).toBe('name');
    expect(dup.message).toContain('a list named “top PROSPECTS” already exists');

    const tooLong = await failure(lists.createList('x'.repeat(81)));
    expect(tooLong.key).toBe('name');

    expect((await lists.lists()).map((l) => l.name)).toEqual(['Goalies', 'Top prospects']);
  });

  it('stars players with a rating and a note, refuses a rating of 6 or 0 naming `rating`, and keeps what is not given', async () => {
    const top = (await lists.lists()).find((l) => l.name === 'Top prospects');
    if (!top) throw new Error('no list');
    const saved = await lists.saveEntry({ listId: top.id, playerId: SKATER.id, rating: 4, note: 'Quick release' }, SRC);
    expect(saved).toMatchObject({ id: 101, name: 'Teemu Selänne', rating: 4, note: 'Quick release' });

    for (const rating of [6, 0, 2.5]) {
      const bad = await failure(lists.saveEntry({ listId: top.id, playerId: SKATER.id, rating }, SRC));
      expect(bad.code).toBe('ListInputError');
      expect(bad.key).toBe('rating');
      expect(bad.message).toBe('Invalid rating: a whole number from 1 to 5');
    }
    // A refused write changed nothing.
    expect((await lists.listsOfPlayer(SKATER.id, SRC))[0]).toMatchObject({ rating: 4, note: 'Quick release' });

    // The rating alone: the note stays; the note alone: the rating stays.
    await lists.saveEntry({ listId: top.id, playerId: SKATER.id, rating: 5 }, SRC);
    await lists.saveEntry({ listId: top.id, playerId: SKATER.id, note: 'Quick release; weak on the backcheck' }, SRC);
    expect(await lists.listsOfPlayer(SKATER.id, SRC)).toEqual([
      expect.objectContaining({
        listId: top.id,
        listName: 'Top prospects',
        rating: 5,
        note: 'Quick release; weak on the backcheck',
      }),
    ]);
    // Rating cleared to none.
    await lists.saveEntry({ listId: top.id, playerId: GOALIE.id, rating: null }, SRC);
    await lists.saveEntry({ listId: top.id, playerId: TRADED_GOALIE.id, rating: 2 }, SRC);

    // A player the store does not hold needs his name; with it he is kept under that name.
    const unknown = await failure(lists.saveEntry({ listId: top.id, playerId: 999 }, SRC));
    expect(unknown.key).toBe('player');
    const kept = await lists.saveEntry(
      {
        listId: top.id,
        playerId: 999,
        player: { name: 'Not Synced', position: 'D' },
      },
      SRC,
    );
    expect(kept).toMatchObject({ name: 'Not Synced', position: 'D', GP: null, latestSeason: null });

    const noList = await failure(lists.saveEntry({ listId: 12345, playerId: SKATER.id, rating: 3 }, SRC));
    expect(noList.code).toBe('ListNotFoundError');
    expect(await lists.listedPlayers(SRC)).toEqual([101, 102, 103, 999]);
  });

  it('answers a list with each player’s latest season, summed over his teams', async () => {
    const top = (await lists.lists()).find((l) => l.name === 'Top prospects');
    if (!top) throw new Error('no list');
    const page = await lists.listEntries(top.id, {}, SRC);
    expect(page.list).toMatchObject({ name: 'Top prospects', entryCount: 4 });
    expect(page._meta.totalRecords).toBe(4);
    const byId = new Map(page.data.map((r) => [r.id, r]));
    // 20 + 30 GP, 5 + 10 G, 6 + 12 A, 11 + 22 PTS in 2022-2023; goalie columns empty for a skater.
    expect(byId.get(101)).toMatchObject({
      latestSeason: '2022-2023',
      team: 'Anaheim / Winnipeg',
      GP: 50,
      G: 15,
      A: 18,
      PTS: 33,
      GAA: null,
      SVP: null,
    });
    // One team: GAA and SV% from his GA, SA and minutes, as for several teams, not the service's rounded
    // 2.14 and .922: GAA = 117·60 / 3275 = 2.14351…; SV% = (1500 − 117) / 1500 = .922.
    expect(byId.get(102)).toMatchObject({ team: 'Montreal', GP: 56, G: null, PTS: null });
    expect(byId.get(102)?.GAA).toBeCloseTo((117 * 60) / 3275, 12);
    expect(byId.get(102)?.SVP).toBeCloseTo((1500 - 117) / 1500, 12);
    // Two teams: GAA = (10 + 20)·60 / (300 + 600) = 2.0; SV% = (90 + 180) / (100 + 200) = 0.9.
    const two = byId.get(103);
    expect(two?.GP).toBe(15);
    expect(two?.GAA).toBeCloseTo(2.0, 10);
    expect(two?.SVP).toBeCloseTo(0.9, 10);

    // Default order: best rated first, unrated last, ties by name.
    expect(page.data.map((r) => r.id)).toEqual([101, 103, 102, 999]);
    expect(page.data.map((r) => r.rating)).toEqual([5, 2, null, null]);
    expect(page.data.slice(2).map((r) => r.name)).toEqual(['Ken Dryden', 'Not Synced']);

    const byGp = await lists.listEntries(top.id, { sort: '-GP', offset: 1, limit: 2 }, SRC);
    expect(byGp.data.map((r) => r.GP)).toEqual([50, 15]);
    expect(byGp._meta).toMatchObject({ offset: 1, limit: 2, totalRecords: 4 });

    const badSort = await failure(lists.listEntries(top.id, { sort: 'apiKey' }, SRC));
    expect(badSort.key).toBe('query.sort');
  });

  it('renames (refusing a name another list has) and removes entries', async () => {
    const all = await lists.lists();
    const top = all.find((l) => l.name === 'Top prospects');
    const goalies = all.find((l) => l.name === 'Goalies');
    if (!top || !goalies) throw new Error('no list');
    const dup = await failure(lists.renameList(goalies.id, 'TOP prospects'));
    expect(dup.key).toBe('name');
    // Its own name in another case is fine.
    expect((await lists.renameList(top.id, 'TOP prospects')).name).toBe('TOP prospects');
    expect((await lists.renameList(top.id, 'Top prospects 2027')).name).toBe('Top prospects 2027');

    const notSynced = (await lists.listEntries(top.id, {}, SRC)).data.find((r) => r.id === 999);
    if (!notSynced) throw new Error('no entry');
    await lists.removeEntry(notSynced.entryId);
    expect((await failure(lists.removeEntry(notSynced.entryId))).code).toBe('ListNotFoundError');
    expect((await lists.listEntries(top.id, {}, SRC))._meta.totalRecords).toBe(3);
  });

  it('keeps lists, ratings and notes when the lists file is closed and opened again', async () => {
    await lists.close();
    lists = await openListsClient(listsOptions());
    const all = await lists.lists();
    expect(all.map((l) => [l.name, l.entryCount])).toEqual([
      ['Goalies', 0],
      ['Top prospects 2027', 3],
    ]);
    expect(await lists.listsOfPlayer(SKATER.id, SRC)).toEqual([
      expect.objectContaining({
        listName: 'Top prospects 2027',
        rating: 5,
        note: 'Quick release; weak on the backcheck',
      }),
    ]);
  });

  it('keeps lists when a sync from another service clears the synced players', async () => {
    await store.adoptSource('http://127.0.0.1:1/v1');
    await store.adoptSource('http://127.0.0.1:2/v1');
    const top = (await lists.lists()).find((l) => l.name === 'Top prospects 2027');
    if (!top) throw new Error('no list');
    const page = await lists.listEntries(top.id, { sort: 'name' }, SRC);
    // The names as starred stay; the stats went with the synced rows, and no other service's player
    // under the same id is joined to them.
    expect(page.data.map((r) => [r.name, r.rating, r.GP])).toEqual([
      ['Ken Dryden', null, null],
      ['Teemu Selänne', 5, null],
      ['Two Team Goalie', 2, null],
    ]);
    expect(page.data.every((r) => r.linked && r.source === SRC)).toBe(true);
    // Seen from the service in use now, they are another source's players: no link.
    const fromThere = await lists.listEntries(top.id, { sort: 'name' }, 'http://127.0.0.1:2/v1');
    expect(fromThere.data.map((r) => r.linked)).toEqual([false, false, false]);
    expect(await lists.listedPlayers('http://127.0.0.1:2/v1')).toEqual([]);
  });

  it('deletes a list with its entries', async () => {
    const top = (await lists.lists()).find((l) => l.name === 'Top prospects 2027');
    if (!top) throw new Error('no list');
    await lists.deleteList(top.id);
    expect((await lists.lists()).map((l) => l.name)).toEqual(['Goalies']);
    expect(await lists.listedPlayers(SRC)).toEqual([]);
    expect((await failure(lists.listEntries(top.id, {}, SRC))).code).toBe('ListNotFoundError');
  });
});

describe('scouting lists through the bridge dispatcher', () => {
  let dispatch: Dispatch;
  let listsHost: ListsHost;

  beforeAll(async () => {
    ({ dispatch, listsHost } = await listsDispatcher(dir));
  });
  afterAll(async () => {
    await listsHost.close();
  });

  const bad = async (op: string, args: unknown) => {
    const r = await dispatch(op, args);
    if (r.ok) throw new Error(`${op} was accepted`);
    return r.error;
  };

  it('names the bad field: an empty name, a duplicate name, a rating of 6, an unknown key', async () => {
    expect(await bad('scoutingListCreate', { name: '' })).toMatchObject({
      kind: 'bad-request',
      parameter: 'name',
      message: 'Invalid name: the list name is empty',
    });
    const created = await dispatch('scoutingListCreate', { name: 'Draft 2027' });
    if (!created.ok) throw new Error(created.error.message);
    const list = created.value as { id: number };
    expect(await bad('scoutingListCreate', { name: 'draft 2027' })).toMatchObject({
      kind: 'bad-request',
      parameter: 'name',
    });
    expect(
      await bad('scoutingListEntrySave', { listId: list.id, playerId: 5, player: { name: 'A B' }, rating: 6 }),
    ).toMatchObject({
      kind: 'bad-request',
      parameter: 'rating',
      message: 'Invalid rating: a whole number from 1 to 5',
    });
    expect(await bad('scoutingListEntrySave', { listId: list.id, playerId: 5, apiKey: 'x' })).toMatchObject({
      parameter: 'apiKey',
    });
    expect(await bad('scoutingListEntries', { id: list.id, query: { sort: 'secret' } })).toMatchObject({
      parameter: 'query.sort',
    });
    expect(await bad('scoutingListDelete', { id: 424242 })).toMatchObject({ kind: 'not-found' });
  });

  it('refuses an inherited name as a list sort key, naming query.sort and the allowed keys', async () => {
    const created = await dispatch('scoutingListCreate', { name: 'Sort probes' });
    if (!created.ok) throw new Error(created.error.message);
    const { id } = created.value as { id: number };
    for (const sort of ['constructor', '__proto__', 'toString', '-hasOwnProperty', 'name,valueOf']) {
      const e = await bad('scoutingListEntries', { id, query: { sort } });
      expect(e, sort).toMatchObject({ kind: 'bad-request', parameter: 'query.sort' });
      expect(e.message, sort).toContain('allowed: name, -name, position, -position');
    }
    // The store checks again whoever calls it (an export pages a list through it directly).
    for (const sort of ['constructor', '__proto__', 'toString']) {
      await expect(
        listsHost.client().then((s) => s.listEntries(id, { sort }, 'embedded:test-db')),
      ).rejects.toMatchObject({
        code: 'ListInputError',
        key: 'query.sort',
        allowed: expect.arrayContaining(['-rating', 'name']),
      });
    }
  });

  it('stars, reads back and removes through the bridge', async () => {
    const lists = await dispatch('scoutingLists', {});
    if (!lists.ok) throw new Error(lists.error.message);
    const list = (lists.value as { id: number; name: string }[]).find((l) => l.name === 'Draft 2027');
    if (!list) throw new Error('no list');
    const saved = await dispatch('scoutingListEntrySave', {
      listId: list.id,
      playerId: 5,
      player: { name: 'Bridge Player', position: 'F' },
      rating: 3,
      note: '=HYPERLINK("x")',
    });
    // The host gave the entry the data in use's source.
    expect(saved).toMatchObject({
      ok: true,
      value: { name: 'Bridge Player', rating: 3, note: '=HYPERLINK("x")', source: 'embedded:test-db', linked: true },
    });
    if (!saved.ok) throw new Error(saved.error.message);
    const entryId = (saved.value as { entryId: number }).entryId;
    expect(await dispatch('scoutingListedPlayers', {})).toEqual({ ok: true, value: [5] });
    const edited = await dispatch('scoutingListEntryEdit', { entryId, rating: 4 });
    expect(edited).toMatchObject({ ok: true, value: { rating: 4, note: '=HYPERLINK("x")' } });
    const page = await dispatch('scoutingListEntries', { id: list.id });
    expect(page).toMatchObject({ ok: true, value: { _meta: { totalRecords: 1 }, list: { entryCount: 1 } } });
    expect(await dispatch('scoutingListEntryRemove', { entryId })).toEqual({
      ok: true,
      value: null,
    });
    expect(await dispatch('scoutingListedPlayers', {})).toEqual({ ok: true, value: [] });
  });
});
