import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSettings } from '../../../electron/host/common/settings.ts';
import { createExports } from '../../../electron/host/export/export-handlers.ts';
import { storeExportRows } from '../../../electron/host/offline/handlers.ts';
import { createServiceClient } from '../../../electron/host/service-client/service-client.ts';
import { rowOf } from '../../../shared/columns/cells.ts';
import { leaderColumns } from '../../../shared/columns/index.ts';
import { openStoreClient, type StoreClient } from '../../../store/index.ts';
import { settleExport } from '../host/export-settle.ts';
import { commitSkaterSeason, type SkaterLine } from './fixtures.ts';

/**
 * The store's own tables as export rows (`exportCells`), through the real store worker on a small world
 * written here: the leaders and the players list come as the cells of the asked columns, each row's place
 * counted from the page's offset, in the order the test works out itself from the lines it wrote; an
 * unknown column or a refused query is an issue naming its parameter; and an export of every page through
 * the host's export handlers writes exactly those rows to the CSV.
 */

let dir: string;
let store: StoreClient;

/** `[playerId, name, GP, G, A]` of each skater's one NHL 2020-21 line. */
const LINES: SkaterLine[] = [
  [1, 'Adam Aho', 56, 20, 30],
  [2, 'Bo Berg', 50, 30, 20],
  [3, 'Cal Cole', 40, 10, 10],
  [4, 'Dan Dahl', 56, 25, 26],
  [5, 'Eli Ek', 30, 5, 45],
  [6, 'Finn Fox', 20, 2, 3],
  [7, 'Gus Gray', 45, 12, 38],
];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'rinkside-export-cells-'));
  store = await openStoreClient({ file: join(dir, 'offline.sqlite') });
  await commitSkaterSeason(store, LINES);
});

afterAll(async () => {
  await store.close();
  await rm(dir, { recursive: true, force: true });
});

/** The lines by PTS, most first, then fewer GP, then name (the stated tie-break). */
const byPoints = () =>
  [...LINES].sort((a, b) => b[3] + b[4] - (a[3] + a[4]) || a[2] - b[2] || a[1].localeCompare(b[1]));

describe('exportCells', () => {
  it('gives a page of the leaders as the cells of the asked columns, placed from the page offset', async () => {
    const query = { league: 'nhl', sort: '-PTS', minGP: '1', offset: '2', limit: '3' };
    const r = await store.exportCells('leaders', query, ['rank', 'player', 'GP', 'PTS', 'PTSperGP']);
    if (!r.ok) throw new Error(r.issue.message);
    const expected = byPoints()
      .slice(2, 5)
      .map(([, name, GP, G, A], i) => [3 + i, name, GP, G + A, (G + A) / GP]);
    expect(r.value.totalRecords).toBe(LINES.length);
    expect(r.value.rows.map((row) => row.slice(0, 4))).toEqual(expected.map((e) => e.slice(0, 4)));
    for (const [i, row] of r.value.rows.entries()) expect(row[4]).toBeCloseTo(expected[i]?.[4] as number, 12);
  });

  it('an export’s pages, its first read by key, are the leaders’ own pages in the test’s order', async () => {
    const columns = ['rank', 'player', 'PTS'];
    const pages = [];
    for (const offset of [0, 3, 6]) {
      const query = { league: 'nhl', sort: '-PTS', minGP: '1', offset: String(offset), limit: '3' };
      const cells = await store.exportCells('leaders', query, columns);
      const shown = await store.leaders(query);
      if (!cells.ok || !shown.ok) throw new Error('refused');
      expect(cells.value.rows.map((r) => r[1])).toEqual(shown.value.data.map((r) => r.player.name));
      pages.push(...cells.value.rows);
    }
    expect(pages).toEqual(byPoints().map(([, name, , G, A], i) => [i + 1, name, G + A]));
  });

  it('gives, for every column of the skaters’ table, the cell the scout’s own page gives', async () => {
    const query = { league: 'nhl', sort: '-PTS', minGP: '1', offset: '0', limit: '10' };
    const columns = leaderColumns({ totals: false, goalies: false, adjusted: true, nhle: true }).map((column) => ({
      column,
      header: column.abbr,
    }));
    const cells = await store.exportCells(
      'leaders',
      query,
      columns.map((c) => c.column.id),
    );
    const shown = await store.leaders(query);
    if (!cells.ok || !shown.ok) throw new Error('refused');
    expect(cells.value.rows.length).toBe(LINES.length);
    expect(cells.value.rows).toEqual(shown.value.data.map((r, i) => rowOf(columns, r, i + 1)));
    // Three columns: their cells, the test's own.
    const few = await store.exportCells('leaders', query, ['player', 'G', 'A']);
    if (!few.ok) throw new Error(few.issue.message);
    expect(few.value.rows).toEqual(byPoints().map(([, name, , G, A]) => [name, G, A]));
  });

  it('gives the players list with the same columns as its records, in its order', async () => {
    const query = { sort: 'name', offset: '0', limit: '100' };
    const r = await store.exportCells('players', query, ['name', 'position', 'latestTeam']);
    if (!r.ok) throw new Error(r.issue.message);
    const names = LINES.map((l) => l[1]).sort((a, b) => a.localeCompare(b));
    expect(r.value.rows).toEqual(names.map((n) => [n, 'F', 'Team One']));
  });

  it('refuses an unknown column, naming it and the allowed ids, and passes a refused query on', async () => {
    const bad = await store.exportCells('leaders', { sort: '-PTS' }, ['player', 'constructor']);
    expect(bad.ok).toBe(false);
    if (bad.ok) return;
    expect(bad.issue.parameter).toBe('columns');
    expect(bad.issue.message).toContain('constructor');
    expect(bad.issue.allowed).toContain('PTSperGP');
    const refused = await store.exportCells('players', { sort: 'constructor' }, ['name']);
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.issue.parameter).toBe('sort');
  });

  it('an export of every page writes the rows the test computes, in its order', async () => {
    const out = await mkdtemp(join(dir, 'out-'));
    const ex = createExports({
      client: createServiceClient(),
      settings: await openSettings(join(out, 'settings')),
      baseUrl: () => 'http://127.0.0.1:9/v1',
      keyFor: () => null,
      chooseFile: async (suggested) => join(out, suggested.split('/').at(-1) as string),
      downloadDir: join(out, 'downloads'),
      storeRows: storeExportRows({ exportCells: (t, q, c) => store.exportCells(t, q, c) }),
    });
    const started = await ex.handlers.exportTable({
      spec: {
        source: 'offlineLeaders',
        query: { league: 'nhl', sort: '-PTS', minGP: '1', offset: '0', limit: '2' },
        columns: [
          { id: 'rank', header: 'Rk' },
          { id: 'player', header: 'Player' },
          { id: 'PTS', header: 'PTS' },
        ],
        context: { view: 'Stats browser' },
      },
      format: 'csv',
      scope: 'all',
    });
    if (!started.ok) throw new Error(started.error.message);
    const s = await settleExport(ex, started.value.id);
    expect(s.state, s.error?.message ?? '').toBe('done');
    const text = (await readFile(s.savedTo as string, 'utf8')).replace(/^\uFEFF/, '');
    const [header, ...rows] = Papa.parse<string[]>(text.trim(), { newline: '\r\n' }).data;
    expect(header).toEqual(['Rk', 'Player', 'PTS']);
    expect(rows).toEqual(byPoints().map(([, name, , G, A], i) => [String(i + 1), name, String(G + A)]));
    await ex.close();
  });
});
