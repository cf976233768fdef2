import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Fixture, startFixture } from './service-fixture.ts';

let f: Fixture;
let inside: { teamId: number; season: string };
let outsideTeam: number;

beforeAll(async () => {
  f = await startFixture();
  const [row] = f.sql<{ teamId: number; seasonSlug: string }>(
    'SELECT teamId, seasonSlug FROM player_stats WHERE isGoalie = 1 AND leagueSlug = ? AND seasonSlug BETWEEN ? AND ? ORDER BY id LIMIT 1',
    f.limited.league,
    f.limited.from,
    f.limited.to,
  );
  inside = { teamId: row?.teamId as number, season: row?.seasonSlug as string };
  outsideTeam = f.sql<{ id: number }>('SELECT MIN(id) AS id FROM teams WHERE leagueSlug = ?', f.limited.otherLeague)[0]
    ?.id as number;
});
afterAll(async () => f?.close());

/** The one error shape. */
function expectErrorShape(value: unknown, status: number): void {
  expect(value).toBeTypeOf('object');
  const body = value as Record<string, unknown>;
  expect(body.status).toBe(status);
  expect(typeof body.message).toBe('string');
  expect(body.uuid).toMatch(/^[0-9a-f-]{36}$/);
  for (const k of Object.keys(body)) expect(['uuid', 'message', 'status', 'parameter', 'allowed']).toContain(k);
}

describe('400: malformed parameters name the parameter and the allowed values', () => {
  const cases: [string, string, string[] | null][] = [
    ['/teams?sort=nope', 'sort', ['name', '-name']],
    ['/teams?fields=nope', 'fields', ['name', 'league.*', '*']],
    ['/teams?status=retired', 'status', ['active', 'not-active']],
    ['/teams?teamClass=boys', 'teamClass', ['men', 'women']],
    ['/teams?continent=XX', 'continent', ['EU', 'null']],
    ['/teams?id=abc', 'id', null],
    ['/teams?id:gt=1.5', 'id:gt', null],
    ['/teams?limit=1001', 'limit', null],
    ['/teams?limit=-1', 'limit', null],
    ['/teams?offset=-1', 'offset', null],
    ['/teams?offset=abc', 'offset', null],
    ['/teams?updatedAt:min=yesterday', 'updatedAt:min', null],
    ['/teams?colour=red', 'colour', ['q', 'league', 'updatedAt:min']],
    ['/teams?sort=name&sort=id', 'sort', null],
    ['/teams/abc', 'id', null],
    ['/teams/0/seasons', 'id', null],
    ['/teams/1/goaltending-leaders?statsType=weird', 'statsType', ['default', 'projected']],
    ['/teams/1/goaltending-leaders?status=benched', 'status', ['rostered', 'not-active-on-team', 'not-active']],
    ['/teams/1/goaltending-leaders?leagueType=pro', 'leagueType', ['league', 'cup', 'null']],
    ['/teams/1/goaltending-leaders?season=2020', 'season', null],
    ['/teams/1/goaltending-leaders?sort=-regularStats.XYZ', 'sort', ['-regularStats.SVP', 'totalStats.TOI']],
    ['/teams/1?limit=5', 'limit', ['fields']],
    ['/leagues/NHL', 'slug', null],
    ['/leagues/x/standings?sort=points', 'sort', ['position', 'stats.PTS', '-stats.GD', 'group', 'teamName']],
  ];
  for (const [path, parameter, allowed] of cases) {
    it(`${path} → 400 (${parameter})`, async () => {
      const { status, body } = await f.get(path);
      expect(status).toBe(400);
      expectErrorShape(body, 400);
      expect(body.parameter).toBe(parameter);
      expect(body.message).toContain(parameter);
      if (allowed) for (const a of allowed) expect(body.allowed).toContain(a);
    });
  }
});

describe('401: missing or unknown key', () => {
  it('no key', async () => {
    const { status, body } = await f.get('/teams', null);
    expect(status).toBe(401);
    expectErrorShape(body, 401);
    expect(body.message).toBe('Api Key was not present in request');
  });
  it('unknown key, without echoing it', async () => {
    const { status, body } = await f.get('/teams', 'not-a-real-key-42');
    expect(status).toBe(401);
    expect(JSON.stringify(body)).not.toContain('not-a-real-key-42');
  });
  it('the X-Api-Key header works too', async () => {
    const ok = await fetch(`${f.base}/teams?limit=1`, { headers: { 'X-Api-Key': f.keys.full } });
    expect(ok.status).toBe(200);
    const bad = await fetch(`${f.base}/teams?limit=1`, { headers: { 'X-Api-Key': 'wrong-key-000' } });
    expect(bad.status).toBe(401);
  });
});

