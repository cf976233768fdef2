import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Fixture, startFixture } from './service-fixture.ts';

let f: Fixture;
let teamId: number;
let season: string;

/** The goaltending-leaders fields the spec lists (its default set: all named fields). */
const GL_FIELDS = [
  'id',
  'player',
  'playerAge',
  'season',
  'statsType',
  'status',
  'team',
  'teamName',
  'teamSlug',
  'teamLogo',
  'teamLogoUrl',
  'league',
  'leagueName',
  'leagueFullName',
  'leagueType',
  'jerseyNumber',
  'playerRole',
  'contractType',
  'regularStats',
  'postseasonType',
  'postseasonName',
  'postseasonStats',
  'totalStats',
  'statsProvider',
  'clubTeamPlayerStats',
  'coaches',
  'isActiveSeason',
  'updatedAt',
];
/** The `/arenas/{id}/teams` fields the spec lists. */
const ARENA_TEAM_FIELDS = [
  'id',
  'name',
  'extraName',
  'fullName',
  'logo',
  'logoUrl',
  'founded',
  'city',
  'colors',
  'status',
  'league',
  'secondaryLeague',
  'teamType',
  'teamClass',
  'country',
  'continent',
  'flagUrl',
  'defaultSeason',
  'activeSeason',
  'secondaryArena',
  'capHit',
  'views',
  'currentRosterSize',
  'links',
  'notes',
  'serviceUrlPath',
  'slug',
  'updatedAt',
  '_links',
  'mhrRating',
  'mhrId',
  'mhrUrl',
];
const TEAM_SEASON_FIELDS = [
  'slug',
  'startYear',
  'endYear',
  'isDefault',
  'isActive',
  'teamSlug',
  'teamName',
  'teamLogo',
  'league',
  'leagueSlug',
  'leagueName',
  'leagueFullName',
  'secondaryLeague',
  'secondaryLeagueSlug',
  'secondaryLeagueName',
  'secondaryLeagueFullName',
  'serviceUrlPath',
];

beforeAll(async () => {
  f = await startFixture();
  const [row] = f.sql<{ teamId: number; seasonSlug: string }>(
    'SELECT teamId, seasonSlug FROM player_stats WHERE isGoalie = 1 ORDER BY id LIMIT 1',
  );
  teamId = row?.teamId as number;
  season = row?.seasonSlug as string;
});
afterAll(async () => f?.close());

const gl = (q: string) => f.get(`/teams/${teamId}/goaltending-leaders?season=${season}&limit=2&${q}`);

describe('fields projection (spec, "Common conventions")', () => {
  it('default: all the named fields of goaltending-leaders, in spec order', async () => {
    const { body } = await gl('');
    expect(Object.keys(body.data[0])).toEqual(GL_FIELDS);
  });

  it('`*` selects all fields', async () => {
    const { body } = await gl('fields=*');
    expect(Object.keys(body.data[0])).toEqual(GL_FIELDS);
  });

  it('each field asked for alone has the value it has among all fields (records are built per projection)', async () => {
    for (const path of [`/teams/${teamId}/goaltending-leaders`, `/teams/${teamId}/player-stats`]) {
      const whole = (await f.get(`${path}?season=${season}&limit=5&sort=id&fields=*`)).body.data as Record<
        string,
        unknown
      >[];
      expect(whole.length).toBeGreaterThan(0);
      for (const field of Object.keys(whole[0] as object)) {
        const alone = (await f.get(`${path}?season=${season}&limit=5&sort=id&fields=${field}`)).body.data;
        expect(alone, `${path} fields=${field}`).toEqual(whole.map((r) => ({ [field]: r[field] })));
      }
    }
  });

  it('a subset returns only those fields', async () => {
    const { body } = await gl('fields=id,regularStats,teamName');
    expect(Object.keys(body.data[0]).sort()).toEqual(['id', 'regularStats', 'teamName']);
    expect(Object.keys(body.data[0].regularStats)).toEqual([
      'GD',
      'GP',
      'G',
      'A',
      'PTS',
      'PIM',
      'PM',
      'PPG',
      'SA',
      'GA',
      'GAA',
      'SVS',
      'SVP',
      'SO',
      'W',
      'L',
      'T',
      'TOI',
    ]);
  });

  it('`obj.*` selects the object with all its subfields', async () => {
    const { body } = await gl('fields=id,player.*,coaches.*');
    const r = body.data[0];
    expect(Object.keys(r).sort()).toEqual(['coaches', 'id', 'player']);
    expect(r.player).toMatchObject({ position: 'G', playerType: 'GOALTENDER' });
    expect(Object.keys(r.coaches).sort()).toEqual(['assistantCoaches', 'goaltendingCoaches', 'headCoaches']);
  });

  it('teams: default set is the named fields; `arena` only on /teams; wildcards work', async () => {
    const t = (await f.get('/teams?limit=1')).body.data[0];
    expect(Object.keys(t).filter((k) => k !== 'arena')).toEqual(ARENA_TEAM_FIELDS);
    const [arena] = f.sql<{ arenaId: number }>('SELECT arenaId FROM teams WHERE arenaId IS NOT NULL LIMIT 1');
    const a = (await f.get(`/arenas/${arena?.arenaId}/teams?limit=1`)).body.data[0];
    expect(Object.keys(a)).toEqual(ARENA_TEAM_FIELDS);
    const w = (await f.get('/teams?limit=1&fields=id,league.*,logo.*')).body.data[0];
    expect(Object.keys(w)).toEqual(['id', 'logo', 'league']);
    expect(Object.keys(w.logo)).toEqual(['small', 'medium', 'large', 'colors', 'hasTransparency']);
  });

  it('team seasons: the listed fields by default; teamLogo.* and league.*', async () => {
    const d = (await f.get(`/teams/${teamId}/seasons?limit=1`)).body.data[0];
    expect(Object.keys(d)).toEqual(TEAM_SEASON_FIELDS);
    const w = (await f.get(`/teams/${teamId}/seasons?limit=1&fields=slug,teamLogo.*`)).body.data[0];
    expect(Object.keys(w)).toEqual(['slug', 'teamLogo']);
  });

  it('single items take fields too', async () => {
    const { body } = await f.get(`/teams/${teamId}?fields=id,name`);
    expect(body.data).toEqual({
      id: teamId,
      name: f.sql<{ name: string }>('SELECT name FROM teams WHERE id = ?', teamId)[0]?.name,
    });
  });

  it('an unknown field, or `obj.*` of a non-object, is a 400 naming `fields` and its allowed values', async () => {
    for (const q of ['fields=nope', 'fields=id,playerAge.*', 'fields=player.name']) {
      const { status, body } = await gl(q);
      expect(status, q).toBe(400);
      expect(body.parameter).toBe('fields');
      expect(body.allowed).toContain('player.*');
      expect(body.allowed).toContain('*');
      expect(body.allowed).toContain('regularStats');
    }
  });
});
