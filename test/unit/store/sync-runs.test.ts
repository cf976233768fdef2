import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, describe, expect, it } from 'vitest';
import type { UnitCommit } from '../../../shared/domain/offline.ts';
import { MIGRATIONS } from '../../../store/cache/schema/migrations/index.ts';
import { openStoreClient } from '../../../store/index.ts';
import { storePlayer } from './fixtures.ts';

/**
 * The store's kept download (`sync_run`, migration 4): begun, counted in the transaction of each commit,
 * ended; one the app did not end stays `running` for the next start to read. And a file from before the
 * migration keeps its rows, each stat line given the league of the team-season it was synced under when
 * its record named none.
 */

const dir = mkdtempSync(join(tmpdir(), 'rinkside-sync-runs-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const unit = (team: number, season: string, rows: number[]): UnitCommit => ({
  leagueSlug: 'wha',
  league: { slug: 'wha', name: 'WHA', fullName: 'World Hockey Association' },
  season: { slug: season, startYear: Number(season.slice(0, 4)), endYear: Number(season.slice(5)) },
  team: { id: team, name: `Team ${team}` },
  rows: rows.map((id) => ({
    id,
    playerId: id * 10,
    team: { id: team, name: `Team ${team}` },
    leagueSlug: 'wha',
    season,
    playerAge: null,
    regularStats: { GP: 1 },
    postseasonStats: {},
    totalStats: { GP: 1 },
  })),
  players: rows.map((id) => storePlayer(id * 10, `Player ${id}`, 'F')),
});

describe('the kept download', () => {
  it('is begun, counted with each commit, and ended; a download the app did not end stays running', async () => {
    const file = join(dir, 'runs.sqlite');
    let store = await openStoreClient({ file });
    expect(await store.lastRun()).toBeNull();
    const request = { leagues: ['wha'], seasonFrom: '1972-1973', seasonTo: '1978-1979' };
    await store.beginRun(request, { unitsTotal: 84, unitsDone: 0, rows: 0, players: 0 }, '2026-11-25T10:00:00.000Z');
    await store.commitUnits([unit(1, '1972-1973', [1, 2]), unit(2, '1972-1973', [3])], {
      unitsDone: 2,
      rows: 3,
      players: 3,
    });
    // Closed without an end, as a crash would leave it.
    await store.terminate();
    store = await openStoreClient({ file });
    const kept = await store.lastRun();
    expect(kept).toMatchObject({ request, state: 'running', unitsTotal: 84, unitsDone: 2, rows: 3, players: 3 });
    expect(kept?.finishedAt).toBeNull();
    await store.endRun('done', null, '2026-11-25T10:05:00.000Z');
    expect(await store.lastRun()).toMatchObject({ state: 'done', finishedAt: '2026-11-25T10:05:00.000Z' });
    // What the checkpointed team-seasons hold, for a resumed download's counts.
    expect(await store.unitContents(['wha|1|1972-1973', 'wha|2|1972-1973', 'wha|3|1972-1973'])).toEqual({
      rows: 3,
      players: [10, 20, 30],
    });
    await store.close();
  });

  it('a file at version 3 gains it, and a stat line with no league takes its team-season’s', async () => {
    const file = join(dir, 'v3.sqlite');
    const db = new DatabaseSync(file);
    for (const m of MIGRATIONS.slice(0, 3)) db.exec(m.sql);
    db.exec(`PRAGMA user_version = 3;
      INSERT INTO player_stats (id, playerId, teamId, teamName, leagueSlug, seasonSlug) VALUES (1, 7, 5, 'Oilers', NULL, '1978-1979');
      INSERT INTO player_stats (id, playerId, teamId, teamName, leagueSlug, seasonSlug) VALUES (2, 7, 5, 'Oilers', 'nhl', '1979-1980');
      INSERT INTO sync_units (leagueSlug, teamId, seasonSlug, status, rowCount, doneAt) VALUES ('wha', 5, '1978-1979', 'done', 1, 'x');`);
    db.close();
    const store = await openStoreClient({ file });
    expect(await store.lastRun()).toBeNull();
    await store.close();
    const check = new DatabaseSync(file, { readOnly: true });
    expect(check.prepare('SELECT id, leagueSlug FROM player_stats ORDER BY id').all()).toEqual([
      { id: 1, leagueSlug: 'wha' },
      { id: 2, leagueSlug: 'nhl' },
    ]);
    expect((check.prepare('PRAGMA user_version').get() as { user_version: number }).user_version).toBe(
      MIGRATIONS.length,
    );
    check.close();
  });
});
