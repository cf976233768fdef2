import { describe, expect, it } from 'vitest';
import {
  historyColumns,
  historyRequests,
  historyTable,
  recordText,
  teamHistoryRows,
} from '../../../../renderer/views/team/history.ts';
import { finishText, ordinal } from '../../../../shared/columns/index.ts';
import type { StandingsRecord, TeamSeason } from '../../../../shared/contract/records/index.ts';

const season = (slug: string, leagueSlug: string, teamName = 'Edmonton Oilers'): TeamSeason => ({
  slug,
  startYear: Number(slug.slice(0, 4)),
  leagueSlug,
  leagueName: leagueSlug.toUpperCase(),
  teamName,
});
const standing = (slug: string, stats: StandingsRecord['stats'], extra: Partial<StandingsRecord> = {}) =>
  ({ id: Number(slug.slice(0, 4)), season: { slug }, stats, ...extra }) as StandingsRecord;

describe('the team page’s history: seasons joined with standings', () => {
  const seasons = [
    season('1978-1979', 'wha', 'Edmonton Oilers'),
    season('1979-1980', 'nhl'),
    season('1980-1981', 'nhl'),
    season('1980-1981', 'nhl'),
  ];

  it('asks each league once for the team’s seasons in it, with the team and season filters', () => {
    expect(historyRequests(36, seasons)).toEqual([
      {
        league: 'nhl',
        query: {
          offset: 0,
          limit: 1000,
          sort: ['season'],
          filters: { team: '36', season: '1979-1980,1980-1981' },
        },
      },
      {
        league: 'wha',
        query: { offset: 0, limit: 1000, sort: ['season'], filters: { team: '36', season: '1978-1979' } },
      },
    ]);
    expect(historyRequests(36, [])).toEqual([]);
  });

  it('splits a very long history into requests of at most 180 seasons', () => {
    const many = Array.from({ length: 200 }, (_, i) => season(`${1800 + i}-${1801 + i}`, 'nhl'));
    const reqs = historyRequests(1, many);
    expect(reqs.map((r) => r.query.filters.season?.split(',').length)).toEqual([180, 20]);
  });

  it('one row per season and league, newest first, with the standings row of the same league and season', () => {
    const rows = teamHistoryRows(seasons, [
      {
        league: 'nhl',
        rows: [
          standing('1980-1981', { GP: 80, W: 29, L: 35, T: 16, PTS: 74 }, { group: 'Smythe', position: '4' }),
          standing(
            '1979-1980',
            { GP: 80, W: 28, L: 39, T: 13, PTS: 69 },
            { position: '4', postseason: 'Lost NHL preliminary round' },
          ),
        ],
      },
      {
        league: 'wha',
        rows: [
          standing(
            '1978-1979',
            { GP: 80, W: 48, L: 30, T: 2, PTS: 98 },
            { position: 1, playoffMedalClass: 'silver', postseason: 'Lost AVCO Cup finals' },
          ),
        ],
      },
    ]);
    expect(rows.map((r) => [r.season, r.leagueSlug, r.stats?.PTS, r.position, r.group, r.postseason, r.medal])).toEqual(
      [
        ['1980-1981', 'nhl', 74, 4, 'Smythe', null, null],
        ['1979-1980', 'nhl', 69, 4, null, 'Lost NHL preliminary round', null],
        ['1978-1979', 'wha', 98, 1, null, 'Lost AVCO Cup finals', 'silver'],
      ],
    );
  });

  it('a season without a standings row keeps its line, with no record', () => {
    const [row] = teamHistoryRows([season('2000-2001', 'nhl')], [{ league: 'nhl', rows: [] }]);
    expect(row).toMatchObject({ season: '2000-2001', stats: null, position: null, postseason: null });
    expect(recordText(row?.stats ?? null)).toBeNull();
  });

  it('shows T and OTL as the data has them and the team name only when it changed', () => {
    const ties = teamHistoryRows(
      [season('1980-1981', 'nhl')],
      [{ league: 'nhl', rows: [standing('1980-1981', { W: 1, L: 1, T: 2, OTL: null })] }],
    );
    expect(historyColumns(ties, 'Edmonton Oilers').map((c) => c.id)).toEqual([
      'season',
      'league',
      'GP',
      'W',
      'L',
      'T',
      'PTS',
      'finish',
      'postseason',
    ]);
    const renamed = teamHistoryRows(
      [season('1980-1981', 'nhl', 'Alberta Oilers')],
      [{ league: 'nhl', rows: [standing('1980-1981', { W: 1, L: 1, T: null, OTL: 3 })] }],
    );
    expect(historyColumns(renamed, 'Edmonton Oilers').map((c) => c.id)).toEqual([
      'season',
      'league',
      'teamName',
      'GP',
      'W',
      'L',
      'OTL',
      'PTS',
      'finish',
      'postseason',
    ]);
  });

  it('writes the record wins first with its legend, ties and overtime losses as the season had them', () => {
    expect(recordText({ W: 44, L: 29, T: null, OTL: 9 })).toEqual({ text: '44–29–9', legend: 'W–L–OTL' });
    expect(recordText({ W: 30, L: 30, T: 20, OTL: null })).toEqual({ text: '30–30–20', legend: 'W–L–T' });
    expect(recordText({ W: 40, L: 30, T: 5, OTL: 7 })).toEqual({ text: '40–30–5–7', legend: 'W–L–T–OTL' });
    expect(recordText({ W: 50, L: 25, T: 0, OTL: 7 })).toEqual({ text: '50–25–7', legend: 'W–L–OTL' });
  });

  it('says the finish as scouts do', () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111].map(ordinal)).toEqual([
      '1st',
      '2nd',
      '3rd',
      '4th',
      '11th',
      '12th',
      '13th',
      '21st',
      '22nd',
      '23rd',
      '101st',
      '111th',
    ]);
    expect(finishText({ position: 2, group: 'Atlantic Division' })).toBe('2nd in Atlantic Division');
    expect(finishText({ position: 5, group: null })).toBe('5th');
    expect(finishText({ position: null, group: 'x' })).toBeNull();
  });

  it('exports the rows as shown, numbers unformatted and blanks as the dash', () => {
    const rows = teamHistoryRows(
      [season('1980-1981', 'nhl')],
      [
        {
          league: 'nhl',
          rows: [standing('1980-1981', { GP: 80, W: 29, L: 35, T: 16, PTS: 74 }, { position: '4', group: 'Smythe' })],
        },
      ],
    );
    const cols = historyColumns(rows, 'Edmonton Oilers');
    expect(historyTable(cols, rows)).toEqual({
      columns: ['Season', 'League', 'GP', 'W', 'L', 'T', 'PTS', 'Finish', 'Playoffs'],
      rows: [['1980-1981', 'NHL', '80', '29', '35', '16', '74', '4th in Smythe', '—']],
    });
  });
});
