import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSettings } from '../../../electron/host/common/settings.ts';
import { createExports, type Exports } from '../../../electron/host/export/export-handlers.ts';
import { storeExportRows } from '../../../electron/host/offline/handlers.ts';
import { createServiceClient } from '../../../electron/host/service-client/service-client.ts';
import { rowsTableOf } from '../../../renderer/charts/chartExport.ts';
import { statsListOptions, statsState, statsTableSpec } from '../../../renderer/entities/player/leadersSpec.ts';
import { wireSpec } from '../../../renderer/table/exportActions.ts';
import { BRIDGE_ARGS, type BridgeParsedArgs } from '../../../shared/bridge/bridge.ts';
import { listQueryFromSearchParams } from '../../../shared/query/query.ts';
import { openStoreClient, type StoreClient } from '../../../store/index.ts';
import { commitSkaterSeason, type SkaterLine } from '../store/fixtures.ts';
import { settleExport } from './export-settle.ts';

/**
 * Numbers in exported files, through the real host's export job and writers, read back with papaparse and
 * exceljs: a CSV writes each number at its table's precision (never `217.29999999999998`), an XLSX gives
 * every numeric column (rates, NHLe and the columns of a page's own table included) a number format at
 * that precision, and the stats browser's file keeps the Season and League it filters to one. The store's
 * rows are the test's own lines in a real store worker; the stored values are read straight from the
 * store's file; every expected text is the test's own literal or its own arithmetic.
 */

let dir: string;
let store: StoreClient;
/** Nobody answers here: these exports ask the service for nothing but the attribution, which may fail. */
const SERVICE = 'http://127.0.0.1:9/v1';

/** A goals-against average as arithmetic leaves it, 2.4482758620689653: shown `2.45`. */
const GAA = 213 / 87;

/** `[playerId, name, GP, G, A]` of each skater's one NHL 2020-21 line. */
const LINES: SkaterLine[] = [
  [1, 'Adam Aho', 56, 20, 30],
  [2, 'Bo Berg', 50, 30, 20],
  [3, 'Cal Cole', 40, 10, 11],
  [4, 'Dan Dahl', 56, 25, 26],
  [5, 'Eli Ek', 30, 5, 45],
  [6, 'Finn Fox', 21, 2, 3],
  [7, 'Gus Gray', 45, 12, 38],
];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'rinkside-export-precision-'));
  store = await openStoreClient({ file: join(dir, 'offline.sqlite') });
  await commitSkaterSeason(store, LINES);
}, 60_000);

