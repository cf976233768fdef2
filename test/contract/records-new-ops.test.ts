import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { EMBEDDED_OMITTED } from './list-checks.ts';
import { type Fixture, startFixture } from './service-fixture.ts';

/**
 * Record shapes of the later operations as the spec's "Other record shapes", "Agency" and "Player"
 * give them, written here independently of the service's builders (strict at the record's own level:
 * no extra or missing fields, exact types). Nested Team/League/Country shapes are checked by
 * records.test.ts; here they only need to be the right kind of object.
 */
const str = z.string();
const ns = z.string().nullable();
const int = z.number().int();
const season = z.strictObject({ slug: z.string().regex(/^\d{4}-\d{4}$/), startYear: int, endYear: int });
const teamRef = z.object({ id: int, name: str, league: z.unknown() });
const leagueRef = z.object({ slug: str, name: str, fullName: str });
const countryRef = z.object({ slug: z.string().regex(/^[a-z]{3}$/), name: str });
const logo3 = z.strictObject({ small: str, medium: str, large: str });

const teamComparison = z.strictObject({
  team: teamRef,
  league: leagueRef,
  season,
  players: int,
  playedGamesInLeague: int,
  averageWeight: z.strictObject({ metrics: z.number(), imperial: z.number() }),
  averageHeight: z.strictObject({ metrics: z.number(), imperial: z.string().regex(/^\d'\d{1,2}"$/) }),
  averageAge: z.number(),
});
const countByLeagues = z.strictObject({ league: leagueRef, count: int.positive() });
const countByTeams = z.strictObject({ team: teamRef, count: int.positive() });
const playerImage = z.strictObject({ id: int, url: str, thumbnailUrl: str, updatedAt: str });
const embeddedPlayer = z
  .object({ id: int, name: str, staff: z.unknown(), draftSelection: z.null() })
  .refine((p) => EMBEDDED_OMITTED.every((k) => !(k in p)), 'an embedded Player carries none of the omitted fields');
const star = z.strictObject({
  player: z.object({ id: int, name: str, position: z.enum(['G', 'D', 'F']).nullable(), photo: z.object({}) }),
  team: teamRef,
  updatedAt: str,
});
const gameLog = z.strictObject({
  id: int,
  player: embeddedPlayer,
  team: teamRef,
  teamName: str,
  teamLogo: logo3,
  teamLogoUrl: str,
  league: leagueRef,
  opponent: teamRef,
  opponentName: str,
  opponentLogo: logo3,
  opponentLogoUrl: str,
  teamScore: int,
  opponentScore: int,
  teamScoreSo: int.nullable(),
  opponentScoreSo: int.nullable(),
  season,
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  updatedAt: str,
});
const agency = z.strictObject({
  id: int,
  name: str,
  logoUrl: str,
  location: ns,
  email: ns,
  country: countryRef.nullable(),
  secondaryCountry: countryRef.nullable(),
  verified: z.boolean(),
  info: ns,
  numberOfClients: int.nonnegative(),
  agents: z.array(str),
  serviceUrlPath: str,
  links: z.strictObject({ webUrl: ns, facebook: ns, x: ns, twitter: ns, instagram: ns }),
  updatedAt: str,
  _links: z.array(str),
});
const whereNow = z.strictObject({
  id: int,
  player: embeddedPlayer.and(z.object({ team: teamRef })),
  firstSeasonInLeague: season,
  lastSeasonInLeague: season,
  gamesPlayedInLeague: int.nullable(),
  updatedAt: str,
});
const staffWithCoaches = z.object({
  goaltendingCoaches: z.array(z.object({ id: int, player: z.null() })),
  assistantCoaches: z.array(z.object({ id: int, player: z.null() })),
});
const teamPlayerStats = z
  .object({
    id: int,
    player: embeddedPlayer.and(z.object({ staff: staffWithCoaches })),
    latestStats: z.null(),
    latestGameLogsAggregated: z.array(gameLog.omit({ player: true })),
    regularStats: z.object({ GP: int.nullable(), PTS: int.nullable() }),
  })
  .refine((r) => Object.keys(r).slice(0, 4).join() === 'id,player,latestStats,latestGameLogsAggregated');

let f: Fixture;
beforeAll(async () => {
  f = await startFixture();
});
afterAll(async () => f?.close());

/** Every record of `data` parses; the failure names the operation and the first problem. */
function check(schema: z.ZodType, data: unknown[], what: string): void {
  expect(data.length, what).toBeGreaterThan(0);
  for (const r of data) {
    const res = schema.safeParse(r);
    if (!res.success) throw new Error(`${what}: ${JSON.stringify(res.error.issues[0])}`);
  }
}

describe('record shapes of the later operations (spec, "Resources and their fields")', () => {
  it('Team comparison', async () => {
    const [ls] = f.sql<{ leagueSlug: string; seasonSlug: string }>(
      'SELECT leagueSlug, seasonSlug FROM standings GROUP BY leagueSlug, seasonSlug ORDER BY COUNT(*) DESC LIMIT 1',
    );
    const { body } = await f.get(`/leagues/${ls?.leagueSlug}/${ls?.seasonSlug}/team-comparison?limit=1000`);
    check(teamComparison, body.data, 'team-comparison');
  });

  it('Count by leagues (in the system) and count by teams (staff)', async () => {
    const [t] = f.sql<{ id: number }>(
      'SELECT rightsTeamId AS id FROM players WHERE rightsTeamId IS NOT NULL GROUP BY 1 ORDER BY COUNT(*) DESC LIMIT 1',
    );
    check(countByLeagues, (await f.get(`/teams/${t?.id}/in-the-system/leagues`)).body.data, 'in-the-system');
    check(countByTeams, (await f.get('/staff-stats/teams?limit=1000')).body.data, 'staff-stats/teams');
  });

  it('Transfer year: a bare integer', async () => {
    const [t] = f.sql<{ id: number }>('SELECT toTeamId AS id FROM transfers WHERE toTeamId IS NOT NULL LIMIT 1');
    check(int.min(1900).max(2100), (await f.get(`/teams/${t?.id}/transfers/years`)).body.data, 'transfer years');
  });

  it('Player image, Star / cult player, Agency', async () => {
    const [p] = f.sql<{ id: number }>('SELECT playerId AS id FROM player_images LIMIT 1');
    check(playerImage, (await f.get(`/players/${p?.id}/images`)).body.data, 'images');
    check(star, (await f.get('/stars-and-cult-players?limit=1000')).body.data, 'stars');
    check(agency, (await f.get('/agencies?limit=1000')).body.data, 'agencies');
  });

  it('Game log aggregate record, where-are-they-now record, team player-stats record', async () => {
    check(gameLog, (await f.get('/game-log-aggregate?limit=1000')).body.data, 'game-log-aggregate');
    const [lg] = f.sql<{ slug: string }>(
      'SELECT t.leagueSlug AS slug FROM players p JOIN teams t ON t.id = p.currentTeamId GROUP BY 1 ORDER BY COUNT(*) DESC LIMIT 1',
    );
    check(
      whereNow,
      (await f.get(`/leagues/${lg?.slug}/where-are-they-now?limit=1000`)).body.data,
      'where-are-they-now',
    );
    const [g] = f.sql<{ teamId: number; seasonSlug: string }>(
      'SELECT teamId, seasonSlug FROM game_logs GROUP BY 1, 2 ORDER BY COUNT(*) DESC LIMIT 1',
    );
    const { body } = await f.get(`/teams/${g?.teamId}/player-stats?season=${g?.seasonSlug}&limit=1000`);
    check(teamPlayerStats, body.data, 'player-stats');
    expect(body.data.some((r: { latestGameLogsAggregated: unknown[] }) => r.latestGameLogsAggregated.length > 0)).toBe(
      true,
    );
  });

  it('GET /players/{id}: a whole Player (all fields, with gender, position, photo…)', async () => {
    const [p] = f.sql<{ id: number }>("SELECT id FROM players WHERE position = 'G' LIMIT 1");
    const { body } = await f.get(`/players/${p?.id}`);
    for (const k of EMBEDDED_OMITTED) expect(body.data).toHaveProperty(k);
    expect(body.data).toMatchObject({ id: p?.id, playerType: 'GOALTENDER', position: 'G' });
  });
});
