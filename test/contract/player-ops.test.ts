import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EMBEDDED_OMITTED,
  expectEnvelope,
  expectFields,
  expectPaging,
  expectSortKeys,
  expectSorts,
  type ScopedServer,
  startScoped,
} from './list-checks.ts';
import { type Fixture, foldAscii, startFixture } from './service-fixture.ts';

// biome-ignore lint/suspicious/noExplicitAny: records are read along deep spec paths, as the fixture body they come from; typing them is a follow-up
type Rec = Record<string, any>;
let f: Fixture;
let scoped: ScopedServer;
/** The player with the most images. */
let imaged: number;

beforeAll(async () => {
  f = await startFixture();
  scoped = await startScoped(f);
  imaged = f.sql<{ playerId: number }>(
    'SELECT playerId FROM player_images GROUP BY playerId ORDER BY COUNT(*) DESC, playerId LIMIT 1',
  )[0]?.playerId as number;
});
afterAll(async () => {
  await scoped?.close();
  await f?.close();
});

describe('GET /players/{id}', () => {
  it('one Player as {_meta, data}, with every Player field by default', async () => {
    const row = f.sql<Rec>('SELECT * FROM players WHERE agencyId IS NOT NULL ORDER BY id LIMIT 1')[0] as Rec;
    const { status, body } = await f.get(`/players/${row.id}`);
    expect(status).toBe(200);
    expect(Object.keys(body).sort()).toEqual(['_meta', 'data']);
    expect(body.data).toMatchObject({
      id: row.id,
      firstName: row.firstName,
      lastName: row.lastName,
      name: `${row.firstName} ${row.lastName}`,
      position: row.position,
      dateOfBirth: row.dateOfBirth,
      nationality: { slug: row.nationalitySlug },
    });
    expect(body.data.agencies.map((a: Rec) => a.id)).toEqual([row.agencyId]);
    expect(body.data.weight).toEqual({ metrics: row.weightKg, imperial: Math.round(row.weightKg * 2.20462) });
    // The spec's 50 Player fields and the local service's extension dateOfDeath (service/README.md).
    expect(Object.keys(body.data)).toHaveLength(51);
    expect(body.data.dateOfDeath).toBe(row.dateOfDeath);
  });

  it('fields and obj.* select; unknown fields and query parameters are 400', async () => {
    const { body } = await f.get(`/players/${imaged}?fields=id,height.*,nationality.*`);
    expect(Object.keys(body.data)).toEqual(['id', 'nationality', 'height']);
    const bad = await f.get(`/players/${imaged}?fields=nope`);
    expect(bad.status).toBe(400);
    expect(bad.body.allowed).toContain('staff.*');
    expect((await f.get(`/players/${imaged}?limit=1`)).status).toBe(400);
  });

  it('404 unknown, 400 malformed id, 403 a player outside the key or its category', async () => {
    expect((await f.get('/players/99999999')).status).toBe(404);
    expect((await f.get('/players/abc')).status).toBe(400);
    expect((await f.get(`/players/${imaged}`, f.keys.limited)).status).toBe(403);
    const outside = f.sql<{ id: number }>(
      'SELECT p.id FROM players p WHERE p.currentTeamId IS NULL AND NOT EXISTS (SELECT 1 FROM player_stats ps WHERE ps.playerId = p.id AND ps.leagueSlug = ?) ORDER BY p.id LIMIT 1',
      f.limited.league,
    )[0]?.id;
    const inside = f.sql<{ playerId: number }>(
      'SELECT playerId FROM player_stats WHERE leagueSlug = ? AND seasonSlug BETWEEN ? AND ? ORDER BY id LIMIT 1',
      f.limited.league,
      f.limited.from,
      f.limited.to,
    )[0]?.playerId;
    const r = await scoped.get(`/players/${outside}`);
    expect(r.status).toBe(403);
    expect(r.body.message).toContain('outside your subscription');
    expect((await scoped.get(`/players/${inside}`)).status).toBe(200);
  });
});

