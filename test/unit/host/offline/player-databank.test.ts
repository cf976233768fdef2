import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSettings } from '../../../../electron/host/common/settings.ts';
import { createExports } from '../../../../electron/host/export/export-handlers.ts';
import { runSync } from '../../../../electron/host/offline/sync/run.ts';
import { createServiceClient } from '../../../../electron/host/service-client/service-client.ts';
import { careerFromStore, careerTotals } from '../../../../renderer/entities/player/career.ts';
import { scoringListOptions, scoringTableSpec } from '../../../../renderer/views/team/scoring-spec.ts';
import { type RunningService, startService } from '../../../../service/server.ts';
import { listQueryToServiceQuery } from '../../../../shared/query/query.ts';
import { openStoreClient, type StoreClient } from '../../../../store/index.ts';
import { DATABANK_DIR } from '../../service-data/databank-sample.ts';
import { importDatabankOnce } from '../../service-data/database-once.ts';
import { playersPage } from '../../store/fixtures.ts';
import { settleExport } from '../export-settle.ts';

// The Hockey Databank through the real local service into the offline store, as a scout would download it:
// only the two NHL seasons the checks need (1976-77 and 1981-82). "gretzky" finds Wayne Gretzky and his
// 1981-82 Edmonton season is 80 GP 92 G 120 A 212 PTS (the figures the record books give); "dryden" finds Ken
// Dryden and his 1976-77 Montreal season in the player page's career equals what the service's goaltending
// leaders of Montreal 1976-77 give for him.

const DATABANK = DATABANK_DIR;
const KEY = 'databank-player-key-1';
const client = createServiceClient({ baseDelayMs: 10 });
let dir: string;
let service: RunningService;
let store: StoreClient;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'rinkside-player-databank-'));
  await importDatabankOnce(DATABANK, join(dir, 'databank.db'));
  await writeFile(
    join(dir, 'keys.json'),
    JSON.stringify({ keys: [{ key: KEY, organisation: 'T', leagues: '*', seasons: '*', categories: '*' }] }),
  );
  service = await startService({ db: join(dir, 'databank.db'), port: 0, keys: join(dir, 'keys.json') });
  store = await openStoreClient({ file: join(dir, 'offline.sqlite') });
  for (const season of ['1976-1977', '1981-1982']) {
    const done = await runSync(
      { leagues: ['nhl'], seasonFrom: season, seasonTo: season },
      { client, store, baseUrl: service.baseUrl, apiKey: KEY },
    );
    expect(done.state, done.error ?? '').toBe('done');
    // The host derives the rows after each download (store/cache/derive.ts); a query never does.
    await store.prepareLeaders();
  }
}, 180_000);

