import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSync } from '../../../../electron/host/offline/sync/run.ts';
import { createServiceClient } from '../../../../electron/host/service-client/service-client.ts';
import { type RunningService, startService } from '../../../../service/server.ts';
import { openStoreClient, type StoreClient } from '../../../../store/index.ts';
import { DATABANK_DIR } from '../../service-data/databank-sample.ts';
import { importDatabankOnce } from '../../service-data/database-once.ts';

/**
 * A league's download covers every team that played in it, on the whole Hockey Databank through the
 * real local service: the WHA (1972-73 to 1978-79), four of whose teams (Edmonton, Quebec, Winnipeg,
 * Hartford's New England Whalers) play in the NHL since 1979 and are no longer listed by `/teams?league=wha`.
 * Every WHA team-season of Teams.csv is downloaded, every stat line keeps the league it was played in,
 * and Wayne Gretzky's 1978-79 WHA season (Indianapolis, then Edmonton) is in the store as Scoring.csv has it.
 */

const KEY = 'leagues-databank-key-1';
const client = createServiceClient({ baseDelayMs: 10 });
let dir: string;
let db: string;
let service: RunningService;
let store: StoreClient;

/** Rows of a Databank CSV file as objects by header. */
function csv(file: string): Record<string, string>[] {
  return Papa.parse<Record<string, string>>(readFileSync(join(DATABANK_DIR, file), 'utf8'), {
    header: true,
    skipEmptyLines: true,
  }).data;
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'rinkside-leagues-databank-'));
  db = join(dir, 'databank.db');
  await importDatabankOnce(DATABANK_DIR, db);
  await writeFile(
    join(dir, 'keys.json'),
    JSON.stringify({ keys: [{ key: KEY, organisation: 'T', leagues: '*', seasons: '*', categories: '*' }] }),
  );
  service = await startService({ db, port: 0, keys: join(dir, 'keys.json') });
  store = await openStoreClient({ file: join(dir, 'offline.sqlite') });
  const done = await runSync({ leagues: ['wha'] }, { client, store, baseUrl: service.baseUrl, apiKey: KEY });
  expect(done.state, done.error ?? '').toBe('done');
}, 180_000);

afterAll(async () => {
  await store?.close();
  await service?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('a league downloaded on the Hockey Databank', () => {
  it('covers every WHA team-season of Teams.csv, the teams that moved to the NHL included', async () => {
    const teams = csv('Teams.csv').filter((r) => r.lgID === 'WHA');
    const moved = new Set(
      csv('Teams.csv')
        .filter((r) => r.lgID === 'NHL' && teams.some((w) => w.franchID === r.franchID))
        .map((r) => r.franchID),
    );
    expect([...moved].sort()).toHaveLength(4);
    const raw = new DatabaseSync(join(dir, 'offline.sqlite'), { readOnly: true });
    const units = raw
      .prepare("SELECT leagueSlug, teamId, seasonSlug, rowCount FROM sync_units WHERE status = 'done'")
      .all() as { leagueSlug: string; teamId: number; seasonSlug: string; rowCount: number }[];
    const leagues = raw.prepare('SELECT DISTINCT leagueSlug FROM player_stats').all() as { leagueSlug: string }[];
    const mine = raw.prepare('SELECT id FROM player_stats ORDER BY id').all() as { id: number }[];
    raw.close();
    expect(units).toHaveLength(teams.length);
    expect(new Set(units.map((u) => u.leagueSlug))).toEqual(new Set(['wha']));
    // Every stat line names the league it was played in, and they are the service's WHA lines.
    expect(leagues).toEqual([{ leagueSlug: 'wha' }]);
    const theirs = new DatabaseSync(db, { readOnly: true });
    const whaIds = theirs.prepare("SELECT id FROM player_stats WHERE leagueSlug = 'wha' ORDER BY id").all() as {
      id: number;
    }[];
    // The moved teams' WHA team-seasons: as many as Teams.csv lists, each with its stat lines.
    const movedIds = theirs
      .prepare(
        "SELECT DISTINCT ts.teamId FROM team_seasons ts JOIN teams t ON t.id = ts.teamId WHERE ts.leagueSlug = 'wha' AND t.leagueSlug = 'nhl'",
      )
      .all() as { teamId: number }[];
    theirs.close();
    expect(mine.map((r) => r.id)).toEqual(whaIds.map((r) => r.id));
    expect(movedIds).toHaveLength(moved.size);
    const movedUnits = units.filter((u) => movedIds.some((m) => m.teamId === u.teamId));
    expect(movedUnits).toHaveLength(teams.filter((t) => moved.has(t.franchID as string)).length);
    expect(movedUnits.every((u) => u.rowCount > 0)).toBe(true);
  });

  it("holds Wayne Gretzky's 1978-79 WHA season, Indianapolis then Edmonton, as Scoring.csv gives it", async () => {
    const lines = csv('Scoring.csv').filter((r) => r.playerID === 'gretzwa01' && r.year === '1978' && r.lgID === 'WHA');
    expect(lines).toHaveLength(2);
    const theirs = new DatabaseSync(db, { readOnly: true });
    const id = (
      theirs.prepare("SELECT id FROM players WHERE firstName = 'Wayne' AND lastName = 'Gretzky'").get() as {
        id: number;
      }
    ).id;
    theirs.close();
    const detail = await store.player(id);
    const season = (detail?.stats ?? []).filter((s) => s.season === '1978-1979');
    expect(season.every((s) => s.leagueSlug === 'wha')).toBe(true);
    const got = season
      .map((s) => ({ GP: s.regularStats.GP, G: s.regularStats.G, A: s.regularStats.A, PTS: s.regularStats.PTS }))
      .sort((a, b) => (a.GP ?? 0) - (b.GP ?? 0));
    const want = lines
      .map((r) => ({ GP: Number(r.GP), G: Number(r.G), A: Number(r.A), PTS: Number(r.Pts) }))
      .sort((a, b) => a.GP - b.GP);
    expect(got).toEqual(want);
    expect(season.map((s) => s.team.name).sort()).toEqual(['Edmonton Oilers', 'Indianapolis Racers']);
  });
});
