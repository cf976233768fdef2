import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { historyRequests } from '../../renderer/views/team/history.ts';
import { fieldsFor, ORG_CATALOG } from '../../shared/columns/index.ts';
import { buildPath, type EndpointName } from '../../shared/contract/endpoints.ts';
import { responseSchemaOf } from '../../shared/contract/envelope.ts';
import { listQueryToServiceQuery } from '../../shared/query/query.ts';
import { type Fixture, startFixture } from './service-fixture.ts';

/**
 * The app's side of the organisation, league and people operations against the local service: each
 * ENDPOINTS entry's record schema accepts the service's answers to the queries the views send, every sort
 * key and `fields` value of each catalog is one the service takes, and the views' own queries (a team's
 * standings across seasons, a team-season's coaches, an agency search, a player's or a team's games, a
 * team's stars, a league-season's staff) answer what the test reads from the database itself.
 */

// biome-ignore lint/suspicious/noExplicitAny: records are read along spec paths, as the JSON they come from
type Rec = Record<string, any>;
let f: Fixture;
/** Path parameters that name data for each endpoint of the catalogs. */
let paths: Record<string, Record<string, string | number>>;

beforeAll(async () => {
  f = await startFixture();
  const one = <T>(sql: string, ...p: (string | number)[]) => f.sql<T>(sql, ...p)[0] as T;
  const affiliated = one<{ id: number }>('SELECT teamId AS id FROM team_affiliates ORDER BY teamId LIMIT 1').id;
  const rights = one<{ id: number }>(
    'SELECT rightsTeamId AS id FROM players WHERE rightsTeamId IS NOT NULL GROUP BY 1 ORDER BY COUNT(*) DESC, 1 LIMIT 1',
  ).id;
  const arena = one<{ id: number }>('SELECT arenaId AS id FROM teams WHERE arenaId IS NOT NULL ORDER BY id LIMIT 1').id;
  const ls = one<{ league: string; season: string }>(
    'SELECT leagueSlug AS league, seasonSlug AS season FROM team_seasons GROUP BY 1, 2 ORDER BY COUNT(*) DESC, 2 DESC LIMIT 1',
  );
  paths = {
    teamAffiliates: { id: affiliated },
    teamInTheSystem: { id: rights },
    teamTransferYears: { id: rights },
    arenaTeams: { id: arena },
    leagueWhereAreTheyNow: { slug: ls.league },
    leagueTeamComparison: { slug: ls.league, season: ls.season },
    staffStatsTeams: {},
    agencies: {},
    starsAndCultPlayers: {},
    gameLogAggregate: {},
    leagues: {},
  };
});
afterAll(async () => f?.close());

/** GET an endpoint as the app names it; the body must pass the app's schema of that endpoint. */
async function getValid(endpoint: EndpointName, path: Record<string, string | number>, query: Record<string, string>) {
  const { status, body } = await f.get(`${buildPath(endpoint, path)}?${new URLSearchParams(query)}`);
  expect(status, `${endpoint} ${JSON.stringify(query)}: ${JSON.stringify(body).slice(0, 300)}`).toBe(200);
  const parsed = responseSchemaOf(endpoint).safeParse(body);
  expect(parsed.success, `${endpoint}: ${parsed.error?.issues[0]?.message} at ${parsed.error?.issues[0]?.path}`).toBe(
    true,
  );
  return body as { _meta: { totalRecords: number }; data: Rec[] };
}

describe('each catalog’s queries are ones the service takes, and its answers pass the endpoint’s schema', () => {
  for (const [name, resource] of Object.entries(ORG_CATALOG)) {
    it(`${name} (${resource.endpoint}): the default query, every sort key both ways, the catalog's fields`, async () => {
      const path = paths[resource.endpoint] ?? {};
      const fields = fieldsFor(resource, resource.columns);
      const base = listQueryToServiceQuery({
        offset: 0,
        limit: 25,
        filters: {},
        ...(resource.defaultSort.length > 0 ? { sort: [...resource.defaultSort] } : {}),
        ...(fields ? { fields } : {}),
      });
      const first = await getValid(resource.endpoint, path, base);
      expect(first._meta.totalRecords, `${name} has data in the fixture`).toBeGreaterThan(0);
      for (const c of resource.columns) {
        if (!c.sortKey) continue;
        for (const sort of [c.sortKey, `-${c.sortKey}`]) await getValid(resource.endpoint, path, { ...base, sort });
      }
    });
  }
});

