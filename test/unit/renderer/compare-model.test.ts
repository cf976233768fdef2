import { describe, expect, it } from 'vitest';
import {
  formatTrend,
  goaliePoints,
  leagueReference,
  parseTeamIds,
  parseTrendMetric,
  profileRows,
  TREND_METRICS,
  teamFigures,
  trendLabel,
  trendRows,
} from '../../../renderer/views/compare/model.ts';

const standing = (id: number, GP: number, PTS: number, GF: number, GA: number) => ({
  id: id * 10,
  team: { id, name: `Team ${id}` },
  stats: { GP, PTS, GF, GA, GD: GF - GA },
});

describe('Compare model', () => {
  it('reads 2 to 8 distinct team ids from the URL', () => {
    expect(parseTeamIds('12,34,12,x,0,56')).toEqual([12, 34, 56]);
    expect(parseTeamIds('1,2,3,4,5,6,7,8,9')).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(parseTeamIds(null)).toEqual([]);
  });

  it('builds team figures, the league reference and the profile with lower-is-better turned', () => {
    const goalies = new Map([
      [1, [{ id: 1, regularStats: { GP: 10, SA: 300, SVS: 270, GA: 30, TOI: 600 } }]],
      [2, [{ id: 2, regularStats: { GP: 10, SA: 300, SVS: 285, GA: 15, TOI: 600 } }]],
    ]);
    // Team 1: 10 GP, 12 PTS, 40 GF, 30 GA; team 2: 10 GP, 8 PTS, 20 GF, 15 GA.
    const all = teamFigures([standing(1, 10, 12, 40, 30), standing(2, 10, 8, 20, 15)], [], goalies);
    expect(all.map((t) => [t.ptsPct, t.gfPerGame, t.gaPerGame, t.SVP, t.GAA])).toEqual([
      [0.6, 4, 3, 0.9, 3],
      [0.4, 2, 1.5, 0.95, 1.5],
    ]);
    const ref = leagueReference(all);
    // GA/GP: mean 2.25, SD 0.75; team 1 is one SD worse (higher), shown as −1.
    expect(ref.gaPerGame).toEqual({ average: 2.25, sd: 0.75 });
    const rows = profileRows(all, ref);
    const ga = rows.find((r) => r.metric === 'gaPerGame');
    expect(ga?.label).toBe('GA/GP (lower is better)');
    expect(ga?.scores).toEqual({ 1: -1, 2: 1 });
    // No team-comparison records: age, height and weight rows are left out.
    expect(rows.map((r) => r.metric)).toEqual(['ptsPct', 'gfPerGame', 'gaPerGame', 'GD', 'SVP', 'GAA']);
    expect(goaliePoints(all, goalies, 11)).toEqual([]);
    expect(goaliePoints(all, goalies, 10).map((g) => [g.teamId, g.SVP, g.GAA])).toEqual([
      [1, 0.9, 3],
      [2, 0.95, 1.5],
    ]);
  });

  it('says each profile metric’s better direction: higher, lower (turned), or none (age, height, weight)', () => {
    const cmp = (id: number, averageAge: number, height: number, weight: number) => ({
      team: { id },
      averageAge,
      averageHeight: { metrics: height },
      averageWeight: { metrics: weight },
    });
    const all = teamFigures(
      [standing(1, 10, 12, 40, 30), standing(2, 10, 8, 20, 15)],
      [cmp(1, 30, 186, 92), cmp(2, 26, 182, 88)],
      new Map(),
    );
    const rows = profileRows(all, leagueReference(all));
    const by = Object.fromEntries(rows.map((r) => [r.metric, r]));
    expect(by.ptsPct?.label).toBe('PTS%');
    expect(by.ptsPct?.axis).toBe('PTS%\n↑ better');
    expect(by.gaPerGame?.axis).toBe('GA/GP\n↑ better (lower)');
    expect([by.age?.label, by.height?.label, by.weight?.label]).toEqual([
      'Age (no better direction)',
      'Height (no better direction)',
      'Weight (no better direction)',
    ]);
    expect([by.age?.axis, by.height?.axis, by.weight?.axis]).toEqual([
      'Age\n↑ older',
      'Height\n↑ taller',
      'Weight\n↑ heavier',
    ]);
    // No better direction: not turned, up is more. Team 1 is older (one SD above the mean of 28 ± 2).
    expect(by.age?.better).toBe('none');
    expect(by.age?.scores).toEqual({ 1: 1, 2: -1 });
    // Lower is better: turned. Team 1 lets in more, shown below.
    expect(by.gaPerGame?.scores).toEqual({ 1: -1, 2: 1 });
  });

  it('orders the trend oldest first and leaves out seasons without a chosen team', () => {
    const rows = trendRows(
      [
        { season: '2018-2019', rows: [standing(1, 82, 82, 200, 200)] },
        { season: '2016-2017', rows: [standing(1, 80, 100, 200, 200)] },
        { season: '2017-2018', rows: [standing(3, 82, 90, 200, 200)] },
      ],
      [1, 2],
    );
    expect(rows).toEqual([
      { season: '2016-2017', values: { 1: 0.625, 2: null } },
      { season: '2018-2019', values: { 1: 0.5, 2: null } },
    ]);
  });

  it('plots any standings metric in the trend, from each season’s raw counts', () => {
    const seasons = [
      // Team 1: 80 GP, 100 PTS, 250 GF, 200 GA (GD 50); team 2: 82 GP, 70 PTS, 205 GF, 246 GA (GD −41).
      { season: '2017-2018', rows: [standing(1, 80, 100, 250, 200), standing(2, 82, 70, 205, 246)] },
      {
        season: '2018-2019',
        rows: [{ ...standing(1, 82, 82, 164, 123), stats: { GP: 82, W: 37, L: 36, GF: 164, GA: 123 } }],
      },
    ];
    const at = (key: string) => trendRows(seasons, [1, 2], parseTrendMetric(key)).map((r) => [r.season, r.values]);
    expect(at('gf-gp')).toEqual([
      ['2017-2018', { 1: 3.125, 2: 2.5 }],
      ['2018-2019', { 1: 2, 2: null }],
    ]);
    expect(at('ga-gp')).toEqual([
      ['2017-2018', { 1: 2.5, 2: 3 }],
      ['2018-2019', { 1: 1.5, 2: null }],
    ]);
    // GD as the record gives it, else GF − GA.
    expect(at('gd')).toEqual([
      ['2017-2018', { 1: 50, 2: -41 }],
      ['2018-2019', { 1: 41, 2: null }],
    ]);
    // A count the standings lack in a season (W before the record had it) leaves that season out.
    expect(at('w')).toEqual([['2018-2019', { 1: 37, 2: null }]]);
    expect(at('pts')).toEqual([['2017-2018', { 1: 100, 2: 70 }]]);
    expect(at('pts-pct')).toEqual([['2017-2018', { 1: 0.625, 2: 70 / 164 }]]);
  });

  it('reads the trend metric from the URL, says lower-is-better and formats as the profile does', () => {
    expect(parseTrendMetric(null).key).toBe('pts-pct');
    expect(parseTrendMetric('nonsense').key).toBe('pts-pct');
    expect(parseTrendMetric('ga-gp').label).toBe('GA/GP');
    expect(new Set(TREND_METRICS.map((m) => m.key)).size).toBe(TREND_METRICS.length);
    expect(TREND_METRICS.filter((m) => m.better === 'lower').map(trendLabel)).toEqual([
      'L (lower is better)',
      'GA/GP (lower is better)',
      'GA (lower is better)',
    ]);
    expect(formatTrend(parseTrendMetric('pts-pct'), 0.6875)).toBe('.688');
    expect(formatTrend(parseTrendMetric('gf-gp'), 3.125)).toBe('3.13');
    expect(formatTrend(parseTrendMetric('gd'), -41)).toBe('-41');
    expect(formatTrend(parseTrendMetric('w'), null)).toBe('—');
  });
});