afterAll(async () => {
  await store?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function exportsIn(out: string): Promise<Exports> {
  return createExports({
    client: createServiceClient({ timeoutMs: 300, maxAttempts: 1 }),
    settings: await openSettings(join(out, 'settings')),
    baseUrl: () => SERVICE,
    keyFor: () => null,
    chooseFile: async (suggested) => join(out, suggested.split('/').at(-1) as string),
    downloadDir: join(out, 'downloads'),
    storeRows: storeExportRows({ exportCells: (t, q, c) => store.exportCells(t, q, c) }),
  });
}

/** Runs one export to its end; the file written. */
async function run(ex: Exports, started: Awaited<ReturnType<Exports['handlers']['exportRows']>>): Promise<string> {
  if (!started.ok) throw new Error(started.error.message);
  const s = await settleExport(ex, started.value.id);
  expect(s.state, s.error?.message ?? '').toBe('done');
  return s.savedTo as string;
}

/** A CSV file's rows, byte-order mark dropped. */
async function csvRows(file: string): Promise<string[][]> {
  const text = (await readFile(file, 'utf8')).replace(/^\uFEFF/, '');
  return Papa.parse<string[]>(text, { skipEmptyLines: true }).data;
}

/** The first sheet of an XLSX file. */
async function sheetOf(file: string): Promise<ExcelJS.Worksheet> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(file);
  const sheet = book.worksheets[0];
  if (!sheet) throw new Error('no sheet');
  return sheet;
}

/** The era-adjusted points each player's line holds in the store's file, read with SQL, by name. */
function storedAdjustedPoints(): Map<string, number> {
  const db = new DatabaseSync(join(dir, 'offline.sqlite'), { readOnly: true });
  try {
    const rows = db.prepare('SELECT name, regularStats_adjPTS AS adj FROM player_seasons').all() as {
      name: string;
      adj: number;
    }[];
    return new Map(rows.map((r) => [r.name, r.adj]));
  } finally {
    db.close();
  }
}

/** The stats browser's spec for a URL search, as its page builds it (era-adjusted columns on). */
function statsSpec(search: string): BridgeParsedArgs<'exportTable'>['spec'] {
  const q = listQueryFromSearchParams(new URLSearchParams(search), statsListOptions(100));
  const spec = wireSpec(statsTableSpec(q, statsState(q, true), 'NHL'));
  return BRIDGE_ARGS.exportTable.parse({ spec, format: 'csv', scope: 'all' }).spec;
}

describe('numbers in CSV files', () => {
  it("the stats browser's rates and era-adjusted points are written at the table's precision, without binary noise", async () => {
    const out = await mkdtemp(join(dir, 'csv-'));
    const ex = await exportsIn(out);
    const spec = statsSpec('league=nhl&season=2020-2021&sort=-PTS&minGP=1');
    const file = await run(ex, await ex.handlers.exportTable({ spec, format: 'csv', scope: 'all' }));
    // The premise: the store keeps adjusted points unrounded (derived by the time it answers), many decimals.
    const stored = storedAdjustedPoints();
    expect([...stored.values()].some((v) => /\.\d{6,}/.test(String(v)))).toBe(true);
    const [header = [], ...rows] = await csvRows(file);
    const at = (h: string) => header.indexOf(h);
    for (const h of ['Player', 'GP', 'PTS/GP', 'G/GP', 'Adj PTS']) expect(header).toContain(h);
    expect(rows).toHaveLength(LINES.length);
    for (const [, name, GP, G, A] of LINES) {
      const row = rows.find((r) => r[at('Player')] === name);
      if (!row) throw new Error(`${name} is not in the file`);
      expect(row[at('GP')]).toBe(String(GP));
      // PTS/GP shows two decimals; adjusted points show whole points.
      expect(Number(row[at('PTS/GP')])).toBe(Number(((G + A) / GP).toFixed(2)));
      expect(Number(row[at('G/GP')])).toBe(Number((G / GP).toFixed(2)));
      expect(row[at('Adj PTS')]).toBe(String(Math.round(stored.get(name) as number)));
    }
    // No number of the file carries more decimals than its table shows.
    expect(rows.flat().filter((c) => /^-?\d*\.\d{3,}$/.test(c))).toEqual([]);
  });

  it("a page's own table: a column the catalog heads is written at its precision, other numbers as the page showed them", async () => {
    const out = await mkdtemp(join(dir, 'rows-csv-'));
    const ex = await exportsIn(out);
    const table = {
      columns: ['Season', 'GP', 'GAA', 'SV%', 'PTS/GP', 'NHLe/82', 'Adj PTS', 'Nashville Predators'],
      rows: [
        [
          '2023-2024',
          82,
          GAA,
          0.9153846153846154,
          1.5333333333333334,
          93.66666666666667,
          217.29999999999998,
          0.30000000000000004,
        ],
      ],
      context: { view: 'Team history' },
    };
    const file = await run(ex, await ex.handlers.exportRows({ table, format: 'csv' }));
    expect(await csvRows(file)).toEqual([
      table.columns,
      ['2023-2024', '82', '2.45', '0.915', '1.53', '93.7', '217', '0.3'],
    ]);
  });
});

describe('number formats in XLSX files', () => {
  it("every numeric column of the stats browser's file has a format at its table's precision: rates and adjusted points too", async () => {
    const out = await mkdtemp(join(dir, 'xlsx-'));
    const ex = await exportsIn(out);
    const spec = statsSpec('league=nhl&season=2020-2021&sort=-PTS&minGP=1');
    const file = await run(ex, await ex.handlers.exportTable({ spec, format: 'xlsx', scope: 'all' }));
    const sheet = await sheetOf(file);
    const header = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
    const fmt = (h: string) => sheet.getRow(2).getCell(header.indexOf(h) + 1).numFmt;
    expect({
      Rk: fmt('Rk'),
      GP: fmt('GP'),
      PTS: fmt('PTS'),
      'G/GP': fmt('G/GP'),
      'A/GP': fmt('A/GP'),
      'PTS/GP': fmt('PTS/GP'),
      'Adj G': fmt('Adj G'),
      'Adj PTS': fmt('Adj PTS'),
    }).toEqual({
      Rk: '#,##0',
      GP: '#,##0',
      PTS: '#,##0',
      'G/GP': '0.00',
      'A/GP': '0.00',
      'PTS/GP': '0.00',
      'Adj G': '#,##0',
      'Adj PTS': '#,##0',
    });
    // Every number of the sheet has a format: none is left to the spreadsheet's General.
    const unformatted: string[] = [];
    sheet.eachRow((row, n) => {
      if (n === 1) return;
      row.eachCell((cell, col) => {
        if (typeof cell.value === 'number' && !cell.numFmt) unformatted.push(`${header[col - 1]} of row ${n}`);
      });
    });
    expect(unformatted).toEqual([]);
  });

  it("a page's own table: catalog columns take the catalog's format, other numbers the decimals the page showed", async () => {
    const out = await mkdtemp(join(dir, 'rows-xlsx-'));
    const ex = await exportsIn(out);
    const history = {
      columns: ['Season', 'GP', 'GAA', 'SV%', 'PTS/GP', 'NHLe/82', '+/-'],
      rows: [['2023-2024', 82, GAA, 0.9153846153846154, 1.5333333333333334, 93.66666666666667, -3]],
      context: { view: 'Team history' },
    };
    const sheet = await sheetOf(await run(ex, await ex.handlers.exportRows({ table: history, format: 'xlsx' })));
    expect([2, 3, 4, 5, 6, 7].map((c) => sheet.getRow(2).getCell(c).numFmt)).toEqual([
      '#,##0',
      '0.00',
      '.000',
      '0.00',
      '0.0',
      '+#,##0;-#,##0;0',
    ]);
    // The value itself stays whole: the format only shows it at the table's precision.
    expect(sheet.getRow(2).getCell(3).value).toBe(GAA);

    // A Compare chart's table as the page sends it: each number at the decimals it was shown with.
    const compare = rowsTableOf(
      {
        columns: ['Metric', 'League average', 'Nashville Predators'],
        rows: [
          ['PTS%', '.561', '.713'],
          ['GD', '0', '-3'],
          ['GA/GP', '2.50', '3.15'],
        ],
      },
      { view: 'Compare profile' },
    );
    const args = BRIDGE_ARGS.exportRows.parse({ table: compare, format: 'xlsx' });
    const cmp = await sheetOf(await run(ex, await ex.handlers.exportRows(args)));
    const formats = [2, 3, 4].map((r) => [2, 3].map((c) => cmp.getRow(r).getCell(c).numFmt));
    expect(formats).toEqual([
      ['0.000', '0.000'],
      ['0', '0'],
      ['0.00', '0.00'],
    ]);
    expect(cmp.getRow(4).getCell(2).value).toBe(2.5);
  });
});

describe('columns that hold one value on every row', () => {
  it("the stats browser's file filtered to one season and one league still has its Season and League columns", async () => {
    const out = await mkdtemp(join(dir, 'one-season-'));
    const ex = await exportsIn(out);
    const spec = statsSpec('league=nhl&season=2020-2021&sort=-PTS&minGP=1');
    const file = await run(ex, await ex.handlers.exportTable({ spec, format: 'csv', scope: 'all' }));
    const [header = [], ...rows] = await csvRows(file);
    expect(header).toContain('Season');
    expect(header).toContain('League');
    expect(new Set(rows.map((r) => r[header.indexOf('Season')]))).toEqual(new Set(['2020-2021']));
    expect(new Set(rows.map((r) => r[header.indexOf('League')]))).toEqual(new Set(['NHL']));
  });
});
