import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backoffDelay, parseRetryAfter } from '../../../electron/host/service-client/retry.ts';
import {
  createServiceClient,
  type ParsedServiceRequest,
} from '../../../electron/host/service-client/service-client.ts';
import { type PeerServer, startPeerServer } from './peer-server.ts';

// A key with characters that change under percent-encoding, so encoded leaks are caught too.
const KEY = 'sk-live/Zq9+Wx=7';
const ENCODED_KEY = encodeURIComponent(KEY);

let peer: PeerServer;
beforeAll(async () => {
  peer = await startPeerServer();
});
afterAll(async () => {
  await peer.close();
});

/** A client with short, recorded backoff sleeps (the delays are checked as values, not timed). */
function makeClient(extra: Parameters<typeof createServiceClient>[0] = {}) {
  const sleeps: number[] = [];
  const logs: string[] = [];
  const client = createServiceClient({
    timeoutMs: 2_000,
    maxAttempts: 4,
    baseDelayMs: 10,
    maxDelayMs: 40,
    log: (l) => logs.push(l),
    sleep: async (ms) => {
      sleeps.push(ms);
      await new Promise((r) => setTimeout(r, 5));
    },
    ...extra,
  });
  return { client, sleeps, logs };
}

/** A port that was free a moment ago and has nothing listening now. */
async function closedPort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const { port } = s.address() as AddressInfo;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

function teams(scenario: string): ParsedServiceRequest<'teams'> {
  return { endpoint: 'teams', path: {}, query: { scenario, limit: '2' } };
}

/** The key must appear nowhere: not raw, not percent-encoded, in the whole serialised value. */
function expectNoKey(value: unknown) {
  const s = JSON.stringify(value);
  expect(s).not.toContain(KEY);
  expect(s).not.toContain(ENCODED_KEY);
  // Log lines may say `apiKey=REDACTED`; any other value is a leak.
  expect(s).not.toMatch(/api(k|%4b)ey=(?!REDACTED)/i);
}

describe('service client: success and key stripping', () => {
  it('sends the key as the apiKey query parameter, builds the path from the template, and strips the key from every link', async () => {
    const { client, logs } = makeClient();
    const before = peer.seen.length;
    const r = await client.request(peer.baseUrl, teams('ok'), KEY);
    expect(r.ok).toBe(true);
    const sent = peer.seen.slice(before);
    expect(sent).toHaveLength(1);
    const url = new URL(sent[0] ?? '', peer.origin);
    expect(url.pathname).toBe('/v1/teams');
    expect(url.searchParams.get('apiKey')).toBe(KEY);
    expect(url.searchParams.get('limit')).toBe('2');
    if (!r.ok) return;
    expectNoKey(r.value);
    // Links handed on carry no apiKey parameter at all, not even a redacted one.
    expect(JSON.stringify(r.value)).not.toMatch(/api(k|%4b)ey/i);
    const env = r.value as {
      _links: Record<string, string | null>;
      data: Array<{ logoUrl?: string; _links?: unknown; note?: string }>;
    };
    // Other parameters survive byte for byte (the comma in sort stays a comma).
    expect(env._links.first).toBe(`${peer.baseUrl}/teams?offset=0&limit=2&sort=-regularStats.SVP,name`);
    expect(env._links.last).toBe(`${peer.baseUrl}/teams?offset=4&limit=2`);
    expect(env._links.prev).toBeNull();
    expect(env._links.next).toBe('/v1/teams?offset=2&limit=2#top');
    expect(env.data[0]?.logoUrl).toBe('https://img.example.org/logo/1.png?w=64');
    expect(env.data[0]?._links).toEqual([`${peer.baseUrl}/teams/1`, `${peer.baseUrl}/teams/1/seasons?fields=*`]);
    expect(env.data[0]?.note).toBe('plain text that mentions the key REDACTED by mistake');
    expect(env.data[1]?._links).toEqual({ self: `${peer.baseUrl}/teams/2` });
    expectNoKey(logs);
    expect(logs[0]).toContain('apiKey=REDACTED');
  });

  it('validates a single-item endpoint against the item envelope', async () => {
    const { client } = makeClient();
    const r = await client.request(
      peer.baseUrl,
      { endpoint: 'team', path: { id: 7 }, query: { scenario: 'item' } },
      KEY,
    );
    expect(r).toMatchObject({ ok: true, value: { data: { id: 7, name: 'Team' } } });
    expectNoKey(r);
  });

  it('sends no apiKey at all when there is no key', async () => {
    const { client } = makeClient();
    const before = peer.seen.length;
    await client.request(peer.baseUrl, teams('ok'), null);
    expect(peer.seen.slice(before)[0]).not.toMatch(/apikey/i);
  });

  it('drops an apiKey smuggled into the query and refuses a malformed base URL', async () => {
    const { client } = makeClient();
    const before = peer.seen.length;
    await client.request(
      peer.baseUrl,
      { endpoint: 'teams', path: {}, query: { APIKEY: 'other', scenario: 'ok' } },
      KEY,
    );
    const url = new URL(peer.seen.slice(before)[0] ?? '', peer.origin);
    expect(url.searchParams.getAll('apiKey')).toEqual([KEY]);
    expect(url.searchParams.has('APIKEY')).toBe(false);
    const bad = await client.request('ftp://example.org/v1', teams('ok'), KEY);
    expect(bad).toMatchObject({ ok: false, error: { kind: 'bad-request', parameter: 'baseUrl' } });
  });
});

