import { describe, expect, it } from 'vitest';
import { tieEra } from '../../../../renderer/entities/league/tieEra.ts';
import { parseMinGp } from '../../../../renderer/entities/team/minGp.ts';
import {
  belowMinPage,
  defaultMinGp,
  leadersPageLink,
  leadersTableSpec,
  minGpChoices,
  svpEmptyOnPage,
} from '../../../../renderer/views/team/goaltending-spec.ts';
import type { GoalieStatsRecord } from '../../../../shared/contract/records/index.ts';

const q = (sort: string[] = ['-regularStats.SVP']) => ({ sort, offset: 0, limit: 100, filters: {} });
const team = { teamId: 12, teamName: 'Nashville Predators', seasons: ['2017-2018', '2004-2005', '2003-2004'] };
const headers = (cols: readonly { abbr: string }[]) => cols.map((c) => c.abbr);

describe('leadersTableSpec: the goaltending leaders as one value, without rendering', () => {
  it('one season: endpoint, team, season filter, sort, fields and the context in words', () => {
    const spec = leadersTableSpec({ season: '2017-2018', block: 'regularStats', minGp: 0, query: q() }, team);
    expect(spec.endpoint).toBe('teamGoaltendingLeaders');
    expect(spec.path).toEqual({ id: 12 });
    expect(spec.query.filters).toEqual({ season: '2017-2018' });
    expect(spec.query.sort).toEqual(['-regularStats.SVP']);
    expect(spec.query.fields).toEqual(['id', 'player', 'season', 'regularStats']);
    expect(spec.context).toEqual({
      view: 'Goaltending leaders',
      team: 'Nashville Predators',
      season: '2017-2018',
      block: 'Regular season',
    });
  });

  it('under a Min GP, the goalies it leaves out follow in a second part: every goalie by games, marked in files', () => {
    const spec = leadersTableSpec({ season: '2017-2018', block: 'regularStats', minGp: 15, query: q() }, team);
    expect(spec.query.filters).toEqual({ season: '2017-2018', 'regularStats.GP:min': '15' });
    expect(spec.after?.query.filters).toEqual({ season: '2017-2018' });
    expect(spec.after?.query.sort).toEqual(['-regularStats.GP']);
    expect(spec.after?.query.fields).toEqual(spec.query.fields);
    expect(spec.after?.marker).toEqual({
      header: 'Ranked (Min GP 15)',
      first: '15 or more games: ranked',
      after: 'Under 15 games: not ranked',
    });
    // Every goalie ranked: nothing follows. The playoffs list only goalies with a playoff game, so a Min GP
    // of 1 there ranks them all too; 2 does not, and the second part keeps the one-game floor.
    expect(leadersTableSpec({ season: '2017-2018', block: 'regularStats', minGp: 0, query: q() }, team).after).toBe(
      undefined,
    );
    const po = (minGp: number) =>
      leadersTableSpec({ season: '2017-2018', block: 'postseasonStats', minGp, query: q() }, team).after;
    expect(po(1)).toBe(undefined);
    expect(po(2)?.query.filters).toEqual({ season: '2017-2018', 'postseasonStats.GP:min': '1' });
    expect(po(2)?.marker.after).toBe('Under 2 playoff games: not ranked');
  });

  it('labels the Databank T as OTL from 2005-06, with a tooltip saying so; T before', () => {
    const otl = leadersTableSpec({ season: '2017-2018', block: 'regularStats', minGp: 0, query: q() }, team);
    const col = otl.columns.find((c) => c.id === 'regularStats.T');
    expect(col?.abbr).toBe('OTL');
    expect(col?.title).toMatch(/overtime and shootout losses/i);
    expect(col?.title).toMatch(/2005-06/);
    expect(col?.better).toBe('lower');
    // The service's key stays T.
    expect(col?.sortKey).toBe('regularStats.T');
    const t = leadersTableSpec({ season: '1976-1977', block: 'regularStats', minGp: 0, query: q() }, team);
    expect(t.columns.find((c) => c.id === 'regularStats.T')?.abbr).toBe('T');
  });

  it('across seasons spanning both eras the column is T/OTL; the Season column follows the player', () => {
    const spec = leadersTableSpec({ season: 'all', block: 'totalStats', minGp: 0, query: q() }, team);
    expect(headers(spec.columns).slice(0, 3)).toEqual(['Player', 'Season', 'GP']);
    const col = spec.columns.find((c) => c.id === 'totalStats.T');
    expect(col?.abbr).toBe('T/OTL');
    expect(col?.title).toMatch(/Ties up to 2003-04, overtime and shootout losses from 2005-06/);
    // Every slug goes to the service; the sort moves to the block shown.
    expect(spec.query.filters.season).toBe('2017-2018,2004-2005,2003-2004');
    expect(spec.query.sort).toEqual(['-totalStats.SVP']);
    expect(tieEra(['2019-2020', '2005-2006'])).toBe('OTL');
    expect(tieEra(['1990-1991'])).toBe('T');
  });

  it('Min GP goes to the service as the block’s GP:min, and the playoffs always ask for one game', () => {
    const ten = leadersTableSpec({ season: 'all', block: 'regularStats', minGp: 10, query: q() }, team);
    expect(ten.query.filters['regularStats.GP:min']).toBe('10');
    expect(ten.context.minGP).toBe('10');
    const any = leadersTableSpec({ season: 'all', block: 'regularStats', minGp: 0, query: q() }, team);
    expect(any.query.filters['regularStats.GP:min']).toBeUndefined();
    // The playoffs list only goalies with a playoff game, whatever Min GP says (0 included).
    const zero = leadersTableSpec({ season: '2017-2018', block: 'postseasonStats', minGp: 0, query: q() }, team);
    expect(zero.query.filters['postseasonStats.GP:min']).toBe('1');
    expect(zero.context.minGP).toBeUndefined();
    const five = leadersTableSpec({ season: '2017-2018', block: 'postseasonStats', minGp: 5, query: q() }, team);
    expect(five.query.filters['postseasonStats.GP:min']).toBe('5');
    expect(parseMinGp('0')).toBe(0);
    expect(parseMinGp(null)).toBeNull();
    expect(parseMinGp('x')).toBeNull();
  });

  it('the default Min GP is a quarter of the busiest goalie’s games, rounded; the choices include it', () => {
    // An 82-game season's starter, a short tournament's, a playoff run, one game, none.
    expect([60, 7, 16, 1, 0].map(defaultMinGp)).toEqual([15, 2, 4, 0, 0]);
    expect(minGpChoices(15, 15)).toEqual([0, 1, 2, 5, 10, 15, 20, 30, 40]);
    expect(minGpChoices(null, 7)).toEqual([0, 1, 2, 5, 7, 10, 20, 30, 40]);
  });

  it('no playoff T column of zeros from 2005-06; a playoff T with ties stays', () => {
    const row = (id: number, T: number | null): GoalieStatsRecord => ({ id, postseasonStats: { GP: 5, T } });
    const url = { season: '2017-2018', block: 'postseasonStats' as const, minGp: 0, query: q() };
    expect(leadersTableSpec(url, team).columns.some((c) => c.id === 'postseasonStats.T')).toBe(false);
    const zeros = leadersTableSpec(url, { ...team, rows: [row(1, 0), row(2, null)] });
    expect(zeros.columns.some((c) => c.id === 'postseasonStats.T')).toBe(false);
    const old = { ...url, season: '1970-1971' };
    const ties = leadersTableSpec(old, { ...team, rows: [row(1, 0), row(2, 1)] });
    expect(ties.columns.find((c) => c.id === 'postseasonStats.T')?.abbr).toBe('T');
  });

  it('hides optional columns that the page has no value in (SA, SVS before shots were counted)', () => {
    const rows: GoalieStatsRecord[] = [{ id: 1, regularStats: { GP: 50, SA: null, SVS: null, GAA: 2.5, T: 8 } }];
    const spec = leadersTableSpec(
      { season: '1976-1977', block: 'regularStats', minGp: 0, query: q() },
      {
        ...team,
        rows,
      },
    );
    expect(headers(spec.columns)).not.toContain('SA');
    expect(headers(spec.columns)).not.toContain('SVS');
    expect(headers(spec.columns)).toContain('T');
    expect(svpEmptyOnPage(rows, 'regularStats')).toBe(true);
    expect(svpEmptyOnPage([{ id: 2, regularStats: { SVP: 0.9 } }], 'regularStats')).toBe(false);
  });

  it('Open as its own page keeps season, block, sort and Min GP', () => {
    const link = leadersPageLink(12, { season: '2017-2018', block: 'totalStats', minGp: 5, sort: 'totalStats.GAA' });
    const [path, search] = link.split('?');
    expect(path).toBe('/teams/12/goaltending-leaders');
    expect(Object.fromEntries(new URLSearchParams(search))).toEqual({
      block: 'totalStats',
      minGP: '5',
      season: '2017-2018',
      sort: 'totalStats.GAA',
    });
    expect(leadersPageLink(12, { season: 'all', block: 'regularStats', minGp: null, sort: null })).toBe(
      '/teams/12/goaltending-leaders?season=all',
    );
  });
});