describe('the views’ own queries', () => {
  it('a team’s history: its standings rows in every season of each league, one request per league', async () => {
    const [team] = f.sql<{ teamId: number }>(
      'SELECT teamId FROM team_seasons GROUP BY teamId ORDER BY COUNT(DISTINCT leagueSlug) DESC, COUNT(*) DESC, teamId LIMIT 1',
    );
    const id = team?.teamId as number;
    const seasons = (await getValid('teamSeasons', { id }, { limit: '1000' })).data;
    const got: Rec[] = [];
    for (const r of historyRequests(id, seasons as never)) {
      got.push(...(await getValid('leagueStandings', { slug: r.league }, listQueryToServiceQuery(r.query))).data);
    }
    const expected = f.sql<{
      id: number;
      leagueSlug: string;
      seasonSlug: string;
      W: number;
      PTS: number;
      position: number;
    }>('SELECT id, leagueSlug, seasonSlug, W, PTS, position FROM standings WHERE teamId = ? ORDER BY id', id);
    expect(expected.length).toBeGreaterThan(1);
    expect(
      got
        .map((r) => ({
          id: r.id,
          leagueSlug: r.leagueSlug,
          seasonSlug: r.season.slug,
          W: r.stats.W,
          PTS: r.stats.PTS,
          position: Number(r.position),
        }))
        .sort((a, b) => a.id - b.id),
    ).toEqual(expected);
  });

  it('a team-season’s coaches: fields=id,coaches gives its staff by role', async () => {
    const [ts] = f.sql<{ teamId: number; seasonSlug: string }>(
      "SELECT ss.teamId, ss.seasonSlug FROM staff_stats ss JOIN player_stats ps ON ps.teamId = ss.teamId AND ps.seasonSlug = ss.seasonSlug AND ps.statsType = 'default' GROUP BY 1, 2 ORDER BY COUNT(DISTINCT ss.role) DESC, 1 LIMIT 1",
    );
    const { teamId, seasonSlug } = ts as { teamId: number; seasonSlug: string };
    const body = await getValid(
      'teamPlayerStats',
      { id: teamId },
      { season: seasonSlug, fields: 'id,coaches', limit: '1' },
    );
    const coaches = body.data[0]?.coaches as Rec;
    const staff = f.sql<{ role: string; name: string }>(
      "SELECT ss.role, s.firstName || ' ' || s.lastName AS name FROM staff_stats ss JOIN staff s ON s.id = ss.staffId WHERE ss.teamId = ? AND ss.seasonSlug = ?",
      teamId,
      seasonSlug,
    );
    const names = (role: string) =>
      staff
        .filter((s) => s.role === role)
        .map((s) => s.name)
        .sort();
    const shown = (list: Rec[] | undefined) => (list ?? []).map((s) => s.name).sort();
    expect(shown(coaches.headCoaches)).toEqual(names('Head Coach'));
    expect(shown(coaches.assistantCoaches)).toEqual(names('Assistant Coach'));
    expect(shown(coaches.goaltendingCoaches)).toEqual(names('Goaltending Coach'));
    expect(shown(coaches.headCoaches).length).toBeGreaterThan(0);
  });

  it('agencies: q finds every agency whose name holds the text, in any case', async () => {
    const all = f.sql<{ id: number; name: string }>('SELECT id, name FROM agencies');
    const word = (all[0]?.name.split(' ')[0] ?? '').slice(1, 5);
    expect(word.length).toBeGreaterThan(2);
    const body = await getValid('agencies', {}, { q: word.toUpperCase(), sort: 'id', limit: '1000' });
    expect(body.data.map((a) => a.id)).toEqual(
      all
        .filter((a) => a.name.toLowerCase().includes(word.toLowerCase()))
        .map((a) => a.id)
        .sort((x, y) => x - y),
    );
    expect((await f.get('/agencies?q=')).status).toBe(400);
  });

  it('recent games: a player’s games newest first, and a team’s in a season; results as the scores say', async () => {
    const [p] = f.sql<{ playerId: number }>(
      'SELECT playerId FROM game_logs GROUP BY playerId ORDER BY COUNT(*) DESC, playerId LIMIT 1',
    );
    const query = { sort: '-date', limit: '10', fields: `${ORG_CATALOG.gameLogs.baseFields.join(',')},date` };
    const mine = await getValid('gameLogAggregate', {}, { ...query, player: String(p?.playerId) });
    const rows = f.sql<Rec>(
      'SELECT * FROM game_logs WHERE playerId = ? ORDER BY date DESC, id LIMIT 10',
      p?.playerId as number,
    );
    expect(mine.data.map((g) => [g.id, g.date, g.teamScore, g.opponentScore])).toEqual(
      rows.map((r) => [r.id, r.date, r.teamScore, r.opponentScore]),
    );
    // A team-season's games: every goaltender's of that team in that season.
    const [t] = f.sql<{ teamId: number; seasonSlug: string; n: number }>(
      'SELECT teamId, seasonSlug, COUNT(*) AS n FROM game_logs GROUP BY 1, 2 ORDER BY n DESC LIMIT 1',
    );
    const team = await getValid(
      'gameLogAggregate',
      {},
      {
        ...query,
        team: String(t?.teamId),
        season: String(t?.seasonSlug),
        limit: '1000',
      },
    );
    expect(team._meta.totalRecords).toBe(t?.n);
    expect(team.data.every((g) => g.opponent?.id !== t?.teamId)).toBe(true);
  });

  it('a team’s stars, a league’s stars', async () => {
    const [s] = f.sql<{ teamId: number }>(
      'SELECT teamId FROM stars_and_cult_players GROUP BY teamId ORDER BY COUNT(*) DESC, teamId LIMIT 1',
    );
    const teamId = s?.teamId as number;
    const body = await getValid('starsAndCultPlayers', {}, { team: String(teamId), sort: 'player', limit: '100' });
    const ids = f.sql<{ playerId: number }>('SELECT playerId FROM stars_and_cult_players WHERE teamId = ?', teamId);
    expect(body.data.map((r) => r.player.id).sort()).toEqual(ids.map((r) => r.playerId).sort());
    const [lg] = f.sql<{ slug: string; n: number }>(
      'SELECT t.leagueSlug AS slug, COUNT(*) AS n FROM stars_and_cult_players s JOIN teams t ON t.id = s.teamId GROUP BY 1 ORDER BY n DESC LIMIT 1',
    );
    const league = await getValid('starsAndCultPlayers', {}, { league: String(lg?.slug), limit: '1' });
    expect(league._meta.totalRecords).toBe(lg?.n);
  });

  it('coaching staff of a league-season by team, and of one role', async () => {
    const [ls] = f.sql<{ leagueSlug: string; seasonSlug: string }>(
      'SELECT leagueSlug, seasonSlug FROM staff_stats GROUP BY 1, 2 ORDER BY COUNT(*) DESC, 2 DESC LIMIT 1',
    );
    const { leagueSlug, seasonSlug } = ls as { leagueSlug: string; seasonSlug: string };
    const count = (role?: string) =>
      new Map(
        f
          .sql<{ teamId: number; n: number }>(
            `SELECT teamId, COUNT(*) AS n FROM staff_stats WHERE leagueSlug = ? AND seasonSlug = ?${role ? ' AND role = ?' : ''} GROUP BY teamId`,
            ...[leagueSlug, seasonSlug, ...(role ? [role] : [])],
          )
          .map((r) => [r.teamId, r.n]),
      );
    for (const role of [undefined, 'Assistant Coach']) {
      const body = await getValid(
        'staffStatsTeams',
        {},
        {
          league: leagueSlug,
          season: seasonSlug,
          ...(role ? { role } : {}),
          fields: 'team,count',
          limit: '1000',
        },
      );
      expect(new Map(body.data.map((r) => [r.team.id, r.count]))).toEqual(count(role));
    }
  });

  it('where are they now with the view’s filters: position, league now, a season played', async () => {
    const { slug } = paths.leagueWhereAreTheyNow as { slug: string };
    const [s] = f.sql<{ seasonSlug: string }>(
      'SELECT seasonSlug FROM player_stats WHERE leagueSlug = ? ORDER BY seasonSlug LIMIT 1',
      slug,
    );
    const body = await getValid(
      'leagueWhereAreTheyNow',
      { slug },
      {
        position: 'G',
        season: String(s?.seasonSlug),
        sort: '-gamesPlayedInLeague',
        fields: 'id,player,firstSeasonInLeague,lastSeasonInLeague,gamesPlayedInLeague',
        limit: '100',
      },
    );
    expect(body.data.length).toBeGreaterThan(0);
    const goalies = new Set(f.sql<{ id: number }>("SELECT id FROM players WHERE position = 'G'").map((r) => r.id));
    expect(body.data.every((r) => goalies.has(r.id))).toBe(true);
    expect(body.data.every((r) => r.firstSeasonInLeague.slug <= String(s?.seasonSlug))).toBe(true);
  });
});
