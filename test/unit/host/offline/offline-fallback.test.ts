import { createServer, request as httpRequest, type Server } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSync } from '../../../../electron/host/offline/sync/run.ts';
import { createServiceClient, type ServiceClient } from '../../../../electron/host/service-client/service-client.ts';
import { openStoreClient } from '../../../../store/index.ts';
import { type Fixture, startFixture } from '../../../contract/service-fixture.ts';

/**
 * A service that does not take the player fields a download asks of its team player-stats pages (the
 * spec shows no parameters for that operation): a real HTTP proxy in front of the real local service
 * either refuses them (400 naming `fields`, as an unknown field is refused) or ignores them (asks for
 * the embedded player instead). Either way the download falls back to `/players/{id}`, once per player
 * it lacks, and the store ends with the service's rows and players, their positions included. And a
 * league whose standings list no team (as a real league may have none): its team-seasons come from
 * the teams that played in it each season.
 */

let fx: Fixture;
let proxy: Server;
let proxyBase: string;
let mode: 'refuse' | 'ignore' | 'no-standings' = 'refuse';
const asksPlayerFields = (path: string) => /\/player-stats\?/.test(path) && /fields=[^&]*player\.id/.test(path);

beforeAll(async () => {
  fx = await startFixture();
  const target = new URL(fx.base);
  proxy = createServer((req, res) => {
    let path = req.url ?? '/';
    if (mode === 'no-standings' && /\/standings\?/.test(path)) {
      // A league whose standings list no team: an empty page, as the envelope gives it.
      res.writeHead(200, { 'content-type': 'application/json' });
      const meta = { generatedAt: new Date().toISOString(), offset: 0, limit: 1000, totalRecords: 0 };
      const link = `http://127.0.0.1${path}`;
      res.end(JSON.stringify({ _meta: meta, _links: { first: link, last: link, prev: null, next: null }, data: [] }));
      return;
    }
    if (mode !== 'no-standings' && asksPlayerFields(path)) {
      if (mode === 'refuse') {
        res.writeHead(400, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ message: "Unknown value in 'fields'", status: 400, parameter: 'fields' }));
        return;
      }
      // Ignored: the service answers its embedded player, as for a plain `player`.
      const url = new URL(path, 'http://x');
      const fields = (url.searchParams.get('fields') ?? '').split(',').filter((f) => !f.startsWith('player.'));
      url.searchParams.set('fields', [...fields, 'player'].join(','));
      path = `${url.pathname}${url.search}`;
    }
    const up = httpRequest({ host: target.hostname, port: target.port, path, headers: req.headers }, (r) => {
      res.writeHead(r.statusCode ?? 502, r.headers);
      r.pipe(res);
    });
    up.on('error', () => {
      res.writeHead(502);
      res.end();
    });
    up.end();
  });
  await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', () => r()));
  proxyBase = `http://127.0.0.1:${(proxy.address() as { port: number }).port}${target.pathname.replace(/\/+$/, '')}`;
});

afterAll(async () => {
  await new Promise((r) => proxy?.close(r));
  await fx?.close();
});

describe('a service that does not answer what a download asks first', () => {
  for (const m of ['refuse', 'ignore'] as const) {
    it(`(${m}s them): one /players/{id} per player, and the store as the service has it`, async () => {
      mode = m;
      const league = (
        fx.sql<{ s: string }>(
          'SELECT leagueSlug AS s FROM player_stats GROUP BY leagueSlug ORDER BY COUNT(*), leagueSlug LIMIT 1',
        )[0] as { s: string }
      ).s;
      const inner = createServiceClient({ baseDelayMs: 10 });
      const players = new Map<number, number>();
      const client: ServiceClient = {
        about: (b) => inner.about(b),
        requestJson: (b, req, key) => inner.requestJson(b, req, key),
        request: (b, req, key, opts) => {
          if (req.endpoint === 'player') {
            const id = Number(req.path.id);
            players.set(id, (players.get(id) ?? 0) + 1);
          }
          return inner.request(b, req, key, opts);
        },
      };
      const store = await openStoreClient({ file: join(fx.dir, `fallback-${m}.sqlite`) });
      try {
        const r = await runSync({ leagues: [league] }, { client, store, baseUrl: proxyBase, apiKey: fx.keys.full });
        expect(r.state, r.error ?? '').toBe('done');
        const own = fx.sql<{ id: number; position: string | null; shoots: string | null }>(
          'SELECT id, position, shoots FROM players WHERE id IN (SELECT playerId FROM player_stats WHERE leagueSlug = ?) ORDER BY id',
          league,
        );
        // Each player the store lacked, asked once.
        expect([...players.keys()].sort((a, b) => a - b)).toEqual(own.map((p) => p.id));
        expect([...players.values()].every((n) => n === 1)).toBe(true);
        const [rows] = fx.sql<{ n: number }>('SELECT COUNT(*) AS n FROM player_stats WHERE leagueSlug = ?', league);
        expect((await store.counts()).playerStats).toBe(rows?.n);
        for (const p of own.slice(0, 20)) {
          const mine = await store.player(p.id);
          expect({ position: mine?.position, shoots: mine?.shoots }).toEqual({
            position: p.position,
            shoots: p.shoots,
          });
        }
      } finally {
        await store.close();
      }
    });
  }

  it('a league whose standings list no team: its team-seasons come from the teams that played in it', async () => {
    mode = 'no-standings';
    const league = (
      fx.sql<{ s: string }>(
        'SELECT leagueSlug AS s FROM player_stats GROUP BY leagueSlug ORDER BY COUNT(*), leagueSlug LIMIT 1',
      )[0] as { s: string }
    ).s;
    const store = await openStoreClient({ file: join(fx.dir, 'fallback-standings.sqlite') });
    try {
      const r = await runSync(
        { leagues: [league] },
        { client: createServiceClient({ baseDelayMs: 10 }), store, baseUrl: proxyBase, apiKey: fx.keys.full },
      );
      expect(r.state, r.error ?? '').toBe('done');
      const [own] = fx.sql<{ units: number; rows: number }>(
        'SELECT (SELECT COUNT(*) FROM team_seasons WHERE leagueSlug = ?) AS units, COUNT(*) AS rows FROM player_stats WHERE leagueSlug = ?',
        league,
        league,
      );
      expect(r.unitsTotal).toBe(own?.units);
      expect((await store.counts()).playerStats).toBe(own?.rows);
    } finally {
      await store.close();
    }
  });
});
