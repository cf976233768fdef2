import { describe, expect, it } from 'vitest';
import {
  layoutOf,
  rankRows,
  standingsExportSpec,
  standingsTableSpec,
} from '../../../../renderer/entities/league/standings.ts';
import { teamsTableSpec } from '../../../../renderer/views/teams/spec.ts';
import type { StandingsRecord } from '../../../../shared/contract/records/index.ts';

const q = (sort: string[]) => ({ sort, offset: 0, limit: 100, filters: {} });
const abbrs = (cols: readonly { abbr: string }[]) => cols.map((c) => c.abbr);

describe('standingsTableSpec: the standings as one value, without rendering', () => {
  it('league-wide: Rk (not Pos) and the Group column, season in the query', () => {
    const spec = standingsTableSpec({ league: 'nhl', season: '2017-2018', query: q(['-stats.PTS']) });
    expect(spec.endpoint).toBe('leagueStandings');
    expect(spec.path).toEqual({ slug: 'nhl' });
    expect(spec.query.filters).toEqual({ season: '2017-2018' });
    expect(abbrs(spec.columns).slice(0, 3)).toEqual(['Rk', 'Team', 'Group']);
    expect(abbrs(spec.columns)).not.toContain('Pos');
    expect(spec.context).toMatchObject({ view: 'Standings', layout: 'League-wide', season: '2017-2018' });
  });

  it('by group: Pos (the group rank), no Group column (a header row per group instead)', () => {
    const spec = standingsTableSpec({ league: 'nhl', season: '2017-2018', query: q(['group', 'position']) });
    expect(abbrs(spec.columns).slice(0, 2)).toEqual(['Pos', 'Team']);
    expect(abbrs(spec.columns)).not.toContain('Group');
    expect(layoutOf(['group', 'position'])).toBe('groups');
    expect(layoutOf(['-stats.PTS'])).toBe('league');
  });

  it('the export by group adds the group as its first column (each group heads its rows on screen)', () => {
    const spec = standingsTableSpec({ league: 'nhl', season: '2017-2018', query: q(['group', 'position']) });
    const rows: StandingsRecord[] = [
      { id: 1, group: 'Atlantic' },
      { id: 2, group: 'Metropolitan' },
    ];
    const out = standingsExportSpec(spec, rows);
    expect(abbrs(out.columns)).toEqual(['Group', ...abbrs(spec.columns)]);
    expect(out.query).toBe(spec.query);
    // League-wide the Group column is there already; rows without a group add nothing.
    const league = standingsTableSpec({ league: 'nhl', season: '2017-2018', query: q(['-stats.PTS']) });
    expect(standingsExportSpec(league, rows)).toBe(league);
    expect(standingsExportSpec(spec, [{ id: 1, group: null }])).toBe(spec);
  });

  it('T and OTL as the data has them', () => {
    const row = (id: number, T: number | null, OTL: number | null): StandingsRecord => ({ id, stats: { T, OTL } });
    const after = standingsTableSpec(
      { league: 'nhl', season: '2017-2018', query: q(['-stats.PTS']) },
      { rows: [row(1, 0, 9), row(2, 0, 5)] },
    );
    expect(abbrs(after.columns)).toContain('OTL');
    expect(abbrs(after.columns)).not.toContain('T');
  });

  it('Rk is offset + index + 1, the place in the order shown', () => {
    const rows: StandingsRecord[] = [
      { id: 7, position: '2' },
      { id: 3, position: '1' },
    ];
    expect(rankRows(rows, 0).map((r) => r.rank)).toEqual([1, 2]);
    expect(rankRows(rows, 25).map((r) => r.rank)).toEqual([26, 27]);
    // The Databank's division rank stays in `position`.
    expect(rankRows(rows, 0).map((r) => r.position)).toEqual(['2', '1']);
  });
});

describe('teamsTableSpec', () => {
  it('sends the URL query as it is, names the filters in words, and hides columns no row fills', () => {
    const query = { sort: ['name'], offset: 0, limit: 25, filters: { q: 'bruins', country: 'usa' } };
    const spec = teamsTableSpec(query, { leagueName: 'NHL', rows: [{ id: 1, name: 'Boston Bruins', city: null }] });
    expect(spec.endpoint).toBe('teams');
    expect(spec.query).toBe(query);
    expect(spec.context).toEqual({ view: 'Teams', search: 'bruins', league: 'NHL', country: 'usa' });
    expect(spec.columns.map((c) => c.id)).not.toContain('city');
    expect(spec.columns.map((c) => c.id)).toContain('name');
  });
});
