import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EMBEDDED_OMITTED,
  expectEnvelope,
  expectFields,
  expectPaging,
  expectSortKeys,
  expectSorts,
  type SortValue,
} from './list-checks.ts';
import { type Fixture, startFixture } from './service-fixture.ts';

// biome-ignore lint/suspicious/noExplicitAny: records are read along deep spec paths, as the fixture body they come from; typing them is a follow-up
type Rec = Record<string, any>;
let f: Fixture;
/** The team holding the rights to the most players (in-the-system). */
let rightsTeam: number;
/** The team with the most transfer years. */
let transferTeam: number;
/** A team of a league outside the limited key. */
let outsideTeam: number;
/** The team and season with the most player rows; the team's default season. */
let statsTeam: { id: number; season: string };

beforeAll(async () => {
  f = await startFixture();
  rightsTeam = f.sql<{ id: number }>(
    'SELECT rightsTeamId AS id FROM players WHERE rightsTeamId IS NOT NULL GROUP BY rightsTeamId ORDER BY COUNT(*) DESC, id LIMIT 1',
  )[0]?.id as number;
  transferTeam = f.sql<{ id: number }>(
    'SELECT t AS id FROM (SELECT fromTeamId AS t, substr(date, 1, 4) AS y FROM transfers UNION SELECT toTeamId, substr(date, 1, 4) FROM transfers) WHERE t IS NOT NULL GROUP BY t ORDER BY COUNT(*) DESC, t LIMIT 1',
  )[0]?.id as number;
  outsideTeam = f.sql<{ id: number }>('SELECT MIN(id) AS id FROM teams WHERE leagueSlug = ?', f.limited.otherLeague)[0]
    ?.id as number;
  const [t] = f.sql<{ id: number; defaultSeason: string }>(
    "SELECT t.id, t.defaultSeason FROM teams t WHERE t.defaultSeason IS NOT NULL ORDER BY (SELECT COUNT(*) FROM player_stats ps WHERE ps.teamId = t.id AND ps.seasonSlug = t.defaultSeason AND ps.statsType = 'default') DESC, t.id LIMIT 1",
  );
  statsTeam = { id: t?.id as number, season: t?.defaultSeason as string };
});
afterAll(async () => f?.close());

describe('GET /teams/{id}/in-the-system/leagues', () => {
  /** Players whose rights the team holds, per the league of their current team, computed here in JS. */
  const expected = () => {
    const rows = f.sql<{ leagueSlug: string | null }>(
      'SELECT ct.leagueSlug FROM players p JOIN teams ct ON ct.id = p.currentTeamId WHERE p.rightsTeamId = ?',
      rightsTeam,
    );
    const counts = new Map<string, number>();
    for (const r of rows) if (r.leagueSlug) counts.set(r.leagueSlug, (counts.get(r.leagueSlug) ?? 0) + 1);
    return counts;
  };
  const path = () => `/teams/${rightsTeam}/in-the-system/leagues`;

  it('counts the players in the system per current league', async () => {
    const counts = expected();
    expect(counts.size).toBeGreaterThan(0);
    const { body } = await f.get(`${path()}?limit=1000`);
    const got = new Map(body.data.map((r: Rec) => [r.league.slug, r.count]));
    expect(got).toEqual(counts);
    expect(Object.keys(body.data[0])).toEqual(['league', 'count']);
    expect(body.data[0].league).toMatchObject({ slug: expect.any(String), name: expect.any(String) });
  });

  it('envelope and paging', async () => {
    const total = expected().size;
    await expectEnvelope(f, path(), total, 1);
    await expectPaging(f, path(), total, (r: Rec) => r.league.slug, 1);
  });

  it('sorts by league and count both ways (default -count), ties by league slug', async () => {
    const all = (await f.get(`${path()}?limit=1000`)).body.data as Rec[];
    const slug = (r: Rec) => r.league.slug as string;
    await expectSorts(f, path(), all, { league: slug, count: (r) => r.count }, slug);
    await expectSortKeys(f, path(), ['league', 'count']);
    const dflt = (await f.get(path())).body.data.map(slug);
    expect(dflt).toEqual((await f.get(`${path()}?sort=-count`)).body.data.map(slug));
  });

  it('fields: league, count, league.*, *', async () => {
    await expectFields(f, path(), ['league', 'count'], ['league']);
    const { body } = await f.get(`${path()}?fields=count`);
    expect(Object.keys(body.data[0])).toEqual(['count']);
  });

  it('404 unknown team, 403 a team outside the subscription, 400 a query it does not take', async () => {
    expect((await f.get('/teams/999999/in-the-system/leagues')).status).toBe(404);
    expect((await f.get(`/teams/${outsideTeam}/in-the-system/leagues`, f.keys.limited)).status).toBe(403);
    const bad = await f.get(`${path()}?league=nhl`);
    expect(bad.status).toBe(400);
    expect(bad.body.parameter).toBe('league');
  });
});