describe('403: outside the subscription', () => {
  const lim = (path: string) => f.get(path, f.keys.limited);
  it('a league slug outside it', async () => {
    const r1 = await lim(`/leagues/${f.limited.otherLeague}`);
    expect(r1.status).toBe(403);
    expectErrorShape(r1.body, 403);
    // The slug asked for is not repeated (an unknown one would be a guess confirmed); the key's leagues are.
    expect(r1.body.message).not.toContain(f.limited.otherLeague);
    expect(r1.body.message).toContain(`your leagues: ${f.limited.league}`);
    expect((await lim(`/leagues/${f.limited.otherLeague}/standings`)).status).toBe(403);
    expect((await lim(`/teams?league=${f.limited.otherLeague}`)).status).toBe(403);
  });
  it('a team of such a league', async () => {
    for (const p of ['', '/seasons', '/goaltending-leaders', '/affiliates']) {
      const { status, body } = await lim(`/teams/${outsideTeam}${p}`);
      expect(status, p).toBe(403);
      expect(body.message).toMatch(/outside your subscription/);
    }
  });
  it('a season out of range', async () => {
    const before = `${Number(f.limited.from.slice(0, 4)) - 1}-${Number(f.limited.from.slice(0, 4))}`;
    const { status, body } = await lim(`/teams/${inside.teamId}/goaltending-leaders?season=${before}`);
    expect(status).toBe(403);
    expect(body.parameter).toBe('season');
    expect(body.message).not.toContain(before);
    expect(body.message).toContain(`A season in 'season' is outside your subscription (${f.limited.from} to`);
    expect((await lim(`/leagues/${f.limited.league}/standings?season=${before}`)).status).toBe(403);
  });
  it('an operation of a category the key lacks', async () => {
    const [arena] = f.sql<{ id: number }>('SELECT id FROM arenas LIMIT 1');
    const { status, body } = await f.get(`/arenas/${arena?.id}/teams`, f.keys.limited);
    expect(status).toBe(403);
    expect(body.message).toContain("'arena'");
    expect((await f.get(`/arenas/${arena?.id}/teams`, f.keys.noArena)).status).toBe(403);
    expect((await f.get(`/arenas/${arena?.id}/teams`)).status).toBe(200);
  });
  it('lists show only what the key may see', async () => {
    const leagues = (await lim('/leagues')).body;
    expect(leagues.data.map((l: { slug: string }) => l.slug)).toEqual([f.limited.league]);
    const teams = (await lim('/teams?limit=1000&fields=id,league')).body;
    const expected = f.sql<{ n: number }>('SELECT COUNT(*) AS n FROM teams WHERE leagueSlug = ?', f.limited.league)[0]
      ?.n;
    expect(teams._meta.totalRecords).toBe(expected);
    for (const t of teams.data) expect(t.league.slug).toBe(f.limited.league);
    const seasons = (await lim(`/leagues/${f.limited.league}/seasons?limit=1000`)).body.data;
    for (const s of seasons) {
      expect(s.slug >= f.limited.from && s.slug <= f.limited.to).toBe(true);
    }
    const gl = (await lim(`/teams/${inside.teamId}/goaltending-leaders?limit=1000&fields=season,league`)).body.data;
    for (const r of gl) {
      expect(r.league.slug).toBe(f.limited.league);
      expect(r.season.slug >= f.limited.from && r.season.slug <= f.limited.to).toBe(true);
    }
  });
});

describe('404 and 405', () => {
  it('unknown id, slug or path → 404', async () => {
    for (const p of [
      '/teams/999999',
      '/teams/999999/seasons',
      '/leagues/no-such-league',
      '/arenas/999999/teams',
      '/nope',
      '/teams/1/nope',
    ]) {
      const { status, body } = await f.get(p);
      expect(status, p).toBe(404);
      expectErrorShape(body, 404);
    }
    const outside = await fetch(`${f.base.replace(/\/v1$/, '')}/v2/teams?apiKey=${f.keys.full}`);
    expect(outside.status).toBe(404);
  });
  it('anything but GET/HEAD → 405 with Allow', async () => {
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS']) {
      const res = await fetch(`${f.base}/teams?apiKey=${f.keys.full}`, { method });
      expect(res.status, method).toBe(405);
      expect(res.headers.get('allow')).toBe('GET, HEAD');
      const body = await res.json();
      expectErrorShape(body, 405);
    }
  });
  it('no error body ever contains the key', async () => {
    for (const p of ['/teams?sort=nope', '/teams/999999', '/nope', `/leagues/${f.limited.otherLeague}`]) {
      const res = await fetch(`${f.base}${p}${p.includes('?') ? '&' : '?'}apiKey=${f.keys.limited}`);
      expect(await res.text()).not.toContain(f.keys.limited);
    }
  });
});
