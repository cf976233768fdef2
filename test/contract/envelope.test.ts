import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Fixture, type ListBody, startFixture } from './service-fixture.ts';

let f: Fixture;
let team: { id: number; leagueSlug: string; arenaId: number };
let affiliated: number;

beforeAll(async () => {
  f = await startFixture();
  [team] = f.sql<{ id: number; leagueSlug: string; arenaId: number }>(
    'SELECT id, leagueSlug, arenaId FROM teams WHERE arenaId IS NOT NULL AND id IN (SELECT teamId FROM player_stats WHERE isGoalie = 1) ORDER BY id LIMIT 1',
  ) as [typeof team];
  affiliated =
    f.sql<{ teamId: number }>('SELECT teamId FROM team_affiliates ORDER BY teamId LIMIT 1')[0]?.teamId ?? team.id;
});
afterAll(async () => f?.close());

/** Every list operation of this service, with the number of records the database says it has. */
function listOps(): { path: string; total: number }[] {
  const one = (q: string, ...p: (string | number)[]) => Number(Object.values(f.sql(q, ...p)[0] ?? { n: 0 })[0]);
  const teamSeason = f.sql<{ defaultSeason: string }>('SELECT defaultSeason FROM teams WHERE id = ?', team.id)[0];
  const league = f.sql<{ slug: string; s: string }>(
    'SELECT l.slug, COALESCE(l.activeSeason, l.defaultSeason) AS s FROM leagues l WHERE EXISTS (SELECT 1 FROM standings WHERE leagueSlug = l.slug AND seasonSlug = COALESCE(l.activeSeason, l.defaultSeason)) ORDER BY l.slug LIMIT 1',
  )[0] as { slug: string; s: string };
  return [
    { path: '/teams', total: one('SELECT COUNT(*) FROM teams') },
    { path: `/arenas/${team.arenaId}/teams`, total: one('SELECT COUNT(*) FROM teams WHERE arenaId = ?', team.arenaId) },
    {
      path: `/teams/${affiliated}/affiliates`,
      total: one('SELECT COUNT(*) FROM team_affiliates WHERE teamId = ?', affiliated),
    },
    { path: `/teams/${team.id}/seasons`, total: one('SELECT COUNT(*) FROM team_seasons WHERE teamId = ?', team.id) },
    {
      path: `/teams/${team.id}/goaltending-leaders`,
      total: one(
        "SELECT COUNT(*) FROM player_stats WHERE teamId = ? AND isGoalie = 1 AND statsType = 'default' AND seasonSlug = ?",
        team.id,
        teamSeason?.defaultSeason ?? '',
      ),
    },
    { path: '/leagues', total: one('SELECT COUNT(*) FROM leagues') },
    {
      path: `/leagues/${league.slug}/seasons`,
      total: one('SELECT COUNT(DISTINCT seasonSlug) FROM team_seasons WHERE leagueSlug = ?', league.slug),
    },
    {
      path: `/leagues/${league.slug}/standings`,
      total: one('SELECT COUNT(*) FROM standings WHERE leagueSlug = ? AND seasonSlug = ?', league.slug, league.s),
    },
  ];
}

