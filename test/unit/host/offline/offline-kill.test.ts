import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOfflineHost } from '../../../../electron/host/offline/offline-host.ts';
import { createServiceClient } from '../../../../electron/host/service-client/service-client.ts';
import { type RunningService, startService } from '../../../../service/server.ts';
import { openStoreClient, storeFile } from '../../../../store/index.ts';
import { type Fixture, startFixture } from '../../../contract/service-fixture.ts';

/**
 * A download killed for real: the download runs in a process of its own (sync-child.ts) from the local
 * service started with its rate limit (so it takes a few seconds), and the test kills that process
 * (SIGKILL) once it has committed a team-season. The next start reads the download back as interrupted
 * where it stopped (the store's kept run and its checkpoints agree), and Resume ends it with exactly the
 * service's stat lines: each one once, none missing, per team-season.
 */

let fx: Fixture;
let slow: RunningService;
let leagues: string[];
const SOURCE = 'test';

beforeAll(async () => {
  fx = await startFixture();
  slow = await startService({ db: fx.dbFile, port: 0, keys: join(fx.dir, 'keys.json'), rateLimit: { perSecond: 4 } });
  leagues = fx
    .sql<{ leagueSlug: string }>(
      'SELECT leagueSlug FROM player_stats GROUP BY leagueSlug ORDER BY COUNT(*) DESC, leagueSlug LIMIT 2',
    )
    .map((r) => r.leagueSlug);
});

afterAll(async () => {
  await slow?.close();
  await fx?.close();
});

/** Runs sync-child.ts and kills it (SIGKILL) at its first committed team-season; answers what it printed. */
async function killMidway(file: string): Promise<string[]> {
  const child = spawn(
    process.execPath,
    [join(import.meta.dirname, 'sync-child.ts'), file, slow.baseUrl, fx.keys.full, leagues.join(',')],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const lines: string[] = [];
  const exited = new Promise((r) => child.once('exit', r));
  for await (const line of createInterface({ input: child.stdout })) {
    lines.push(line);
    if (line.startsWith('committed') || line.startsWith('done')) {
      child.kill('SIGKILL');
      break;
    }
  }
  await exited;
  return lines;
}

/** Stat lines per team-season, `league|team|season` → count, of a database's `player_stats`. */
function perTeamSeason(rows: { leagueSlug: string; teamId: number; seasonSlug: string; n: number }[]) {
  return Object.fromEntries(rows.map((r) => [`${r.leagueSlug}|${r.teamId}|${r.seasonSlug}`, r.n]));
}

describe('a download killed mid-download', () => {
  it('reads back as interrupted where it stopped, and Resume ends it with every stat line once', async () => {
    const dataDir = join(fx.dir, 'killed');
    const file = storeFile(dataDir);
    const { mkdirSync } = await import('node:fs');
    mkdirSync(dataDir, { recursive: true });
    const printed = await killMidway(file);
    expect(
      printed.some((l) => l.startsWith('done')),
      'killed before its end',
    ).toBe(false);
    expect(printed[0]).toMatch(/^committed \d+$/);

    // The store as the kill left it: its checkpoints, read with a connection of the test's own.
    const raw = new DatabaseSync(file, { readOnly: true });
    const done = raw
      .prepare("SELECT COUNT(*) AS n, SUM(rowCount) AS rows FROM sync_units WHERE status = 'done'")
      .get() as {
      n: number;
      rows: number;
    };
    raw.close();
    const marks = leagues.map(() => '?').join(',');
    const [all] = fx.sql<{ units: number; rows: number; players: number }>(
      `SELECT (SELECT COUNT(*) FROM standings WHERE leagueSlug IN (${marks})) AS units,
              COUNT(*) AS rows, COUNT(DISTINCT playerId) AS players FROM player_stats WHERE leagueSlug IN (${marks})`,
      ...leagues,
      ...leagues,
    );
    expect(done.n).toBeGreaterThan(0);
    expect(done.n).toBeLessThan(all?.units as number);

    // The next start: the download is interrupted at the team-seasons its checkpoints hold.
    const host = createOfflineHost({ dataDir, client: createServiceClient() });
    try {
      const before = (await host.status(SOURCE)).progress;
      expect(before.state).toBe('interrupted');
      expect(before.request?.leagues).toEqual(leagues);
      expect(before.unitsDone).toBe(done.n);
      expect(before.unitsTotal).toBe(all?.units);
      expect(before.rows).toBe(done.rows);

      // Resume: the same request, from the service without its rate limit (the same source to the store).
      expect(
        await host.startSync(before.request ?? { leagues }, { baseUrl: fx.base, apiKey: fx.keys.full, source: SOURCE }),
      ).toBe(true);
      await host.idle();
      const after = (await host.status(SOURCE)).progress;
      expect(after.state, after.error ?? '').toBe('done');
      expect(after.unitsDone).toBe(all?.units);
      expect(after.rows).toBe(all?.rows);
      expect(after.players).toBe(all?.players);
    } finally {
      await host.close();
    }

    const store = new DatabaseSync(file, { readOnly: true });
    const mine = store.prepare('SELECT id FROM player_stats ORDER BY id').all() as { id: number }[];
    const mineUnits = store
      .prepare('SELECT leagueSlug, teamId, seasonSlug, COUNT(*) AS n FROM player_stats GROUP BY 1, 2, 3')
      .all() as { leagueSlug: string; teamId: number; seasonSlug: string; n: number }[];
    store.close();
    const theirs = fx.sql<{ id: number }>(
      `SELECT id FROM player_stats WHERE leagueSlug IN (${marks}) ORDER BY id`,
      ...leagues,
    );
    expect(mine.map((r) => r.id)).toEqual(theirs.map((r) => r.id));
    expect(perTeamSeason(mineUnits)).toEqual(
      perTeamSeason(
        fx.sql(
          `SELECT leagueSlug, teamId, seasonSlug, COUNT(*) AS n FROM player_stats WHERE leagueSlug IN (${marks}) GROUP BY 1, 2, 3`,
          ...leagues,
        ),
      ),
    );
    const reopened = await openStoreClient({ file });
    expect((await reopened.lastRun())?.state).toBe('done');
    await reopened.close();
  });
});
