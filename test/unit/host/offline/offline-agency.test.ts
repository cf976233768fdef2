import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSync } from '../../../../electron/host/offline/sync/run.ts';
import { createServiceClient } from '../../../../electron/host/service-client/service-client.ts';
import { MIGRATIONS } from '../../../../store/cache/schema/migrations/index.ts';
import { openStoreClient, type StoreClient } from '../../../../store/index.ts';
import { type Fixture, startFixture } from '../../../contract/service-fixture.ts';
import { playersPage } from '../../store/fixtures.ts';

/**
 * The download keeps each player's agency (his Player record's `agencies`), so an agency's page can list
 * its clients among the players on this computer (`agency` filter), and a store from before the agencies
 * reads its players' records again at the next download. Expected agencies come from the service's file.
 */

let fx: Fixture;
let league: string;
const client = createServiceClient({ baseDelayMs: 10 });

beforeAll(async () => {
  fx = await startFixture();
  // The league with the fewest players that still has players with an agency: a quick download.
  league = fx.sql<{ slug: string }>(
    `SELECT ps.leagueSlug AS slug FROM player_stats ps JOIN players p ON p.id = ps.playerId
     GROUP BY 1 HAVING SUM(p.agencyId IS NOT NULL) > 5 ORDER BY COUNT(DISTINCT ps.playerId) LIMIT 1`,
  )[0]?.slug as string;
});
afterAll(async () => fx?.close());

/** Every player of the league with his agency, as the service's file has them. */
function expectedAgencies(): Map<number, { id: number; name: string } | null> {
  const rows = fx.sql<{ id: number; agencyId: number | null; agencyName: string | null }>(
    `SELECT DISTINCT p.id, p.agencyId, a.name AS agencyName FROM player_stats ps JOIN players p ON p.id = ps.playerId
     LEFT JOIN agencies a ON a.id = p.agencyId WHERE ps.leagueSlug = ?`,
    league,
  );
  return new Map(
    rows.map((r) => [r.id, r.agencyId === null ? null : { id: r.agencyId, name: r.agencyName as string }]),
  );
}

async function sync(store: StoreClient) {
  const result = await runSync({ leagues: [league] }, { client, store, baseUrl: fx.base, apiKey: fx.keys.full });
  expect(result.state).toBe('done');
}

describe('agencies in the offline store', () => {
  it('a download keeps each player’s agency, and the agency filter lists its clients', async () => {
    const store = await openStoreClient({ file: join(fx.dir, 'agency.sqlite') });
    try {
      await sync(store);
      const expected = expectedAgencies();
      for (const [id, agency] of expected)
        expect((await store.player(id))?.agency ?? null, `player ${id}`).toEqual(agency);
      const counts = new Map<number, number[]>();
      for (const [id, a] of expected) if (a) counts.set(a.id, [...(counts.get(a.id) ?? []), id]);
      const [agencyId, clients] = [...counts].sort((x, y) => y[1].length - x[1].length)[0] as [number, number[]];
      const page = await playersPage(store, { agency: String(agencyId), sort: 'id', limit: '1000' });
      expect(page.data.map((p) => p.id)).toEqual([...clients].sort((x, y) => x - y));
      expect(page._meta.totalRecords).toBe(clients.length);
      expect(page.data.every((p) => p.agency?.id === agencyId)).toBe(true);
      const refused = await store.listPlayers({ agency: 'ACME' });
      expect(refused.ok ? null : refused.issue.parameter).toBe('agency');
    } finally {
      await store.close();
    }
  });

  it('a store from before the agencies reads its players’ records again at the next download', async () => {
    const file = join(fx.dir, 'before-agencies.sqlite');
    const [player] = fx.sql<{ id: number; firstName: string; lastName: string }>(
      `SELECT p.id, p.firstName, p.lastName FROM players p
       WHERE p.agencyId IS NOT NULL AND p.id IN (SELECT playerId FROM player_stats WHERE leagueSlug = ?) ORDER BY p.id LIMIT 1`,
      league,
    );
    if (!player) throw new Error('no player with an agency');
    // His updatedAt as the service writes it (the stats records embed the same), so only the upgrade makes
    // the download read his record again.
    const served = (await fx.get(`/players/${player.id}?fields=updatedAt`)).body.data.updatedAt as string;
    // The schema as it was before agencies, holding the player as the service has him (same updatedAt).
    const agencies = MIGRATIONS.findIndex((m) => m.name === 'player agency');
    expect(agencies).toBeGreaterThan(0);
    const db = new DatabaseSync(file);
    for (const m of MIGRATIONS.slice(0, agencies)) db.exec(m.sql);
    db.exec(`PRAGMA user_version = ${agencies}`);
    // Downloaded from this very service, so the next download keeps what the store holds.
    db.prepare("INSERT INTO store_meta (key, value) VALUES ('baseUrl', ?)").run(fx.base);
    db.prepare('INSERT INTO players (id, name, updatedAt) VALUES (?, ?, ?)').run(
      player.id,
      `${player.firstName} ${player.lastName}`,
      served,
    );
    db.close();
    const store = await openStoreClient({ file });
    try {
      await sync(store);
      expect((await store.player(player.id))?.agency).toEqual(expectedAgencies().get(player.id));
    } finally {
      await store.close();
    }
  });
});
