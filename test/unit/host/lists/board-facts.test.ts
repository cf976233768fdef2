import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSettings } from '../../../../electron/host/common/settings.ts';
import { createBoardFactsHandlers, NO_DEPARTMENT } from '../../../../electron/host/lists/board-facts.ts';
import { createListsHost, type ListsHost } from '../../../../electron/host/lists/lists-host.ts';
import { createOfflineHost, type OfflineHost } from '../../../../electron/host/offline/offline-host.ts';
import { createServiceClient } from '../../../../electron/host/service-client/service-client.ts';
import { type BoardFacts, NO_ROW_FACTS } from '../../../../shared/domain/board-facts.ts';
import { playerKey } from '../../../../shared/domain/board-order.ts';
import type { OfflinePlayer, OfflineStatsRow } from '../../../../shared/domain/offline.ts';
import type { StoreClient } from '../../../../store/index.ts';
import { laptop, RecordedServer, setup } from '../../store/department/laptop.ts';
import { reportSave, storePlayer } from '../../store/fixtures.ts';

/**
 * A board's row facts (`draftBoardFacts`) through the real store worker, the real lists worker and the
 * host's join, on a small world written here: a skater who played for two OHL teams and the AHL in his
 * latest season, a goalie, a player the store lacks, and one the store holds under the same id but who is
 * another man. The department's side comes from a colleague's final reports, pulled as a laptop pulls
 * them. Every expected figure is worked out by hand in the comments, from the lines written.
 */

const SOURCE = 'http://127.0.0.1:9/v1';
/** The OHL's factor into the NHL, pinned by the scout (NHLe uses a pin before any computed factor). */
const OHL_FACTOR = 0.3;
const TODAY = new Date('2026-12-05T10:00:00.000Z');

let dir: string;
let offline: OfflineHost;
let lists: ListsHost;
let boardId: number;
let rowId = 0;

const person = (id: number, name: string, position: string, dateOfBirth: string): OfflinePlayer => ({
  ...storePlayer(id, name, position),
  dateOfBirth,
});
const VIRTA = person(1, 'Aleksi Virta', 'C', '2005-10-01');
const BERG = person(2, 'Jonas Berg', 'G', '2006-01-02');
const SOMEONE = person(4, 'Somebody Else', 'D', '2001-05-05');

/** One team-season's lines of `league`, `season` (`2023-2024`), team `teamId`. */
async function write(
  store: StoreClient,
  league: string,
  season: string,
  team: { id: number; name: string },
  lines: [OfflinePlayer, OfflineStatsRow['regularStats']][],
) {
  const start = Number(season.slice(0, 4));
  await store.commitUnit({
    leagueSlug: league,
    league: { slug: league, name: league.toUpperCase(), fullName: null },
    season: { slug: season, startYear: start, endYear: start + 1 },
    team,
    players: lines.map(([p]) => p),
    rows: lines.map(([p, regularStats]) => ({
      id: ++rowId,
      playerId: p.id,
      team,
      leagueSlug: league,
      season,
      playerAge: null,
      regularStats,
      postseasonStats: {},
      totalStats: {},
    })),
  });
}

const facts = async (): Promise<BoardFacts> => {
  const h = createBoardFactsHandlers({ lists, offline, now: () => TODAY });
  const r = await h.draftBoardFacts({ ids: [boardId] });
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};
const row = (f: BoardFacts, playerId: number) => f.rows[playerKey({ source: SOURCE, playerId })];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'rinkside-board-facts-'));
  const client = createServiceClient({ timeoutMs: 300, maxAttempts: 1 });
  const pins = async () => [{ league: 'ohl', factor: OHL_FACTOR, note: '', pinnedAt: '2026-11-01T00:00:00.000Z' }];
  offline = createOfflineHost({ dataDir: join(dir, 'data'), client, pins });
  const store = await offline.store();
  await store.adoptSource(SOURCE);
  await write(store, 'ohl', '2022-2023', { id: 1, name: 'Sudbury Wolves' }, [
    [VIRTA, { GP: 60, G: 20, A: 20, PTS: 40 }],
  ]);
  await write(store, 'ohl', '2023-2024', { id: 2, name: 'Soo Greyhounds' }, [
    [VIRTA, { GP: 30, G: 10, A: 15, PTS: 25 }],
    [BERG, { GP: 40, GA: 100, SA: 1200, SVS: 1100, TOI: 2400 }],
  ]);
  await write(store, 'ohl', '2023-2024', { id: 3, name: 'Kitchener Rangers' }, [
    [VIRTA, { GP: 20, G: 5, A: 5, PTS: 10 }],
  ]);
  await write(store, 'ahl', '2023-2024', { id: 4, name: 'Rockford IceHogs' }, [
    [VIRTA, { GP: 10, G: 1, A: 1, PTS: 2 }],
    [SOMEONE, { GP: 70, G: 9, A: 30, PTS: 39 }],
  ]);
  expect(await store.prepareLeaders()).toBeGreaterThan(0);
  const settings = await openSettings(join(dir, 'settings'));
  lists = createListsHost({ dataDir: join(dir, 'data'), settings, source: () => SOURCE });
  const l = await lists.client();
  boardId = (await l.createBoard('2027 draft')).id;
  const add = (playerId: number, name: string, position: string, dateOfBirth: string, tier: number) =>
    l.addToBoard({ boardId, playerId, player: { name, position, dateOfBirth }, tier }, SOURCE);
  await add(1, 'Aleksi Virta', 'C', '2005-10-01', 0);
  await add(2, 'Jonas Berg', 'G', '2006-01-02', 0);
  await add(3, 'Nils Ek', 'D', '2006-03-03', 1);
  // The store's player 4 is born in 2001: another man than the board's Ola Berg.
  await add(4, 'Ola Berg', 'LW', '2006-06-06', 1);
}, 60_000);