describe('service client: retries', () => {
  it('honours Retry-After in seconds on 429, then succeeds', async () => {
    const { client, sleeps } = makeClient();
    const r = await client.request(peer.baseUrl, teams('retry-after-seconds'), KEY);
    expect(r.ok).toBe(true);
    expect(peer.count('retry-after-seconds')).toBe(2);
    expect(sleeps).toHaveLength(1);
    expect(sleeps[0]).toBeGreaterThanOrEqual(1000);
    expectNoKey(r);
  });

  it('honours Retry-After as an HTTP date', async () => {
    const { client, sleeps } = makeClient();
    const r = await client.request(peer.baseUrl, teams('retry-after-date'), KEY);
    expect(r.ok).toBe(true);
    expect(peer.count('retry-after-date')).toBe(2);
    // The date has one-second resolution: between 1 and 2 seconds from when it was read.
    expect(sleeps[0]).toBeGreaterThanOrEqual(900);
    expect(sleeps[0]).toBeLessThanOrEqual(2100);
  });

  it('does not wait for a Retry-After beyond its ceiling: the 429 comes back with retryAfterMs', async () => {
    const { client, sleeps } = makeClient();
    const r = await client.request(peer.baseUrl, teams('retry-after-long'), KEY);
    expect(r).toEqual({
      ok: false,
      error: { kind: 'rate-limited', status: 429, message: 'Quota exhausted', retryAfterMs: 3_600_000 },
    });
    expect(peer.count('retry-after-long')).toBe(1);
    expect(sleeps).toEqual([]);
  });

  it('gives up on a persistent 429 after maxAttempts, with growing backoff', async () => {
    const { client, sleeps } = makeClient({ random: () => 1 });
    const r = await client.request(peer.baseUrl, teams('always-429'), KEY);
    expect(r).toMatchObject({ ok: false, error: { kind: 'rate-limited', status: 429 } });
    expect(peer.count('always-429')).toBe(4);
    // random() = 1 gives the full step: 10, 20, 40 (base 10 ms, doubling, ceiling 40).
    expect(sleeps).toEqual([10, 20, 40]);
  });

  it('retries 503 then succeeds', async () => {
    const { client } = makeClient();
    const r = await client.request(peer.baseUrl, teams('503-then-200'), KEY);
    expect(r.ok).toBe(true);
    expect(peer.count('503-then-200')).toBe(2);
  });

  it('retries 502 and 504 (non-JSON bodies) then succeeds', async () => {
    const { client } = makeClient();
    const r = await client.request(peer.baseUrl, teams('502-504-then-200'), KEY);
    expect(r.ok).toBe(true);
    expect(peer.count('502-504-then-200')).toBe(3);
  });

  it('maps a persistent 503 to a server error after maxAttempts', async () => {
    const { client } = makeClient();
    const r = await client.request(peer.baseUrl, teams('always-503'), KEY);
    expect(r).toEqual({ ok: false, error: { kind: 'server', status: 503, message: 'Down' } });
    expect(peer.count('always-503')).toBe(4);
  });

  it('retries a reset connection', async () => {
    const { client } = makeClient();
    const r = await client.request(peer.baseUrl, teams('reset'), KEY);
    expect(r.ok).toBe(true);
    expect(peer.count('reset')).toBe(2);
  });

  it('maps a refused connection to a network error after maxAttempts, without the key', async () => {
    const { client, sleeps, logs } = makeClient();
    const port = await closedPort();
    const r = await client.request(`http://127.0.0.1:${port}/v1`, teams('ok'), KEY);
    expect(r).toEqual({
      ok: false,
      error: {
        kind: 'network',
        message: `Could not reach the service at http://127.0.0.1:${port} (connection refused).`,
      },
    });
    expect(sleeps).toHaveLength(3);
    expectNoKey(logs);
  });
});