describe('list envelope (spec "Pagination envelope", real-service-notes "Envelope and paging")', () => {
  it('every list op returns _meta, _links and data with the true totalRecords', async () => {
    for (const op of listOps()) {
      const { status, body } = await f.get(`${op.path}${op.path.includes('?') ? '&' : '?'}limit=3`);
      expect(status, op.path).toBe(200);
      expect(Object.keys(body).sort(), op.path).toEqual(['_links', '_meta', 'data']);
      expect(body._meta.offset).toBe(0);
      expect(body._meta.limit).toBe(3);
      expect(body._meta.totalRecords, op.path).toBe(op.total);
      expect(Number.isNaN(Date.parse(body._meta.generatedAt))).toBe(false);
      expect(body.data.length, op.path).toBe(Math.min(3, op.total));
      expect(body._links.prev).toBeNull();
      expect(body._links.next === null, op.path).toBe(op.total <= 3);
      for (const k of ['first', 'last']) expect(body._links[k]).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1\//);
    }
  });

  it('following _links.next visits every record exactly once', async () => {
    for (const op of listOps()) {
      const seen: string[] = [];
      let url: string | null = `${f.base}${op.path}?limit=4&apiKey=${f.keys.full}`;
      let pages = 0;
      while (url) {
        const body = (await (await fetch(url)).json()) as ListBody;
        for (const r of body.data) seen.push(JSON.stringify(r.id ?? r.slug));
        url = body._links.next;
        pages++;
        expect(pages).toBeLessThan(500);
      }
      expect(seen.length, op.path).toBe(op.total);
      expect(new Set(seen).size, op.path).toBe(op.total);
    }
  });

  it('pages correctly at the edges: offset 0, last page, past the end, limit 0, limit 1000', async () => {
    const total = Number(Object.values(f.sql('SELECT COUNT(*) FROM teams')[0] ?? {})[0]);
    expect(total).toBeGreaterThan(10);
    const limit = 7;
    const lastOffset = Math.floor((total - 1) / limit) * limit;

    const first = (await f.get(`/teams?limit=${limit}&offset=0`)).body;
    expect(first.data).toHaveLength(limit);
    expect(first._links.prev).toBeNull();
    expect(new URL(first._links.next).searchParams.get('offset')).toBe(String(limit));
    expect(new URL(first._links.last).searchParams.get('offset')).toBe(String(lastOffset));
    expect(new URL(first._links.first).searchParams.get('offset')).toBe('0');

    const last = (await f.get(`/teams?limit=${limit}&offset=${lastOffset}`)).body;
    expect(last.data).toHaveLength(total - lastOffset);
    expect(last._links.next).toBeNull();
    expect(new URL(last._links.prev).searchParams.get('offset')).toBe(String(lastOffset - limit));

    const past = (await f.get(`/teams?limit=${limit}&offset=${total + 5}`)).body;
    expect(past.data).toEqual([]);
    expect(past._meta.totalRecords).toBe(total);
    expect(past._links.next).toBeNull();
    expect(new URL(past._links.prev).searchParams.get('offset')).toBe(String(lastOffset));

    const zero = (await f.get('/teams?limit=0')).body;
    expect(zero.data).toEqual([]);
    expect(zero._meta).toMatchObject({ limit: 0, offset: 0, totalRecords: total });
    expect(zero._links.next).toBeNull();
    expect(zero._links.prev).toBeNull();

    const all = (await f.get('/teams?limit=1000&fields=id')).body;
    expect(all.data).toHaveLength(Math.min(total, 1000));
    expect(all._meta.limit).toBe(1000);

    const dflt = (await f.get('/teams?fields=id')).body;
    expect(dflt._meta).toMatchObject({ offset: 0, limit: 100 });
    expect(dflt.data).toHaveLength(Math.min(total, 100));
  });

  it('links keep the other query parameters and page the same query', async () => {
    const { body } = await f.get('/teams?limit=5&sort=-views&fields=id,views&status=active');
    const next = new URL(body._links.next);
    expect(next.searchParams.get('sort')).toBe('-views');
    expect(next.searchParams.get('fields')).toBe('id,views');
    expect(next.searchParams.get('status')).toBe('active');
    const page2 = (await (await fetch(next)).json()) as ListBody;
    const both = (await f.get('/teams?limit=10&sort=-views&fields=id,views&status=active')).body;
    expect([...body.data, ...page2.data]).toEqual(both.data);
  });

  it('links carry the apiKey when it came as a query parameter, and never when it came in the header', async () => {
    const { body } = await f.get('/teams?limit=2');
    for (const k of ['first', 'last', 'next'] as const) {
      expect(new URL(body._links[k]).searchParams.get('apiKey')).toBe(f.keys.full);
    }
    expect(body.data[0]._links[0]).toContain(`apiKey=${f.keys.full}`);

    const res = await fetch(`${f.base}/teams?limit=2`, { headers: { 'X-Api-Key': f.keys.full } });
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).not.toContain(f.keys.full);
    expect(JSON.parse(text)._links.next).not.toContain('apiKey');
  });

  it('single-item operations return {_meta, data} with data an object', async () => {
    const leagueSlug = team.leagueSlug;
    for (const path of [`/teams/${team.id}`, `/leagues/${leagueSlug}`]) {
      const { status, body } = await f.get(path);
      expect(status, path).toBe(200);
      expect(Object.keys(body).sort()).toEqual(['_meta', 'data']);
      expect(typeof body._meta.generatedAt).toBe('string');
      expect(Array.isArray(body.data)).toBe(false);
    }
    expect((await f.get(`/teams/${team.id}`)).body.data.id).toBe(team.id);
    expect((await f.get(`/leagues/${leagueSlug}`)).body.data.slug).toBe(leagueSlug);
  });

  it('GET /about needs no key and reports version 1.0 and the provenance', async () => {
    const { status, body } = await f.get('/about', null);
    expect(status).toBe(200);
    expect(body.version).toBe('1.0');
    expect(body.provenance.source).toBe('synthetic');
    expect(body.provenance.seed).toBe(11);
  });

  it('HEAD answers like GET without a body', async () => {
    const res = await fetch(`${f.base}/teams?limit=1&apiKey=${f.keys.full}`, { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(await res.text()).toBe('');
  });
});
