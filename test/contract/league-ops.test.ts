import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EMBEDDED_OMITTED,
  expectEnvelope,
  expectFields,
  expectPaging,
  expectSortKeys,
  expectSorts,
  mean1,
  startScoped,
} from './list-checks.ts';
import { type Fixture, foldAscii, startFixture } from './service-fixture.ts';

// biome-ignore lint/suspicious/noExplicitAny: records are read along deep spec paths, as the fixture body they come from; typing them is a follow-up
type Rec = Record<string, any>;
let f: Fixture;
/** The league-season with the most teams. */
let ls: { league: string; season: string };

beforeAll(async () => {
  f = await startFixture();
  const [row] = f.sql<{ leagueSlug: string; seasonSlug: string }>(
    'SELECT leagueSlug, seasonSlug FROM team_seasons GROUP BY leagueSlug, seasonSlug ORDER BY COUNT(*) DESC, seasonSlug DESC LIMIT 1',
  );
  ls = { league: row?.leagueSlug as string, season: row?.seasonSlug as string };
});
afterAll(async () => {
  await f?.close();
});

describe('GET /leagues/{slug}/{season}/team-comparison', () => {
  const path = () => `/leagues/${ls.league}/${ls.season}/team-comparison`;

  /** Per team: the stats rows of the league-season with each player's weight, height and age, read raw. */
  function expected(): Map<number, Rec> {
    const rows = f.sql<{
      teamId: number;
      playerId: number;
      playerAge: number | null;
      weightKg: number | null;
      heightCm: number | null;
    }>(
      "SELECT ps.teamId, ps.playerId, ps.playerAge, p.weightKg, p.heightCm FROM player_stats ps JOIN players p ON p.id = ps.playerId WHERE ps.leagueSlug = ? AND ps.seasonSlug = ? AND ps.statsType = 'default'",
      ls.league,
      ls.season,
    );
    const gp = new Map(
      f
        .sql<{ teamId: number; GP: number }>(
          'SELECT teamId, GP FROM standings WHERE leagueSlug = ? AND seasonSlug = ?',
          ls.league,
          ls.season,
        )
        .map((r) => [r.teamId, r.GP]),
    );
    const byTeam = new Map<number, typeof rows>();
    for (const r of rows) byTeam.set(r.teamId, [...(byTeam.get(r.teamId) ?? []), r]);
    const out = new Map<number, Rec>();
    for (const [teamId, rs] of byTeam) {
      out.set(teamId, {
        players: new Set(rs.map((r) => r.playerId)).size,
        playedGamesInLeague: gp.get(teamId) ?? null,
        averageWeight: mean1(rs.map((r) => r.weightKg)),
        averageHeight: mean1(rs.map((r) => r.heightCm)),
        averageAge: mean1(rs.map((r) => r.playerAge)),
      });
    }
    return out;
  }

  it('one record per team: players, games, average weight (kg, lb), height (cm, ft-in) and age', async () => {
    const exp = expected();
    expect(exp.size).toBeGreaterThan(2);
    const { status, body } = await f.get(`${path()}?limit=1000`);
    expect(status).toBe(200);
    expect(body.data).toHaveLength(exp.size);
    for (const r of body.data as Rec[]) {
      const e = exp.get(r.team.id) as Rec;
      expect(r.league.slug).toBe(ls.league);
      expect(r.season).toEqual({
        slug: ls.season,
        startYear: Number(ls.season.slice(0, 4)),
        endYear: Number(ls.season.slice(5)),
      });
      expect(r.players).toBe(e.players);
      if (e.playedGamesInLeague !== null) expect(r.playedGamesInLeague).toBe(e.playedGamesInLeague);
      expect(Math.abs(r.averageWeight.metrics - e.averageWeight)).toBeLessThanOrEqual(0.05 + 1e-9);
      expect(Math.abs(r.averageHeight.metrics - e.averageHeight)).toBeLessThanOrEqual(0.05 + 1e-9);
      expect(Math.abs(r.averageAge - e.averageAge)).toBeLessThanOrEqual(0.05 + 1e-9);
      expect(r.averageWeight.imperial).toBe(Math.round(r.averageWeight.metrics * 2.20462));
      const inches = Math.round(r.averageHeight.metrics / 2.54);
      expect(r.averageHeight.imperial).toBe(`${Math.floor(inches / 12)}'${inches % 12}"`);
    }
  });

  it('envelope, paging, fields', async () => {
    const total = expected().size;
    await expectEnvelope(f, path(), total);
    await expectPaging(f, path(), total, (r: Rec) => r.team.id, 2);
    const all = [
      'team',
      'league',
      'season',
      'players',
      'playedGamesInLeague',
      'averageWeight',
      'averageHeight',
      'averageAge',
    ];
    await expectFields(f, path(), all, ['team', 'league', 'season', 'averageWeight', 'averageHeight']);
  });

  it('sorts both ways, computed here (default team), ties by team id', async () => {
    const all = (await f.get(`${path()}?limit=1000`)).body.data as Rec[];
    const id = (r: Rec) => r.team.id as number;
    const keys = {
      team: (r: Rec) => foldAscii(r.team.name),
      players: (r: Rec) => r.players,
      playedGamesInLeague: (r: Rec) => r.playedGamesInLeague,
      averageWeight: (r: Rec) => r.averageWeight?.metrics,
      averageHeight: (r: Rec) => r.averageHeight?.metrics,
      averageAge: (r: Rec) => r.averageAge,
    };
    await expectSorts(f, path(), all, keys, id);
    await expectSortKeys(f, path(), Object.keys(keys));
    expect((await f.get(path())).body.data.map(id)).toEqual((await f.get(`${path()}?sort=team`)).body.data.map(id));
  });

  it('filter team', async () => {
    const ids = [...expected().keys()].slice(0, 2);
    const { body } = await f.get(`${path()}?team=${ids.join(',')}`);
    expect(body.data.map((r: Rec) => r.team.id).sort()).toEqual([...ids].sort());
  });

  it('400 malformed season slug, 404 unknown league or a season without teams, 403 outside the key', async () => {
    const bad = await f.get(`/leagues/${ls.league}/2020/team-comparison`);
    expect(bad.status).toBe(400);
    expect(bad.body.parameter).toBe('season');
    expect((await f.get(`/leagues/no-such-league/${ls.season}/team-comparison`)).status).toBe(404);
    expect((await f.get(`/leagues/${ls.league}/1890-1891/team-comparison`)).status).toBe(404);
    expect((await f.get(`/leagues/${f.limited.otherLeague}/${ls.season}/team-comparison`, f.keys.limited)).status).toBe(
      403,
    );
    const before = `${Number(f.limited.from.slice(0, 4)) - 1}-${f.limited.from.slice(0, 4)}`;
    const r = await f.get(`/leagues/${f.limited.league}/${before}/team-comparison`, f.keys.limited);
    expect(r.status).toBe(403);
    expect(r.body.parameter).toBe('season');
    expect((await f.get(`/leagues/${f.limited.league}/${f.limited.to}/team-comparison`, f.keys.limited)).status).toBe(
      200,
    );
  });
});