describe('belowMinPage: the goalies under Min GP a page lists after the ranked ones', () => {
  // 1 ranked goalie of 3: the page of 100 lists him, then rows 1 and 2 of every goalie by games.
  it('a page with room after the ranked ones takes the rest, by games', () => {
    expect(belowMinPage({ offset: 0, limit: 100 }, 1, 3)).toEqual({ offset: 1, limit: 2 });
  });
  it('none when every goalie is ranked, or the page ends among the ranked ones', () => {
    expect(belowMinPage({ offset: 0, limit: 100 }, 3, 3)).toBeNull();
    expect(belowMinPage({ offset: 0, limit: 25 }, 40, 60)).toBeNull();
  });
  it('a page that starts among the ranked ones and ends past them, and a page past them all', () => {
    // 40 ranked of 60: page 2 of 25 (rows 25–49) holds ranked 25–39, then every goalie's rows 40–49.
    expect(belowMinPage({ offset: 25, limit: 25 }, 40, 60)).toEqual({ offset: 40, limit: 10 });
    // Page 3 (rows 50–74): every goalie's rows 50–59.
    expect(belowMinPage({ offset: 50, limit: 25 }, 40, 60)).toEqual({ offset: 50, limit: 10 });
  });
  it('no goalie ranked: the page is every goalie by games', () => {
    expect(belowMinPage({ offset: 0, limit: 100 }, 0, 4)).toEqual({ offset: 0, limit: 4 });
  });
});
