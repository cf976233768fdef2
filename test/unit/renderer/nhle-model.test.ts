import { describe, expect, it } from 'vitest';
import type { CareerRow } from '../../../renderer/entities/player/career.ts';
import { ARC_METRICS, chartHref, comparablesOf, idsOf, metricOf } from '../../../renderer/entities/player/chartUrl.ts';
import { arcRows, arcTable } from '../../../renderer/views/nhle/arcsModel.ts';
import { defaultSubject, nhleSeasons, sortSeasons } from '../../../renderer/views/player/playerNhle.ts';
import type { CareerArcs } from '../../../shared/domain/nhle.ts';

const stats = (GP: number | null, PTS: number | null) =>
  ({
    GP,
    G: null,
    A: null,
    PTS,
    PIM: null,
    PM: null,
    W: null,
    L: null,
    T: null,
    SO: null,
    GA: null,
    SA: null,
    SVS: null,
    SVP: null,
    GAA: null,
    TOI: null,
  }) as CareerRow['regular'];

const row = (id: number, season: string, league: string | null, team: string, GP: number, PTS: number): CareerRow => ({
  id,
  season,
  teamId: id,
  teamName: team,
  leagueSlug: league,
  regular: stats(GP, PTS),
  playoffs: stats(null, null),
  goalieLine: false,
});

describe("the player page's NHLe by season", () => {
  const rows = [
    row(1, '1978-1979', 'wha', 'Indianapolis Racers', 8, 6),
    row(2, '1978-1979', 'wha', 'Edmonton Oilers', 72, 104),
    row(3, '1979-1980', 'nhl', 'Edmonton Oilers', 79, 137),
    row(4, '1977-1978', 'ohl', 'Sault Ste. Marie Greyhounds', 64, 182),
  ];
  const factors: Record<string, { factor: number; pinned: boolean }> = {
    wha: { factor: 0.834, pinned: false },
    nhl: { factor: 1, pinned: false },
  };
  const seasons = nhleSeasons(rows, (l) => factors[l] ?? null, '1961-01-26');

  it('combines the stints of a league-season, with draft age, factor and NHLe; a league without a factor keeps null', () => {
    expect(seasons.map((s) => [s.season, s.league, s.GP, s.PTS, s.draftAge])).toEqual([
      ['1979-1980', 'nhl', 79, 137, 19],
      ['1978-1979', 'wha', 80, 110, 18],
      ['1977-1978', 'ohl', 64, 182, 17],
    ]);
    const wha = seasons[1];
    expect(wha?.teams).toBe('Indianapolis Racers / Edmonton Oilers');
    expect(wha?.nhlePTSperGP).toBeCloseTo((110 / 80) * 0.834, 12);
    expect(wha?.nhle82).toBeCloseTo((110 / 80) * 0.834 * 82, 12);
    expect(seasons[2]).toMatchObject({ factor: null, nhlePTSperGP: null, nhle82: null });
  });

  it('sorts by NHLe with the lines without a factor last either way; comparables start from his newest line with a factor', () => {
    expect(sortSeasons(seasons, 'nhlePTSperGP', true).map((s) => s.league)).toEqual(['nhl', 'wha', 'ohl']);
    expect(sortSeasons(seasons, 'nhlePTSperGP', false).map((s) => s.league)).toEqual(['wha', 'nhl', 'ohl']);
    expect(sortSeasons(seasons, 'PTS', true).map((s) => s.PTS)).toEqual([182, 137, 110]);
    expect(defaultSubject(seasons)?.key).toBe('nhl|1979-1980');
  });
});

describe("the players chart's URL and numbers", () => {
  it('reads and writes its players, comparables and metric', () => {
    expect(idsOf('8,12,x,8,-1,40,41,42,43,44')).toEqual([8, 12, 40, 41, 42, 43]);
    expect(comparablesOf('8|wha|1978-1979')).toEqual({ playerId: 8, league: 'wha', season: '1978-1979' });
    expect(comparablesOf('8|WHA|1978')).toBeNull();
    expect(metricOf('gp').label).toBe('GP');
    expect(metricOf('nonsense').label).toBe('NHLe PTS/GP');
    expect(chartHref([8, 12, 8], { playerId: 8, league: 'wha', season: '1978-1979' })).toBe(
      '/players/chart?ids=8,12&of=8|wha|1978-1979',
    );
  });

  it('lays the arcs out by draft age, the median beside them', () => {
    const arcs: CareerArcs = {
      players: [
        { playerId: 1, name: 'A', points: [{ draftAge: 18, GP: 80, PTS: 110, PTSperGP: 1.375, nhlePTSperGP: 1.147 }] },
        { playerId: 2, name: 'B', points: [{ draftAge: 19, GP: 75, PTS: 33, PTSperGP: 0.44, nhlePTSperGP: 0.44 }] },
      ],
      median: null,
    };
    const nhle = ARC_METRICS[0];
    expect(arcRows(arcs, nhle)).toEqual([
      { draftAge: 18, p1: 1.147, p2: null },
      { draftAge: 19, p1: null, p2: 0.44 },
    ]);
    expect(arcTable(arcs, nhle)).toEqual({
      columns: ['Draft age', 'A', 'B'],
      rows: [
        ['18', '1.15', '—'],
        ['19', '—', '0.44'],
      ],
    });
  });
});
