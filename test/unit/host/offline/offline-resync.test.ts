import { copyFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSync } from '../../../../electron/host/offline/sync/run.ts';
import { createServiceClient, type ServiceClient } from '../../../../electron/host/service-client/service-client.ts';
import { type RunningService, startService } from '../../../../service/server.ts';
import { openStoreClient, type StoreClient } from '../../../../store/index.ts';
import { type Fixture, startFixture } from '../../../contract/service-fixture.ts';
import { playersPage } from '../../store/fixtures.ts';

/**
 * Re-syncing a league the store already holds, against the real local service on a copy of the small
 * world: the pages carry every player field the store keeps, so no `/players/{id}` request is made; a
 * re-sync of unchanged data reads each team's pages again, sends every team-season as held (its digest
 * is the one recorded: checkpoint only) and writes no row (triggers of the test's own on the store's
 * tables count every write); after the test changes one player (name and `updatedAt`) and deletes one
 * stats record in the service's file, a re-sync sends with their rows exactly the team-seasons that
 * changed, writes exactly that player and that deletion, and the store holds exactly the service's rows
 * again. Data from another base URL is cleared.
 */

let fx: Fixture;
let db: string;
let port: number;
let svc: RunningService | null = null;
let base: string;
let store: StoreClient;
let league: string;
const calls: Record<string, number> = {};

/** The host's client, counting requests per endpoint (the requests still go to the real service). */
const inner = createServiceClient({ baseDelayMs: 10 });
const client: ServiceClient = {
  about: (b) => inner.about(b),
  requestJson: (b, req, key) => inner.requestJson(b, req, key),
  request: (b, req, key, opts) => {
    calls[req.endpoint] = (calls[req.endpoint] ?? 0) + 1;
    return inner.request(b, req, key, opts);
  },
};
const reset = () => {
  for (const k of Object.keys(calls)) delete calls[k];
};

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const p = (server.address() as { port: number }).port;
  await new Promise<void>((r) => server.close(() => r()));
  return p;
}

/** The service on the copy, always on the same port (the same base URL). */
async function serve() {
  svc = await startService({ db, port, keys: join(fx.dir, 'keys.json') });
  base = svc.baseUrl.replace(/\/+$/, '');
}

/** The test's own counts of a league in the copy: stats rows and players. */
function own(slug = league) {
  const raw = new DatabaseSync(db, { readOnly: true });
  const one = (sql: string) => (raw.prepare(sql).get(slug) as { n: number }).n;
  const out = {
    rows: one('SELECT COUNT(*) AS n FROM player_stats WHERE leagueSlug = ?'),
    players: one('SELECT COUNT(DISTINCT playerId) AS n FROM player_stats WHERE leagueSlug = ?'),
    // One page per team of the league (its seasons asked at once: fewer than a block's worth here).
    teams: one('SELECT COUNT(DISTINCT teamId) AS n FROM standings WHERE leagueSlug = ?'),
  };
  raw.close();
  return out;
}

/** What the download sent the store: team-seasons with their rows, and those held (checkpoint only). */
const sent = { units: [] as string[], held: [] as string[] };
/** The store as the download sees it, recording what each commit sends. */
const sending = (): StoreClient => ({
  ...store,
  commitPacked: (units, counts, held) => {
    sent.units.push(...units.map((u) => `${u.team.id}|${u.season.slug}`));
    sent.held.push(...(held ?? []).map((h) => `${h.teamId}|${h.seasonSlug}`));
    return store.commitPacked(units, counts, held);
  },
});

const sync = () => {
  sent.units = [];
  sent.held = [];
  return runSync({ leagues: [league] }, { client, store: sending(), baseUrl: base, apiKey: fx.keys.full });
};

/** The team-seasons (`teamId|seasonSlug`) of the league in the service's copy, in order. */
function unitsOf(where = '1 = 1', ...params: (string | number)[]) {
  const raw = new DatabaseSync(db, { readOnly: true });
  const rows = raw
    .prepare(`SELECT DISTINCT teamId, seasonSlug FROM player_stats WHERE leagueSlug = ? AND (${where})`)
    .all(league, ...params) as { teamId: number; seasonSlug: string }[];
  raw.close();
  return rows.map((r) => `${r.teamId}|${r.seasonSlug}`).sort();
}