describe('GET /leagues/{slug}/where-are-they-now', () => {
  /** The league's alumni with a current team, computed from player_stats directly (not via the service's view). */
  function alumni(league: string, seasons?: { from: string; to: string }): Map<number, Rec> {
    const rows = f.sql<{ playerId: number; seasonSlug: string; reg_GP: number | null }>(
      "SELECT ps.playerId, ps.seasonSlug, ps.reg_GP FROM player_stats ps JOIN players p ON p.id = ps.playerId WHERE ps.leagueSlug = ? AND ps.statsType = 'default' AND p.currentTeamId IS NOT NULL",
      league,
    );
    const out = new Map<number, Rec>();
    for (const r of rows) {
      if (seasons && (r.seasonSlug < seasons.from || r.seasonSlug > seasons.to)) continue;
      const a = out.get(r.playerId) ?? { first: r.seasonSlug, last: r.seasonSlug, gp: null };
      if (r.seasonSlug < a.first) a.first = r.seasonSlug;
      if (r.seasonSlug > a.last) a.last = r.seasonSlug;
      if (r.reg_GP !== null) a.gp = (a.gp ?? 0) + r.reg_GP;
      out.set(r.playerId, a);
    }
    return out;
  }
  const path = () => `/leagues/${ls.league}/where-are-they-now`;

  it('the league alumni who have a current team, with their first/last season and games there', async () => {
    const exp = alumni(ls.league);
    expect(exp.size).toBeGreaterThan(10);
    const { body } = await f.get(`${path()}?limit=1000`);
    expect(body._meta.totalRecords).toBe(exp.size);
    for (const r of body.data as Rec[]) {
      const e = exp.get(r.id) as Rec;
      expect(r.player.id).toBe(r.id);
      expect(r.firstSeasonInLeague.slug).toBe(e.first);
      expect(r.lastSeasonInLeague.slug).toBe(e.last);
      expect(r.gamesPlayedInLeague).toBe(e.gp);
      const current = f.sql<{ currentTeamId: number }>('SELECT currentTeamId FROM players WHERE id = ?', r.id)[0];
      expect(r.player.team.id).toBe(current?.currentTeamId);
      for (const k of EMBEDDED_OMITTED) expect(r.player).not.toHaveProperty(k);
      expect(r.player).toHaveProperty('staff');
      expect(r.player).toHaveProperty('draftSelection');
    }
  });

  it('envelope, paging, fields', async () => {
    const total = alumni(ls.league).size;
    await expectEnvelope(f, path(), total);
    await expectPaging(f, `${path()}?fields=id`, total, (r) => r.id, 50);
    const all = ['id', 'player', 'firstSeasonInLeague', 'lastSeasonInLeague', 'gamesPlayedInLeague', 'updatedAt'];
    await expectFields(f, path(), all, ['player', 'firstSeasonInLeague', 'lastSeasonInLeague']);
  });

  it('sorts both ways, computed here (default -lastSeasonInLeague), ties by player id', async () => {
    const all = (await f.get(`${path()}?limit=1000`)).body.data as Rec[];
    const keys = {
      id: (r: Rec) => r.id,
      player: (r: Rec) => `${r.player.lastName} ${r.player.firstName}`,
      'player.age': (r: Rec) => r.player.age,
      team: (r: Rec) => foldAscii(r.player.team.name),
      firstSeasonInLeague: (r: Rec) => r.firstSeasonInLeague.slug,
      lastSeasonInLeague: (r: Rec) => r.lastSeasonInLeague.slug,
      gamesPlayedInLeague: (r: Rec) => r.gamesPlayedInLeague,
      updatedAt: (r: Rec) => r.updatedAt,
    };
    await expectSorts(f, `${path()}?fields=*`, all, keys, (r) => r.id);
    await expectSortKeys(f, path(), Object.keys(keys));
    const ids = (b: Rec) => b.data.map((r: Rec) => r.id);
    expect(ids((await f.get(`${path()}?limit=1000&fields=id`)).body)).toEqual(
      ids((await f.get(`${path()}?limit=1000&fields=id&sort=-lastSeasonInLeague`)).body),
    );
  });

  it('filters: season (played then), league (current), position, nationality, id:gt', async () => {
    const exp = alumni(ls.league);
    const season = [...exp.values()][0]?.first as string;
    const inSeason = new Set(
      f
        .sql<{ playerId: number }>(
          "SELECT DISTINCT playerId FROM player_stats WHERE leagueSlug = ? AND seasonSlug = ? AND statsType = 'default'",
          ls.league,
          season,
        )
        .map((r) => r.playerId)
        .filter((id) => exp.has(id)),
    );
    const s = (await f.get(`${path()}?season=${season}&limit=1000&fields=id,firstSeasonInLeague`)).body.data as Rec[];
    expect(new Set(s.map((r) => r.id))).toEqual(inSeason);
    const player = [...exp.keys()][0] as number;
    const p = f.sql<{ position: string; nationalitySlug: string; leagueSlug: string }>(
      'SELECT p.position, p.nationalitySlug, t.leagueSlug FROM players p JOIN teams t ON t.id = p.currentTeamId WHERE p.id = ?',
      player,
    )[0] as { position: string; nationalitySlug: string; leagueSlug: string };
    for (const q of [`position=${p.position}`, `nationality=${p.nationalitySlug}`, `league=${p.leagueSlug}`]) {
      const got = (await f.get(`${path()}?${q}&limit=1000&fields=id,player`)).body.data as Rec[];
      expect(
        got.map((r) => r.id),
        q,
      ).toContain(player);
      for (const r of got) {
        if (q.startsWith('league')) expect(r.player.team.league.slug).toBe(p.leagueSlug);
        if (q.startsWith('nationality')) expect(r.player.nationality.slug).toBe(p.nationalitySlug);
      }
    }
    const gt = (await f.get(`${path()}?id:gt=${player}&limit=1000&fields=id`)).body.data as Rec[];
    expect(gt.map((r) => r.id).sort((a, b) => a - b)).toEqual(
      [...exp.keys()].filter((id) => id > player).sort((a, b) => a - b),
    );
    expect((await f.get(`${path()}?position=X`)).status).toBe(400);
  });

  it('a key limited in leagues and seasons: 403 for other leagues, seasons and aggregates inside its range', async () => {
    // The league most current players play in, its latest two seasons.
    const [top] = f.sql<{ leagueSlug: string }>(
      'SELECT t.leagueSlug FROM players p JOIN teams t ON t.id = p.currentTeamId GROUP BY t.leagueSlug ORDER BY COUNT(*) DESC LIMIT 1',
    );
    const seasons = f
      .sql<{ s: string }>('SELECT DISTINCT seasonSlug AS s FROM player_stats ORDER BY s DESC LIMIT 2')
      .map((r) => r.s);
    const scope = { league: top?.leagueSlug as string, from: seasons[1] as string, to: seasons[0] as string };
    const own = await startScoped(f, scope);
    try {
      const other = f.sql<{ slug: string }>('SELECT slug FROM leagues WHERE slug <> ? LIMIT 1', scope.league)[0]?.slug;
      expect((await own.get(`/leagues/${other}/where-are-they-now`)).status).toBe(403);
      const before = `${Number(scope.from.slice(0, 4)) - 1}-${scope.from.slice(0, 4)}`;
      expect((await own.get(`/leagues/${scope.league}/where-are-they-now?season=${before}`)).status).toBe(403);
      const { status, body } = await own.get(`/leagues/${scope.league}/where-are-they-now?limit=1000`);
      expect(status).toBe(200);
      const inRange = alumni(scope.league, scope);
      const current = new Map(
        f
          .sql<{ id: number; leagueSlug: string | null }>(
            'SELECT p.id, t.leagueSlug FROM players p JOIN teams t ON t.id = p.currentTeamId',
          )
          .map((r) => [r.id, r.leagueSlug]),
      );
      const visible = [...inRange.keys()].filter((id) => current.get(id) === scope.league).sort((a, b) => a - b);
      expect(visible.length).toBeGreaterThan(0);
      expect(body.data.map((r: Rec) => r.id).sort((a: number, b: number) => a - b)).toEqual(visible);
      for (const r of body.data as Rec[]) {
        expect(r.player.team.league.slug).toBe(scope.league);
        expect(r.firstSeasonInLeague.slug).toBe(inRange.get(r.id)?.first);
        expect(r.lastSeasonInLeague.slug).toBe(inRange.get(r.id)?.last);
        expect(r.gamesPlayedInLeague).toBe(inRange.get(r.id)?.gp);
      }
    } finally {
      await own.close();
    }
    expect((await f.get('/leagues/no-such-league/where-are-they-now')).status).toBe(404);
  });
});
