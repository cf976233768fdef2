import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OfflineHost } from '../../../../electron/host/offline/offline-host.ts';
import { type Fixture, startFixture } from '../../../contract/service-fixture.ts';
import { gatedHost, gateWaiting, openGate } from './gated-host.ts';

/**
 * A query sent while the store derives a download's rows (`prepareLeaders`, which the host runs when a
 * download ends; store/cache/derive.ts) waits for that derivation and sees every row: the store's worker
 * answers one call at a time and the derivation is one call, so no read meets rows half derived, and none
 * derives them itself. Real local service, real store file; the worker's derive waits for the test
 * (gated-store-worker.ts) while the queries are sent. The expected rows are counted from the service's
 * own database.
 */

let fx: Fixture;
let host: OfflineHost;
let dataDir: string;

beforeAll(async () => {
  fx = await startFixture();
  dataDir = join(fx.dir, 'host-derive-wait');
  mkdirSync(dataDir, { recursive: true });
  host = gatedHost(dataDir);
});

afterAll(async () => {
  openGate(dataDir);
  await host?.close();
  await fx?.close();
});

describe('a query sent while the store prepares a download', () => {
  it('is answered once the derivation is done, with every derived row and search row', async () => {
    const [top] = fx.sql<{ leagueSlug: string }>(
      'SELECT leagueSlug FROM player_stats GROUP BY leagueSlug ORDER BY COUNT(*), leagueSlug LIMIT 1',
    );
    if (top === undefined) throw new Error('the fixture has no stats');
    const league = top.leagueSlug;
    // The stats browser's skater seasons of the league: one row per player and season (stints summed), 1 GP or more.
    const [seasons] = fx.sql<{ n: number }>(
      `SELECT COUNT(*) AS n FROM (SELECT playerId, seasonSlug FROM player_stats WHERE leagueSlug = ? AND isGoalie = 0
         GROUP BY playerId, seasonSlug HAVING SUM(reg_GP) >= 1)`,
      league,
    );
    const [someone] = fx.sql<{ id: number; lastName: string }>(
      `SELECT p.id, p.lastName FROM players p WHERE p.id IN (SELECT playerId FROM player_stats WHERE leagueSlug = ?)
         ORDER BY p.id LIMIT 1`,
      league,
    );
    if (seasons === undefined || someone === undefined) throw new Error('the fixture has no players there');

    expect(await host.startSync({ leagues: [league] }, { baseUrl: fx.base, apiKey: fx.keys.full })).toBe(true);
    await gateWaiting(dataDir);
    // The worker now derives the download's rows: these wait behind it.
    const leaders = host.leaders({ league, minGP: '1', limit: '1' });
    const found = host.players({ q: someone.lastName, limit: '100' });
    openGate(dataDir);
    await host.idle();

    const page = await leaders;
    if (!page.ok) throw new Error(page.issue.message);
    expect(page.value.toValue()._meta.totalRecords).toBe(seasons.n);
    const players = await found;
    if (!players.ok) throw new Error(players.issue.message);
    expect(players.value.toValue().data.map((p) => p.id)).toContain(someone.id);
  });
});