describe('GET /players/{id}/images', () => {
  const path = () => `/players/${imaged}/images`;
  const rows = () =>
    f.sql<{ id: number; updatedAt: string }>('SELECT id, updatedAt FROM player_images WHERE playerId = ?', imaged);

  it('the player images: id, url, thumbnailUrl, updatedAt (placeholders served by the service)', async () => {
    const { body } = await f.get(path());
    expect(body.data.map((r: Rec) => r.id)).toEqual(
      rows()
        .map((r) => r.id)
        .sort((a, b) => a - b),
    );
    for (const r of body.data as Rec[]) {
      expect(r.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/assets\/images\/\d+\/full\.svg$/);
      expect(r.thumbnailUrl).toMatch(/\/assets\/images\/\d+\/thumb\.svg$/);
      expect((await fetch(r.url)).status).toBe(200);
    }
  });

  it('envelope, paging, fields, updatedAt:min, sorts', async () => {
    const total = rows().length;
    expect(total).toBeGreaterThan(1);
    await expectEnvelope(f, path(), total, 1);
    await expectPaging(f, path(), total, (r) => r.id, 1);
    await expectFields(f, path(), ['id', 'url', 'thumbnailUrl', 'updatedAt'], []);
    const stamp = rows()
      .map((r) => r.updatedAt)
      .sort()[1] as string;
    const { body } = await f.get(`${path()}?updatedAt:min=${stamp}`);
    expect(body.data.map((r: Rec) => r.id)).toEqual(
      rows()
        .filter((r) => r.updatedAt >= stamp)
        .map((r) => r.id)
        .sort((a, b) => a - b),
    );
    const all = (await f.get(path())).body.data as Rec[];
    await expectSorts(f, path(), all, { id: (r) => r.id, updatedAt: (r) => r.updatedAt }, (r) => r.id);
    await expectSortKeys(f, path(), ['id', 'updatedAt']);
  });

  it('404 unknown player, 400 bad updatedAt:min', async () => {
    expect((await f.get('/players/99999999/images')).status).toBe(404);
    expect((await f.get(`${path()}?updatedAt:min=soon`)).body.parameter).toBe('updatedAt:min');
  });
});

describe('GET /stars-and-cult-players', () => {
  const rows = () =>
    f.sql<{ id: number; playerId: number; teamId: number; leagueSlug: string | null; updatedAt: string }>(
      'SELECT sc.id, sc.playerId, sc.teamId, t.leagueSlug, sc.updatedAt FROM stars_and_cult_players sc JOIN teams t ON t.id = sc.teamId',
    );
  /** The table's id of a served record (it carries none: spec "Star / cult player"), for the tie-break. */
  const idOf = (r: Rec) => rows().find((x) => x.playerId === r.player.id && x.teamId === r.team.id)?.id as number;

  it('records: player, team, updatedAt', async () => {
    const { body } = await f.get('/stars-and-cult-players?limit=1000');
    expect(body.data).toHaveLength(rows().length);
    expect(Object.keys(body.data[0])).toEqual(['player', 'team', 'updatedAt']);
    const pairs = new Set(rows().map((r) => `${r.playerId}|${r.teamId}`));
    for (const r of body.data as Rec[]) expect(pairs.has(`${r.player.id}|${r.team.id}`)).toBe(true);
  });

  it('envelope, paging, fields', async () => {
    const total = rows().length;
    await expectEnvelope(f, '/stars-and-cult-players', total);
    await expectPaging(f, '/stars-and-cult-players', total, (r: Rec) => `${r.player.id}|${r.team.id}`, 9);
    await expectFields(f, '/stars-and-cult-players', ['player', 'team', 'updatedAt'], ['player', 'team']);
  });

  it('sorts player, team, updatedAt both ways (default team), ties by the table id', async () => {
    const all = (await f.get('/stars-and-cult-players?limit=1000')).body.data as Rec[];
    const ids = new Map(all.map((r) => [r, idOf(r)]));
    const tie = (r: Rec) => ids.get(r) ?? idOf(r);
    const keys = {
      player: (r: Rec) => `${r.player.lastName} ${r.player.firstName}`,
      team: (r: Rec) => foldAscii(r.team.name),
      updatedAt: (r: Rec) => r.updatedAt,
    };
    await expectSorts(f, '/stars-and-cult-players', all, keys, idOf);
    await expectSortKeys(f, '/stars-and-cult-players', Object.keys(keys));
    const d = (await f.get('/stars-and-cult-players?limit=1000')).body.data.map(tie);
    expect(d).toEqual((await f.get('/stars-and-cult-players?limit=1000&sort=team')).body.data.map(tie));
  });

  it('filters team, player, league, updatedAt:min; a scoped key sees its league only', async () => {
    const all = rows();
    const r0 = all[0] as (typeof all)[number];
    const pairs = (data: Rec[]) => data.map((r) => `${r.player.id}|${r.team.id}`).sort();
    const want = (pred: (r: (typeof all)[number]) => boolean) =>
      all
        .filter(pred)
        .map((r) => `${r.playerId}|${r.teamId}`)
        .sort();
    const stamp = all.map((r) => r.updatedAt).sort()[Math.floor(all.length / 2)] as string;
    for (const [q, pred] of [
      [`team=${r0.teamId}`, (r) => r.teamId === r0.teamId],
      [`player=${r0.playerId}`, (r) => r.playerId === r0.playerId],
      [`league=${r0.leagueSlug}`, (r) => r.leagueSlug === r0.leagueSlug],
      [`updatedAt:min=${stamp}`, (r) => r.updatedAt >= stamp],
    ] as [string, (r: (typeof all)[number]) => boolean][]) {
      expect(pairs((await f.get(`/stars-and-cult-players?limit=1000&${q}`)).body.data), q).toEqual(want(pred));
    }
    const s = await scoped.get('/stars-and-cult-players?limit=1000');
    expect(pairs(s.body.data)).toEqual(want((r) => r.leagueSlug === f.limited.league));
    expect((await scoped.get(`/stars-and-cult-players?league=${f.limited.otherLeague}`)).status).toBe(403);
    expect((await f.get('/stars-and-cult-players', f.keys.limited)).status).toBe(403);
  });
});

