/**
 * The stats browser's figures for `npm run bench:players` (on a synced store): the first derivation of
 * its rows after the sync, the leaders query at the host against a floor (the same SELECT straight on the
 * store file, no worker), and the export of about 100k leader rows against a writer floor (the same rows
 * from memory through the same writer). Runs are alternated host/floor and each figure is the median of
 * `rounds` runs; the machine is shared, so ratios to the floor measured in the same run are what count.
 * Beside them, the parts a ratio is made of: the worker's round trip and the page's JSON text (every host
 * figure holds both), and the store's reading of the export's rows alone (the export cannot be faster than
 * its reading or its writing).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { createCsvWriter } from '../electron/host/export/csv-writer.ts';
import { runExport } from '../electron/host/export/run-export.ts';
import { createXlsxWriter } from '../electron/host/export/xlsx-writer.ts';
import { storeExportRows } from '../electron/host/offline/handlers.ts';
import { rowOf } from '../shared/columns/cells.ts';
import { leaderColumns } from '../shared/columns/index.ts';
import { leadersStatement, type StoreClient, toJsonBytes } from '../store/index.ts';

const median = (v: number[]) => {
  const s = [...v].sort((a, b) => a - b);
  return s.length === 0 ? Number.NaN : ((s[(s.length - 1) >> 1] as number) + (s[s.length >> 1] as number)) / 2;
};
const ms = (v: number) => `${v.toFixed(1)} ms`;

/** Runs the query's SELECT (and, when `count`, its count) on a direct connection; the milliseconds. */
function floorRun(db: DatabaseSync, query: Record<string, string>, count: boolean): number {
  const st = leadersStatement(query);
  if (!st.ok) throw new Error(`refused: ${JSON.stringify(query)}`);
  const t = performance.now();
  if (count) db.prepare(st.count).get(...st.params);
  db.prepare(st.rows).all(...st.params, ...st.page);
  return performance.now() - t;
}

/** The call the bridge's `offlineLeaders` makes (the page as its JSON text, store/cache/page-json.ts); the milliseconds. */
async function hostRun(store: StoreClient, query: Record<string, string>): Promise<number> {
  const t = performance.now();
  const r = await store.leadersJson(query);
  if (!r.ok) throw new Error(r.issue.message);
  return performance.now() - t;
}

/**
 * A round trip to the store's worker that reads one value (its source), p50 of `rounds` in milliseconds:
 * the fixed part of every call at the host, which no floor holds.
 */
async function roundTrip(store: StoreClient, rounds: number): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const t = performance.now();
    await store.source();
    times.push(performance.now() - t);
  }
  return median(times);
}

/**
 * The worker's making of a page's JSON text alone (store/cache/page-json.ts's `toJsonBytes`), p50 of `rounds` in
 * milliseconds: every host figure holds its own page's, and no floor does. Timed here on the host's copy of
 * the page, which has the same shape and values.
 */
async function pageJson(store: StoreClient, query: Record<string, string>, rounds: number): Promise<number> {
  const page = await store.leaders(query);
  if (!page.ok) throw new Error(page.issue.message);
  const times: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const t = performance.now();
    toJsonBytes(page.value);
    times.push(performance.now() - t);
  }
  return median(times);
}