/** The store's tables of synced data, whose every write the test's triggers log. */
const DATA_TABLES = ['leagues', 'seasons', 'teams', 'players', 'player_stats'] as const;

/**
 * Adds a log table and triggers of the test's own to the store file (a second connection: the worker
 * keeps its own), so every INSERT, UPDATE (even to the same values) and DELETE of a data row is logged.
 * Answers the writes logged, by table and kind, and clears the log.
 */
function watchWrites(file: string): () => Record<string, number> {
  const raw = new DatabaseSync(file);
  raw.exec('CREATE TABLE IF NOT EXISTS test_writes (what TEXT NOT NULL)');
  for (const t of DATA_TABLES) {
    for (const kind of ['INSERT', 'UPDATE', 'DELETE']) {
      raw.exec(
        `CREATE TRIGGER IF NOT EXISTS test_${t}_${kind} AFTER ${kind} ON ${t} BEGIN INSERT INTO test_writes VALUES ('${t} ${kind}'); END`,
      );
    }
  }
  return () => {
    const rows = raw.prepare('SELECT what, COUNT(*) AS n FROM test_writes GROUP BY what').all() as {
      what: string;
      n: number;
    }[];
    raw.exec('DELETE FROM test_writes');
    return Object.fromEntries(rows.map((r) => [r.what, r.n]));
  };
}
let writes: () => Record<string, number>;

beforeAll(async () => {
  fx = await startFixture();
  db = join(fx.dir, 'resync.db');
  copyFileSync(fx.dbFile, db);
  // The league with the fewest stats rows: a quick download.
  league = (
    fx.sql<{ s: string }>(
      'SELECT leagueSlug AS s FROM player_stats GROUP BY leagueSlug ORDER BY COUNT(*), leagueSlug LIMIT 1',
    )[0] as { s: string }
  ).s;
  port = await freePort();
  await serve();
  store = await openStoreClient({ file: join(fx.dir, 'resync.sqlite') });
  const first = await sync();
  expect(first.state).toBe('done');
  writes = watchWrites(join(fx.dir, 'resync.sqlite'));
});

afterAll(async () => {
  await store?.close();
  await svc?.close();
  await fx?.close();
});

