import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type Fixture, startFixture } from './service-fixture.ts';

/** A goalie record as the goaltending check reads it (spec, "Player stats"). */
interface GoalieRead {
  id: number;
  regularStats: Record<string, number | null>;
  totalStats: Record<string, number | null>;
  team: { id: number };
  season: { slug: string };
}

/** A standings record as the sort check reads it (real-service-notes, "Standings"). */
interface StandingRead {
  id: number;
  position: string | number;
  stats: { PTS: number | null; GD: number; PPG: number | null; OTL: number | null; W: number };
}

/**
 * Record shapes as the spec's "Resources and their fields" gives them, written here independently
 * of the service's builders (strict: no extra fields, exact types; null where the data has none).
 */
const str = z.string();
const ns = z.string().nullable();
const ni = z.number().int().nullable();
const strs = z.array(z.string());
const season = z.strictObject({
  slug: z.string().regex(/^\d{4}-\d{4}$/),
  startYear: z.number().int(),
  endYear: z.number().int(),
});
const country = z.strictObject({
  slug: z.string().regex(/^[a-z]{3}$/),
  name: str,
  iso_3166_1_alpha_2: z.string().length(2),
  flagUrl: z.strictObject({ small: str, medium: str }),
  serviceUrlPath: str,
  updatedAt: str,
  _links: strs,
});
const league = z.strictObject({
  slug: str,
  name: str,
  fullName: str,
  commonName: str,
  teamClass: z.enum(['men', 'women']),
  leagueType: z.enum(['league', 'cup']).nullable(),
  leagueLevel: ns,
  scheduleType: str,
  defaultSeason: season.nullable(),
  activeSeason: season.nullable(),
  country: country.nullable(),
  continent: z.enum(['INT', 'AF', 'AN', 'AS', 'EU', 'NA', 'OC', 'SA']).nullable(),
  region: ns,
  flagUrl: z.strictObject({ small: str, medium: str }).nullable(),
  logo: z.strictObject({ url: str, colors: strs, hasTransparency: z.boolean() }),
  logoUrl: str,
  imageUrl: str,
  numberOfTeams: z.number().int(),
  primaryDraftType: z
    .strictObject({ slug: str, name: str, league: z.unknown(), _links: strs, serviceUrlPath: str })
    .nullable(),
  existsInLeagueEndpoint: z.boolean(),
  hasProjectedStats: z.boolean(),
  historicalData: z.array(
    z.strictObject({
      slug: str,
      name: str,
      fullName: str,
      firstSeason: season.nullable(),
      lastSeason: season.nullable(),
    }),
  ),
  links: z.strictObject({
    serviceUrl: ns,
    officialWebUrl: ns,
    statsUrl: ns,
    newsUrls: strs,
    forumUrl: ns,
    facebook: ns,
    x: ns,
    twitter: ns,
    instagram: ns,
    youtube: ns,
  }),
  serviceUrlPath: str,
  updatedAt: str,
  _links: strs,
});
const arena = z.strictObject({
  id: z.number().int(),
  name: str,
  location: ns,
  yearOfConstruction: ni,
  capacity: ni,
  infoAsHTML: ns,
  imageUrl: str,
  country: country.nullable(),
  serviceUrlPath: str,
  _links: strs,
  updatedAt: str,
});
const logo3 = z.strictObject({ small: str, medium: str, large: str });
const team = z.strictObject({
  id: z.number().int(),
  name: str,
  extraName: ns,
  fullName: str,
  logo: z.strictObject({ small: str, medium: str, large: str, colors: strs, hasTransparency: z.boolean() }),
  logoUrl: str,
  founded: ni,
  city: ns,
  colors: ns,
  status: z.enum(['active', 'not-active']),
  league: league.nullable(),
  secondaryLeague: league.nullable(),
  teamType: z.enum(['club', 'international']),
  teamClass: z.enum(['men', 'women']),
  country: country.nullable(),
  continent: z.enum(['INT', 'AF', 'AN', 'AS', 'EU', 'NA', 'OC', 'SA']).nullable(),
  flagUrl: z.strictObject({ small: str, medium: str }).nullable(),
  defaultSeason: season.nullable(),
  activeSeason: season.nullable(),
  arena: arena.nullable().optional(),
  secondaryArena: arena.nullable(),
  capHit: ns,
  views: z.number().int(),
  currentRosterSize: z.number().int(),
  links: z.strictObject(
    Object.fromEntries(
      [
        'serviceUrl',
        'officialWebUrl',
        'newsUrl',
        'newspaperUrl',
        'tvUrl',
        'radioUrl',
        'blogUrl',
        'forumUrl',
        'facebook',
        'x',
        'twitter',
        'instagram',
        'youtube',
        'capHitUrl',
        'lineCombinationsUrl',
        'nationNetworkUrl',
      ].map((k) => [k, ns]),
    ),
  ),
  notes: ns,
  serviceUrlPath: str,
  slug: str,
  updatedAt: str,
  _links: strs,
  mhrRating: ni,
  mhrId: ni,
  mhrUrl: ns,
});
const photo = z.strictObject({ small: str, medium: str, large: str, original: str });
const personLinks = [
  'serviceUrl',
  'officialWebUrl',
  'x',
  'twitter',
  'youtube',
  'youtubeDescription',
  'facebook',
  'linkedin',
  'instagram',
];
const staff = z.strictObject({
  id: z.number().int(),
  firstName: str,
  lastName: str,
  name: str,
  alternativeName: ns,
  initialOfFirstName: str,
  initialOfLastName: str,
  imageUrl: str,
  imageCopyright: ns,
  photo,
  nationality: country.nullable(),
  secondaryNationality: country.nullable(),
  status: str,
  yearOfBirth: ni,
  dateOfBirth: ns,
  age: ni,
  placeOfBirth: ns,
  verified: z.boolean(),
  verifiedStyle: z.number().int(),
  contactable: z.boolean(),
  views: z.number().int(),
  player: z.null(),
  latestStats: z.unknown(),
  leagueExperience: z.array(league),
  biography: ns,
  links: z.strictObject(Object.fromEntries(personLinks.map((k) => [k, ns]))),
  serviceUrlPath: str,
  slug: str,
  updatedAt: str,
  _links: strs,
});
const agency = z.strictObject({
  id: z.number().int(),
  name: str,
  logoUrl: str,
  location: ns,
  email: ns,
  country: country.nullable(),
  secondaryCountry: country.nullable(),
  verified: z.boolean(),
  info: ns,
  numberOfClients: z.number().int(),
  agents: strs,
  serviceUrlPath: str,
  links: z.strictObject({ webUrl: ns, facebook: ns, x: ns, twitter: ns, instagram: ns }),
  updatedAt: str,
  _links: strs,
});
const player = z.strictObject({
  id: z.number().int(),
  firstName: str,
  lastName: str,
  name: str,
  alternativeFirstName: ns,
  alternativeLastName: ns,
  alternativeName: ns,
  initialOfFirstName: str,
  initialOfLastName: str,
  gender: z.enum(['male', 'female']),
  status: str,
  playerType: str,
  position: z.enum(['G', 'D', 'F']).nullable(),
  detailedPosition: z.array(z.enum(['G', 'D', 'F', 'C', 'W', 'LW', 'RW'])),
  shoots: z.enum(['L', 'R']).nullable(),
  catches: z.enum(['L', 'R']).nullable(),
  yearOfBirth: ni,
  age: ni,
  dateOfBirth: ns,
  // The local service's extension (service/README.md): YYYY-MM-DD, YYYY-MM or YYYY, or null.
  dateOfDeath: z
    .string()
    .regex(/^\d{4}(-\d{2}(-\d{2})?)?$/)
    .nullable(),
  placeOfBirth: ns,
  youthTeam: ns,
  nationality: country.nullable(),
  secondaryNationality: country.nullable(),
  weight: z.strictObject({ metrics: z.number(), imperial: z.number() }).nullable(),
  height: z.strictObject({ metrics: z.number(), imperial: z.string().regex(/^\d+'\d+"$/) }).nullable(),
  contract: ns,
  capHit: ns,
  gameStatus: str,
  gameStatusInfo: ns,
  views: z.number().int(),
  imageUrl: str,
  imageCopyright: ns,
  photo,
  pronunciationUrl: ns,
  verified: z.boolean(),
  contactable: z.boolean(),
  verifiedStyle: z.number().int(),
  staff: staff.nullable(),
  agencies: z.array(agency),
  draftSelection: z.unknown(),
  profileDescriptionAsHTML: ns,
  biographyAsHTML: ns,
  scoutingReportUrl: ns,
  scoutingReportThumbnailUrl: ns,
  playerStyles: z.array(z.strictObject({ slug: str, name: str, description: ns })),
  links: z.strictObject(Object.fromEntries([...personLinks, 'capHitUrl'].map((k) => [k, ns]))),
  serviceUrlPath: str,
  slug: str,
  updatedAt: str,
  _links: strs,
});
const stat = z.number().nullable();
const statBlock = z.strictObject(
  Object.fromEntries(
    ['GD', 'GP', 'G', 'A', 'PTS', 'PIM', 'PM', 'PPG', 'SA', 'GA', 'GAA', 'SVS', 'SVP', 'SO', 'W', 'L', 'T', 'TOI'].map(
      (k) => [k, stat],
    ),
  ),
);
const coachList = z.array(staff);
const playerStats = z.strictObject({
  id: z.number().int(),
  player,
  playerAge: ni,
  season,
  statsType: z.enum(['default', 'projected']),
  status: z.enum(['rostered', 'not-active-on-team', 'not-active']),
  team,
  teamName: str,
  teamSlug: str,
  teamLogo: logo3,
  teamLogoUrl: str,
  league,
  leagueName: str,
  leagueFullName: str,
  leagueType: z.enum(['league', 'cup']).nullable(),
  jerseyNumber: ns,
  playerRole: z.enum(['C', 'A']).nullable(),
  contractType: ns,
  regularStats: statBlock,
  postseasonType: z.enum(['PRESEASON', 'REGULAR_SEASON', 'POSTSEASON']).nullable(),
  postseasonName: ns,
  postseasonStats: statBlock,
  totalStats: statBlock,
  statsProvider: z.unknown(),
  clubTeamPlayerStats: z.unknown(),
  coaches: z.strictObject({ headCoaches: coachList, assistantCoaches: coachList, goaltendingCoaches: coachList }),
  isActiveSeason: z.boolean(),
  updatedAt: str,
});
const teamSeason = z.strictObject({
  slug: str,
  startYear: z.number().int(),
  endYear: z.number().int(),
  isDefault: z.boolean(),
  isActive: z.boolean(),
  teamSlug: str,
  teamName: str,
  teamLogo: logo3,
  league,
  leagueSlug: str,
  leagueName: str,
  leagueFullName: str,
  secondaryLeague: league.nullable(),
  secondaryLeagueSlug: ns,
  secondaryLeagueName: ns,
  secondaryLeagueFullName: ns,
  serviceUrlPath: str,
});
const standing = z.strictObject({
  id: z.number().int(),
  season,
  team,
  teamSlug: str,
  teamName: str,
  teamLogo: logo3,
  teamLogoUrl: str,
  league,
  leagueSlug: str,
  leagueName: str,
  leagueFullName: str,
  leagueType: z.enum(['league', 'cup']).nullable(),
  group: ns,
  position: z.string().regex(/^\d+$/),
  medalClass: ns,
  playoffMedalClass: ns,
  stats: z.strictObject(
    Object.fromEntries(['GP', 'W', 'L', 'T', 'OTW', 'OTL', 'PTS', 'GF', 'GA', 'GD', 'PPG'].map((k) => [k, stat])),
  ),
  postseason: ns,
  info: ns,
  updatedAt: str,
});

let f: Fixture;
let hot: { teamId: number; season: string; league: string };
beforeAll(async () => {
  f = await startFixture();
  const [row] = f.sql<{ teamId: number; seasonSlug: string; leagueSlug: string }>(
    'SELECT teamId, seasonSlug, leagueSlug FROM player_stats WHERE isGoalie = 1 AND teamId IN (SELECT teamId FROM staff_stats) ORDER BY id LIMIT 1',
  );
  hot = { teamId: row?.teamId as number, season: row?.seasonSlug as string, league: row?.leagueSlug as string };
});
afterAll(async () => f?.close());

function check(schema: z.ZodType, records: unknown[], what: string): void {
  expect(records.length, what).toBeGreaterThan(0);
  for (const r of records) {
    const res = schema.safeParse(r);
    expect(res.success ? [] : res.error.issues.slice(0, 5), what).toEqual([]);
  }
}

describe('record shapes (spec, "Resources and their fields")', () => {
  it('Team (with League, Country, Arena, Season nested)', async () => {
    check(team, (await f.get('/teams?limit=1000&fields=*')).body.data, '/teams');
    check(team, [(await f.get(`/teams/${hot.teamId}`)).body.data], '/teams/{id}');
  });
  it('League', async () => {
    check(league, (await f.get('/leagues?limit=1000')).body.data, '/leagues');
    const one = (await f.get(`/leagues/${hot.league}`)).body.data;
    check(league, [one], '/leagues/{slug}');
    const n = f.sql<{ n: number }>('SELECT COUNT(*) AS n FROM teams WHERE leagueSlug = ?', hot.league)[0]?.n;
    expect(one.numberOfTeams).toBe(n);
  });
  it('Season', async () => {
    check(season, (await f.get(`/leagues/${hot.league}/seasons?limit=1000`)).body.data, '/leagues/{slug}/seasons');
  });
  it('Player statistics record (goaltending leaders), with the stored stats', async () => {
    const { body } = await f.get(`/teams/${hot.teamId}/goaltending-leaders?season=${hot.season}&limit=1000`);
    check(playerStats, body.data, 'goaltending-leaders');
    const rows = f.sql<Record<string, number>>(
      "SELECT id, reg_GP, reg_GA, reg_SO, reg_SVP, tot_SA FROM player_stats WHERE teamId = ? AND seasonSlug = ? AND isGoalie = 1 AND statsType = 'default' ORDER BY id",
      hot.teamId,
      hot.season,
    );
    const byId = new Map(body.data.map((r: GoalieRead) => [r.id, r]));
    expect(byId.size).toBe(rows.length);
    for (const row of rows) {
      const r = byId.get(row.id) as GoalieRead;
      expect([r.regularStats.GP, r.regularStats.GA, r.regularStats.SO, r.regularStats.SVP, r.totalStats.SA]).toEqual([
        row.reg_GP,
        row.reg_GA,
        row.reg_SO,
        row.reg_SVP,
        row.tot_SA,
      ]);
      expect(r.team.id).toBe(hot.teamId);
      expect(r.season.slug).toBe(hot.season);
    }
    const coaches = body.data[0].coaches;
    expect(
      coaches.headCoaches.length + coaches.assistantCoaches.length + coaches.goaltendingCoaches.length,
    ).toBeGreaterThan(0);
  });
  it('Team season', async () => {
    check(teamSeason, (await f.get(`/teams/${hot.teamId}/seasons?limit=1000`)).body.data, '/teams/{id}/seasons');
    const filtered = (await f.get(`/teams/${hot.teamId}/seasons?season=${hot.season}`)).body.data;
    expect(filtered.map((s: { slug: string }) => s.slug)).toEqual(filtered.map(() => hot.season));
    expect(filtered.length).toBeGreaterThan(0);
  });
  it('Standings record (real-service-notes), in position order', async () => {
    const { body } = await f.get(`/leagues/${hot.league}/standings?season=${hot.season}&limit=1000`);
    check(standing, body.data, 'standings');
    const positions = body.data.map((s: StandingRead) => Number(s.position));
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    const n = f.sql<{ n: number }>(
      'SELECT COUNT(*) AS n FROM standings WHERE leagueSlug = ? AND seasonSlug = ?',
      hot.league,
      hot.season,
    )[0]?.n;
    expect(body._meta.totalRecords).toBe(n);
  });
  it('standings sort by every stats key, group and teamName (checked here)', async () => {
    const all = (await f.get(`/leagues/${hot.league}/standings?season=${hot.season}&limit=1000`)).body.data;
    for (const [key, get] of [
      ['stats.PTS', (s: StandingRead) => s.stats.PTS],
      ['stats.GD', (s: StandingRead) => s.stats.GD],
      ['stats.PPG', (s: StandingRead) => s.stats.PPG],
      ['stats.OTL', (s: StandingRead) => s.stats.OTL],
      ['position', (s: StandingRead) => Number(s.position)],
    ] as const) {
      for (const desc of [false, true]) {
        const got = (
          await f.get(
            `/leagues/${hot.league}/standings?season=${hot.season}&limit=1000&fields=id&sort=${desc ? '-' : ''}${key}`,
          )
        ).body.data.map((s: StandingRead) => s.id);
        const want = [...all]
          .sort((a, b) => {
            const x = get(a);
            const y = get(b);
            // Ties end in the league's tie-breakers: more wins, better goal difference, then id.
            const tail = b.stats.W - a.stats.W || b.stats.GD - a.stats.GD || a.id - b.id;
            if (x === null || y === null) return x === y ? tail : x === null ? 1 : -1;
            return (desc ? y - x : x - y) || tail;
          })
          .map((s) => s.id);
        expect(got, `${desc ? '-' : ''}${key}`).toEqual(want);
      }
    }
  });
});