/** The leaders query, host against floor, per case; prints p50s and the ratio. */
async function timeQueries(store: StoreClient, file: string, league: string, season: string, rounds: number) {
  const db = new DatabaseSync(file, { readOnly: true });
  console.log(
    `worker round trip (one value, no query), p50 of 200: ${(await roundTrip(store, 200)).toFixed(2)} ms (a part of every host figure below)`,
  );
  console.log(
    `the page's JSON text (every row by PTS, 100 rows), p50 of 200: ${(await pageJson(store, { sort: '-PTS', limit: '100' }, 200)).toFixed(2)} ms (each host figure below holds its own page's)`,
  );
  const cases: [string, Record<string, string>][] = [
    ['league+season, by PTS', { league, season, sort: '-PTS', limit: '100' }],
    ['league+season, by PTS/GP', { league, season, sort: '-PTSperGP', limit: '100' }],
    ['every row, by PTS', { sort: '-PTS', limit: '100' }],
    ['every row, by G', { sort: '-G', limit: '100' }],
    ['every row, by PTS/GP', { sort: '-PTSperGP', limit: '100' }],
    ['every row, by A', { sort: '-A', limit: '100' }],
    ['every row, by PIM', { sort: '-PIM', limit: '100' }],
    ['every row, by adj. PTS', { sort: '-adjPTS', limit: '100' }],
    ['every row, by A/GP', { sort: '-AperGP', limit: '100' }],
    ['every row, playoffs by PTS', { block: 'postseasonStats', sort: '-PTS', limit: '100' }],
    ['every row, total by PTS', { block: 'totalStats', sort: '-PTS', limit: '100' }],
    ['every row, playoffs by G (no index)', { block: 'postseasonStats', sort: '-G', limit: '100' }],
    ['every row, goalies by SV%', { position: 'G', sort: '-SVP', limit: '100' }],
    ['every row, page 50 by PTS', { sort: '-PTS', limit: '100', offset: '5000' }],
  ];
  console.log(
    "leaders query (p50 of %d, host = the bridge's worker round trip, the page as JSON text, its count kept; floor = same SELECT on the file):",
    rounds,
  );
  for (const [name, q] of cases) {
    const cold = await hostRun(store, q); // first run: its count is computed and kept
    const coldFloor = floorRun(db, q, true);
    const host: number[] = [];
    const floor: number[] = [];
    for (let i = 0; i < rounds; i++) {
      if (i % 2 === 0) {
        host.push(await hostRun(store, q));
        floor.push(floorRun(db, q, false));
      } else {
        floor.push(floorRun(db, q, false));
        host.push(await hostRun(store, q));
      }
    }
    const h = median(host);
    const f = median(floor);
    console.log(
      `  ${name.padEnd(38)} host ${ms(h).padStart(9)}  floor ${ms(f).padStart(9)}  ratio ${(h / f).toFixed(2)} (target ≤ 1.5)  · first run with its count: host ${ms(cold)}, floor ${ms(coldFloor)}`,
    );
  }
  db.close();
}

/**
 * A season range whose single-season skater rows number about `target`, and its row count: from the
 * newest season (`seasons` newest first) back as far as it takes.
 */
async function rangeOfAbout(store: StoreClient, seasons: string[], target: number) {
  let best = { from: seasons[0] as string, to: seasons[0] as string, n: 0 };
  for (let k = 0; k < seasons.length; k++) {
    const q = { 'season:min': seasons[k] as string, 'season:max': seasons[0] as string, limit: '1' };
    const r = await store.leaders(q);
    if (!r.ok) throw new Error(r.issue.message);
    best = { from: q['season:min'], to: q['season:max'], n: r.value._meta.totalRecords };
    if (best.n >= target) break;
  }
  return best;
}

/**
 * The store's reading of an export's rows alone, on a direct connection: the whole list's keys sorted once,
 * then each page's rows by key (keyed-pages.ts), as arrays; no records, no cells, no writer. The seconds.
 */
function readFloorRun(file: string, query: Record<string, string>, pageSize: number): number {
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    const st = leadersStatement({ ...query, limit: String(pageSize) });
    if (!st.ok) throw new Error(`refused: ${JSON.stringify(query)}`);
    const t = performance.now();
    const keysSt = db.prepare(st.keys);
    keysSt.setReturnArrays(true);
    const keys = (keysSt.all(...st.params) as unknown as number[][]).map((r) => r[0] as number);
    const byKeys = db.prepare(st.byKeys);
    byKeys.setReturnArrays(true);
    for (let i = 0; i < keys.length; i += pageSize) byKeys.all(...st.byKeysValues(keys.slice(i, i + pageSize)));
    return (performance.now() - t) / 1000;
  } finally {
    db.close();
  }
}