describe('offline re-sync', () => {
  it('the first download holds each stat line and player of the league', async () => {
    const mine = own();
    expect(mine.players).toBeGreaterThan(0);
    expect((await store.counts()).playerStats).toBe(mine.rows);
    expect((await store.counts()).players).toBe(mine.players);
  });

  it('the first download sends every team-season with its rows', () => {
    expect([...sent.units].sort()).toEqual(unitsOf());
    expect(sent.held).toEqual([]);
  });

  it('a re-sync of unchanged data reads every page again, fetches no player and writes no row', async () => {
    const before = (await store.syncState()).map((s) => s.syncedAt);
    reset();
    writes();
    const r = await sync();
    expect(r.state).toBe('done');
    expect(calls.player ?? 0).toBe(0);
    // Every team of the league was read again: one page for all its seasons.
    expect(calls.teamPlayerStats).toBe(own().teams);
    expect(writes()).toEqual({});
    // Every team-season came as the store last wrote it: only its checkpoint was sent.
    expect(sent.units).toEqual([]);
    expect([...sent.held].sort()).toEqual(unitsOf());
    const after = await store.syncState();
    expect(after.every((s) => !s.inProgress)).toBe(true);
    expect(after.map((s) => s.syncedAt >= (before[0] as string)).every(Boolean)).toBe(true);
    expect(after.reduce((n, s) => n + s.rows, 0)).toBe(own().rows);
  });

  it('after the service changes a player and drops a record, a re-sync writes that player and that deletion only', async () => {
    const raw = new DatabaseSync(db, { readOnly: true });
    const rows = raw
      .prepare('SELECT id, playerId FROM player_stats WHERE leagueSlug = ? ORDER BY seasonSlug, id')
      .all(league) as { id: number; playerId: number }[];
    raw.close();
    const changed = (rows[0] as { playerId: number }).playerId;
    // A record of another player that is not his latest (his latest team stays as it is).
    const latest = new Map<number, number>();
    for (const r of rows) latest.set(r.playerId, r.id);
    const dropped = rows.find((r) => r.playerId !== changed && latest.get(r.playerId) !== r.id) as {
      id: number;
      playerId: number;
    };
    expect((await store.player(dropped.playerId))?.stats.map((s) => s.id)).toContain(dropped.id);
    // The team-seasons that change: the renamed player's (he is among their players) and the dropped record's.
    const changing = unitsOf('playerId = ? OR id = ?', changed, dropped.id);

    // The service reads its file once; change the file while it is stopped, then start it on the same port.
    await svc?.close();
    const rw = new DatabaseSync(db);
    rw.prepare("UPDATE players SET lastName = 'Zzyzxrenamed', updatedAt = '2099-01-01T00:00:00Z' WHERE id = ?").run(
      changed,
    );
    rw.prepare('DELETE FROM player_stats WHERE id = ?').run(dropped.id);
    rw.close();
    await serve();

    reset();
    writes();
    const r = await sync();
    expect(r.state, r.error ?? '').toBe('done');
    expect(calls.player ?? 0).toBe(0);
    expect(writes()).toEqual({ 'players UPDATE': 1, 'player_stats DELETE': 1 });
    // Those team-seasons were sent with their rows and compared; every other one was held.
    expect([...sent.units].sort()).toEqual(changing);
    expect([...sent.held, ...sent.units].sort()).toEqual(
      unitsOf()
        .concat(changing)
        .filter((u, i, all) => all.indexOf(u) === i)
        .sort(),
    );
    expect((await store.player(changed))?.name).toMatch(/ Zzyzxrenamed$/);
    // The host derives the rows after each download (store/cache/derive.ts): the search's among them.
    await store.prepareLeaders();
    expect((await playersPage(store, { q: 'zzyzx' })).data.map((p) => p.id)).toEqual([changed]);
    expect((await store.player(dropped.playerId))?.stats.map((s) => s.id)).not.toContain(dropped.id);
    const mine = own();
    expect((await store.counts()).playerStats).toBe(mine.rows);
  });

  it('a re-sync stopped midway resumes: the next download finishes it with the same rows', async () => {
    const ac = new AbortController();
    const stopped = await runSync(
      { leagues: [league] },
      {
        client,
        store,
        baseUrl: base,
        apiKey: fx.keys.full,
        signal: ac.signal,
        onUnitCommitted: (n) => {
          if (n === 2) ac.abort();
        },
      },
    );
    expect(stopped.state).toBe('cancelled');
    expect((await store.syncState()).some((s) => s.inProgress)).toBe(true);
    reset();
    const resumed = await sync();
    expect(resumed.state).toBe('done');
    // Resumed, not started over: the team-seasons committed before the stop are not read again. (Requests
    // already in flight at the stop may all have been committed, in which case nothing is left to read.)
    expect(calls.teamPlayerStats ?? 0).toBeLessThan(resumed.unitsTotal);
    expect((await store.syncState()).every((s) => !s.inProgress)).toBe(true);
    expect((await store.counts()).playerStats).toBe(own().rows);
  });

  it('data from another base URL is cleared before a download from it', async () => {
    expect(await store.source()).toBe(base);
    // The same service under another address is another base URL to the store; it downloads another league.
    const other = base.replace('127.0.0.1', 'localhost');
    const second = (
      fx.sql<{ s: string }>(
        'SELECT leagueSlug AS s FROM player_stats WHERE leagueSlug <> ? GROUP BY leagueSlug ORDER BY COUNT(*), leagueSlug LIMIT 1',
        league,
      )[0] as { s: string }
    ).s;
    const r = await runSync({ leagues: [second] }, { client, store, baseUrl: other, apiKey: fx.keys.full });
    expect(r.state).toBe('done');
    expect(await store.source()).toBe(other);
    const state = await store.syncState();
    expect(state.length).toBeGreaterThan(0);
    expect(state.every((s) => s.baseUrl === other && s.leagueSlug === second)).toBe(true);
    // Nothing of the earlier base URL is left: exactly the second league's rows and players.
    expect((await store.counts()).playerStats).toBe(own(second).rows);
    expect((await store.counts()).players).toBe(own(second).players);
    await store.prepareLeaders();
    expect((await playersPage(store, { q: 'zzyzx' })).data).toEqual([]);
  });
});
