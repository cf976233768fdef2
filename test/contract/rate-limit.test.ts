import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningService, startService } from '../../service/server.ts';
import { type Fixture, startFixture } from './service-fixture.ts';

/**
 * The local service's rate limit (off by default; `--rate-limit N`, `rateLimit` of startService): past
 * N requests a second for a key (here one per ten seconds, so the test's own pace cannot matter), 429 with a `Retry-After` in whole seconds and the one error body; each
 * key has a bucket of its own; without the flag no request is ever refused for its rate.
 */

let fx: Fixture;
let limited: RunningService;

beforeAll(async () => {
  fx = await startFixture();
  const keys = join(fx.dir, 'two-keys.json');
  writeFileSync(
    keys,
    JSON.stringify({
      keys: [
        { key: 'rate-key-one-123', organisation: 'One', leagues: '*', seasons: '*', categories: '*' },
        { key: 'rate-key-two-456', organisation: 'Two', leagues: '*', seasons: '*', categories: '*' },
      ],
    }),
  );
  limited = await startService({ db: fx.dbFile, port: 0, keys, rateLimit: { perSecond: 0.1 } });
});

afterAll(async () => {
  await limited?.close();
  await fx?.close();
});

const get = (base: string, key: string) => fetch(`${base}/teams?limit=1&fields=id&apiKey=${key}`);

describe('rate limit', () => {
  it('answers 429 with Retry-After past the limit, per key', async () => {
    const first: Response[] = [];
    for (let i = 0; i < 3; i++) first.push(await get(limited.baseUrl, 'rate-key-one-123'));
    expect(first.map((r) => r.status)).toEqual([200, 429, 429]);
    const refused = first[1] as Response;
    const wait = Number(refused.headers.get('retry-after'));
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(10);
    const body = await refused.json();
    expect(body.status).toBe(429);
    expect(body.message).toMatch(/Too many requests/);
    expect(JSON.stringify(body)).not.toContain('rate-key-one-123');
    // Another key has its own bucket.
    expect((await get(limited.baseUrl, 'rate-key-two-456')).status).toBe(200);
  });

  it('is off without the flag', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, () => get(fx.base, fx.keys.full)));
    expect(answers.every((r) => r.status === 200)).toBe(true);
  });
});
