import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEASON_STAT_KEYS, STAT_BLOCKS } from '../../shared/contract/spec.ts';
import { expectedOrder, type Fixture, startFixture } from './service-fixture.ts';

// biome-ignore lint/suspicious/noExplicitAny: records are read along deep spec paths, as the fixture body they come from; typing them is a follow-up
type Rec = Record<string, any> & { id: number };
let f: Fixture;
let teamId: number;
let seasons: string;
let total: number;
let baseline: Rec[];

/** CAST(x AS INTEGER) as SQLite does it: the leading integer, else 0. */
const castInt = (s: string | null): number | null => (s === null ? null : Number(/^\s*[-+]?\d+/.exec(s)?.[0] ?? 0));
const name = (p: { lastName: string; firstName: string } | null | undefined) =>
  p ? `${p.lastName} ${p.firstName}` : null;

/** How the test reads each sort key from a served record (independently of the server's SQL). */
const KEYS: Record<string, (r: Rec) => string | number | null | undefined> = {
  id: (r) => r.id,
  player: (r) => name(r.player),
  'player.position': (r) => r.player.position,
  'player.nationality': (r) => r.player.nationality?.slug,
  'player.gender': (r) => r.player.gender,
  'player.age': (r) => r.player.age,
  'player.dateOfBirth': (r) => r.player.dateOfBirth,
  'player.placeOfBirth': (r) => r.player.placeOfBirth,
  'player.weight': (r) => r.player.weight?.metrics,
  'player.height': (r) => r.player.height?.metrics,
  'player.youthTeam': (r) => r.player.youthTeam,
  'player.shoots': (r) => r.player.shoots,
  'player.catches': (r) => r.player.catches,
  'player.contract': (r) => r.player.contract,
  'player.capHit': (r) => r.player.capHit,
  jerseyNumber: (r) => castInt(r.jerseyNumber),
  playerRole: (r) => r.playerRole,
  team: (r) => r.team.name,
  teamName: (r) => r.teamName,
  league: (r) => r.league.slug,
  leagueName: (r) => r.leagueName,
  leagueType: (r) => r.leagueType,
  season: (r) => r.season.slug,
  'clubTeamPlayerStats.league': () => null,
  ...Object.fromEntries(
    STAT_BLOCKS.flatMap((b) => SEASON_STAT_KEYS.map((k) => [`${b}.${k}`, (r: Rec) => r[b][k] as number | null])),
  ),
  'coaches.headCoaches': (r) => name(r.coaches.headCoaches[0]),
  'coaches.assistantCoaches': (r) => name(r.coaches.assistantCoaches[0]),
  'coaches.goaltendingCoaches': (r) => name(r.coaches.goaltendingCoaches[0]),
  updatedAt: (r) => r.updatedAt,
};

beforeAll(async () => {
  f = await startFixture();
  // The team with the most goaltender rows, over all its seasons.
  const [top] = f.sql<{ teamId: number; n: number }>(
    "SELECT teamId, COUNT(*) AS n FROM player_stats WHERE isGoalie = 1 AND statsType = 'default' GROUP BY teamId ORDER BY n DESC, teamId LIMIT 1",
  );
  if (!top) throw new Error('no goaltender rows');
  teamId = top.teamId;
  total = top.n;
  seasons = f
    .sql<{ s: string }>('SELECT DISTINCT seasonSlug AS s FROM player_stats WHERE teamId = ? ORDER BY s', teamId)
    .map((r) => r.s)
    .join(',');
  const { body } = await f.get(`/teams/${teamId}/goaltending-leaders?season=${seasons}&limit=1000&fields=*&sort=id`);
  baseline = body.data;
});
afterAll(async () => f?.close());

describe('GET /teams/{id}/goaltending-leaders sorting', () => {
  it('returns every goaltender row of the team (no skaters) for the asked seasons', () => {
    expect(total).toBeGreaterThan(5);
    expect(total).toBeLessThanOrEqual(1000);
    expect(baseline).toHaveLength(total);
    for (const r of baseline) {
      expect(r.team.id).toBe(teamId);
      expect(r.player.position).toBe('G');
    }
  });

  it('sorts by -regularStats.SVP by default', async () => {
    const { body } = await f.get(`/teams/${teamId}/goaltending-leaders?season=${seasons}&limit=1000&fields=id`);
    expect(body.data.map((r: Rec) => r.id)).toEqual(expectedOrder(baseline, KEYS['regularStats.SVP'] as never, true));
  });

  it('has a test extractor for every sort key the spec lists (and no more)', async () => {
    const { body } = await f.get(`/teams/${teamId}/goaltending-leaders?sort=nope`);
    expect(body.status).toBe(400);
    const allowed = (body.allowed as string[]).filter((k) => !k.startsWith('-'));
    expect(new Set(allowed)).toEqual(new Set(Object.keys(KEYS)));
    expect(allowed).toHaveLength(24 + 3 * 18 + 3 + 1);
  });

  for (const key of Object.keys(KEYS)) {
    for (const desc of [false, true]) {
      it(`sort=${desc ? '-' : ''}${key} matches the order computed here (nulls last, ties by id)`, async () => {
        const sort = `${desc ? '-' : ''}${key}`;
        const { status, body } = await f.get(
          `/teams/${teamId}/goaltending-leaders?season=${seasons}&limit=1000&fields=id&sort=${sort}`,
        );
        expect(status).toBe(200);
        expect(body.data.map((r: Rec) => r.id)).toEqual(expectedOrder(baseline, KEYS[key] as never, desc));
      });
    }
  }

  it('sorts by several keys: season, then -regularStats.GP', async () => {
    const { body } = await f.get(
      `/teams/${teamId}/goaltending-leaders?season=${seasons}&limit=1000&fields=id&sort=season,-regularStats.GP`,
    );
    const expected = [...baseline]
      .sort((a, b) => {
        if (a.season.slug !== b.season.slug) return a.season.slug < b.season.slug ? -1 : 1;
        const x = a.regularStats.GP;
        const y = b.regularStats.GP;
        if (x === null || y === null) return x === y ? a.id - b.id : x === null ? 1 : -1;
        return y - x || a.id - b.id;
      })
      .map((r) => r.id);
    expect(body.data.map((r: Rec) => r.id)).toEqual(expected);
  });

  it('pages a sorted list without gaps or repeats', async () => {
    const whole = (
      await f.get(`/teams/${teamId}/goaltending-leaders?season=${seasons}&limit=1000&fields=id&sort=-regularStats.GAA`)
    ).body.data.map((r: Rec) => r.id);
    const paged: number[] = [];
    for (let offset = 0; offset < total; offset += 4) {
      const { body } = await f.get(
        `/teams/${teamId}/goaltending-leaders?season=${seasons}&limit=4&offset=${offset}&fields=id&sort=-regularStats.GAA`,
      );
      paged.push(...body.data.map((r: Rec) => r.id));
    }
    expect(paged).toEqual(whole);
  });
});
