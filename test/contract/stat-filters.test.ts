import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Fixture, startFixture } from './service-fixture.ts';

/**
 * `<block>.<K>:min` stat minimums on goaltending leaders and team player stats (real-service-notes,
 * "Stat blocks"). Expected rows come from the unfiltered response, filtered by the test itself.
 */
type Rec = { id: number; regularStats: Record<string, number | null>; totalStats: Record<string, number | null> };
let f: Fixture;
let teamId: number;
let seasons: string;
let all: Rec[];

const ids = (rows: Rec[]) => rows.map((r) => r.id);

beforeAll(async () => {
  f = await startFixture();
  const [top] = f.sql<{ teamId: number }>(
    "SELECT teamId FROM player_stats WHERE isGoalie = 1 AND statsType = 'default' GROUP BY teamId ORDER BY COUNT(*) DESC, teamId LIMIT 1",
  );
  if (!top) throw new Error('no goaltender rows');
  teamId = top.teamId;
  seasons = f
    .sql<{ s: string }>('SELECT DISTINCT seasonSlug AS s FROM player_stats WHERE teamId = ? ORDER BY s', teamId)
    .map((r) => r.s)
    .join(',');
  all = (await f.get(`/teams/${teamId}/goaltending-leaders?season=${seasons}&limit=1000&sort=id`)).body.data;
});
afterAll(async () => f?.close());

const leaders = async (filter: string) =>
  f.get(`/teams/${teamId}/goaltending-leaders?season=${seasons}&limit=1000&sort=id&${filter}`);

describe('stat minimum filters', () => {
  it('regularStats.GP:min keeps exactly the rows with at least that many games', async () => {
    const gps = all.map((r) => r.regularStats.GP ?? 0).sort((a, b) => a - b);
    const min = gps[Math.floor(gps.length / 2)] as number;
    const expected = all.filter((r) => r.regularStats.GP !== null && (r.regularStats.GP as number) >= min);
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(all.length);
    const { status, body } = await leaders(`regularStats.GP:min=${min}`);
    expect(status).toBe(200);
    expect(body._meta.totalRecords).toBe(expected.length);
    expect(ids(body.data)).toEqual(ids(expected));
  });

  it('regularStats.TOI:min takes m:ss and plain minutes alike', async () => {
    const tois = all.map((r) => r.regularStats.TOI ?? 0).sort((a, b) => a - b);
    const minutes = Math.floor(tois[Math.floor(tois.length / 2)] as number);
    const expected = all.filter((r) => r.regularStats.TOI !== null && (r.regularStats.TOI as number) >= minutes + 0.5);
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(all.length);
    const mss = await leaders(`regularStats.TOI:min=${minutes}:30`);
    const plain = await leaders(`regularStats.TOI:min=${minutes + 0.5}`);
    expect(ids(mss.body.data)).toEqual(ids(expected));
    expect(ids(plain.body.data)).toEqual(ids(expected));
  });

  it('a missing stat never passes, and several minimums combine', async () => {
    // The fixture's team is a national team (a few games a season): 2 wins keeps some of its goalies, not all.
    const expected = all.filter(
      (r) => r.regularStats.SVP !== null && (r.regularStats.SVP as number) >= 0.9 && (r.totalStats.W ?? -1) >= 2,
    );
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(all.length);
    const { body } = await leaders('regularStats.SVP:min=.900&totalStats.W:min=2');
    expect(ids(body.data)).toEqual(ids(expected));
  });

  it('team player-stats takes the same filters', async () => {
    const base = await f.get(
      `/teams/${teamId}/player-stats?season=${seasons}&limit=1000&sort=id&fields=id,regularStats`,
    );
    const expected = (base.body.data as Rec[]).filter((r) => (r.regularStats.PTS ?? -1) >= 20);
    const { body } = await f.get(
      `/teams/${teamId}/player-stats?season=${seasons}&limit=1000&sort=id&fields=id,regularStats&regularStats.PTS:min=20`,
    );
    expect(ids(body.data)).toEqual(ids(expected));
  });

  it.each([
    ['regularStats.GP:min', 'ten'],
    ['regularStats.TOI:min', '60:75'],
    ['totalStats.SVP:min', '.9.1'],
  ])('%s=%s is a 400 naming the parameter', async (name, value) => {
    const { status, body } = await leaders(`${encodeURIComponent(name)}=${encodeURIComponent(value)}`);
    expect(status).toBe(400);
    expect(body.parameter).toBe(name);
    expect(body.message).toContain(name);
  });
});
