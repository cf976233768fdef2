import { describe, expect, it } from 'vitest';
import {
  ageAtDeath,
  ageFact,
  ageFromDateOfBirth,
  formatHeight,
  formatWeight,
} from '../../../renderer/entities/player/bio.ts';
import {
  type CareerRow,
  careerByLine,
  careerFromStore,
  careerTotals,
  heldSeasons,
  isGoalieCareer,
  isGoalieLine,
  leagueSubtotals,
} from '../../../renderer/entities/player/career.ts';
import { playerHref } from '../../../renderer/entities/player/links.tsx';
import { careerColumns } from '../../../renderer/views/player/CareerTable.tsx';
import {
  scoringListOptions,
  scoringStateFromParams,
  scoringStateToParams,
  scoringTableSpec,
} from '../../../renderer/views/team/scoring-spec.ts';
import type { OfflineStatsRow } from '../../../shared/domain/offline.ts';

// The player page's pure parts (bio words, career rows and totals, links) and the scoring table's URL state.

const blank = { GP: null, G: null, A: null, PTS: null, PIM: null, PM: null, W: null, L: null, T: null, SO: null };
const goalie = (gp: number, ga: number, sa: number | null, toi: number): CareerRow['regular'] => ({
  ...blank,
  GP: gp,
  W: 1,
  L: 1,
  T: 0,
  SO: 0,
  GA: ga,
  SA: sa,
  SVS: sa === null ? null : sa - ga,
  SVP: sa === null ? null : (sa - ga) / sa,
  GAA: (ga * 60) / toi,
  TOI: toi,
});
const row = (
  id: number,
  season: string,
  regular: CareerRow['regular'],
  playoffs = { ...blank, SA: null, GA: null, SVS: null, SVP: null, GAA: null, TOI: null },
): CareerRow => ({
  id,
  season,
  teamId: 1,
  teamName: 'Team',
  leagueSlug: 'nhl',
  regular,
  playoffs,
  goalieLine: isGoalieLine(regular, playoffs),
});

describe('bio words', () => {
  it('age in whole years from the date of birth, the day before and on the birthday', () => {
    expect(ageFromDateOfBirth('1961-01-26', new Date('2026-01-25T12:00:00Z'))).toBe(64);
    expect(ageFromDateOfBirth('1961-01-26', new Date('2026-01-26T00:00:00Z'))).toBe(65);
    expect(ageFromDateOfBirth(null)).toBeNull();
    expect(ageFromDateOfBirth('not a date')).toBeNull();
  });

  it('a player who died: "died 1986 (aged 83)", the age reached from the dates as precise as they are', () => {
    const clancy = { dateOfBirth: '1903-02-25', yearOfBirth: 1903, dateOfDeath: '1986-11-10' };
    expect(ageFact(clancy, new Date('2026-06-01T00:00:00Z'))).toBe('died 1986 (aged 83)');
    expect(ageAtDeath({ dateOfBirth: '1903-12-25' }, '1986-11-10')).toBe('82');
    // A death year alone leaves the birthday before or after: both ages are possible.
    expect(ageAtDeath({ dateOfBirth: '1904-03-06' }, '1968')).toBe('63 or 64');
    expect(ageAtDeath({ yearOfBirth: 1904 }, '1968-07')).toBe('63 or 64');
    expect(ageFact({ dateOfDeath: '1968' })).toBe('died 1968');
  });

  it('no age above 100 for a player without a date of death: his birth year instead', () => {
    const today = new Date('2026-06-01T00:00:00Z');
    expect(ageFact({ dateOfBirth: '1903-02-25' }, today)).toBe('born 1903');
    expect(ageFact({ dateOfBirth: '1903-02-25' }, today)).toBe('born 1903');
    expect(ageFact({ dateOfBirth: '1926-06-02' }, today)).toBe('99');
    expect(ageFact({ dateOfBirth: '1925-06-01' }, today)).toBe('born 1925');
    expect(ageFact({ dateOfBirth: '1925-06-02' }, today)).toBe('100');
    expect(ageFact({ dateOfBirth: '1990-01-01' }, today)).toBe('36');
    expect(ageFact({ dateOfBirth: '1885-05-08', yearOfBirth: 1885 }, today)).toBe('born 1885');
    expect(ageFact({ yearOfBirth: 1890 }, today)).toBe('born 1890');
    expect(ageFact({ yearOfBirth: 1990 }, today)).toBeNull();
    expect(ageFact({})).toBeNull();
  });

  it('height in cm and feet-inches, weight in kg and lb', () => {
    expect(formatHeight(183)).toBe(`183 cm (6'0")`);
    expect(formatHeight(188)).toBe(`188 cm (6'2")`);
    expect(formatHeight(null)).toBeNull();
    expect(formatWeight(84)).toBe('84 kg (185 lb)');
    expect(formatWeight(0)).toBeNull();
  });
});