describe('GET /teams/{id}/transfers/years', () => {
  const years = (team: number) =>
    [
      ...new Set(
        f
          .sql<{ date: string }>('SELECT date FROM transfers WHERE fromTeamId = ? OR toTeamId = ?', team, team)
          .map((r) => Number(r.date.slice(0, 4))),
      ),
    ].sort((a, b) => b - a);
  const path = () => `/teams/${transferTeam}/transfers/years`;

  it('data is an array of integers: the years with a transfer to or from the team, newest first', async () => {
    const expected = years(transferTeam);
    expect(expected.length).toBeGreaterThan(0);
    const { status, body } = await f.get(path());
    expect(status).toBe(200);
    expect(body.data).toEqual(expected);
    for (const y of body.data) expect(Number.isInteger(y)).toBe(true);
  });

  it('envelope and paging', async () => {
    const total = years(transferTeam).length;
    await expectEnvelope(f, path(), total, 1);
    await expectPaging(f, path(), total, (y) => y, 1);
  });

  it('sort=year ascending and -year; fields=* only; no other parameter', async () => {
    expect((await f.get(`${path()}?sort=year`)).body.data).toEqual([...years(transferTeam)].reverse());
    expect((await f.get(`${path()}?sort=-year`)).body.data).toEqual(years(transferTeam));
    expect((await f.get(`${path()}?fields=*`)).body.data).toEqual(years(transferTeam));
    const bad = await f.get(`${path()}?fields=year`);
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ parameter: 'fields', allowed: ['*'] });
    expect((await f.get(`${path()}?season=2020-2021`)).status).toBe(400);
  });

  it('a limited key sees only years inside its seasons; 403/404 as for the team', async () => {
    const [inside] = f.sql<{ id: number }>(
      'SELECT t.id FROM teams t WHERE t.leagueSlug = ? AND EXISTS (SELECT 1 FROM transfers x WHERE x.fromTeamId = t.id OR x.toTeamId = t.id) ORDER BY t.id LIMIT 1',
      f.limited.league,
    );
    if (inside) {
      const { status, body } = await f.get(`/teams/${inside.id}/transfers/years?limit=1000`, f.keys.limited);
      expect(status).toBe(200);
      const lo = Number(f.limited.from.slice(0, 4));
      const hi = Number(f.limited.to.slice(5, 9));
      expect(body.data).toEqual(years(inside.id).filter((y) => y >= lo && y <= hi));
    }
    expect((await f.get(`/teams/${outsideTeam}/transfers/years`, f.keys.limited)).status).toBe(403);
    expect((await f.get('/teams/999999/transfers/years')).status).toBe(404);
  });
});

