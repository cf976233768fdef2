import { describe, expect, it } from 'vitest';
import {
  PLAYER_FILTER_KEYS,
  playersListOptions,
  playersServiceQuery,
  playersSortShown,
} from '../../../../renderer/entities/player/directory.ts';
import {
  formatDuration,
  progressFraction,
  progressText,
  type SyncedLeague,
  syncedLeagues,
} from '../../../../renderer/entities/player/download.ts';
import {
  estimateLines,
  feetInches,
  leagueList,
  offlineBanner,
  playersCountLine,
  playersTableSpec,
  pounds,
  resumable,
  seasonsText,
  sourceName,
  syncedLine,
  syncedWhen,
} from '../../../../renderer/views/players/spec.ts';
import { PLAYER_COLUMNS } from '../../../../shared/columns/index.ts';
import type { SyncProgress } from '../../../../shared/domain/offline.ts';
import { listQueryFromSearchParams, listQueryToSearchParams } from '../../../../shared/query/query.ts';
import { checkPlayerQuery, PLAYER_FILTERS, PLAYER_SORTS } from '../../../../store/cache/players/query.ts';

const fromUrl = (search: string) => listQueryFromSearchParams(new URLSearchParams(search), playersListOptions(100));

const progress = (p: Partial<SyncProgress>): SyncProgress => ({
  state: 'running',
  request: { leagues: ['nhl', 'wha'], seasonFrom: '1917-1918', seasonTo: '2017-2018' },
  rateLimited: 0,
  unitsTotal: 12,
  unitsDone: 3,
  pagesDone: 3,
  pagesTotal: 12,
  rows: 240,
  players: 80,
  etaMs: 8_000,
  startedAt: '2026-11-23T09:00:00.000Z',
  finishedAt: null,
  refused: [],
  error: null,
  ...p,
});

describe('Players URL state → the offline store query record', () => {
  it('reads every filter, the sort and the page from the URL', () => {
    const q = fromUrl(
      'q=sel%C3%A4nne&position=F&nationality=fin&age%3Amin=20&age%3Amax=30&league=nhl&season=2023-2024&shoots=R&catches=L&sort=-height.metrics&offset=200&limit=50',
    );
    expect(playersServiceQuery(q)).toEqual({
      'age:max': '30',
      'age:min': '20',
      catches: 'L',
      league: 'nhl',
      nationality: 'fin',
      position: 'F',
      q: 'selänne',
      season: '2023-2024',
      shoots: 'R',
      limit: '50',
      offset: '200',
      sort: '-height.metrics',
    });
  });

  it('defaults: no sort (the store orders by name, or closest spelling first), first page of the page size; unknown params and sort keys dropped', () => {
    expect(playersServiceQuery(fromUrl('team=12&sort=-regularStats.PTS'))).toEqual({
      limit: '100',
      offset: '0',
    });
  });

  it('the table marks Name as the order when no sort is chosen, and no column for names ranked closest first', () => {
    const none = fromUrl('q=selane');
    expect(playersSortShown(none, false).sort).toEqual(['name']);
    expect(playersSortShown(none, true).sort).toBeUndefined();
    // A sort the scout chose is shown as chosen.
    expect(playersSortShown(fromUrl('q=selane&sort=-age'), true).sort).toEqual(['-age']);
  });

  it('the record is one the host store parses, and its sort keys and filters are the store’s', () => {
    const q = fromUrl('q=ov&position=G&age%3Amin=18&sort=-age,nationality.name&offset=100');
    expect(checkPlayerQuery(playersServiceQuery(q)).ok).toBe(true);
    for (const key of playersListOptions(100).sortKeys ?? []) expect(Object.keys(PLAYER_SORTS)).toContain(key);
    expect([...PLAYER_FILTER_KEYS].sort()).toEqual([...PLAYER_FILTERS].sort());
  });

  it('round trip: the URL written back keeps filters and drops defaults', () => {
    const q = fromUrl('q=ken&position=G&offset=0');
    expect(listQueryToSearchParams(q, playersListOptions(100)).toString()).toBe('position=G&q=ken');
    // A sort by name the scout chose stays in the URL: without it, a forgiven search is ranked closest first.
    const byName = fromUrl('q=ken&sort=name');
    expect(listQueryToSearchParams(byName, playersListOptions(100)).toString()).toBe('q=ken&sort=name');
  });
});

