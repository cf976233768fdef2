import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LeagueFactors } from '../../../shared/domain/nhle.ts';
import type { OfflineStatsRow } from '../../../shared/domain/offline.ts';
import { openStoreClient, type StoreClient } from '../../../store/index.ts';
import { storePlayer } from './fixtures.ts';

/**
 * League factors through the real store worker on a small world written here: OHL 2015-16 → AHL 2016-17 →
 * NHL 2017-18, so the OHL has no direct pair into the NHL and takes the path through the AHL (its factor
 * the product, its sample the weaker link's); then a download adds OHL players who went straight to the
 * NHL, and the factors are computed again (the store changed) with the direct pair. Every expected factor
 * is worked out here by hand from the lines written.
 */

let dir: string;
let store: StoreClient;
let rowId = 0;

/** Writes one team-season: each line `[playerId, GP, PTS]`. */
async function write(league: string, start: number, teamId: number, lines: [number, number, number][]) {
  const season = { slug: `${start}-${start + 1}`, startYear: start, endYear: start + 1 };
  const rows: OfflineStatsRow[] = lines.map(([playerId, GP, PTS]) => ({
    id: ++rowId,
    playerId,
    team: { id: teamId, name: `Team ${teamId}` },
    leagueSlug: league,
    season: season.slug,
    playerAge: null,
    regularStats: { GP, G: 0, A: PTS, PTS },
    postseasonStats: {},
    totalStats: {},
  }));
  await store.commitUnit({
    leagueSlug: league,
    league: { slug: league, name: league.toUpperCase(), fullName: null },
    season,
    team: { id: teamId, name: `Team ${teamId}` },
    rows,
    players: lines.map(([id]) => ({ ...storePlayer(id, `Player ${id}`, 'F'), dateOfBirth: '1998-01-01' })),
  });
}

async function factors(): Promise<LeagueFactors> {
  const r = await store.leagueFactors({}, []);
  if (!r.ok) throw new Error(r.issue.message);
  return r.value;
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'rinkside-nhle-store-'));
  store = await openStoreClient({ file: join(dir, 'offline.sqlite') });
  // Three OHL forwards move to the AHL; two AHL forwards move to the NHL; player 9 has 19 GP in the AHL (out).
  await write('ohl', 2015, 1, [
    [1, 60, 90],
    [2, 40, 40],
    [3, 50, 25],
  ]);
  await write('ahl', 2016, 2, [
    [1, 70, 49],
    [2, 30, 12],
    [3, 60, 18],
    [9, 19, 30],
  ]);
  await write('ahl', 2015, 2, [
    [4, 50, 40],
    [5, 40, 20],
  ]);
  await write('nhl', 2016, 3, [
    [4, 60, 24],
    [5, 30, 6],
    [9, 40, 10],
  ]);
  // The host derives the rows after each download (store/cache/derive.ts); a query never does.
  await store.prepareLeaders();
}, 60_000);

