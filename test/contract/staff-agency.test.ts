import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
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
interface Entry {
  id: number;
  staffId: number;
  teamId: number;
  leagueSlug: string;
  seasonSlug: string;
  status: string;
  role: string;
  updatedAt: string;
  teamType: string;
  nationalitySlug: string | null;
}
let f: Fixture;
let scoped: ScopedServer;
let entries: Entry[];

beforeAll(async () => {
  f = await startFixture();
  scoped = await startScoped(f);
  entries = f.sql<Entry>(
    'SELECT ss.*, t.teamType, s.nationalitySlug FROM staff_stats ss JOIN teams t ON t.id = ss.teamId JOIN staff s ON s.id = ss.staffId',
  );
});
afterAll(async () => {
  await scoped?.close();
  await f?.close();
});

/** Entries per team id, counted here. */
const countBy = (es: Entry[]) => {
  const m = new Map<number, number>();
  for (const e of es) m.set(e.teamId, (m.get(e.teamId) ?? 0) + 1);
  return m;
};
const served = (data: Rec[]) => new Map(data.map((r) => [r.team.id as number, r.count as number]));

describe('GET /staff-stats/teams', () => {
  it('counts staff entries per team', async () => {
    const { status, body } = await f.get('/staff-stats/teams?limit=1000');
    expect(status).toBe(200);
    expect(served(body.data)).toEqual(countBy(entries));
    expect(Object.keys(body.data[0])).toEqual(['team', 'count']);
    expect(body.data[0].team).toMatchObject({ id: expect.any(Number), name: expect.any(String) });
  });

  it('envelope, paging, fields', async () => {
    const total = countBy(entries).size;
    await expectEnvelope(f, '/staff-stats/teams', total);
    await expectPaging(f, '/staff-stats/teams', total, (r: Rec) => r.team.id, 5);
    await expectFields(f, '/staff-stats/teams', ['team', 'count'], ['team']);
  });

  it('sorts team and count both ways (default -count), ties by team id', async () => {
    const all = (await f.get('/staff-stats/teams?limit=1000')).body.data as Rec[];
    const id = (r: Rec) => r.team.id as number;
    await expectSorts(f, '/staff-stats/teams', all, { team: (r) => foldAscii(r.team.name), count: (r) => r.count }, id);
    await expectSortKeys(f, '/staff-stats/teams', ['team', 'count']);
    const dflt = (await f.get('/staff-stats/teams?limit=1000')).body.data.map(id);
    expect(dflt).toEqual((await f.get('/staff-stats/teams?limit=1000&sort=-count')).body.data.map(id));
  });

  it('every filter of the spec table counts only the matching entries', async () => {
    const seasons = [...new Set(entries.map((e) => e.seasonSlug))].sort();
    const mid = seasons[Math.floor(seasons.length / 2)] as string;
    const e0 = entries[0] as Entry;
    const later = entries.filter((e) => e.staffId !== e0.staffId)[0] as Entry;
    const midId = [...entries].sort((a, b) => a.id - b.id)[Math.floor(entries.length / 2)]?.id as number;
    const stamp = [...entries].map((e) => e.updatedAt).sort()[Math.floor(entries.length / 2)] as string;
    const teamsOf = (staffId: number) => entries.filter((e) => e.staffId === staffId);
    const everIn = (pred: (e: Entry) => boolean) => new Set(entries.filter(pred).map((e) => e.staffId));
    const inLeague = everIn((e) => e.leagueSlug === e0.leagueSlug);
    const inTeam = everIn((e) => e.teamId === e0.teamId);
    const inTeamSeason = everIn((e) => e.teamId === e0.teamId && e.seasonSlug === e0.seasonSlug);
    const cases: [string, (e: Entry) => boolean][] = [
      [`id=${e0.id},${later.id}`, (e) => e.id === e0.id || e.id === later.id],
      [`id:gt=${midId}`, (e) => e.id > midId],
      ['status=rostered', (e) => e.status === 'rostered'],
      ['status:not=rostered', (e) => e.status !== 'rostered'],
      ['status=rostered,not-active', (e) => e.status === 'rostered' || e.status === 'not-active'],
      [`league=${e0.leagueSlug}`, (e) => e.leagueSlug === e0.leagueSlug],
      [`team=${e0.teamId},${later.teamId}`, (e) => e.teamId === e0.teamId || e.teamId === later.teamId],
      ['team.teamType=international', (e) => e.teamType === 'international'],
      [`season=${mid}`, (e) => e.seasonSlug === mid],
      [`season:not=${mid}`, (e) => e.seasonSlug !== mid],
      [`season:from=${mid}`, (e) => e.seasonSlug >= mid],
      [`season:to=${mid}`, (e) => e.seasonSlug <= mid],
      [`staff=${e0.staffId}`, (e) => e.staffId === e0.staffId],
      [`staff.nationality=${e0.nationalitySlug}`, (e) => e.nationalitySlug === e0.nationalitySlug],
      [`staff.hasPlayedInLeague=${e0.leagueSlug}`, (e) => inLeague.has(e.staffId)],
      [`staff.neverPlayedInLeague=${e0.leagueSlug}`, (e) => !inLeague.has(e.staffId)],
      [`staff.hasPlayedInTeam=${e0.teamId}`, (e) => inTeam.has(e.staffId)],
      [`staff.neverPlayedInTeam=${e0.teamId}`, (e) => !inTeam.has(e.staffId)],
      [
        `staff.hasPlayedInTeam=${e0.teamId}&staff.hasPlayedInTeam.season=${e0.seasonSlug}`,
        (e) => inTeamSeason.has(e.staffId),
      ],
      ['role=Head Coach', (e) => e.role === 'Head Coach'],
      ['role=head coach,goaltending coach', (e) => e.role === 'Head Coach' || e.role === 'Goaltending Coach'],
      [`updatedAt:min=${stamp}`, (e) => e.updatedAt >= stamp],
    ];
    expect(teamsOf(e0.staffId).length).toBeGreaterThan(0);
    for (const [q, pred] of cases) {
      const { status, body } = await f.get(`/staff-stats/teams?limit=1000&${q.replace(/ /g, '%20')}`);
      expect(status, q).toBe(200);
      expect(served(body.data), q).toEqual(countBy(entries.filter(pred)));
    }
  });

  it('staff.playingInLeague: a rostered entry in the team active season', async () => {
    const active = new Map(
      f
        .sql<{ id: number; activeSeason: string }>('SELECT id, activeSeason FROM teams')
        .map((t) => [t.id, t.activeSeason]),
    );
    const league = entries[0]?.leagueSlug as string;
    const playing = new Set(
      entries
        .filter((e) => e.status === 'rostered' && e.seasonSlug === active.get(e.teamId) && e.leagueSlug === league)
        .map((e) => e.staffId),
    );
    const { body } = await f.get(`/staff-stats/teams?limit=1000&staff.playingInLeague=${league}`);
    expect(served(body.data)).toEqual(countBy(entries.filter((e) => playing.has(e.staffId))));
    const not = await f.get(`/staff-stats/teams?limit=1000&staff.notPlayingInLeague=${league}`);
    expect(served(not.body.data)).toEqual(countBy(entries.filter((e) => !playing.has(e.staffId))));
  });

  it('400 for bad values, 403 for a category or league outside the key', async () => {
    for (const [q, p] of [
      ['status=benched', 'status'],
      ['team.teamType=pro', 'team.teamType'],
      ['season:from=2020', 'season:from'],
      ['staff=x', 'staff'],
      ['nope=1', 'nope'],
    ]) {
      const { status, body } = await f.get(`/staff-stats/teams?${q}`);
      expect(status, q).toBe(400);
      expect(body.parameter).toBe(p);
    }
    const cat = await f.get('/staff-stats/teams', f.keys.limited);
    expect(cat.status).toBe(403);
    expect(cat.body.message).toContain("'staff-stats'");
    expect((await scoped.get(`/staff-stats/teams?league=${f.limited.otherLeague}`)).status).toBe(403);
    const { body } = await scoped.get('/staff-stats/teams?limit=1000');
    const inside = entries.filter(
      (e) => e.leagueSlug === f.limited.league && e.seasonSlug >= f.limited.from && e.seasonSlug <= f.limited.to,
    );
    expect(served(body.data)).toEqual(countBy(inside));
  });
});