describe('the line under the Players title', () => {
  it('says how many players the store holds, and of how many when a search or a filter narrows the list', () => {
    expect(playersCountLine(8181, false, 8181)).toBe('8,181 players on this computer');
    expect(playersCountLine(1, false, 1)).toBe('1 player on this computer');
    expect(playersCountLine(312, true, 8181)).toBe('312 of 8,181 players on this computer');
    expect(playersCountLine(0, true, 1)).toBe('0 of 1 player on this computer');
    // Before the download status is in, the count of what matches.
    expect(playersCountLine(312, true, undefined)).toBe('312 players match the filters');
  });
});

describe('download progress in words', () => {
  it('running: team-seasons done of total, stat lines, players, ETA', () => {
    expect(progressText(progress({}))).toBe('3 of 12 team-seasons · 240 stat lines · 80 players · about 8 s left');
    expect(progressText(progress({ etaMs: null }))).toBe(
      '3 of 12 team-seasons · 240 stat lines · 80 players · estimating time left',
    );
    expect(progressText(progress({ etaMs: 185_000, rows: 1, players: 1, unitsTotal: 1, unitsDone: 0 }))).toBe(
      '0 of 1 team-season · 1 stat line · 1 player · about 3 min 05 s left',
    );
    expect(progressText(progress({ rateLimited: 3, unitsTotal: 3805, unitsDone: 412 }))).toBe(
      '412 of 3,805 team-seasons · 240 stat lines · 80 players · about 8 s left · slowed down 3 times at the service’s request',
    );
  });

  it('before the totals are known: preparing', () => {
    expect(progressText(progress({ unitsTotal: 0, unitsDone: 0, pagesTotal: 0, pagesDone: 0, rows: 0 }))).toBe(
      'Preparing: reading the leagues’ seasons and standings…',
    );
  });

  it('done, cancelled, interrupted, failed; refused team-seasons counted', () => {
    const refused = [{ leagueSlug: 'shl', teamId: 4, seasonSlug: '2020-2021', message: 'outside the subscription' }];
    expect(progressText(progress({ state: 'done', unitsDone: 12, pagesDone: 12, refused }))).toBe(
      'Done: 12 of 12 team-seasons · 240 stat lines · 80 players · 1 team-season refused (not in your subscription)',
    );
    expect(progressText(progress({ state: 'done', unitsDone: 12, pagesDone: 12, preparing: true }))).toBe(
      'Done: 12 of 12 team-seasons · 240 stat lines · 80 players · preparing the stats browser’s rows…',
    );
    expect(progressText(progress({ state: 'cancelled', rows: 1234 }))).toBe(
      'Cancelled at 3 of 12 team-seasons · 1,234 stat lines · 80 players',
    );
    expect(progressText(progress({ state: 'interrupted', unitsDone: 412, unitsTotal: 1300 }))).toBe(
      'Interrupted at 412 of 1,300 team-seasons · 240 stat lines · 80 players',
    );
    expect(progressText(progress({ state: 'failed', error: 'The service did not answer' }))).toBe(
      'Stopped at 3 of 12 team-seasons: The service did not answer (240 stat lines · 80 players)',
    );
  });

  it('a download that stopped before its end resumes; one running, done or idle does not', () => {
    for (const state of ['interrupted', 'cancelled', 'failed'] as const)
      expect(resumable(progress({ state }))).toBe(true);
    for (const state of ['running', 'done', 'idle'] as const) expect(resumable(progress({ state }))).toBe(false);
    expect(resumable(progress({ state: 'interrupted', request: null }))).toBe(false);
    expect(resumable(undefined)).toBe(false);
  });

  it('the size before a download: per league and in all', () => {
    const name = (s: string) => s.toUpperCase();
    const lines = estimateLines(
      {
        leagues: [
          { slug: 'nhl', seasons: ['1917-1918', '1918-1919'], teamSeasons: 7, done: 3 },
          { slug: 'wha', seasons: [], teamSeasons: 0, done: 0 },
        ],
        refused: ['shl'],
        teamSeasons: 7,
        done: 3,
      },
      name,
    );
    expect(lines.leagues).toEqual([
      'NHL: 1917-1918 to 1918-1919 (2 seasons), 7 team-seasons',
      'WHA: no season in this range',
      'SHL: not in your subscription',
    ]);
    expect(lines.total).toBe('7 team-seasons in all, 3 of them on this computer already');
    expect(leagueList(['nhl', 'wha', 'ahl'], name)).toBe('NHL, WHA and AHL');
    expect(leagueList(['nhl'], name)).toBe('NHL');
  });

  it('fraction and durations', () => {
    expect(progressFraction(progress({}))).toBe(0.25);
    expect(progressFraction(progress({ unitsTotal: 0, unitsDone: 0 }))).toBe(0);
    expect(formatDuration(3_725_000)).toBe('1 h 02 min');
    expect(formatDuration(-5)).toBe('0 s');
  });

  it('the synced line names the latest sync, or nothing when the store is empty', () => {
    const counts = { leagues: 2, seasons: 1, teams: 9, players: 1234, playerStats: 1300 };
    expect(syncedLine({ synced: [], counts })).toBeNull();
    expect(syncedLine({ synced: SYNCED, counts })).toBe(
      'On this computer: players synced 2026-11-23 09:40 UTC · 3 league-seasons · 1,234 players · 1,300 stats rows',
    );
  });

  it('the offline banner names the latest sync', () => {
    expect(offlineBanner(SYNCED)).toBe('Offline: showing players synced 2026-11-23 09:40 UTC');
    expect(offlineBanner([])).toBe('Offline: no players on this computer yet');
  });

  it('groups synced league-seasons by league: seasons, rows, the oldest sync, an unfinished re-sync', () => {
    expect(syncedLeagues(SYNCED)).toEqual([
      {
        slug: 'nhl',
        name: 'NHL',
        seasons: ['2022-2023', '2023-2024'],
        rows: 900,
        syncedAt: '2026-11-20T08:15:00.000Z',
        newestAt: '2026-11-22T10:00:00.000Z',
        inProgress: true,
      },
      {
        slug: 'shl',
        name: 'shl',
        seasons: ['2023-2024'],
        rows: 400,
        syncedAt: '2026-11-23T09:40:12.000Z',
        newestAt: '2026-11-23T09:40:12.000Z',
        inProgress: false,
      },
    ]);
    expect(seasonsText(['2022-2023', '2023-2024'])).toBe('2022-2023 to 2023-2024 (2 seasons)');
    expect(seasonsText(['2023-2024'])).toBe('2023-2024');
    const [nhl, shl] = syncedLeagues(SYNCED);
    expect(syncedWhen(nhl as SyncedLeague)).toBe('2026-11-20 08:15 UTC to 2026-11-22 10:00 UTC');
    expect(syncedWhen(shl as SyncedLeague)).toBe('2026-11-23 09:40 UTC');
  });

  it('names the source of the players', () => {
    expect(sourceName('embedded')).toBe('a database of the app’s local service');
    expect(sourceName('embedded:0b5e4d1c-2f7a-4a8e-9a57-2d3c4b5a6f70')).toBe('a database of the app’s local service');
    expect(sourceName('https://api.example.org/v1')).toBe('the service at https://api.example.org');
  });

  it('heights in feet and inches, weights in pounds', () => {
    // 6 ft 1 in = 73 in = 185.42 cm; 5 ft 11 in = 71 in = 180.34 cm; 1 kg = 2.20462 lb.
    expect(feetInches(185)).toBe('6′1″');
    expect(feetInches(180)).toBe('5′11″');
    expect(feetInches(183)).toBe('6′0″');
    expect(pounds(85)).toBe('187 lb');
    expect(pounds(100)).toBe('220 lb');
  });
});