describe('GET /teams/{id}/player-stats', () => {
  const path = () => `/teams/${statsTeam.id}/player-stats`;
  const rowsOf = () =>
    f.sql<{ id: number; playerId: number; reg_PTS: number | null }>(
      "SELECT id, playerId, reg_PTS FROM player_stats WHERE teamId = ? AND seasonSlug = ? AND statsType = 'default'",
      statsTeam.id,
      statsTeam.season,
    );

  it('every player row (skaters and goaltenders) of the team default season, by -regularStats.PTS', async () => {
    const rows = rowsOf();
    expect(rows.length).toBeGreaterThan(5);
    const { body } = await f.get(`${path()}?limit=1000&fields=id,regularStats,player`);
    const expected = [...rows]
      .sort((a, b) => {
        if (a.reg_PTS === null || b.reg_PTS === null)
          return a.reg_PTS === b.reg_PTS ? a.id - b.id : a.reg_PTS === null ? 1 : -1;
        return b.reg_PTS - a.reg_PTS || a.id - b.id;
      })
      .map((r) => r.id);
    expect(body.data.map((r: Rec) => r.id)).toEqual(expected);
    const positions = new Set(
      f
        .sql<{ position: string }>(
          `SELECT position FROM players WHERE id IN (${rows.map((r) => r.playerId).join(',')})`,
        )
        .map((r) => r.position),
    );
    expect(positions.has('G')).toBe(true);
    expect(positions.size).toBeGreaterThan(1);
  });

  it('records: id, player (embedded, staff with the coaches arrays), latestStats null, latestGameLogsAggregated', async () => {
    const { body } = await f.get(`${path()}?limit=1000`);
    const r = body.data[0];
    expect(Object.keys(r).slice(0, 4)).toEqual(['id', 'player', 'latestStats', 'latestGameLogsAggregated']);
    for (const rec of body.data as Rec[]) {
      expect(rec.latestStats).toBeNull();
      expect(Array.isArray(rec.latestGameLogsAggregated)).toBe(true);
      for (const k of EMBEDDED_OMITTED) expect(rec.player).not.toHaveProperty(k);
      expect(Array.isArray(rec.player.staff.goaltendingCoaches)).toBe(true);
      expect(Array.isArray(rec.player.staff.assistantCoaches)).toBe(true);
    }
    const coaches = f.sql<{ staffId: number; role: string }>(
      'SELECT staffId, role FROM staff_stats WHERE teamId = ? AND seasonSlug = ? ORDER BY id',
      statsTeam.id,
      statsTeam.season,
    );
    const ids = (role: string) => coaches.filter((c) => c.role.toLowerCase().startsWith(role)).map((c) => c.staffId);
    expect(r.player.staff.goaltendingCoaches.map((s: Rec) => s.id)).toEqual(ids('goaltending coach'));
    expect(r.player.staff.assistantCoaches.map((s: Rec) => s.id)).toEqual(ids('assistant coach'));
  });

  it('latestGameLogsAggregated: the player latest games with the team that season, newest first', async () => {
    const [g] = f.sql<{ teamId: number; seasonSlug: string; playerId: number }>(
      'SELECT teamId, seasonSlug, playerId FROM game_logs GROUP BY teamId, seasonSlug, playerId ORDER BY COUNT(*) DESC LIMIT 1',
    );
    if (!g) throw new Error('no game logs');
    const logs = f.sql<{ id: number; date: string; opponentId: number; teamScore: number }>(
      'SELECT id, date, opponentId, teamScore FROM game_logs WHERE playerId = ? AND teamId = ? AND seasonSlug = ?',
      g.playerId,
      g.teamId,
      g.seasonSlug,
    );
    const expected = logs
      .sort((a, b) => (a.date === b.date ? b.id - a.id : a.date < b.date ? 1 : -1))
      .slice(0, 5)
      .map((l) => ({ id: l.id, opponent: l.opponentId, teamScore: l.teamScore }));
    const { body } = await f.get(
      `/teams/${g.teamId}/player-stats?season=${g.seasonSlug}&limit=1000&fields=player,latestGameLogsAggregated`,
    );
    const rec = body.data.find((r: Rec) => r.player.id === g.playerId);
    const got = rec.latestGameLogsAggregated.map((l: Rec) => ({
      id: l.id,
      opponent: l.opponent.id,
      teamScore: l.teamScore,
    }));
    expect(got).toEqual(expected);
    expect(rec.latestGameLogsAggregated[0]).not.toHaveProperty('player');
    expect(rec.latestGameLogsAggregated[0]).toMatchObject({
      opponentName: expect.any(String),
      league: expect.any(Object),
    });
  });

  it('envelope, paging, fields', async () => {
    const total = rowsOf().length;
    await expectEnvelope(f, path(), total);
    await expectPaging(f, `${path()}?fields=id`, total, (r) => r.id, 7);
    const { body } = await f.get(`${path()}?limit=1&fields=*`);
    const all = Object.keys(body.data[0]);
    const objects = ['player', 'season', 'team', 'teamLogo', 'league', 'regularStats', 'postseasonStats'];
    objects.push('totalStats', 'statsProvider', 'clubTeamPlayerStats', 'coaches', 'latestGameLogsAggregated');
    // The Player's and the League's subfields by name (service/README.md, "Choices"), as their own records name them.
    const player = Object.keys((await f.get(`/players/${body.data[0].player.id}?fields=*`)).body.data);
    const league = Object.keys((await f.get(`/leagues/${body.data[0].league.slug}?fields=*`)).body.data);
    const named = [...player.map((k) => `player.${k}`), ...league.map((k) => `league.${k}`)];
    await expectFields(f, path(), all, objects, all, named);
  });

  it('sorts by the goaltending-leaders keys in both directions (a sample), computed here', async () => {
    const all = (await f.get(`${path()}?limit=1000&fields=*`)).body.data as Rec[];
    const name = (p: Rec | null) => (p ? `${p.lastName} ${p.firstName}` : null);
    const keys: Record<string, (r: Rec) => SortValue> = {
      id: (r) => r.id,
      player: (r) => name(r.player),
      'player.age': (r) => r.player.age,
      jerseyNumber: (r) => (r.jerseyNumber === null ? null : Number(/^\s*[-+]?\d+/.exec(r.jerseyNumber)?.[0] ?? 0)),
      'regularStats.PTS': (r) => r.regularStats.PTS,
      'regularStats.GP': (r) => r.regularStats.GP,
      'regularStats.SVP': (r) => r.regularStats.SVP,
      'totalStats.PIM': (r) => r.totalStats.PIM,
      teamName: (r) => r.teamName,
      updatedAt: (r) => r.updatedAt,
    };
    await expectSorts(f, `${path()}?fields=*`, all, keys, (r) => r.id);
  });

  it('filters of goaltending-leaders: season, statsType, status, id:gt', async () => {
    const rows = rowsOf();
    const mid = [...rows].sort((a, b) => a.id - b.id)[Math.floor(rows.length / 2)]?.id as number;
    const { body } = await f.get(`${path()}?id:gt=${mid}&limit=1000&fields=id`);
    expect(body.data.map((r: Rec) => r.id).sort((a: number, b: number) => a - b)).toEqual(
      rows
        .filter((r) => r.id > mid)
        .map((r) => r.id)
        .sort((a, b) => a - b),
    );
    const seasons = f.sql<{ s: string }>(
      'SELECT DISTINCT seasonSlug AS s FROM player_stats WHERE teamId = ?',
      statsTeam.id,
    );
    const both = seasons.map((s) => s.s).join(',');
    const n = f.sql<{ n: number }>(
      "SELECT COUNT(*) AS n FROM player_stats WHERE teamId = ? AND statsType = 'default'",
      statsTeam.id,
    )[0]?.n;
    expect((await f.get(`${path()}?season=${both}&limit=0`)).body._meta.totalRecords).toBe(n);
    expect((await f.get(`${path()}?statsType=nope`)).status).toBe(400);
  });

  it('404 unknown team, 403 outside the subscription (team, season)', async () => {
    expect((await f.get('/teams/999999/player-stats')).status).toBe(404);
    expect((await f.get(`/teams/${outsideTeam}/player-stats`, f.keys.limited)).status).toBe(403);
    const [inside] = f.sql<{ teamId: number }>(
      'SELECT MIN(id) AS teamId FROM teams WHERE leagueSlug = ?',
      f.limited.league,
    );
    const before = `${Number(f.limited.from.slice(0, 4)) - 1}-${f.limited.from.slice(0, 4)}`;
    const r = await f.get(`/teams/${inside?.teamId}/player-stats?season=${before}`, f.keys.limited);
    expect(r.status).toBe(403);
    expect(r.body.parameter).toBe('season');
  });
});

describe('response text', () => {
  it('is exactly JSON.stringify of its value, also where kept team and league texts are spliced in', async () => {
    for (const path of ['/teams?limit=1000', '/staff-stats/teams?limit=1000', `/teams/${rightsTeam}/player-stats`]) {
      const res = await fetch(`${f.base}${path}${path.includes('?') ? '&' : '?'}apiKey=${f.keys.full}`);
      const text = await res.text();
      expect(res.status).toBe(200);
      expect(JSON.stringify(JSON.parse(text)), path).toBe(text);
    }
  });
});
