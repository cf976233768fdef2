import { describe, expect, it } from 'vitest';
import {
  feetInches,
  formatDuration,
  offlineBanner,
  PLAYER_FILTER_KEYS,
  playersListOptions,
  playersServiceQuery,
  pounds,
  progressFraction,
  progressText,
  type SyncedLeague,
  seasonsText,
  sourceName,
  syncedLeagues,
  syncedLine,
  syncedWhen,
} from '../../../../renderer/views/players/spec.ts';
import type { SyncProgress } from '../../../../shared/offline.ts';
import { listQueryFromSearchParams, listQueryToSearchParams } from '../../../../shared/query.ts';
import { checkPlayerQuery, PLAYER_FILTERS, PLAYER_SORTS } from '../../../../store/players/query.ts';

const fromUrl = (search: string) => listQueryFromSearchParams(new URLSearchParams(search), playersListOptions(100));

const progress = (p: Partial<SyncProgress>): SyncProgress => ({
  state: 'running',
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

  it('defaults: sort by name, first page of the page size; unknown params and sort keys dropped', () => {
    expect(playersServiceQuery(fromUrl('team=12&sort=-regularStats.PTS'))).toEqual({
      limit: '100',
      offset: '0',
      sort: 'name',
    });
  });

  it('the record is one the host store parses, and its sort keys and filters are the store’s', () => {
    const q = fromUrl('q=ov&position=G&age%3Amin=18&sort=-age,nationality.name&offset=100');
    expect(checkPlayerQuery(playersServiceQuery(q)).ok).toBe(true);
    for (const key of playersListOptions(100).sortKeys ?? []) expect(Object.keys(PLAYER_SORTS)).toContain(key);
    expect([...PLAYER_FILTER_KEYS].sort()).toEqual([...PLAYER_FILTERS].sort());
  });

  it('round trip: the URL written back keeps filters and drops defaults', () => {
    const q = fromUrl('q=ken&position=G&sort=name&offset=0');
    expect(listQueryToSearchParams(q, playersListOptions(100)).toString()).toBe('position=G&q=ken');
  });
});

describe('download progress in words', () => {
  it('running: teams and pages done of total, rows, ETA', () => {
    expect(progressText(progress({}))).toBe('Teams 3 of 12 · pages 3 of 12 · 240 rows · about 8 s left');
    expect(progressText(progress({ etaMs: null }))).toBe(
      'Teams 3 of 12 · pages 3 of 12 · 240 rows · estimating time left',
    );
    expect(progressText(progress({ etaMs: 185_000, rows: 1 }))).toBe(
      'Teams 3 of 12 · pages 3 of 12 · 1 row · about 3 min 05 s left',
    );
  });

  it('before the totals are known: preparing', () => {
    expect(progressText(progress({ unitsTotal: 0, unitsDone: 0, pagesTotal: 0, pagesDone: 0, rows: 0 }))).toBe(
      'Preparing: reading the leagues’ seasons and teams…',
    );
  });

  it('done, cancelled, failed; refused team-seasons counted', () => {
    const refused = [{ leagueSlug: 'shl', teamId: 4, seasonSlug: '2020-2021', message: 'outside the subscription' }];
    expect(progressText(progress({ state: 'done', unitsDone: 12, pagesDone: 12, refused }))).toBe(
      'Done: Teams 12 of 12 · pages 12 of 12 · 240 rows · 1 team-season refused (not in your subscription)',
    );
    expect(progressText(progress({ state: 'cancelled', rows: 1234 }))).toBe(
      'Cancelled: Teams 3 of 12 · pages 3 of 12 · 1,234 rows',
    );
    expect(progressText(progress({ state: 'failed', error: 'The service did not answer' }))).toBe(
      'Failed: The service did not answer (Teams 3 of 12 · pages 3 of 12 · 240 rows)',
    );
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