afterAll(async () => {
  await store?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('league factors in the store', () => {
  it('a league without direct moves into the NHL takes the path through the league it feeds', async () => {
    const f = await factors();
    // OHL→AHL over players 1-3: (79 / 160) / (155 / 150); AHL→NHL over players 4-5: (30 / 90) / (60 / 90).
    const ohlAhl = 79 / 160 / (155 / 150);
    const ahlNhl = 30 / 90 / (60 / 90);
    const edge = (a: string, b: string) => f.edges.find((e) => e.from === a && e.to === b);
    expect(edge('ohl', 'ahl')).toMatchObject({ sample: 3 });
    expect(edge('ohl', 'ahl')?.factor).toBeCloseTo(ohlAhl, 12);
    expect(edge('ahl', 'nhl')).toMatchObject({ sample: 2 });
    expect(edge('ahl', 'nhl')?.factor).toBeCloseTo(ahlNhl, 12);
    const ohl = f.leagues.find((l) => l.league === 'ohl');
    expect(ohl?.computed?.path).toEqual(['ohl', 'ahl', 'nhl']);
    expect(ohl?.computed?.sample).toBe(2);
    expect(ohl?.computed?.factor).toBeCloseTo(ohlAhl * ahlNhl, 12);
    expect(ohl?.factor).toBeCloseTo(ohlAhl * ahlNhl, 12);
  });

  it('is computed again when the store changes: a direct OHL → NHL pair then wins', async () => {
    await write('ohl', 2016, 1, [
      [6, 60, 60],
      [7, 40, 20],
    ]);
    await write('nhl', 2017, 3, [
      [6, 50, 15],
      [7, 30, 3],
    ]);
    await store.prepareLeaders();
    const ohl = (await factors()).leagues.find((l) => l.league === 'ohl');
    expect(ohl?.computed?.path).toEqual(['ohl', 'nhl']);
    expect(ohl?.computed?.sample).toBe(2);
    // (18 / 80) / (80 / 100)
    expect(ohl?.computed?.factor).toBeCloseTo(18 / 80 / (80 / 100), 12);
  });

  it('a pin of the scout is what NHLe uses, and is marked', async () => {
    const pin = { league: 'ohl', factor: 0.31, note: 'mine', pinnedAt: '2026-11-25T16:00:00.000Z' };
    const r = await store.leagueFactors({}, [pin]);
    if (!r.ok) throw new Error(r.issue.message);
    const ohl = r.value.leagues.find((l) => l.league === 'ohl');
    expect(ohl).toMatchObject({ factor: 0.31, pinned: pin });
    expect(ohl?.computed?.factor).toBeCloseTo(18 / 80 / (80 / 100), 12);
    const page = await store.leaders({ league: 'ohl', season: '2016-2017', sort: '-nhlePTSperGP' }, [pin]);
    if (!page.ok) throw new Error(page.issue.message);
    expect(page.value.data[0]?.nhle).toMatchObject({ factor: 0.31, pinned: true });
    expect(page.value.data[0]?.nhle?.PTSperGP).toBeCloseTo((60 / 60) * 0.31, 12);
  });
});

describe('the default factors kept across starts', () => {
  const file = () => join(dir, 'offline.sqlite');
  const ohlOf = (f: LeagueFactors) => f.leagues.find((l) => l.league === 'ohl');

  it('a new start reads them from the file, with the league names as they are now', async () => {
    await factors();
    await store.close();
    // Marks the kept copy while the app is closed: only a read of it can give this factor.
    const db = new DatabaseSync(file());
    const row = db.prepare('SELECT query, factors FROM nhle_computed').get() as { query: string; factors: string };
    const kept = JSON.parse(row.factors) as LeagueFactors;
    const ohl = ohlOf(kept);
    if (ohl?.computed == null) throw new Error('no OHL factor kept');
    ohl.computed.factor = 0.123;
    ohl.factor = 0.123;
    db.prepare('UPDATE nhle_computed SET factors = ? WHERE query = ?').run(JSON.stringify(kept), row.query);
    db.prepare("UPDATE leagues SET name = 'Ontario HL' WHERE slug = 'ohl'").run();
    db.close();
    store = await openStoreClient({ file: file() });
    const again = ohlOf(await factors());
    expect(again?.computed?.factor).toBe(0.123);
    expect(again?.name).toBe('Ontario HL');
    const page = await store.leaders({ league: 'ohl', season: '2016-2017', sort: '-nhlePTSperGP' }, []);
    if (!page.ok) throw new Error(page.issue.message);
    expect(page.value.data[0]?.nhle?.factor).toBe(0.123);
  });

  it('are computed again once a download changes the rows', async () => {
    // A WHL team-season of new players: OHL's moves into the NHL are what they were.
    await write('whl', 2016, 4, [[10, 50, 30]]);
    // The host prepares the leaders after a download: the rows are derived and the factors kept anew.
    expect(await store.prepareLeaders()).toBe(1);
    const db = new DatabaseSync(file(), { readOnly: true });
    const row = db.prepare('SELECT factors FROM nhle_computed').get() as { factors: string } | undefined;
    db.close();
    expect(ohlOf(JSON.parse(row?.factors ?? '{"leagues":[]}') as LeagueFactors)?.computed?.factor).toBeCloseTo(
      18 / 80 / (80 / 100),
      12,
    );
    const ohl = ohlOf(await factors());
    expect(ohl?.computed?.factor).toBeCloseTo(18 / 80 / (80 / 100), 12);
    const page = await store.leaders({ league: 'ohl', season: '2016-2017', sort: '-nhlePTSperGP' }, []);
    if (!page.ok) throw new Error(page.issue.message);
    expect(page.value.data[0]?.nhle?.factor).toBeCloseTo(18 / 80 / (80 / 100), 12);
  });
});
