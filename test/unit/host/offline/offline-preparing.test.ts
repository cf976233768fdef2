import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OfflineHost } from '../../../../electron/host/offline/offline-host.ts';
import { type Fixture, startFixture } from '../../../contract/service-fixture.ts';
import { gatedHost, gateWaiting, openGate } from './gated-host.ts';

/**
 * After a download the store derives the stats browser's rows, and its worker answers nothing else until
 * that is done (a minute for a million stat lines). The download status must still answer meanwhile, say
 * that the store is preparing, and count what the download wrote; afterwards the leaders answer. Real local
 * service, real store file; the store's worker is its own but for a derive that waits for the test
 * (gated-store-worker.ts), so the status is asked while the worker is surely busy.
 */

let fx: Fixture;
let host: OfflineHost;
let dataDir: string;

beforeAll(async () => {
  fx = await startFixture();
  dataDir = join(fx.dir, 'host');
  host = gatedHost(dataDir);
});

afterAll(async () => {
  openGate(dataDir);
  await host?.close();
  await fx?.close();
});

describe('the download status while the store prepares the stats browser', () => {
  it('answers with what the download wrote and says the store is preparing; the leaders answer after', async () => {
    const [top] = fx.sql<{ leagueSlug: string; n: number }>(
      'SELECT leagueSlug, COUNT(*) AS n FROM player_stats GROUP BY leagueSlug ORDER BY n DESC, leagueSlug LIMIT 1',
    );
    if (top === undefined) throw new Error('the fixture has no stats');
    const started = await host.startSync({ leagues: [top.leagueSlug] }, { baseUrl: fx.base, apiKey: fx.keys.full });
    expect(started).toBe(true);

    let status = await host.status();
    while (status.progress.preparing !== true) {
      expect(status.progress.state, status.progress.error ?? '').toBe('running');
      await new Promise((r) => setTimeout(r, 20));
      status = await host.status();
    }
    expect(status.progress.state).toBe('done');
    await gateWaiting(dataDir);
    // The worker now waits in its derive: this answer cannot have come from it.
    status = await host.status();
    expect(status.progress.preparing).toBe(true);
    expect(status.progress.state).toBe('done');
    expect(status.counts.playerStats).toBe(top.n);
    expect(new Set(status.synced.map((s) => s.leagueSlug))).toEqual(new Set([top.leagueSlug]));

    openGate(dataDir);
    await host.idle();
    const after = await host.status();
    expect(after.progress.state).toBe('done');
    expect(after.progress.preparing).toBeUndefined();
    expect(after.counts.playerStats).toBe(top.n);
    const leaders = await host.leaders({ league: top.leagueSlug, sort: '-PTS', limit: '5' });
    if (!leaders.ok) throw new Error(leaders.issue.message);
    expect(leaders.value.toValue().data.length).toBeGreaterThan(0);
  });
});