const row = (
  leagueSlug: string,
  leagueName: string | null,
  seasonSlug: string,
  syncedAt: string,
  rows: number,
  inProgress = false,
) => ({
  leagueSlug,
  leagueName,
  seasonSlug,
  baseUrl: 'http://x/v1',
  syncedAt,
  rows,
  inProgress,
});
const SYNCED = [
  row('nhl', 'NHL', '2023-2024', '2026-11-22T10:00:00.000Z', 500),
  row('nhl', 'NHL', '2022-2023', '2026-11-20T08:15:00.000Z', 400, true),
  row('shl', null, '2023-2024', '2026-11-23T09:40:12.000Z', 400),
];

describe('the Players export says how its search was answered (the About sheet)', () => {
  const query = { offset: 0, limit: 100, sort: ['name'], filters: { q: 'Selane', league: 'nhl' } };

  it('names the search as typed when names start with it', () => {
    expect(playersTableSpec(query, PLAYER_COLUMNS).context).toEqual({
      view: 'Players',
      league: 'NHL',
      search: 'Selane',
    });
  });

  it('says the names are spelled like it when none starts with it', () => {
    expect(playersTableSpec(query, PLAYER_COLUMNS, true).context.search).toBe(
      'names spelled like “Selane” (none starts with it)',
    );
  });

  it('and how they are ranked when the store ranked them closest first', () => {
    expect(playersTableSpec(query, PLAYER_COLUMNS, true, true).context.search).toBe(
      'names spelled like “Selane” (none starts with it), closest spelling first, then most games played',
    );
  });
});
