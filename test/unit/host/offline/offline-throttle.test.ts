import { createServer, request as httpRequest, type Server } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSync } from '../../../../electron/host/offline/sync/run.ts';
import { createServiceClient } from '../../../../electron/host/service-client/service-client.ts';
import { openStoreClient } from '../../../../store/index.ts';
import { type Fixture, startFixture } from '../../../contract/service-fixture.ts';

/**
 * The sync under a service that limits requests: a real HTTP proxy in front of the real local service
 * answers 429 with `Retry-After` to a run of team player-stats requests (the real service publishes no
 * rate limit, so the proxy plays one), counting the requests it holds at once. Every 429 reaches the sync
 * (the download's requests ask the client not to retry them). The local service's own rate limit is
 * tested in offline-rate-limit.test.ts.
 */

let fx: Fixture;
let proxy: Server;
let proxyBase: string;
/** Team player-stats requests answered 429 so far, and how many more to refuse. */
let refused = 0;
let refuseNext = 0;
let retryAfter = '1';
let inFlight = 0;
let maxInFlight = 0;
const refusedUrls: string[] = [];
const servedUrls = new Set<string>();

beforeAll(async () => {
  fx = await startFixture();
  const target = new URL(fx.base);
  proxy = createServer((req, res) => {
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    const done = () => {
      inFlight--;
    };
    const path = req.url ?? '/';
    if (/\/teams\/\d+\/player-stats/.test(path) && refuseNext > 0) {
      refuseNext--;
      refused++;
      refusedUrls.push(path);
      res.writeHead(429, { 'content-type': 'application/json', 'retry-after': retryAfter });
      res.end(JSON.stringify({ message: 'Too many requests' }));
      done();
      return;
    }
    const up = httpRequest(
      { host: target.hostname, port: target.port, path, method: 'GET', headers: req.headers },
      (r) => {
        servedUrls.add(path);
        res.writeHead(r.statusCode ?? 502, r.headers);
        r.pipe(res);
        r.on('end', done);
      },
    );
    up.on('error', () => {
      res.writeHead(502);
      res.end();
      done();
    });
    up.end();
  });
  await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', () => r()));
  const { port } = proxy.address() as { port: number };
  proxyBase = `http://127.0.0.1:${port}${target.pathname.replace(/\/+$/, '')}`;
});

afterAll(async () => {
  await new Promise((r) => proxy?.close(r));
  await fx?.close();
});

/** The league with the fewest stats rows. */
const smallLeague = () =>
  (
    fx.sql<{ s: string }>(
      'SELECT leagueSlug AS s FROM player_stats GROUP BY leagueSlug ORDER BY COUNT(*), leagueSlug LIMIT 1',
    )[0] as { s: string }
  ).s;

describe('sync under 429', () => {
  it('waits out each Retry-After, keeps within its bound, and ends with every row of the league', async () => {
    const league = smallLeague();
    const [own] = fx.sql<{ rows: number; players: number }>(
      'SELECT COUNT(*) AS rows, COUNT(DISTINCT playerId) AS players FROM player_stats WHERE leagueSlug = ?',
      league,
    );
    const store = await openStoreClient({ file: join(fx.dir, 'throttled.sqlite') });
    refuseNext = 3;
    retryAfter = '1';
    maxInFlight = 0;
    const r = await runSync(
      { leagues: [league] },
      {
        client: createServiceClient(),
        store,
        baseUrl: proxyBase,
        apiKey: fx.keys.full,
        concurrency: 6,
        ceiling: 6,
      },
    );
    expect(r.state).toBe('done');
    expect(refused).toBe(3);
    expect(r.rateLimited).toBe(3);
    // Each refused request was asked again and answered.
    for (const url of refusedUrls) expect(servedUrls.has(url)).toBe(true);
    // Within its ceiling, though a 429 answered at once never reached the client's own retries.
    expect(maxInFlight).toBeLessThanOrEqual(6);
    const counts = await store.counts();
    expect(counts.playerStats).toBe(own?.rows);
    expect(counts.players).toBe(own?.players);
    await store.close();
  });

  it('a Retry-After beyond what it waits for stops the sync with a plain message; the next download resumes', async () => {
    const league = smallLeague();
    const file = join(fx.dir, 'quota.sqlite');
    const store = await openStoreClient({ file });
    refuseNext = 1_000_000;
    retryAfter = '3600';
    const r = await runSync(
      { leagues: [league] },
      { client: createServiceClient(), store, baseUrl: proxyBase, apiKey: fx.keys.full },
    );
    expect(r.state).toBe('failed');
    expect(r.error).toMatch(/limits requests \(429\) and asks to wait 60 min/);
    refuseNext = 0;
    const again = await runSync(
      { leagues: [league] },
      { client: createServiceClient(), store, baseUrl: proxyBase, apiKey: fx.keys.full },
    );
    expect(again.state).toBe('done');
    const [own] = fx.sql<{ rows: number }>('SELECT COUNT(*) AS rows FROM player_stats WHERE leagueSlug = ?', league);
    expect((await store.counts()).playerStats).toBe(own?.rows);
    await store.close();
  });
});