describe('GET /agencies', () => {
  const AGENCY_FIELDS = [
    'id',
    'name',
    'logoUrl',
    'location',
    'email',
    'country',
    'secondaryCountry',
    'verified',
    'info',
    'numberOfClients',
    'agents',
    'serviceUrlPath',
    'links',
    'updatedAt',
    '_links',
  ];
  const rows = () =>
    f.sql<{ id: number; name: string; countrySlug: string | null; verified: number; updatedAt: string }>(
      'SELECT id, name, countrySlug, verified, updatedAt FROM agencies',
    );

  it('every agency with its number of clients (players with that agency)', async () => {
    const clients = new Map(
      f
        .sql<{ agencyId: number; n: number }>(
          'SELECT agencyId, COUNT(*) AS n FROM players WHERE agencyId IS NOT NULL GROUP BY agencyId',
        )
        .map((r) => [r.agencyId, r.n]),
    );
    const { body } = await f.get('/agencies?limit=1000');
    expect(body.data).toHaveLength(rows().length);
    for (const a of body.data as Rec[]) {
      expect(a.numberOfClients).toBe(clients.get(a.id) ?? 0);
      expect(typeof a.verified).toBe('boolean');
      expect(Array.isArray(a.agents)).toBe(true);
    }
  });

  it('envelope, paging, fields (default: all named)', async () => {
    const total = rows().length;
    await expectEnvelope(f, '/agencies', total);
    await expectPaging(f, '/agencies', total, (r) => r.id, 6);
    await expectFields(f, '/agencies', AGENCY_FIELDS, ['country', 'secondaryCountry', 'links']);
  });

  it('sorts id, name, country, updatedAt both ways; default name', async () => {
    const all = (await f.get('/agencies?limit=1000')).body.data as Rec[];
    const keys = {
      id: (r: Rec) => r.id,
      name: (r: Rec) => foldAscii(r.name),
      country: (r: Rec) => r.country?.slug,
      updatedAt: (r: Rec) => r.updatedAt,
    };
    await expectSorts(f, '/agencies', all, keys, (r) => r.id);
    await expectSortKeys(f, '/agencies', Object.keys(keys));
    const ids = (b: Rec) => b.data.map((r: Rec) => r.id);
    expect(ids((await f.get('/agencies?limit=1000')).body)).toEqual(
      ids((await f.get('/agencies?limit=1000&sort=name')).body),
    );
  });

  it('filters in the spec order: id, id:gt, name, country, verified, updatedAt:min', async () => {
    const all = rows();
    const a = all[0] as (typeof all)[number];
    const mid = [...all].sort((x, y) => x.id - y.id)[Math.floor(all.length / 2)]?.id as number;
    const stamp = all.map((r) => r.updatedAt).sort()[Math.floor(all.length / 2)] as string;
    const cases: [string, (r: (typeof all)[number]) => boolean][] = [
      [`id=${a.id}`, (r) => r.id === a.id],
      [`id:gt=${mid}`, (r) => r.id > mid],
      [`name=${encodeURIComponent(a.name.toUpperCase())}`, (r) => r.name.toLowerCase() === a.name.toLowerCase()],
      [`country=${a.countrySlug}`, (r) => r.countrySlug === a.countrySlug],
      ['verified=true', (r) => r.verified === 1],
      ['verified=false', (r) => r.verified === 0],
      [`updatedAt:min=${stamp}`, (r) => r.updatedAt >= stamp],
    ];
    for (const [q, pred] of cases) {
      const { status, body } = await f.get(`/agencies?limit=1000&fields=id&sort=id&${q}`);
      expect(status, q).toBe(200);
      expect(
        body.data.map((r: Rec) => r.id),
        q,
      ).toEqual(
        all
          .filter(pred)
          .map((r) => r.id)
          .sort((x, y) => x - y),
      );
    }
    const bad = await f.get('/agencies?verified=maybe');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ parameter: 'verified', allowed: ['true', 'false'] });
    expect((await f.get('/agencies?country=CANADA')).status).toBe(400);
  });

  it('403 for a key without the agency category', async () => {
    const { status, body } = await f.get('/agencies', f.keys.limited);
    expect(status).toBe(403);
    expect(body.message).toContain("'agency'");
    expect((await scoped.get('/agencies?limit=1')).status).toBe(200);
  });
});