describe('service client: failures that are not retried', () => {
  it.each([
    ['500', { kind: 'server', status: 500, message: 'Internal error' }],
    [
      '400',
      {
        kind: 'bad-request',
        status: 400,
        message: 'Invalid sort field',
        parameter: 'sort',
        allowed: ['name', '-name', 'id'],
      },
    ],
    ['403', { kind: 'forbidden', status: 403, message: 'League nhl is outside your subscription' }],
    ['404', { kind: 'not-found', status: 404, message: 'Team not found' }],
    ['401-plain', { kind: 'unauthorized', status: 401, message: 'HTTP 401' }],
  ])('%s → one attempt, mapped', async (scenario, error) => {
    const { client } = makeClient();
    const r = await client.request(peer.baseUrl, teams(scenario), KEY);
    expect(r).toEqual({ ok: false, error });
    expect(peer.count(scenario)).toBe(1);
  });

  it('401 whose JSON message echoes the key and the keyed URL: unauthorized, key scrubbed', async () => {
    const { client } = makeClient();
    const r = await client.request(peer.baseUrl, teams('401-echo'), KEY);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.kind).toBe('unauthorized');
    expect(r.error.message).toContain('Api Key REDACTED is not valid');
    expectNoKey(r);
    expect(peer.count('401-echo')).toBe(1);
  });

  it('a hanging service → timeout after timeoutMs, one attempt', async () => {
    const { client } = makeClient({ timeoutMs: 300 });
    const r = await client.request(peer.baseUrl, teams('hang'), KEY);
    expect(r).toMatchObject({ ok: false, error: { kind: 'timeout', timeoutMs: 300 } });
    expect(peer.count('hang')).toBe(1);
    expectNoKey(r);
  });

  it('non-JSON 200 → invalid-response', async () => {
    const { client } = makeClient();
    const r = await client.request(peer.baseUrl, teams('not-json'), KEY);
    expect(r).toEqual({
      ok: false,
      error: { kind: 'invalid-response', message: 'The service answered with something other than JSON (text/html).' },
    });
  });

  it('JSON that is not the envelope → invalid-response naming the field', async () => {
    const { client } = makeClient();
    const r = await client.request(peer.baseUrl, teams('bad-envelope'), KEY);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.kind).toBe('invalid-response');
    expect(r.error.message).toMatch(/list envelope.*_meta\.generatedAt/);
  });

  it('a redirect is not followed (it would carry the key elsewhere)', async () => {
    const { client } = makeClient();
    const r = await client.request(peer.baseUrl, teams('redirect'), KEY);
    expect(r).toMatchObject({ ok: false, error: { kind: 'server', status: 302 } });
    expectNoKey(r);
  });
});

describe('service client: about', () => {
  it('GET {baseUrl}/about without a key, validated', async () => {
    const { client } = makeClient();
    const r = await client.about(peer.baseUrl);
    expect(r).toEqual({
      ok: true,
      value: { version: '1.0', provenance: { source: 'synthetic', description: 'Peer test data', extra: 1 } },
    });
  });
  it('an about body of the wrong shape → invalid-response', async () => {
    const { client } = makeClient();
    const r = await client.about(`${peer.origin}/bad/v1`);
    expect(r).toMatchObject({ ok: false, error: { kind: 'invalid-response' } });
  });
});

describe('parseRetryAfter and backoffDelay', () => {
  const now = Date.parse('2026-11-21T08:00:00Z');
  it.each([
    ['0', 0],
    ['7', 7000],
    [' 12 ', 12000],
    ['Sat, 21 Nov 2026 08:00:30 GMT', 30000],
    ['Sat, 21 Nov 2026 07:59:00 GMT', 0],
    ['soon', undefined],
    ['-5', undefined],
    ['1.5', undefined],
  ])('Retry-After %j → %j ms', (header, ms) => {
    expect(parseRetryAfter(header, now)).toBe(ms);
  });
  it('absent header → undefined', () => {
    expect(parseRetryAfter(null, now)).toBeUndefined();
  });
  it('equal jitter stays within [step/2, step], capped, and never under Retry-After', () => {
    const o = (r: number) => ({ baseDelayMs: 100, maxDelayMs: 1000, random: () => r });
    expect(backoffDelay(1, o(0))).toBe(50);
    expect(backoffDelay(1, o(1))).toBe(100);
    expect(backoffDelay(3, o(0.5))).toBe(300);
    expect(backoffDelay(10, o(1))).toBe(1000);
    expect(backoffDelay(1, o(0), 5000)).toBe(5000);
  });
});