describe('career', () => {
  it('store rows newest season first, with the team and league of each', () => {
    const stats = (id: number, season: string): OfflineStatsRow => ({
      id,
      playerId: 9,
      team: { id: id * 10, name: `Team ${id}` },
      leagueSlug: 'nhl',
      season,
      playerAge: null,
      regularStats: { GP: 10, G: 1 },
      postseasonStats: {},
      totalStats: {},
    });
    const rows = careerFromStore([stats(1, '1979-1980'), stats(2, '1981-1982'), stats(3, '1980-1981')]);
    expect(rows.map((r) => [r.season, r.teamId])).toEqual([
      ['1981-1982', 20],
      ['1980-1981', 30],
      ['1979-1980', 10],
    ]);
    expect(rows[0]?.regular.GP).toBe(10);
    expect(rows[0]?.regular.SA).toBeNull();
  });

  it('totals add the seasons with games, and recompute SV% and GAA from the sums', () => {
    const rows = [row(1, '1990-1991', goalie(10, 30, 300, 600)), row(2, '1989-1990', goalie(20, 50, 500, 1200))];
    const t = careerTotals(rows, 'regular');
    expect(t).toMatchObject({ GP: 30, GA: 80, SA: 800, SVS: 720, TOI: 1800 });
    expect(t.SVP).toBeCloseTo(720 / 800, 10);
    expect(t.GAA).toBeCloseTo((80 * 60) / 1800, 10);
  });

  it('a season without shots against leaves SA, SVS and SV% of the total blank, GAA stays', () => {
    const rows = [row(1, '1984-1985', goalie(10, 30, 300, 600)), row(2, '1982-1983', goalie(20, 50, null, 1200))];
    const t = careerTotals(rows, 'regular');
    expect(t).toMatchObject({ GP: 30, GA: 80, SA: null, SVS: null, SVP: null });
    expect(t.GAA).toBeCloseTo((80 * 60) / 1800, 10);
  });

  it('no playoff games: every total blank', () => {
    expect(careerTotals([row(1, '1990-1991', goalie(10, 30, 300, 600))], 'playoffs').GP).toBeNull();
  });

  it('goalie columns as the goalie tables, T as T/OTL across eras; skater columns GP G A PTS PIM +/-', () => {
    const rows = [row(1, '2006-2007', goalie(10, 30, 300, 600)), row(2, '2003-2004', goalie(2, 5, 50, 120))];
    expect(careerColumns(true, 'regular', rows).map((c) => c.abbr)).toEqual([
      'GP',
      'W',
      'L',
      'T/OTL',
      'SO',
      'GA',
      'SA',
      'SVS',
      'SV%',
      'GAA',
      'TOI',
    ]);
    expect(careerColumns(false, 'regular', rows).map((c) => c.abbr)).toEqual(['GP', 'G', 'A', 'PTS', 'PIM', '+/-']);
    // Playoffs: a T of zeros only (no ties in the playoffs from 2005-06) is left out, as the goalie tables do.
    const playoffs = rows.map((r) => ({ ...r, playoffs: { ...r.regular, T: 0 } }));
    expect(careerColumns(true, 'playoffs', playoffs).map((c) => c.abbr)).not.toContain('T/OTL');
    const withTies = playoffs.map((r, i) => ({ ...r, playoffs: { ...r.playoffs, T: i } }));
    expect(careerColumns(true, 'playoffs', withTies).map((c) => c.abbr)).toContain('T/OTL');
    expect(isGoalieCareer('G', [])).toBe(true);
    expect(isGoalieCareer(null, rows)).toBe(true);
    expect(isGoalieCareer('D', rows)).toBe(false);
  });

  it('a skater who went in goal: his goalie line apart from his skating lines, each totalled on its own', () => {
    const skating = (id: number, season: string, gp: number, g: number) =>
      row(id, season, {
        ...blank,
        GP: gp,
        G: g,
        A: 1,
        PTS: g + 1,
        PIM: 0,
        PM: null,
        SA: null,
        GA: null,
        SVS: null,
        SVP: null,
        GAA: null,
        TOI: null,
      });
    const rows = [
      skating(1, '1931-1932', 48, 10),
      row(2, '1931-1932', { ...goalie(1, 1, null, 1), W: 0, L: 0 }),
      skating(3, '1930-1931', 44, 7),
    ];
    expect(rows.map((r) => r.goalieLine)).toEqual([false, true, false]);
    expect(isGoalieCareer(null, rows)).toBe(false);
    const { own, other } = careerByLine(rows, false);
    expect(own.map((r) => r.id)).toEqual([1, 3]);
    expect(other.map((r) => r.id)).toEqual([2]);
    expect(careerTotals(own, 'regular')).toMatchObject({ GP: 92, G: 17 });
  });

  it('player links carry the team-season they come from, only when it is a season slug', () => {
    expect(playerHref(7, { teamId: 3, season: '1976-1977' })).toBe('/players/7?season=1976-1977&team=3');
    expect(playerHref(7, { teamId: 3, season: null })).toBe('/players/7');
    expect(playerHref(7)).toBe('/players/7');
  });
});

