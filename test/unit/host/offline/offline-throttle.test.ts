import { createServer, request as httpRequest, type Server } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adaptiveLimiter, runSync } from '../../../../electron/host/offline/sync/run.ts';
import { createServiceClient } from '../../../../electron/host/service-client.ts';
import { openStoreClient } from '../../../../store/index.ts';
import { type Fixture, startFixture } from '../../../contract/service-fixture.ts';

/**
 * The sync under a service that limits requests: a real HTTP proxy in front of the real local service
 * answers 429 with `Retry-After` to a run of `/players/{id}` requests (the real service publishes no rate
 * limit, so the proxy plays one), counting the requests it holds at once. The client gives up at once
 * (one attempt), so every 429 reaches the sync.
 */

let fx: Fixture;
let proxy: Server;
let proxyBase: string;
/** Requests of `/players/{n}` answered 429 so far, and how many more to refuse. */
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
    if (/\/players\/\d+/.test(path) && refuseNext > 0) {
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
      'SELECT t.leagueSlug AS s FROM player_stats ps JOIN teams t ON t.id = ps.teamId GROUP BY t.leagueSlug ORDER BY COUNT(*), t.leagueSlug LIMIT 1',
    )[0] as { s: string }
  ).s;

describe('sync under 429', () => {
  it('waits out each Retry-After, keeps within its bound, and ends with every row of the league', async () => {
    const league = smallLeague();
    const [own] = fx.sql<{ rows: number; players: number }>(
      'SELECT COUNT(*) AS rows, COUNT(DISTINCT ps.playerId) AS players FROM player_stats ps JOIN teams t ON t.id = ps.teamId WHERE t.leagueSlug = ?',
      league,
    );
    const store = await openStoreClient({ file: join(fx.dir, 'throttled.sqlite') });
    refuseNext = 12;
    retryAfter = '1';
    maxInFlight = 0;
    const r = await runSync(
      { leagues: [league] },
      {
        client: createServiceClient({ maxAttempts: 1 }),
        store,
        baseUrl: proxyBase,
        apiKey: fx.keys.full,
        concurrency: 6,
      },
    );
    expect(r.state).toBe('done');
    expect(refused).toBe(12);
    // Each refused request was asked again and answered.
    for (const url of refusedUrls) expect(servedUrls.has(url)).toBe(true);
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
      { client: createServiceClient({ maxAttempts: 1 }), store, baseUrl: proxyBase, apiKey: fx.keys.full },
    );
    expect(r.state).toBe('failed');
    expect(r.error).toMatch(/limits requests \(429\) and asks to wait 60 min/);
    refuseNext = 0;
    const again = await runSync(
      { leagues: [league] },
      { client: createServiceClient({ maxAttempts: 1 }), store, baseUrl: proxyBase, apiKey: fx.keys.full },
    );
    expect(again.state).toBe('done');
    const [own] = fx.sql<{ rows: number }>(
      'SELECT COUNT(*) AS rows FROM player_stats ps JOIN teams t ON t.id = ps.teamId WHERE t.leagueSlug = ?',
      league,
    );
    expect((await store.counts()).playerStats).toBe(own?.rows);
    await store.close();
  });
});

describe('adaptive limiter', () => {
  it('runs at most its bound at once, halves it on a 429, and grows back one per 50 calm answers', async () => {
    const limiter = adaptiveLimiter(8);
    let running = 0;
    let most = 0;
    const gates: (() => void)[] = [];
    const task = () =>
      limiter.run(async () => {
        running++;
        most = Math.max(most, running);
        await new Promise<void>((r) => gates.push(r));
        running--;
      });
    const settle = async () => {
      for (let i = 0; i < 5; i++) await new Promise((r) => setImmediate(r));
    };
    const tasks = Array.from({ length: 20 }, task);
    await settle();
    expect(running).toBe(8);
    expect(most).toBe(8);
    limiter.throttle(0);
    expect(limiter.bound()).toBe(4);
    limiter.throttle(0);
    limiter.throttle(0);
    limiter.throttle(0);
    expect(limiter.bound()).toBe(1);
    // The eight running end; from then on the other twelve run one at a time.
    for (const g of gates.splice(0)) g();
    await settle();
    most = 0;
    while (gates.length > 0) {
      gates.shift()?.();
      await settle();
    }
    await Promise.all(tasks);
    expect(most).toBe(1);
    for (let i = 0; i < 49; i++) limiter.calm();
    expect(limiter.bound()).toBe(1);
    limiter.calm();
    expect(limiter.bound()).toBe(2);
    for (let i = 0; i < 50 * 20; i++) limiter.calm();
    expect(limiter.bound()).toBe(8);
  });
});
