import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ListsClient, openListsClient, openStoreClient, type StoreClient } from '../../../store/index.ts';
import { storePlayer } from './fixtures.ts';

/**
 * `playersInUse` in the real lists worker beside a real player cache: a player a record names is the data
 * in use's player of his id only when he is of the source in use and, when the cache holds that id, the
 * cache's player is him (birth dates agree when both are known, else the names, accents and case aside),
 * as a list entry's `linked`. The cache's players are the test's own.
 */

const SRC = 'embedded:test-database';
const OTHER = 'https://other.example/v1';

let dir: string;
let store: StoreClient;
let lists: ListsClient;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'rinkside-in-use-store-'));
  store = await openStoreClient({ file: join(dir, 'store.sqlite') });
  await store.adoptSource(SRC);
  const held = { ...storePlayer(101, 'Teemu Selänne', 'F'), dateOfBirth: '1970-07-03' };
  await store.commitUnit({
    leagueSlug: 'tst',
    league: { slug: 'tst', name: 'Test League', fullName: null },
    season: { slug: '2022-2023', startYear: 2022, endYear: 2023 },
    team: { id: 1, name: 'Anaheim' },
    rows: [],
    players: [held],
  });
  lists = await openListsClient({
    file: join(dir, 'lists.sqlite'),
    backupsDir: join(dir, 'lists-backups'),
    cacheFile: join(dir, 'store.sqlite'),
    record: null,
  });
});
afterAll(async () => {
  await lists?.close();
  await store?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('which players records name are the data in use’s', () => {
  it('is him by source and id, unless the cache holds another man under that id', async () => {
    const asked = [
      // The cache's own player 101, as a record kept him (name without the accent).
      { source: SRC, playerId: 101, name: 'TEEMU SELANNE', dateOfBirth: '1970-07-03' },
      // Another man under id 101 (a database replaced under one identity): born another day.
      { source: SRC, playerId: 101, name: 'Teemu Selänne', dateOfBirth: '1999-01-01' },
      // No birth date kept: the names decide.
      { source: SRC, playerId: 101, name: 'Paul Kariya', dateOfBirth: null },
      // An id the cache does not hold: of the source in use, so his (the page reads him from the service).
      { source: SRC, playerId: 999, name: 'Nobody Cached', dateOfBirth: null },
      // Player 101 of another service: never the data in use's, whatever his name.
      { source: OTHER, playerId: 101, name: 'Teemu Selänne', dateOfBirth: '1970-07-03' },
    ];
    expect(await lists.playersInUse(asked, SRC)).toEqual([true, false, false, true, false]);
    // Seen from the other service in use, the last one is its player and the rest are not.
    expect(await lists.playersInUse(asked, OTHER)).toEqual([false, false, false, false, true]);
    expect(await lists.playersInUse([], SRC)).toEqual([]);
  });
});