afterAll(async () => {
  await store?.close();
  await service?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** GET on the service with the key, as JSON; throws unless 200. */
async function get<T>(path: string, query: Record<string, string>): Promise<T> {
  const res = await fetch(`${service.baseUrl}${path}?${new URLSearchParams({ ...query, apiKey: KEY })}`);
  if (res.status !== 200) throw new Error(`GET ${path} answered ${res.status}`);
  return (await res.json()) as T;
}

describe('player page on the Hockey Databank', () => {
  it('"gretzky" finds Wayne Gretzky; his career has 1981-82 Edmonton: 80 GP 92 G 120 A 212 PTS', async () => {
    const found = await playersPage(store, { q: 'gretzky' });
    const wayne = found.data.find((p) => p.name === 'Wayne Gretzky');
    expect(wayne, `search results: ${found.data.map((p) => p.name).join(', ')}`).toBeDefined();
    const detail = await store.player(wayne?.id ?? 0);
    const career = careerFromStore(detail?.stats ?? []);
    const edmonton = career.filter((r) => r.season === '1981-1982' && /Edmonton/.test(r.teamName ?? ''));
    expect(edmonton).toHaveLength(1);
    const row = edmonton[0];
    expect(row?.leagueSlug).toBe('nhl');
    expect({ GP: row?.regular.GP, G: row?.regular.G, A: row?.regular.A, PTS: row?.regular.PTS }).toEqual({
      GP: 80,
      G: 92,
      A: 120,
      PTS: 212,
    });
    // Only the two seasons were downloaded: 1981-82 is his whole career in the store, so it is its total.
    expect(careerTotals(career, 'regular')).toMatchObject({ GP: 80, G: 92, A: 120, PTS: 212 });
  });

  it('"dryden" finds Ken Dryden; his 1976-77 season equals the goaltending leaders of Montreal 1976-77', async () => {
    const found = await playersPage(store, { q: 'dryden' });
    const ken = found.data.find((p) => p.name === 'Ken Dryden');
    expect(ken, `search results: ${found.data.map((p) => p.name).join(', ')}`).toBeDefined();
    expect(ken?.position).toBe('G');
    const career = careerFromStore((await store.player(ken?.id ?? 0))?.stats ?? []);
    const rows = career.filter((r) => r.season === '1976-1977');
    expect(rows).toHaveLength(1);

    // The goalie tables' source: the service's goaltending leaders of Montreal that season.
    const teams = await get<{ data: { id: number; name: string }[] }>('/teams', {
      q: 'Montreal Canadiens',
      limit: '5',
    });
    const mtl = teams.data.find((t) => t.name === 'Montreal Canadiens');
    expect(mtl).toBeDefined();
    expect(rows[0]?.teamId).toBe(mtl?.id);
    const leaders = await get<{ data: { player: { id: number }; regularStats: object; postseasonStats: object }[] }>(
      `/teams/${mtl?.id}/goaltending-leaders`,
      { season: '1976-1977', limit: '100' },
    );
    const his = leaders.data.find((r) => r.player.id === ken?.id);
    expect(his).toBeDefined();
    const keys = ['GP', 'W', 'L', 'T', 'SO', 'GA', 'SA', 'SVS', 'SVP', 'GAA', 'TOI'] as const;
    const pick = (block: object) =>
      Object.fromEntries(keys.map((k) => [k, (block as Record<string, unknown>)[k] ?? null]));
    expect(pick(rows[0]?.regular ?? {})).toEqual(pick(his?.regularStats ?? {}));
    expect(pick(rows[0]?.playoffs ?? {})).toEqual(pick(his?.postseasonStats ?? {}));
    // The season the record books give: 56 GP, 41 W, 6 L, 8 T, 10 SO, 117 GA.
    expect(pick(rows[0]?.regular ?? {})).toMatchObject({ GP: 56, W: 41, L: 6, T: 8, SO: 10, GA: 117 });
  });

  it('the team page scoring table of Montreal 1976-77, exported to CSV: each skater as Scoring.csv gives him', async () => {
    const csv = (file: string) =>
      readFile(join(DATABANK, file), 'utf8').then(
        (text) => Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: true }).data,
      );
    const names = new Map((await csv('Master.csv')).map((m) => [m.playerID, `${m.firstName} ${m.lastName}`]));
    const source = (await csv('Scoring.csv')).filter((r) => r.tmID === 'MTL' && r.year === '1976' && r.pos !== 'G');
    expect(source.length).toBeGreaterThan(15);

    const teams = await get<{ data: { id: number; name: string }[] }>('/teams', {
      q: 'Montreal Canadiens',
      limit: '5',
    });
    const mtl = teams.data.find((t) => t.name === 'Montreal Canadiens');
    if (!mtl) throw new Error('Montreal Canadiens not found');
    // The table spec the team page builds for this team-season (default sort: most points first).
    const url = { season: '1976-1977', block: 'regularStats' as const, query: { offset: 0, limit: 100, filters: {} } };
    const spec = scoringTableSpec(
      { ...url, query: { ...url.query, sort: [...(scoringListOptions(100).defaultSort ?? [])] } },
      { teamId: mtl.id, teamName: mtl.name, seasons: ['1976-1977'] },
    );
    const out = await mkdtemp(join(dir, 'scoring-'));
    const ex = createExports({
      client: createServiceClient(),
      settings: await openSettings(join(out, 'settings')),
      baseUrl: () => service.baseUrl,
      keyFor: () => KEY,
      chooseFile: async (suggested) => join(out, suggested.split('/').at(-1) as string),
      downloadDir: join(out, 'downloads'),
    });
    const started = await ex.handlers.exportTable({
      spec: {
        endpoint: spec.endpoint,
        path: spec.path,
        query: listQueryToServiceQuery(spec.query),
        columns: spec.columns.map((c) => ({ id: c.id, header: c.abbr })),
        context: spec.context,
      },
      format: 'csv',
      scope: 'all',
    });
    if (!started.ok) throw new Error(started.error.message);
    const s = await settleExport(ex, started.value.id);
    expect(s.state, s.error?.message ?? '').toBe('done');
    expect(s.fileName).toBe('rinkside-scoring-regular-season-Montreal-Canadiens-1976-1977.csv');
    const [header, ...rows] = Papa.parse<string[]>(
      (await readFile(s.savedTo as string, 'utf8')).replace(/^\uFEFF/, ''),
      {
        skipEmptyLines: true,
      },
    ).data;
    // Headers as shown: the catalog's own `+/-` is trusted text, never escaped like a data cell.
    expect(header).toEqual(['Player', 'GP', 'G', 'A', 'PTS', 'PIM', '+/-']);
    const byName = new Map(rows.map((r) => [r[0], r.slice(1)]));
    for (const r of source) {
      const name = names.get(r.playerID as string) as string;
      expect([name, ...(byName.get(name) ?? [])]).toEqual([name, r.GP, r.G, r.A, r.Pts, r.PIM, r['+/-']]);
    }
    // Most points first, as the table asks the service.
    const pts = rows.map((r) => Number(r[4]));
    expect(pts).toEqual([...pts].sort((a, b) => b - a));
  }, 60_000);
});
