// Standings order: every sort ends in the league's tie-breakers (more wins, then better goal difference)
// before the id; `position` is the rank within the group everywhere. Expected orders are recomputed here
// from the rows read with plain SQL (synthetic) or from the Databank's own Teams.csv rows.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importDatabank } from '../../service/data/databank/import.ts';
import { type RunningService, startService } from '../../service/server.ts';
import { fieldsOf, readLines, writeSample } from '../unit/service-data/databank-sample.ts';
import { tempDir } from '../unit/service-data/helpers.ts';
import { type Fixture, startFixture } from './service-fixture.ts';

interface Row {
  id: number;
  teamId: number;
  group: string | null;
  position: number;
  PTS: number;
  W: number;
  GD: number;
  GF: number;
}

describe('standings order (synthetic)', () => {
  let f: Fixture;
  let league: string;
  let season: string;
  let rows: Row[];

  beforeAll(async () => {
    f = await startFixture();
    // The league-season with the most teams that has at least two groups.
    const [pick] = f.sql<{ leagueSlug: string; seasonSlug: string }>(
      `SELECT leagueSlug, seasonSlug FROM standings GROUP BY leagueSlug, seasonSlug
        HAVING COUNT(DISTINCT "group") > 1 ORDER BY COUNT(*) DESC, leagueSlug, seasonSlug LIMIT 1`,
    );
    if (!pick) throw new Error('the small data set has no league with groups');
    league = pick.leagueSlug;
    season = pick.seasonSlug;
    rows = f.sql<Row>(
      'SELECT id, teamId, "group", position, PTS, W, GD, GF FROM standings WHERE leagueSlug = ? AND seasonSlug = ?',
      league,
      season,
    );
  });
  afterAll(async () => f?.close());

  const byTieBreakers = (a: Row, b: Row) => b.W - a.W || b.GD - a.GD || a.id - b.id;

  it('sort=-stats.PTS: points, then wins, then goal difference, then id', async () => {
    const got = (
      await f.get(`/leagues/${league}/standings?season=${season}&sort=-stats.PTS&fields=id&limit=1000`)
    ).body.data.map((r: { id: number }) => r.id);
    const want = [...rows].sort((a, b) => b.PTS - a.PTS || byTieBreakers(a, b)).map((r) => r.id);
    expect(got).toEqual(want);
  });

  it('sort=group,-stats.PTS and sort=stats.GF end in the same tie-breakers', async () => {
    const got = (
      await f.get(`/leagues/${league}/standings?season=${season}&sort=group,-stats.PTS&fields=id&limit=1000`)
    ).body.data.map((r: { id: number }) => r.id);
    const g = (r: Row) => r.group ?? '';
    const want = [...rows]
      .sort((a, b) => (g(a) < g(b) ? -1 : g(a) > g(b) ? 1 : 0) || b.PTS - a.PTS || byTieBreakers(a, b))
      .map((r) => r.id);
    expect(got).toEqual(want);
    const gf = (
      await f.get(`/leagues/${league}/standings?season=${season}&sort=stats.GF&fields=id&limit=1000`)
    ).body.data.map((r: { id: number }) => r.id);
    expect(gf).toEqual([...rows].sort((a, b) => a.GF - b.GF || byTieBreakers(a, b)).map((r) => r.id));
  });

  it('position is the rank within the group (1..n in each group), not the league-wide rank', () => {
    const groups = new Map<string | null, Row[]>();
    for (const r of rows) groups.set(r.group, [...(groups.get(r.group) ?? []), r]);
    expect(groups.size).toBeGreaterThan(1);
    for (const [, members] of groups) {
      const ranked = [...members].sort(
        (a, b) => b.PTS - a.PTS || b.W - a.W || b.GD - a.GD || b.GF - a.GF || a.teamId - b.teamId,
      );
      expect(ranked.map((r) => r.position)).toEqual(ranked.map((_, i) => i + 1));
    }
  });
});

describe('standings order (Hockey Databank, NHL 2017-18)', () => {
  const t = tempDir();
  let service: RunningService;
  let teams: Record<string, string>[];

  beforeAll(async () => {
    const { header, lines } = readLines('Teams.csv');
    teams = lines.map((l) => fieldsOf(header, l)).filter((r) => r.year === '2017' && r.lgID === 'NHL');
    const dir = path.join(t.dir, 'databank');
    writeSample(
      dir,
      teams.map((r) => [2017, r.tmID as string] as const),
    );
    const db = path.join(t.dir, 'nhl-2017.db');
    // Two 2017-18 coaches have no Master.csv row in the Databank itself: a large share of this small sample.
    await importDatabank(dir, db, { maxSkippedShare: 1 });
    service = await startService({ db, port: 0, errorLog: () => {} });
  });
  afterAll(async () => {
    await service?.close();
    t.cleanup();
  });

  it('sort=-stats.PTS ranks 1..31 by points, wins, goal difference: Nashville first, Minnesota above Anaheim', async () => {
    const res = await fetch(
      `${service.baseUrl}/leagues/nhl/standings?season=2017-2018&sort=-stats.PTS&limit=100&apiKey=${service.demoKey}`,
    );
    const names = ((await res.json()) as { data: { teamName: string }[] }).data.map((r) => r.teamName);
    const n = (r: Record<string, string>, k: string) => Number(r[k]);
    const want = [...teams]
      .sort(
        (a, b) =>
          n(b, 'Pts') - n(a, 'Pts') || n(b, 'W') - n(a, 'W') || n(b, 'GF') - n(b, 'GA') - (n(a, 'GF') - n(a, 'GA')),
      )
      .map((r) => r.name);
    expect(names).toHaveLength(31);
    expect(names).toEqual(want);
    expect(names[0]).toBe('Nashville Predators');
    expect(names.indexOf('Minnesota Wild')).toBeLessThan(names.indexOf('Anaheim Ducks'));
    const [min, ana] = ['Minnesota Wild', 'Anaheim Ducks'].map((nm) => teams.find((r) => r.name === nm));
    expect([min?.Pts, min?.W, ana?.Pts, ana?.W]).toEqual(['101', '45', '101', '44']);
  });
});