describe('league subtotals and the seasons held', () => {
  const skater = (gp: number, g: number, a: number): CareerRow['regular'] => ({
    ...blank,
    SA: null,
    GA: null,
    SVS: null,
    SVP: null,
    GAA: null,
    TOI: null,
    GP: gp,
    G: g,
    A: a,
    PTS: g + a,
  });
  const at = (id: number, season: string, league: string, r: CareerRow['regular']): CareerRow => ({
    ...row(id, season, r),
    leagueSlug: league,
  });
  // Gordie Howe's shape: NHL, then WHA, then NHL again.
  const rows = [
    at(1, '1970-1971', 'nhl', skater(63, 23, 29)),
    at(2, '1973-1974', 'wha', skater(70, 31, 69)),
    at(3, '1974-1975', 'wha', skater(75, 34, 65)),
    at(4, '1979-1980', 'nhl', skater(80, 15, 26)),
  ];
  it('a subtotal per league, in the order first played, and none for one league', () => {
    const subs = leagueSubtotals(rows, 'regular');
    // NHL: 63 + 80 GP, 23 + 15 G; WHA: 70 + 75 GP, 31 + 34 G.
    expect(subs.map((s) => [s.league, s.seasons, s.totals.GP, s.totals.G, s.totals.PTS])).toEqual([
      ['NHL', 2, 143, 38, 93],
      ['WHA', 2, 145, 65, 199],
    ]);
    expect(leagueSubtotals(rows.slice(1, 3), 'regular')).toEqual([]);
  });
  it('the seasons held, per league, consecutive ones joined', () => {
    expect(heldSeasons(rows)).toBe('NHL 1970-71, 1979-80 (2 seasons), WHA 1973-74 to 1974-75 (2 seasons)');
    expect(heldSeasons([])).toBe('');
  });
});

describe('scoring table URL state', () => {
  const options = scoringListOptions(100);

  it('reads and writes its own prefixed parameters and leaves the goalies’ alone', () => {
    const base = new URLSearchParams('season=2019-2020&sort=-regularStats.GAA&offset=25');
    const state = scoringStateFromParams(base, options);
    expect(state.query.sort).toEqual(['-regularStats.PTS']);
    expect(state.query.offset).toBe(0);
    expect(state.block).toBe('regularStats');
    const next = scoringStateToParams(
      { block: 'postseasonStats', query: { ...state.query, sort: ['-postseasonStats.G'], offset: 100 } },
      options,
      base,
    );
    expect(Object.fromEntries(next)).toEqual({
      offset: '25',
      scoringBlock: 'postseasonStats',
      scoringOffset: '100',
      scoringSort: '-postseasonStats.G',
      season: '2019-2020',
      sort: '-regularStats.GAA',
    });
    expect(scoringStateFromParams(next, options)).toMatchObject({
      block: 'postseasonStats',
      query: { sort: ['-postseasonStats.G'], offset: 100 },
    });
  });

  it('drops sort keys the operation does not take', () => {
    expect(scoringStateFromParams(new URLSearchParams('scoringSort=-bogus'), options).query.sort).toEqual([
      '-regularStats.PTS',
    ]);
  });

  it('the spec asks the team-season with the block’s sort, and every season for All seasons', () => {
    const spec = scoringTableSpec(
      {
        season: 'all',
        block: 'totalStats',
        query: { sort: ['-regularStats.PTS'], offset: 0, limit: 100, filters: {} },
      },
      { teamId: 5, seasons: ['2020-2021', '2019-2020'] },
    );
    expect(spec.endpoint).toBe('teamPlayerStats');
    expect(spec.query.filters).toEqual({ season: '2020-2021,2019-2020' });
    expect(spec.query.sort).toEqual(['-totalStats.PTS']);
    expect(spec.columns.map((c) => c.abbr)).toEqual(['Player', 'Season', 'GP', 'G', 'A', 'PTS', 'PIM', '+/-']);
    const playoffs = scoringTableSpec(
      { season: '2020-2021', block: 'postseasonStats', query: { offset: 0, limit: 100, filters: {} } },
      { teamId: 5, seasons: ['2020-2021'] },
    );
    expect(playoffs.query.filters).toEqual({ season: '2020-2021', 'postseasonStats.GP:min': '1' });
  });
});
