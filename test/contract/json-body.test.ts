import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markImmutable, toJsonBody, toJsonText } from '../../service/ops/records/json/json-text.ts';
import { type Fixture, startFixture } from './service-fixture.ts';

/**
 * Response bodies reuse the encoded JSON of records kept per connection (service/ops/records/
 * json-text.ts, loader.ts). These tests hold that path to `JSON.stringify`: the body is byte for byte
 * what `JSON.stringify` writes for the same value, a warm (cached) response equals the cold one, and a
 * cached record never carries another caller's key.
 */

describe('toJsonBody', () => {
  it('writes exactly the bytes of JSON.stringify, with kept records spliced in', () => {
    const country = { slug: 'swe', name: 'Sverige — Sweden', flag: '🇸🇪', n: 0.915 };
    const team = { id: 7, name: 'Ö "Quote" \\ Club', country, tags: ['a', 'b'], missing: undefined };
    const player = { id: 1, name: 'Åke', staff: null, agencies: [{ id: 2 }], age: 31 };
    for (const r of [country, team, player]) markImmutable(r);
    const coaches = { headCoaches: [player], assistantCoaches: [], goaltendingCoaches: [player, player] };
    const value = {
      _meta: { generatedAt: '2026-01-01T00:00:00.000Z', offset: 0, limit: 3, totalRecords: 3 },
      _links: { first: 'http://x/v1/teams?offset=0&limit=3', last: null, prev: null, next: null },
      data: [
        { id: 1, team, player, coaches, logs: [team, { team, n: -0 }], gone: undefined, fn: () => 1 },
        team,
        { id: 3, plain: { a: [1, 'x', null, undefined], b: '\u2028' } },
      ],
    };
    const expected = Buffer.from(JSON.stringify(value), 'utf8');
    // Twice: the second reuses the bytes kept by the first. The chunks, written in order, are the body.
    for (let i = 0; i < 2; i++) {
      const body = toJsonBody(value);
      expect(body.chunks.length).toBeGreaterThan(1);
      expect(Buffer.concat(body.chunks).equals(expected)).toBe(true);
      expect(body.length).toBe(expected.length);
    }
    // A value with no kept record takes the plain path.
    const plain = { _meta: {}, data: [{ a: 1 }, 2, 'x'] };
    expect(toJsonText(plain)).toBe(JSON.stringify(plain));
    expect(toJsonText(null)).toBe('null');
  });
});

describe('responses that embed kept records', () => {
  let fx: Fixture;
  let teamId: number;
  let leagueSlug: string;

  beforeAll(async () => {
    fx = await startFixture();
    const [t] = fx.sql<{ teamId: number }>(
      'SELECT teamId FROM player_stats GROUP BY teamId ORDER BY COUNT(*) DESC, teamId LIMIT 1',
    );
    const [l] = fx.sql<{ leagueSlug: string }>(
      'SELECT leagueSlug FROM player_stats GROUP BY leagueSlug ORDER BY COUNT(*) DESC, leagueSlug LIMIT 1',
    );
    if (!t || !l) throw new Error('the small data set has no player stats');
    teamId = t.teamId;
    leagueSlug = l.leagueSlug;
  }, 120_000);
  afterAll(async () => {
    await fx?.close();
  });

  const paths = () => [
    '/teams?limit=50',
    `/teams/${teamId}/player-stats?limit=30`,
    `/teams/${teamId}/goaltending-leaders?limit=30`,
    `/leagues/${leagueSlug}/where-are-they-now?limit=30`,
    '/stars-and-cult-players?limit=30',
    '/game-log-aggregate?limit=30',
    `/leagues/${leagueSlug}/standings?limit=30`,
  ];

  /** The raw body text of GET `path`, the key in the query (`query`) or the header. */
  async function text(path: string, key: string, how: 'query' | 'header'): Promise<string> {
    const url = new URL(`${fx.base}${path}`);
    if (how === 'query') url.searchParams.set('apiKey', key);
    const res = await fetch(url, how === 'header' ? { headers: { 'X-Api-Key': key } } : {});
    expect(res.status).toBe(200);
    const body = await res.text();
    expect(Number(res.headers.get('content-length'))).toBe(Buffer.byteLength(body, 'utf8'));
    return body;
  }
  const withoutTime = (body: string) => body.replace(/"generatedAt":"[^"]*"/, '"generatedAt":""');

  it('is JSON.stringify of its own value, and the same cold and warm', async () => {
    for (const path of paths()) {
      const cold = await text(path, fx.keys.full, 'query');
      const warm = await text(path, fx.keys.full, 'query');
      const parsed = JSON.parse(cold) as { data: unknown[] };
      expect(parsed.data.length, path).toBeGreaterThan(0);
      expect(JSON.stringify(parsed), path).toBe(cold);
      expect(withoutTime(warm), path).toBe(withoutTime(cold));
    }
  });

  it("never carries another caller's key: links follow each request's own key transport", async () => {
    for (const path of paths()) {
      const full = await text(path, fx.keys.full, 'query');
      expect(full, path).toContain(`apiKey=${fx.keys.full}`);
      const viaHeader = await text(path, fx.keys.full, 'header');
      expect(viaHeader, path).not.toContain('apiKey=');
      // Only the key differs: record links lose `?apiKey=…`, envelope links `&apiKey=…`.
      const stripped = withoutTime(full)
        .replaceAll(`?apiKey=${fx.keys.full}`, '')
        .replaceAll(`&apiKey=${fx.keys.full}`, '');
      expect(withoutTime(viaHeader), path).toBe(stripped);
      // A second key with every league and season (categories team and league) sees the same records.
      if (path.startsWith('/stars') || path.startsWith('/game-log')) continue;
      const other = await text(path, fx.keys.noArena, 'query');
      expect(other, path).not.toContain(fx.keys.full);
      expect(other, path).toContain(`apiKey=${fx.keys.noArena}`);
      expect(withoutTime(other).replaceAll(fx.keys.noArena, 'K'), path).toBe(
        withoutTime(full).replaceAll(fx.keys.full, 'K'),
      );
    }
  });
});
