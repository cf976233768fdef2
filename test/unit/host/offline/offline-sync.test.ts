import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSync } from '../../../../electron/host/offline/sync/run.ts';
import { createServiceClient } from '../../../../electron/host/service-client/service-client.ts';
import { startService } from '../../../../service/server.ts';
import { openStoreClient, type StoreClient } from '../../../../store/index.ts';
import { type Fixture, startFixture } from '../../../contract/service-fixture.ts';

/**
 * The offline store against the real local service (small synthetic world) and real SQLite files:
 * a sync of two leagues holds exactly the service's rows (the league's team-seasons as it played them),
 * a sync cancelled midway and resumed ends with the same counts, and the players list answers what the
 * test computes from its own copy of the data. A download killed for real: offline-kill.test.ts.
 */

let fx: Fixture;
let store: StoreClient;
let leagues: string[];
const client = createServiceClient({ baseDelayMs: 10 });

interface ExpectedPlayer {
  id: number;
  name: string;
  position: string | null;
  nationalitySlug: string | null;
  dateOfBirth: string | null;
  heightCm: number | null;
  shoots: string | null;
  catches: string | null;
  teamNames: string[];
}

/** The test's own copy: players with a row in the chosen leagues' teams, read from the service's file. */
let expected: ExpectedPlayer[];

beforeAll(async () => {
  fx = await startFixture();
  leagues = fx
    .sql<{ leagueSlug: string }>(
      'SELECT leagueSlug FROM player_stats GROUP BY leagueSlug ORDER BY COUNT(*) DESC, leagueSlug LIMIT 2',
    )
    .map((r) => r.leagueSlug);
  const marks = leagues.map(() => '?').join(',');
  const players = fx.sql<Omit<ExpectedPlayer, 'teamNames' | 'name'> & { firstName: string; lastName: string }>(
    `SELECT id, firstName, lastName, position, nationalitySlug, dateOfBirth, heightCm, shoots, catches FROM players
     WHERE id IN (SELECT ps.playerId FROM player_stats ps WHERE ps.leagueSlug IN (${marks}))`,
    ...leagues,
  );
  const teamNames = fx.sql<{ playerId: number; teamName: string }>(
    `SELECT DISTINCT ps.playerId, ts.teamName FROM player_stats ps
     JOIN team_seasons ts ON ts.teamId = ps.teamId AND ts.seasonSlug = ps.seasonSlug AND ts.leagueSlug = ps.leagueSlug
     WHERE ps.leagueSlug IN (${marks})`,
    ...leagues,
  );
  expected = players.map((p) => ({
    ...p,
    name: `${p.firstName} ${p.lastName}`,
    teamNames: teamNames.filter((t) => t.playerId === p.id).map((t) => t.teamName),
  }));
  store = await openStoreClient({ file: join(fx.dir, 'offline.sqlite') });
  const result = await runSync({ leagues }, { client, store, baseUrl: fx.base, apiKey: fx.keys.full });
  expect(result.state).toBe('done');
});

afterAll(async () => {
  await store?.close();
  await fx?.close();
});