afterAll(async () => {
  await lists?.close();
  await offline?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('a board’s rows', () => {
  it('carry each player’s latest season in the store, NHLe with the scout’s pin, and nothing of another man', async () => {
    const f = await facts();
    // Virta's newest season is 2023-2024; he played most games in the OHL (30 + 20 against 10 in the AHL):
    // GP 50, G 15, A 20, PTS 35, PTS/GP 35 / 50 = 0.7, NHLe 0.7 × 0.3 = 0.21. Born 1 October 2005, he is 18
    // on 15 September 2024 (his birthday comes after the cut-off): draft age 18.
    const v = row(f, 1);
    expect(v).toMatchObject({
      position: 'C',
      team: 'Soo Greyhounds / Kitchener Rangers',
      league: 'OHL',
      season: '2023-2024',
      draftAge: 18,
      GP: 50,
      G: 15,
      A: 20,
      PTS: 35,
    });
    expect(v?.PTSperGP).toBeCloseTo(0.7, 12);
    expect(v?.nhlePTSperGP).toBeCloseTo(0.21, 12);
    // The goalie: his 40 games, no NHLe (skaters only). Born 2 January 2006: 18 on 15 September 2024.
    expect(row(f, 2)).toMatchObject({ position: 'G', league: 'OHL', GP: 40, draftAge: 18, nhlePTSperGP: null });
    // Nils Ek is not in the store; the store's player 4 is another man: the board's own position, nothing else.
    for (const [id, position] of [
      [3, 'D'],
      [4, 'LW'],
    ] as const)
      expect(row(f, id)).toEqual({ ...NO_ROW_FACTS, position });
  });

  it('say why the department’s columns are empty where no department is set up', async () => {
    const f = await facts();
    expect(f.departmentMissing).toBe(NO_DEPARTMENT);
    expect(row(f, 1)).toMatchObject({ viewings: null, meanGrade: null, projection: null, daysSinceSeen: null });
  });

  it('carry the department’s viewings, mean grade, most common projection and days since last seen', async () => {
    // Bob, a colleague, finishes three reports on Virta and one on another man, writes a draft on Berg, and pushes them.
    const server = new RecordedServer();
    const bob = await laptop(join(dir, 'bob'));
    await bob.lists.departmentConfigure(setup('bob', 'Bob Lindqvist'));
    const virta = { playerId: 1, player: { name: 'Aleksi Virta', position: 'C', dateOfBirth: '2005-10-01' } };
    const reports = [
      { gameDate: '2026-11-02', grades: { compete: 9 }, projection: 'middle-six-f' },
      { gameDate: '2026-11-20', grades: { skating: 7, puckSkills: 8 }, projection: 'top-six-f' },
      { gameDate: '2026-11-28', grades: { skating: 6 }, projection: 'middle-six-f' },
    ] as const;
    // The first under another source (his own database numbers Virta otherwise): one player by name and birth date.
    for (const [i, r] of reports.entries())
      await bob.lists.saveReport(
        reportSave({ ...virta, ...r, ...(i === 0 ? { playerId: 77 } : {}), status: 'final' }),
        i === 0 ? 'embedded:bobs-own' : SOURCE,
      );
    // Another man born the same day: not Virta's viewing.
    await bob.lists.saveReport(
      reportSave({
        playerId: 9,
        player: { name: 'Eino Virtanen', position: 'C', dateOfBirth: '2005-10-01' },
        grades: { skating: 2 },
        status: 'final',
      }),
      SOURCE,
    );
    await bob.lists.saveReport(
      reportSave({ playerId: 2, player: { name: 'Jonas Berg', position: 'G', dateOfBirth: '2006-01-02' } }),
      SOURCE,
    );
    await bob.lists.departmentAcknowledge(server.push('bob', await bob.lists.departmentOutbox(100)));
    await bob.lists.close();
    const anna = await lists.client();
    await anna.departmentConfigure(setup('anna', 'Anna Berg'));
    await anna.departmentApply(server.pages(), server.cursor());

    const f = await facts();
    expect(f.departmentMissing).toBeNull();
    // Three final reports; grades 9, 7, 8, 6: mean 30 / 4 = 7.5; middle-six twice, top-six once; last seen
    // 28 November 2026, seven days before 5 December.
    expect(row(f, 1)).toMatchObject({ viewings: 3, meanGrade: 7.5, projection: 'middle-six-f', daysSinceSeen: 7 });
    // Berg's only report is a draft: not a viewing.
    expect(row(f, 2)).toMatchObject({ viewings: 0, meanGrade: null, projection: null, daysSinceSeen: null });
    expect(row(f, 1)).toMatchObject({ GP: 50, league: 'OHL' });
  });
});
