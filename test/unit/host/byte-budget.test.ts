import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ByteBudget, createByteBudget } from '../../../electron/host/service-client/byte-budget.ts';
import { untilDelivered } from '../../../electron/host/service-client/delivery.ts';
import { createServiceClient } from '../../../electron/host/service-client/service-client.ts';
import { jsonPieces } from '../../../electron/host/shell/json-stream.ts';
import { type RunningService, startService } from '../../../service/server.ts';
import { seedDatabaseOnce } from '../service-data/database-once.ts';
import { startPeerServer } from './peer-server.ts';

// The bytes of service answers the host holds at once. The budget's own rules first, then the service
// client under a burst of the local service's largest pages (a team's player statistics across all its
// seasons at limit=1000, on the demo world), counting bytes in flight. Memory itself is measured by
// `npm run bench:host-memory`, never asserted here.

describe('the byte budget', () => {
  it('grants takes that fit at once, and counts what is held and the most ever held', async () => {
    const b = createByteBudget(100);
    const a = b.open();
    await a.take(60);
    const c = b.open();
    await c.take(40);
    expect(b.held()).toBe(100);
    a.close();
    c.close();
    expect(b.held()).toBe(0);
    expect(b.peak()).toBe(100);
  });

  it('a younger lease waits for room; the oldest never waits, even past the limit; waiters are served in order', async () => {
    const b = createByteBudget(100);
    const oldest = b.open();
    const second = b.open();
    const third = b.open();
    await second.take(80);
    const order: string[] = [];
    // Both wait: 80 + 30 > 100. The third's small take does not pass the second's larger one.
    expect(third.wouldWait(30)).toBe(true);
    const thirdTake = third.take(30).then(() => order.push('third'));
    const secondMore = second.take(50).then(() => order.push('second'));
    // The oldest lease is served at once though it takes the budget past its limit.
    await oldest.take(150);
    expect(b.held()).toBe(230);
    await new Promise((r) => setTimeout(r, 10));
    expect(order).toEqual([]);
    oldest.close();
    // Now the second is the oldest: served at once; the third (queued first) follows once it fits.
    await secondMore;
    expect(order).toEqual(['second']);
    second.close();
    await thirdTake;
    expect(order).toEqual(['second', 'third']);
    expect(b.held()).toBe(30);
    third.close();
    expect(b.held()).toBe(0);
    expect(b.peak()).toBe(230);
  });

  it('closing a lease ends its own waiting take and gives its bytes back', async () => {
    const b = createByteBudget(10);
    const first = b.open();
    await first.take(10);
    const second = b.open();
    const waiting = second.take(5);
    second.close();
    await waiting;
    first.close();
    expect(b.held()).toBe(0);
  });

  it('a streamed JSON answer is the same text as JSON.stringify', () => {
    const values: unknown[] = [
      { ok: true, value: { _meta: { offset: 0 }, data: [{ a: 1, b: [1, 'x', null], c: undefined }, null, 'é"\\\n'] } },
      [undefined, () => 1, Symbol('s'), new Date(0), { toJSON: () => 'j' }],
      { ['__proto__']: 1, f: () => 2, nested: { deep: { deeper: [[1], { x: undefined }] } } },
      'text',
      42,
      null,
    ];
    for (const v of values) expect([...jsonPieces(v)].join('')).toBe(JSON.stringify(v));
  });
});

let dir: string;
let service: RunningService;
let pages: { id: number; season: string; limit: string }[];
const KEY = 'budget-test-key-1';

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'rinkside-budget-'));
  const db = join(dir, 'demo.db');
  await seedDatabaseOnce(db, { size: 'demo', seed: 1 });
  await writeFile(
    join(dir, 'keys.json'),
    JSON.stringify({ keys: [{ key: KEY, organisation: 'T', leagues: '*', seasons: '*', categories: '*' }] }),
  );
  service = await startService({ db, port: 0, keys: join(dir, 'keys.json') });
  // The busiest teams, each across all its seasons: the demo world's largest pages (megabytes each).
  const teams = (await (await fetch(`${service.baseUrl}/teams?limit=8&sort=id&apiKey=${KEY}`)).json()) as {
    data: { id: number }[];
  };
  pages = [];
  for (const t of teams.data) {
    const s = (await (await fetch(`${service.baseUrl}/teams/${t.id}/seasons?limit=1000&apiKey=${KEY}`)).json()) as {
      data: { slug: string }[];
    };
    const season = [...new Set(s.data.map((x) => x.slug))].join(',');
    pages.push({ id: t.id, season, limit: '1000' }, { id: t.id, season, limit: '500' });
  }
}, 120_000);
afterAll(async () => {
  await service?.close();
  await rm(dir, { recursive: true, force: true });
});

