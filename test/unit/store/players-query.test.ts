import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOfflineHandlers } from '../../../electron/host/offline/handlers.ts';
import { createOfflineHost, type OfflineHost } from '../../../electron/host/offline/offline-host.ts';
import { createServiceClient } from '../../../electron/host/service-client/service-client.ts';
import { openStoreClient } from '../../../store/index.ts';
import { expectedOrder, type Fixture, startFixture } from '../../contract/service-fixture.ts';
import { playersPage } from './fixtures.ts';

/**
 * The players list of the offline store, through its bridge handlers, after a real download from the
 * local service: every answer equals what the test computes from its own copy of the service's rows
 * (read from the service's SQLite file), and "selanne" finds "Selänne".
 */

interface Mine {
  id: number;
  name: string;
  position: string | null;
  nationalitySlug: string | null;
  dateOfBirth: string | null;
  heightCm: number | null;
  weightKg: number | null;
  shoots: string | null;
  catches: string | null;
  /** Team name and season of his latest row in the two leagues (highest season, then highest record id). */
  latestTeamName: string | null;
  latestSeason: string | null;
  words: string[];
  leagues: Set<string>;
  seasons: Set<string>;
}

let fx: Fixture;
let host: OfflineHost;
let handlers: ReturnType<typeof createOfflineHandlers>;
let mine: Mine[];
const leagues: string[] = [];

/** Words of a text, lower-case and without diacritics (what unicode61 remove_diacritics 2 indexes). */
const words = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w !== '');

/** Whole years from a birth date to today, by calendar. */
function age(dob: string | null): number | null {
  if (dob === null) return null;
  const now = new Date();
  const born = new Date(`${dob}T00:00:00Z`);
  let a = now.getUTCFullYear() - born.getUTCFullYear();
  const hadBirthday =
    now.getUTCMonth() > born.getUTCMonth() ||
    (now.getUTCMonth() === born.getUTCMonth() && now.getUTCDate() >= born.getUTCDate());
  if (!hadBirthday) a--;
  return a;
}

async function list(query: Record<string, string>) {
  const r = await handlers.offlinePlayers({ query });
  if (!r.ok) throw new Error(r.error.message);
  // The page as the bridge sends it: the JSON text the store's worker wrote.
  return r.value.toValue();
}

beforeAll(async () => {
  fx = await startFixture();
  for (const r of fx.sql<{ s: string }>(
    'SELECT t.leagueSlug AS s FROM player_stats ps JOIN teams t ON t.id = ps.teamId GROUP BY t.leagueSlug ORDER BY COUNT(*) DESC, t.leagueSlug LIMIT 2',
  ))
    leagues.push(r.s);
  host = createOfflineHost({ dataDir: join(fx.dir, 'host'), client: createServiceClient() });
  handlers = createOfflineHandlers({ offline: host, service: () => ({ baseUrl: fx.base, apiKey: fx.keys.full }) });
  const started = await handlers.offlineSync({ leagues, refresh: false });
  expect(started.ok).toBe(true);
  await host.idle();

  const marks = leagues.map(() => '?').join(',');
  const rows = fx.sql<{ id: number; playerId: number; leagueSlug: string; seasonSlug: string; teamName: string }>(
    `SELECT ps.id, ps.playerId, ps.leagueSlug, ps.seasonSlug, ts.teamName FROM player_stats ps JOIN teams t ON t.id = ps.teamId
     JOIN team_seasons ts ON ts.teamId = ps.teamId AND ts.seasonSlug = ps.seasonSlug AND ts.leagueSlug = ps.leagueSlug
     WHERE t.leagueSlug IN (${marks})`,
    ...leagues,
  );
  const players = fx.sql<
    Omit<Mine, 'name' | 'words' | 'leagues' | 'seasons' | 'latestTeamName' | 'latestSeason'> & {
      firstName: string;
      lastName: string;
    }
  >(
    'SELECT id, firstName, lastName, position, nationalitySlug, dateOfBirth, heightCm, weightKg, shoots, catches FROM players',
  );
  const ids = new Set(rows.map((r) => r.playerId));
  mine = players
    .filter((p) => ids.has(p.id))
    .map((p) => {
      const own = rows.filter((r) => r.playerId === p.id);
      const name = `${p.firstName} ${p.lastName}`;
      const latest = [...own].sort((a, b) =>
        a.seasonSlug !== b.seasonSlug ? (a.seasonSlug < b.seasonSlug ? 1 : -1) : b.id - a.id,
      )[0];
      return {
        ...p,
        name,
        latestTeamName: latest?.teamName ?? null,
        latestSeason: latest?.seasonSlug ?? null,
        words: [...words(name), ...own.flatMap((r) => words(r.teamName))],
        leagues: new Set(own.map((r) => r.leagueSlug)),
        seasons: new Set(own.map((r) => r.seasonSlug)),
      };
    });
});