describe('offline sync', () => {
  it('holds every stats row and player of the two leagues, as the service has them', async () => {
    const marks = leagues.map(() => '?').join(',');
    const [rows] = fx.sql<{ n: number }>(
      `SELECT COUNT(*) AS n FROM player_stats WHERE leagueSlug IN (${marks})`,
      ...leagues,
    );
    const counts = await store.counts();
    expect(counts.playerStats).toBe(rows?.n);
    expect(counts.players).toBe(expected.length);
    expect(counts.leagues).toBe(2);
    expect(counts.playerStats).toBeGreaterThan(0);

    // A few records compared with what the service answers directly.
    const [team] = fx.sql<{ id: number }>(
      'SELECT id FROM teams WHERE leagueSlug = ? ORDER BY id LIMIT 1',
      leagues[0] as string,
    );
    const [season] = fx.sql<{ s: string }>(
      'SELECT MAX(seasonSlug) AS s FROM player_stats WHERE teamId = ?',
      team?.id as number,
    );
    const page = await fx.get(`/teams/${team?.id}/player-stats?season=${season?.s}&limit=5`);
    expect(page.status).toBe(200);
    for (const rec of page.body.data.slice(0, 3)) {
      const mine = await store.player(rec.player.id);
      const row = mine?.stats.find((s) => s.id === rec.id);
      expect(row?.regularStats.PTS ?? null).toBe(rec.regularStats.PTS);
      expect(row?.totalStats.GP ?? null).toBe(rec.totalStats.GP);
      expect(row?.postseasonStats.G ?? null).toBe(rec.postseasonStats.G);
      expect(row?.team.name).toBe(rec.teamName);
      const full = await fx.get(`/players/${rec.player.id}`);
      expect(mine?.position).toBe(full.body.data.position);
      expect(mine?.name).toBe(full.body.data.name);
      expect(mine?.shoots).toBe(full.body.data.shoots);
      expect(mine?.height.metrics).toBe(full.body.data.height.metrics);
    }
    const state = await store.syncState();
    expect(new Set(state.map((s) => s.leagueSlug))).toEqual(new Set(leagues));
    expect(state.every((s) => s.baseUrl === fx.base)).toBe(true);
  });

  it('a download cancelled midway keeps what it committed and resumes to the same counts', async () => {
    // The service with its rate limit, so the download lasts long enough to stop; the same source to the store.
    const slow = await startService({
      db: fx.dbFile,
      port: 0,
      keys: join(fx.dir, 'keys.json'),
      rateLimit: { perSecond: 4 },
    });
    const file = join(fx.dir, 'cancelled.sqlite');
    const mine = await openStoreClient({ file });
    try {
      const ac = new AbortController();
      const deps = { client, store: mine, apiKey: fx.keys.full, source: 'test' };
      const cancelled = await runSync(
        { leagues },
        { ...deps, baseUrl: slow.baseUrl, signal: ac.signal, onUnitCommitted: () => ac.abort() },
      );
      expect(cancelled.state).toBe('cancelled');
      const partial = await mine.counts();
      const full = await store.counts();
      expect(partial.playerStats).toBeGreaterThan(0);
      expect(partial.playerStats).toBeLessThan(full.playerStats);
      expect((await mine.lastRun())?.state).toBe('cancelled');

      const resumed = await runSync({ leagues }, { ...deps, baseUrl: fx.base });
      expect(resumed.state).toBe('done');
      expect(resumed.unitsDone).toBe(resumed.unitsTotal);
      // Resumed, not started over: what the cancelled run committed counts with this run's.
      expect(resumed.rows).toBe(full.playerStats);
      expect(await mine.counts()).toEqual(full);
    } finally {
      await mine.close();
      await slow.close();
      rmSync(file, { force: true });
    }
  });

  it('records a 403 on part of the request and goes on', async () => {
    const file = join(fx.dir, 'limited.sqlite');
    const limited = await openStoreClient({ file });
    const r = await runSync(
      { leagues: [fx.limited.league, fx.limited.otherLeague] },
      { client, store: limited, baseUrl: fx.base, apiKey: fx.keys.limited },
    );
    expect(r.state).toBe('done');
    // The league outside the key's subscription is refused; the allowed one is synced.
    expect(r.refused.map((u) => u.leagueSlug)).toEqual([fx.limited.otherLeague]);
    expect(r.refused[0]?.message).toMatch(/subscription/);
    expect((await limited.refusals()).map((u) => u.leagueSlug)).toEqual([fx.limited.otherLeague]);
    const [inRange] = fx.sql<{ n: number }>(
      'SELECT COUNT(*) AS n FROM player_stats WHERE leagueSlug = ? AND seasonSlug BETWEEN ? AND ?',
      fx.limited.league,
      fx.limited.from,
      fx.limited.to,
    );
    expect((await limited.counts()).playerStats).toBe(inRange?.n);
    await limited.close();
  });
});