/** The bytes of each page as the service sends it, fetched one at a time by the test. */
async function sizes(): Promise<number[]> {
  const out: number[] = [];
  for (const p of pages) {
    const q = new URLSearchParams({ season: p.season, limit: p.limit, apiKey: KEY });
    out.push((await (await fetch(`${service.baseUrl}/teams/${p.id}/player-stats?${q}`)).arrayBuffer()).byteLength);
  }
  return out;
}

function burst(client: ReturnType<typeof createServiceClient>) {
  return Promise.all(
    pages.map((p) =>
      client.request(
        service.baseUrl,
        { endpoint: 'teamPlayerStats', path: { id: p.id }, query: { season: p.season, limit: p.limit } },
        KEY,
      ),
    ),
  );
}

describe('bytes in flight across concurrent requests', () => {
  it('sixteen large pages at once: the client holds at most the budget plus one answer, and every answer is whole', async () => {
    const bytes = await sizes();
    const largest = Math.max(...bytes);
    expect(largest).toBeGreaterThan(1_000_000);

    const unbounded = createByteBudget(2 ** 40);
    const free = await burst(createServiceClient({ budget: unbounded, timeoutMs: 60_000 }));
    expect(free.every((r) => r.ok)).toBe(true);

    const limit = Math.ceil(largest * 1.2);
    const bounded = createByteBudget(limit);
    const held = await burst(createServiceClient({ budget: bounded, timeoutMs: 60_000 }));
    // The same records, whole, whatever the order the budget let the answers in.
    const records = (rs: typeof free) =>
      rs.map((r) => (r.ok ? JSON.stringify((r.value as { data: unknown[] }).data) : ''));
    expect(records(held)).toEqual(records(free));
    expect(records(held).every((d) => d.length > 2)).toBe(true);
    // Every byte went through the budget, and at no time did the client hold more than it allows.
    expect(bounded.peak()).toBeGreaterThanOrEqual(largest);
    expect(bounded.peak()).toBeLessThanOrEqual(limit + largest);
    // The last answer's bytes are given back on the next turn of the event loop, once its caller has it.
    await new Promise((r) => setImmediate(r));
    expect(bounded.held()).toBe(0);
    console.log(
      `16 pages, ${Math.round(bytes.reduce((a, b) => a + b, 0) / 1e6)} MB in all, largest ${Math.round(largest / 1e6)} MB: held at once ${Math.round(unbounded.peak() / 1e6)} MB without a bound, ${Math.round(bounded.peak() / 1e6)} MB with a ${Math.round(limit / 1e6)} MB budget`,
    );
  }, 120_000);

  it('a request waiting for room is not timed out by its wait: its clock runs only while the service is slow', async () => {
    // A peer that answers at once from memory (about 1 MiB, its length declared): the only slow thing here
    // is the wait for the budget, which the first answer holds until it is delivered. The second request
    // is seen waiting, then kept waiting for longer than its whole timeout; it must still succeed. On a
    // slow machine the wait only gets longer; the timeout is generous for the little work left outside it.
    const peer = await startPeerServer();
    try {
      const req = { endpoint: 'teams', path: {}, query: { scenario: 'huge-declared' } } as const;
      const size = (await (await fetch(`${peer.baseUrl}/teams?scenario=huge-declared`)).arrayBuffer()).byteLength;
      const budget = createByteBudget(size);
      let sawWait: () => void = () => {};
      const waiting = new Promise<void>((r) => {
        sawWait = r;
      });
      // The client's budget, telling the test when a take has to wait.
      const watched: ByteBudget = {
        ...budget,
        open() {
          const lease = budget.open();
          return {
            ...lease,
            take(bytes) {
              if (lease.wouldWait(bytes)) sawWait();
              return lease.take(bytes);
            },
          };
        },
      };
      const timeoutMs = 2000;
      const client = createServiceClient({ budget: watched, timeoutMs, maxAttempts: 1 });
      const first = await untilDelivered(() => client.request(peer.baseUrl, req, KEY));
      expect(first.result.ok).toBe(true);
      const second = client.request(peer.baseUrl, req, KEY);
      await waiting;
      const waitStarted = performance.now();
      await new Promise((r) => setTimeout(r, timeoutMs * 1.5));
      first.delivered();
      const r = await second;
      expect(r.ok, r.ok ? '' : r.error.message).toBe(true);
      // It did wait longer than its timeout (a lower bound: a slow machine only makes the wait longer).
      expect(performance.now() - waitStarted).toBeGreaterThanOrEqual(timeoutMs);
      expect(budget.held()).toBeGreaterThan(0);
      await new Promise((res) => setImmediate(res));
      expect(budget.held()).toBe(0);
    } finally {
      await peer.close();
    }
  }, 60_000);
});