afterAll(async () => {
  await host?.close();
  await fx?.close();
});

describe('offline players list', () => {
  it('reports the finished download and when each league-season was synced', async () => {
    const r = await handlers.offlineSyncStatus({});
    expect(r.ok && r.value.progress.state).toBe('done');
    expect(r.ok && r.value.counts.players).toBe(mine.length);
    expect(r.ok && new Set(r.value.synced.map((s) => s.leagueSlug))).toEqual(new Set(leagues));
  });

  const cases: {
    name: string;
    query: Record<string, string>;
    keep: (p: Mine) => boolean;
    key: (p: Mine) => string | number | null;
    desc: boolean;
  }[] = [
    {
      name: 'goalies by name',
      query: { position: 'G', sort: 'name', limit: '10', offset: '3' },
      keep: (p) => p.position === 'G',
      key: (p) => p.name,
      desc: false,
    },
    {
      name: 'everyone by height, tallest first, second page',
      query: { sort: '-height.metrics', limit: '25', offset: '25' },
      keep: () => true,
      key: (p) => p.heightCm,
      desc: true,
    },
    {
      name: 'age 20 to 25, youngest first',
      query: { 'age:min': '20', 'age:max': '25', sort: 'age', limit: '1000' },
      keep: (p) => {
        const a = age(p.dateOfBirth);
        return a !== null && a >= 20 && a <= 25;
      },
      key: (p) => p.dateOfBirth,
      desc: true,
    },
    {
      name: 'shooting left in the first league, by weight',
      query: { shoots: 'L', league: 'L0', sort: '-weight.metrics', limit: '50' },
      keep: (p) => p.shoots === 'L' && p.leagues.has(leagues[0] as string),
      key: (p) => p.weightKg,
      desc: true,
    },
    {
      name: 'height 180 to 190 cm and at least 85 kg, by latest team',
      query: { 'height:min': '180', 'height:max': '190', 'weight:min': '85', sort: 'latestTeam.name', limit: '40' },
      keep: (p) =>
        p.heightCm !== null && p.heightCm >= 180 && p.heightCm <= 190 && p.weightKg !== null && p.weightKg >= 85,
      key: (p) => p.latestTeamName,
      desc: false,
    },
    {
      name: 'at most 75 kg, by shoots or catches, right first',
      query: { 'weight:max': '75', sort: '-hand', limit: '1000' },
      keep: (p) => p.weightKg !== null && p.weightKg <= 75,
      key: (p) => p.shoots ?? p.catches,
      desc: true,
    },
    {
      name: 'everyone by latest season, newest first, third page',
      query: { sort: '-latestSeason', limit: '30', offset: '60' },
      keep: () => true,
      key: (p) => p.latestSeason,
      desc: true,
    },
  ];
  for (const c of cases) {
    it(`filters, sorts and pages: ${c.name}`, async () => {
      const query = { ...c.query };
      if (query.league === 'L0') query.league = leagues[0] as string;
      const all = mine.filter(c.keep);
      const want = expectedOrder(all, c.key, c.desc);
      const offset = Number(query.offset ?? 0);
      const limit = Number(query.limit ?? 100);
      const got = await list(query);
      expect(got._meta.totalRecords).toBe(all.length);
      expect(got.data.map((p) => p.id)).toEqual(want.slice(offset, offset + limit));
      expect(got.data.length).toBeGreaterThan(0);
    });
  }

  it('pages to the end, 23 at a time, in the test’s own order, each player once (pages past the first are read by key)', async () => {
    const want = expectedOrder(mine, (p) => p.weightKg, true);
    const got: number[] = [];
    for (let offset = 0; ; offset += 23) {
      const page = await list({ sort: '-weight.metrics', limit: '23', offset: String(offset) });
      expect(page._meta.totalRecords).toBe(mine.length);
      got.push(...page.data.map((p) => p.id));
      if (page.data.length < 23) break;
    }
    expect(got).toEqual(want);
  });

  it('filters by nationality and season', async () => {
    const nat = mine.find((p) => p.nationalitySlug !== null)?.nationalitySlug as string;
    const season = [...(mine[0] as Mine).seasons][0] as string;
    const all = mine.filter((p) => p.nationalitySlug === nat && p.seasons.has(season));
    const got = await list({ nationality: nat, season, sort: 'name', limit: '1000' });
    expect(got.data.map((p) => p.id)).toEqual(expectedOrder(all, (p) => p.name, false));
    expect(all.length).toBeGreaterThan(0);
  });

  it('searches names and former team names as you type', async () => {
    const someone = mine[7] as Mine;
    const last = someone.name.split(' ').at(-1) as string;
    for (const typed of [last.slice(0, 2), last.slice(0, 4), last]) {
      const prefix = words(typed)[0] as string;
      const all = mine.filter((p) => p.words.some((w) => w.startsWith(prefix)));
      const got = await list({ q: typed, sort: 'name', limit: '1000' });
      expect(got.data.map((p) => p.id)).toEqual(expectedOrder(all, (p) => p.name, false));
      expect(got.data.map((p) => p.id)).toContain(someone.id);
      // The count of a search alone is read from the search table (and the spelling-forgiven ids).
      expect(got._meta.totalRecords).toBe(all.length);
    }
  });

  it('answers a bad parameter with an error naming it', async () => {
    const badSort = await handlers.offlinePlayers({ query: { sort: 'nope' } });
    expect(!badSort.ok && badSort.error.kind === 'bad-request' && badSort.error.parameter).toBe('sort');
    const badAge = await handlers.offlinePlayers({ query: { 'age:min': 'old' } });
    expect(!badAge.ok && badAge.error.kind === 'bad-request' && badAge.error.parameter).toBe('age:min');
    const badHeight = await handlers.offlinePlayers({ query: { 'height:max': '6ft' } });
    expect(!badHeight.ok && badHeight.error.kind === 'bad-request' && badHeight.error.parameter).toBe('height:max');
    const badWeight = await handlers.offlinePlayers({ query: { 'weight:min': '400' } });
    expect(!badWeight.ok && badWeight.error.kind === 'bad-request' && badWeight.error.parameter).toBe('weight:min');
  });

  it('refuses an inherited name as a sort key (constructor, toString, __proto__), naming sort and its allowed values', async () => {
    for (const sort of ['constructor', 'toString', '__proto__', '-constructor', 'name,valueOf', 'a;DROP', '--x']) {
      const r = await handlers.offlinePlayers({ query: { sort } });
      expect(r.ok, sort).toBe(false);
      if (r.ok || r.error.kind !== 'bad-request') throw new Error(`${sort}: ${JSON.stringify(r)}`);
      expect(r.error.parameter, sort).toBe('sort');
      expect(r.error.allowed, sort).toEqual(expect.arrayContaining(['name', '-name', '-height.metrics', 'age']));
      expect(r.error.allowed, sort).not.toContain('constructor');
      expect(r.error.message, sort).toMatch(/^Unknown value in 'sort'; allowed: id, -id, name, -name, /);
    }
    // A good sort still answers after them: the store stays usable.
    expect((await list({ sort: '-age', limit: '1' })).data).toHaveLength(1);
  });

  it('says when the players came from another service than the one in use', async () => {
    const same = createOfflineHandlers({
      offline: host,
      service: () => ({ baseUrl: fx.base, apiKey: fx.keys.full, source: fx.base }),
    });
    const s1 = await same.offlineSyncStatus({});
    expect(s1.ok && s1.value.otherSource).toBeNull();
    const other = createOfflineHandlers({
      offline: host,
      service: () => ({ baseUrl: 'https://other.example/v1', apiKey: null, source: 'https://other.example/v1' }),
    });
    const s2 = await other.offlineSyncStatus({});
    expect(s2.ok && s2.value.otherSource).toBe(fx.base);
  });

  it('gives one player with his stats rows', async () => {
    const someone = mine[3] as Mine;
    const r = await handlers.offlinePlayer({ id: someone.id });
    expect(r.ok && r.value.name).toBe(someone.name);
    const [n] = fx.sql<{ n: number }>(
      `SELECT COUNT(*) AS n FROM player_stats ps JOIN teams t ON t.id = ps.teamId WHERE ps.playerId = ? AND t.leagueSlug IN (${leagues.map(() => '?').join(',')})`,
      someone.id,
      ...leagues,
    );
    expect(r.ok && r.value.stats.length).toBe(n?.n);
  });
});

