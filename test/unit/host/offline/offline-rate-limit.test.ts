import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adaptiveLimiter, START } from '../../../../electron/host/offline/sync/limiter.ts';
import { runSync } from '../../../../electron/host/offline/sync/run.ts';
import { createServiceClient, type ServiceClient } from '../../../../electron/host/service-client/service-client.ts';
import { type RunningService, startService } from '../../../../service/server.ts';
import { openStoreClient } from '../../../../store/index.ts';
import { type Fixture, startFixture } from '../../../contract/service-fixture.ts';

/**
 * A download from the local service started with its rate limit (`rateLimit`, the `--rate-limit` flag):
 * the service answers 429 with `Retry-After` past 6 requests a second, the download slows down (fewer
 * requests at once, a pace on their starts) and still ends with every stat line of the two leagues.
 */

let fx: Fixture;
let limited: RunningService;

beforeAll(async () => {
  fx = await startFixture();
  limited = await startService({
    db: fx.dbFile,
    port: 0,
    keys: join(fx.dir, 'keys.json'),
    rateLimit: { perSecond: 6 },
  });
});

afterAll(async () => {
  await limited?.close();
  await fx?.close();
});

describe('a download from a rate-limited service', () => {
  it('takes its 429s, slows the pool, and completes with every stat line', async () => {
    const leagues = fx
      .sql<{ leagueSlug: string }>(
        'SELECT leagueSlug FROM player_stats GROUP BY leagueSlug ORDER BY COUNT(*) DESC, leagueSlug LIMIT 2',
      )
      .map((r) => r.leagueSlug);
    const inner = createServiceClient();
    const answers: { status: number; retryAfterMs: number | undefined }[] = [];
    // The host's client, noting each 429 the service answered (the requests go to the real service).
    const client: ServiceClient = {
      about: (b) => inner.about(b),
      requestJson: (b, req, key) => inner.requestJson(b, req, key),
      request: async (b, req, key, opts) => {
        const r = await inner.request(b, req, key, opts);
        if (!r.ok && r.error.kind === 'rate-limited') answers.push({ status: 429, retryAfterMs: r.error.retryAfterMs });
        return r;
      },
    };
    const limiter = adaptiveLimiter();
    const store = await openStoreClient({ file: join(fx.dir, 'rate-limited.sqlite') });
    try {
      const r = await runSync({ leagues }, { client, store, baseUrl: limited.baseUrl, apiKey: fx.keys.full, limiter });
      expect(r.state, r.error ?? '').toBe('done');
      // The service limited the download, with a Retry-After each time, and the download counted it.
      expect(answers.length).toBeGreaterThan(0);
      expect(answers.every((a) => a.retryAfterMs !== undefined && a.retryAfterMs >= 1000)).toBe(true);
      expect(r.rateLimited).toBe(answers.length);
      // Slowed: fewer at once than it started with, and a pace on the starts.
      const stats = limiter.stats();
      expect(stats.rateLimited).toBe(answers.length);
      expect(stats.bound).toBeLessThan(START);
      expect(stats.pace).not.toBeNull();
      const marks = leagues.map(() => '?').join(',');
      const [own] = fx.sql<{ rows: number; players: number }>(
        `SELECT COUNT(*) AS rows, COUNT(DISTINCT playerId) AS players FROM player_stats WHERE leagueSlug IN (${marks})`,
        ...leagues,
      );
      const counts = await store.counts();
      expect(counts.playerStats).toBe(own?.rows);
      expect(counts.players).toBe(own?.players);
      expect(r.unitsDone).toBe(r.unitsTotal);
    } finally {
      await store.close();
    }
  });
});