describe('GET /game-log-aggregate', () => {
  const GL_FIELDS = [
    'id',
    'player',
    'team',
    'teamName',
    'teamLogo',
    'teamLogoUrl',
    'league',
    'opponent',
    'opponentName',
    'opponentLogo',
    'opponentLogoUrl',
    'teamScore',
    'opponentScore',
    'teamScoreSo',
    'opponentScoreSo',
    'season',
    'date',
    'updatedAt',
  ];
  const rows = () => f.sql<Rec>('SELECT * FROM game_logs');

  it('records: the game with the embedded player, both teams and the score', async () => {
    const byId = new Map(rows().map((r) => [r.id, r]));
    const { body } = await f.get('/game-log-aggregate?limit=50');
    for (const r of body.data as Rec[]) {
      const g = byId.get(r.id) as Rec;
      expect(r).toMatchObject({
        player: { id: g.playerId },
        team: { id: g.teamId },
        opponent: { id: g.opponentId },
        league: { slug: g.leagueSlug },
        season: { slug: g.seasonSlug },
        teamScore: g.teamScore,
        opponentScore: g.opponentScore,
        teamScoreSo: g.teamScoreSo,
        opponentScoreSo: g.opponentScoreSo,
        date: g.date,
      });
      const names = f.sql<{ teamId: number; teamName: string }>(
        'SELECT teamId, teamName FROM team_seasons WHERE teamId IN (?, ?) AND seasonSlug = ? AND leagueSlug = ?',
        g.teamId,
        g.opponentId,
        g.seasonSlug,
        g.leagueSlug,
      );
      expect(r.teamName).toBe(names.find((n) => n.teamId === g.teamId)?.teamName ?? r.team.name);
      expect(r.opponentName).toBe(names.find((n) => n.teamId === g.opponentId)?.teamName ?? r.opponent.name);
      expect(Object.keys(r.opponentLogo)).toEqual(['small', 'medium', 'large']);
      for (const k of EMBEDDED_OMITTED) expect(r.player).not.toHaveProperty(k);
      expect(r.player).toHaveProperty('staff');
      expect(r.player).toHaveProperty('draftSelection');
    }
  });

  it('envelope, paging, fields', async () => {
    const total = rows().length;
    await expectEnvelope(f, '/game-log-aggregate', total);
    await expectPaging(f, '/game-log-aggregate?fields=id', total, (r) => r.id, 37);
    const objects = ['player', 'team', 'teamLogo', 'league', 'opponent', 'opponentLogo', 'season'];
    await expectFields(f, '/game-log-aggregate', GL_FIELDS, objects);
  });

  it('sorts both ways (default -date), ties by id', async () => {
    const all = (await f.get('/game-log-aggregate?limit=1000&fields=id,season,date,teamScore,opponentScore,updatedAt'))
      .body.data as Rec[];
    const keys = {
      id: (r: Rec) => r.id,
      date: (r: Rec) => r.date,
      season: (r: Rec) => r.season.slug,
      teamScore: (r: Rec) => r.teamScore,
      opponentScore: (r: Rec) => r.opponentScore,
      updatedAt: (r: Rec) => r.updatedAt,
    };
    await expectSorts(
      f,
      '/game-log-aggregate?fields=id,season,date,teamScore,opponentScore,updatedAt',
      all,
      keys,
      (r) => r.id,
    );
    await expectSortKeys(f, '/game-log-aggregate', Object.keys(keys));
    const ids = (b: Rec) => b.data.map((r: Rec) => r.id);
    expect(ids((await f.get('/game-log-aggregate?limit=1000&fields=id')).body)).toEqual(
      ids((await f.get('/game-log-aggregate?limit=1000&fields=id&sort=-date')).body),
    );
  });

  it('filters', async () => {
    const all = rows();
    const g = all[0] as Rec;
    const dates = all.map((r) => r.date as string).sort();
    const d = dates[Math.floor(dates.length / 2)] as string;
    const cases: [string, (r: Rec) => boolean][] = [
      [`id=${g.id}`, (r) => r.id === g.id],
      [`id:gt=${g.id}`, (r) => r.id > g.id],
      [`player=${g.playerId}`, (r) => r.playerId === g.playerId],
      [`team=${g.teamId}`, (r) => r.teamId === g.teamId],
      [`opponent=${g.opponentId}`, (r) => r.opponentId === g.opponentId],
      [`league=${g.leagueSlug}`, (r) => r.leagueSlug === g.leagueSlug],
      [`season=${g.seasonSlug}`, (r) => r.seasonSlug === g.seasonSlug],
      [`season:from=${g.seasonSlug}`, (r) => r.seasonSlug >= g.seasonSlug],
      [`season:to=${g.seasonSlug}`, (r) => r.seasonSlug <= g.seasonSlug],
      [`date:from=${d}`, (r) => r.date >= d],
      [`date:to=${d}`, (r) => r.date <= d],
      [`updatedAt:min=${g.updatedAt}`, (r) => r.updatedAt >= g.updatedAt],
    ];
    for (const [q, pred] of cases) {
      const { status, body } = await f.get(`/game-log-aggregate?limit=1000&fields=id&sort=id&${q}`);
      expect(status, q).toBe(200);
      expect(
        body.data.map((r: Rec) => r.id),
        q,
      ).toEqual(
        all
          .filter(pred)
          .map((r) => r.id)
          .sort((a, b) => a - b),
      );
    }
    expect((await f.get('/game-log-aggregate?date:from=yesterday')).body.parameter).toBe('date:from');
  });

  it('403: a key without the category; a scoped key sees its leagues and seasons only', async () => {
    expect((await f.get('/game-log-aggregate', f.keys.limited)).status).toBe(403);
    const { body } = await scoped.get('/game-log-aggregate?limit=1000&fields=id');
    const inside = rows().filter(
      (r) => r.leagueSlug === f.limited.league && r.seasonSlug >= f.limited.from && r.seasonSlug <= f.limited.to,
    );
    expect(body.data.map((r: Rec) => r.id).sort((a: number, b: number) => a - b)).toEqual(
      inside.map((r) => r.id).sort((a, b) => a - b),
    );
    expect((await scoped.get(`/game-log-aggregate?league=${f.limited.otherLeague}`)).status).toBe(403);
  });
});
