import { describe, expect, it } from 'vitest';
import {
  leadersServiceQuery,
  seasonsWords,
  statsCaption,
  statsColumns,
  statsListOptions,
  statsState,
  statsTableSpec,
} from '../../../../renderer/entities/player/leadersSpec.ts';
import { statsHeadline } from '../../../../renderer/views/stats/options.ts';
import { listQueryFromSearchParams } from '../../../../shared/query/query.ts';

// The stats browser's URL state, as the org pages link to it: `#/players/stats?league=nhl&season=2023-2024&sort=-PTS`.
const read = (search: string) => listQueryFromSearchParams(new URLSearchParams(search), statsListOptions(100));

describe('stats browser URL state', () => {
  it('a league page link opens the leaders of that league-season sorted by points', () => {
    const q = read('league=nhl&season=2023-2024&sort=-PTS');
    const state = statsState(q, false);
    expect(q.filters).toEqual({ league: 'nhl', season: '2023-2024' });
    expect(state).toMatchObject({ goalies: false, mode: 'seasons', block: 'regularStats', minGP: 20, sort: ['-PTS'] });
    expect(leadersServiceQuery(q, state)).toEqual({
      league: 'nhl',
      season: '2023-2024',
      minGP: '20',
      limit: '100',
      offset: '0',
      sort: '-PTS',
    });
  });
  it('min GP defaults by part: 20 a regular season, 5 playoffs, 40 and 10 over a range', () => {
    expect(statsState(read(''), false).minGP).toBe(20);
    expect(statsState(read('block=postseasonStats'), false).minGP).toBe(5);
    expect(statsState(read('mode=totals'), false).minGP).toBe(40);
    expect(statsState(read('mode=totals&block=postseasonStats'), false).minGP).toBe(10);
    expect(statsState(read('minGP=40'), false)).toMatchObject({ minGP: 40, minGPDefault: false });
  });
  it('goalies sort by wins by default and have no era-adjusted columns', () => {
    const state = statsState(read('position=G'), true);
    expect(state).toMatchObject({ goalies: true, sort: ['-W'], adjusted: false });
    expect(statsColumns(state, {}).map((c) => c.abbr)).toContain('SV%');
  });
  it('no Season or League column repeats the one season or league filtered; rates read PTS/GP', () => {
    const abbrs = (search: string) => {
      const q = read(search);
      return statsColumns(statsState(q, true), q.filters).map((c) => c.abbr);
    };
    expect(abbrs('league=nhl&season=1981-1982')).not.toContain('Season');
    expect(abbrs('league=nhl&season=1981-1982')).not.toContain('League');
    expect(abbrs('league=nhl,wha&season:min=1975-1976&season:max=1979-1980')).toEqual(
      expect.arrayContaining(['Season', 'League', 'PTS/GP', 'Adj PTS']),
    );
    expect(abbrs('')).not.toContain('PPG');
  });
  it('says which rows it shows', () => {
    const q = read('league=nhl&season:min=1980-1981&season:max=1989-1990&mode=totals&sort=-PTSperGP');
    expect(seasonsWords(q.filters)).toBe('1980-1981 to 1989-1990');
    expect(statsCaption(q.filters, statsState(q, false))).toBe(
      'Totals over 1980-1981 to 1989-1990, one row per player · Skaters · Regular season · min 40 GP (default) · by PTS/GP',
    );
    const spec = statsTableSpec(q, statsState(q, false), 'NHL');
    expect(spec).toMatchObject({ source: 'offlineLeaders', context: { view: 'Stats browser', league: 'NHL' } });
    expect(spec.query.filters.minGP).toBe('40');
  });
});

describe('the line under the title', () => {
  it('says the store is preparing the downloaded rows, not "Loading…", while it does', () => {
    expect(statsHeadline({ count: undefined, failed: false, preparing: false })).toBe('Loading…');
    expect(statsHeadline({ count: undefined, failed: false, preparing: true })).toBe(
      'Preparing the downloaded rows for the stats browser…',
    );
  });
  it('keeps the count of the rows on screen, and says newer ones are coming', () => {
    const count = '1,234 player-seasons match the filters';
    expect(statsHeadline({ count, failed: false, preparing: false })).toBe(count);
    expect(statsHeadline({ count, failed: false, preparing: true })).toBe(
      `${count} · preparing the downloaded rows, shown when ready…`,
    );
  });
  it('says the leaders could not be loaded after a failure', () => {
    expect(statsHeadline({ count: undefined, failed: true, preparing: true })).toBe('The leaders could not be loaded');
  });
});