describe('diacritics', () => {
  it('"selanne" finds "Selänne"', async () => {
    const store = await openStoreClient({ file: join(fx.dir, 'selanne.sqlite') });
    const team = { id: 900, name: 'Winnipeg Jets' };
    const season = { slug: '1992-1993', startYear: 1992, endYear: 1993 };
    const player = {
      id: 8_000_001,
      name: 'Teemu Selänne',
      firstName: 'Teemu',
      lastName: 'Selänne',
      position: 'F',
      detailedPosition: ['RW'],
      draftSelection: { year: 1988, round: 1, overall: 10, teamName: 'Winnipeg Jets' },
      nationality: { slug: 'fin', name: 'Finland' },
      dateOfBirth: '1970-07-03',
      yearOfBirth: 1970,
      height: { metrics: 183 },
      weight: { metrics: 91 },
      shoots: 'R',
      catches: null,
      updatedAt: null,
    };
    const row = {
      id: 8_000_001,
      playerId: player.id,
      team,
      leagueSlug: 'nhl',
      season: season.slug,
      playerAge: 22,
      regularStats: { GP: 84, G: 76, A: 56, PTS: 132 },
      postseasonStats: {},
      totalStats: {},
    };
    await store.commitUnit({
      leagueSlug: 'nhl',
      league: { slug: 'nhl', name: 'NHL', fullName: null },
      season,
      team,
      rows: [row],
      players: [player],
    });
    // Derived as the host does after each download: a search reads the search rows it writes.
    await store.prepareLeaders();
    for (const q of ['selanne', 'SELÄNNE', 'sel', 'teemu sela', 'winnipeg']) {
      const got = await playersPage(store, { q });
      expect(got.data.map((p) => p.name)).toEqual(['Teemu Selänne']);
    }
    // No name starts with it: once the download's work has indexed the names' words, its spelling is forgiven.
    const misspelt = await store.listPlayers({ q: 'selanner' });
    if (!misspelt.ok) throw new Error(misspelt.issue.message);
    expect(misspelt.value.spellingForgiven).toBe(true);
    expect(misspelt.value.data.map((p) => p.name)).toEqual(['Teemu Selänne']);
    const detail = await store.player(player.id);
    expect(detail?.stats[0]?.regularStats.PTS).toBe(132);
    // The detailed positions and the draft selection come back as synced.
    expect(detail).toMatchObject({ detailedPosition: ['RW'], draftSelection: player.draftSelection });
    await store.close();
  });
});
