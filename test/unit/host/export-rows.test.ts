import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSettings } from '../../../electron/host/common/settings.ts';
import { createExports, type Exports } from '../../../electron/host/export/export-handlers.ts';
import { createServiceClient } from '../../../electron/host/service-client/service-client.ts';
import { BRIDGE_ARGS } from '../../../shared/bridge/bridge.ts';
import { type Fixture, startFixture } from '../../contract/service-fixture.ts';
import { settleExport } from './export-settle.ts';

// exportRows: a table the page computed (a chart's "Show as table") written through the export job, with
// the real local service behind the About sheet. The expected cells are the literals the test sends.

let fx: Fixture;
let dir: string;

beforeAll(async () => {
  fx = await startFixture();
  dir = await mkdtemp(join(tmpdir(), 'rinkside-export-rows-'));
}, 60_000);
afterAll(async () => {
  await fx?.close();
  await rm(dir, { recursive: true, force: true });
});

async function exportsIn(outDir: string, choose: 'save' | 'close' = 'save'): Promise<Exports> {
  return createExports({
    client: createServiceClient(),
    settings: await openSettings(join(outDir, 'settings')),
    baseUrl: () => fx.base,
    keyFor: () => fx.keys.full,
    chooseFile: async (suggested) => (choose === 'save' ? join(outDir, suggested.split('/').at(-1) as string) : null),
    downloadDir: join(outDir, 'downloads'),
  });
}

const TABLE = {
  columns: ['Metric', 'League average', 'Nashville Predators', 'Winnipeg Jets'],
  rows: [
    ['PTS%', 0.561, 0.713, 0.695],
    ['GD', 0, 57, -3],
    ['SV%', null, 0.919, 0.917],
    ['=cmd', 1.5, null, 2],
  ],
  context: { view: 'Compare profile', league: 'NHL', season: '2017-2018' },
};

describe('exportRows', () => {
  it('writes the rows as given to CSV: headers as shown, numbers as numbers, empty cells empty, formulas defused', async () => {
    const out = await mkdtemp(join(dir, 'csv-'));
    const ex = await exportsIn(out);
    const started = await ex.handlers.exportRows({ table: TABLE, format: 'csv' });
    if (!started.ok) throw new Error(started.error.message);
    const done = await settleExport(ex, started.value.id);
    expect(done.state).toBe('done');
    const file = join(out, 'rinkside-compare-profile-NHL-2017-2018.csv');
    expect(done.savedTo).toBe(file);
    expect(done.rowsWritten).toBe(4);
    const text = (await readFile(file, 'utf8')).replace(/^\uFEFF/, '');
    const parsed = Papa.parse<string[]>(text, { skipEmptyLines: true }).data;
    expect(parsed).toEqual([
      ['Metric', 'League average', 'Nashville Predators', 'Winnipeg Jets'],
      ['PTS%', '0.561', '0.713', '0.695'],
      ['GD', '0', '57', '-3'],
      ['SV%', '', '0.919', '0.917'],
      ["'=cmd", '1.5', '', '2'],
    ]);
  });

  it('writes XLSX with typed numbers and an About sheet that says what the table is', async () => {
    const out = await mkdtemp(join(dir, 'xlsx-'));
    const ex = await exportsIn(out);
    const started = await ex.handlers.exportRows({ table: TABLE, format: 'xlsx' });
    if (!started.ok) throw new Error(started.error.message);
    const done = await settleExport(ex, started.value.id);
    expect(done.state).toBe('done');
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(join(out, 'rinkside-compare-profile-NHL-2017-2018.xlsx'));
    const sheet = book.worksheets[0];
    if (!sheet) throw new Error('no sheet');
    expect(sheet.name).toBe('Compare profile');
    const values = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1);
    expect(values(1)).toEqual(TABLE.columns);
    expect(sheet.getRow(2).getCell(3).value).toBe(0.713);
    expect(sheet.getRow(3).getCell(4).value).toBe(-3);
    expect(sheet.getRow(4).getCell(2).value ?? null).toBe(null);
    expect(sheet.rowCount).toBe(5);
    const about = new Map<string, unknown>();
    book.getWorksheet('About')?.eachRow((r) => about.set(String(r.getCell(1).value), r.getCell(2).value));
    expect(about.get('Source')).toBe(fx.base);
    expect(String(about.get('Query'))).toContain('Compare profile · NHL · 2017-2018');
    expect(about.get('Records')).toBe(4);
  });

  it('leaves no file when the save dialog is closed', async () => {
    const out = await mkdtemp(join(dir, 'closed-'));
    const ex = await exportsIn(out, 'close');
    const r = await ex.handlers.exportRows({ table: TABLE, format: 'csv' });
    expect(r).toMatchObject({ ok: true, value: { state: 'cancelled', rowsWritten: 0 } });
    expect((await readdir(out)).filter((f) => f !== 'settings')).toEqual([]);
  });

  it('refuses a row whose length is not the number of columns, naming the row', () => {
    const r = BRIDGE_ARGS.exportRows.safeParse({
      table: { ...TABLE, rows: [...TABLE.rows, ['short', 1]] },
      format: 'csv',
    });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.path).toEqual(['table', 'rows', 4]);
    expect(r.error?.issues[0]?.message).toBe('row 5 has 2 cells for 4 columns');
  });
});