/** Exports about 100k leader rows from the store (CSV and XLSX) against the writer floor; alternated, medians. */
async function timeExport(store: StoreClient, file: string, seasons: string[], rounds: number) {
  const range = await rangeOfAbout(store, seasons, 100_000);
  const query = { 'season:min': range.from, 'season:max': range.to, sort: '-PTS', minGP: '20' };
  const columns = leaderColumns({ totals: false, goalies: false, adjusted: false });
  const exportColumns = columns.map((c) => ({ column: c, header: c.abbr }));
  const dir = mkdtempSync(join(tmpdir(), 'rinkside-bench-leaders-'));
  const page = storeExportRows({ exportCells: (t, q, c) => store.exportCells(t, q, c) });
  const columnIds = exportColumns.map((c) => c.column.id);
  // The rows in memory, for the floor.
  const records: unknown[] = [];
  for (let offset = 0; ; offset += 1000) {
    const r = await store.leaders({ ...query, offset: String(offset), limit: '1000' });
    if (!r.ok) throw new Error(r.issue.message);
    records.push(...r.value.data);
    if (r.value.data.length < 1000) break;
  }
  console.log(
    `export of ${records.length.toLocaleString('en-US')} leader rows (${range.from} to ${range.to}, min 20 GP), p50 of ${rounds}:`,
  );
  const reads: number[] = [];
  for (let i = 0; i < rounds; i++) reads.push(readFloorRun(file, query, 1000));
  const read = median(reads);
  console.log(
    `  the store's reading alone (every page's rows by SQL on the file, keys sorted once, no writer): ${read.toFixed(2)} s`,
  );
  for (const format of ['csv', 'xlsx'] as const) {
    const host: number[] = [];
    const floor: number[] = [];
    const runHost = async () => {
      const t = performance.now();
      const out = await runExport({
        target: join(dir, `host.${format}`),
        format,
        columns: exportColumns,
        query,
        scope: 'all',
        fetchRows: (q) => page('leaders', q, columnIds),
        about: async () => ({ source: 'bench', query: 'leaders' }),
        signal: new AbortController().signal,
        onProgress: () => {},
      });
      if (!out.ok) throw new Error(out.error.message);
      host.push((performance.now() - t) / 1000);
    };
    const runFloor = async () => {
      const t = performance.now();
      const file = join(dir, `floor.${format}`);
      // The writers create their file anew (never over another): the last round's goes first.
      rmSync(file, { force: true });
      const w = format === 'csv' ? createCsvWriter(file, exportColumns) : createXlsxWriter(file, exportColumns);
      await w.start();
      for (let i = 0; i < records.length; i += 1000)
        await w.rows(records.slice(i, i + 1000).map((r, j) => rowOf(exportColumns, r, i + j + 1)));
      await w.finish({
        source: 'bench',
        query: 'floor',
        generatedAt: new Date().toISOString(),
        records: records.length,
      });
      floor.push((performance.now() - t) / 1000);
    };
    for (let i = 0; i < rounds; i++) {
      if (i % 2 === 0) {
        await runHost();
        await runFloor();
      } else {
        await runFloor();
        await runHost();
      }
    }
    const h = median(host);
    const f = median(floor);
    console.log(
      `  ${format.padEnd(5)} host ${h.toFixed(2)} s  writer floor ${f.toFixed(2)} s  ratio ${(h / f).toFixed(2)} (target ≤ 1.5) · the reading alone is ${(read / f).toFixed(2)}× the writer floor · bench:export's own verdict, host ≤ 1.5 × writer floor + reading: ${h <= 1.5 * f + read ? 'ok' : 'MISS'}`,
    );
  }
  rmSync(dir, { recursive: true, force: true });
}

/** Every figure of the stats browser on a synced store (`file`, open as `store`). */
export async function benchLeaders(opts: { store: StoreClient; file: string; rounds?: number }): Promise<void> {
  const rounds = opts.rounds ?? 5;
  const t = performance.now();
  const derived = await opts.store.prepareLeaders();
  console.log(
    `leaders' rows derived after the sync (and the default NHLe factors computed): ${derived.toLocaleString('en-US')} players in ${((performance.now() - t) / 1000).toFixed(1)} s`,
  );
  const synced = await opts.store.syncState();
  const counts = new Map<string, number>();
  for (const s of synced) counts.set(`${s.leagueSlug}|${s.seasonSlug}`, s.rows);
  const busiest = [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 'nhl|2023-2024';
  const [league, season] = busiest.split('|') as [string, string];
  await timeQueries(opts.store, opts.file, league, season, rounds);
  const seasons = [...new Set(synced.map((s) => s.seasonSlug))].sort().reverse();
  await timeExport(opts.store, opts.file, seasons, rounds);
}
