import { readFile } from 'node:fs/promises';
import type { Download, Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { env, expect, notedLabels, screenshot, test } from './fixtures.ts';

/**
 * Export from the browser shell on the demo data: the Teams table, every page, to CSV and XLSX through
 * the host, read back here and compared cell by cell with what the test fetched from the service itself;
 * Copy puts the page's TSV on the clipboard; a cancelled export delivers no file.
 */

/** The test's own map of the Teams headers (as shown) to record fields. */
const TEAM_HEADER_FIELDS: Record<string, string> = {
  Team: 'name',
  League: 'league.name',
  Country: 'country.name',
  City: 'city',
  Class: 'teamClass',
  Type: 'teamType',
  Status: 'status',
  Founded: 'founded',
  Views: 'views',
  MHR: 'mhrRating',
  Updated: 'updatedAt',
};
const NUMERIC = new Set(['Founded', 'Views', 'MHR']);
const FIELDS = 'id,name,logo,league,country,city,teamClass,teamType,status,founded,views,mhrRating,updatedAt';

function at(record: unknown, path: string): unknown {
  let cur = record;
  for (const step of path.split('.')) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string, unknown>)[step];
  }
  return cur;
}

/** The headers the Teams table shows, in order (each header's text without the sort arrow). */
async function shownHeaders(page: Page): Promise<string[]> {
  const table = page.getByRole('table', { name: 'Teams' });
  await expect(table.locator('tbody tr[aria-rowindex]').first()).toBeVisible();
  return table.evaluate((el) =>
    [...((el as HTMLTableElement).tHead?.rows[0]?.cells ?? [])].map((th) =>
      (th.textContent ?? '').replace(/[\u2190-\u21ff\u25a0-\u25ff]/g, '').trim(),
    ),
  );
}

/**
 * The headers a file of the Teams page has: those shown and those the line under the table names as the
 * same on every row (a file has no such line), in the table's order.
 */
async function fileHeaders(page: Page): Promise<string[]> {
  const shown = await shownHeaders(page);
  const noted = await notedLabels(page);
  return Object.keys(TEAM_HEADER_FIELDS).filter((h) => shown.includes(h) || noted.includes(h));
}

async function openTeams(page: Page): Promise<void> {
  await page.goto(`${env.demo.url}#/teams?limit=25`);
  await expect(page.getByRole('heading', { level: 1, name: 'Teams' })).toBeVisible();
}

async function exportAll(page: Page, format: 'CSV' | 'Excel (.xlsx)', total: number): Promise<Download> {
  await page.getByRole('button', { name: /^Export/ }).click();
  await page.getByRole('radio', { name: `All ${total.toLocaleString('en-US')} rows` }).check();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: format, exact: true }).click();
  return download;
}

test('exports every page of Teams to CSV and XLSX: same rows and order, the columns shown and those the note names', async ({
  page,
  service,
}) => {
  const all = await service.list<Record<string, unknown>>('/teams', { sort: 'name', limit: '1000', fields: FIELDS });
  const total = all._meta.totalRecords;
  expect(total).toBeGreaterThan(25);
  await openTeams(page);
  const headers = await fileHeaders(page);
  expect(headers).toEqual(expect.arrayContaining(await shownHeaders(page)));
  expect(headers.length).toBeGreaterThan(3);
  const expectedRows = all.data.map((t) =>
    headers.map((h) => {
      const v = at(t, TEAM_HEADER_FIELDS[h] as string);
      return v === undefined || v === null || v === '' ? null : v;
    }),
  );

  await page.getByRole('button', { name: /^Export/ }).click();
  await screenshot(page, 'export-menu');
  await page.keyboard.press('Escape');

  const csv = await exportAll(page, 'CSV', total);
  expect(csv.suggestedFilename()).toBe('rinkside-teams.csv');
  const bytes = await readFile(await csv.path());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const parsed = Papa.parse<string[]>(bytes.toString('utf8').slice(1), { skipEmptyLines: true });
  expect(parsed.data[0]).toEqual(headers);
  expect(parsed.data.slice(1)).toEqual(expectedRows.map((r) => r.map((v) => (v === null ? '' : String(v)))));

  const xlsx = await exportAll(page, 'Excel (.xlsx)', total);
  // The outcome clears itself after a few seconds: look for it before the file is read, which on a busy
  // machine can take longer than that.
  await expect(page.getByText(`Exported ${total.toLocaleString('en-US')} rows`)).toBeVisible();
  expect(xlsx.suggestedFilename()).toBe('rinkside-teams.xlsx');
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(await xlsx.path());
  const sheet = book.worksheets[0];
  if (!sheet) throw new Error('no sheet');
  expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(headers);
  expect(sheet.rowCount).toBe(total + 1);
  expectedRows.forEach((want, i) => {
    const row = sheet.getRow(i + 2);
    want.forEach((v, j) => {
      const cell = row.getCell(j + 1).value ?? null;
      expect(cell, `row ${i + 1}, ${headers[j]}`).toEqual(v);
      if (v !== null && NUMERIC.has(headers[j] as string)) expect(typeof cell).toBe('number');
    });
  });
  const about = book.getWorksheet('About');
  expect(String(about?.getRow(1).getCell(2).value)).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
});

test('Ctrl+Shift+C copies the page as TSV, headers as shown and those the note names', async ({
  page,
  context,
  service,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: env.demo.url });
  const first = await service.list<{ name: string }>('/teams', { sort: 'name', limit: '25', fields: 'id,name' });
  await openTeams(page);
  const headers = await fileHeaders(page);
  await page.getByRole('table', { name: 'Teams' }).click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('Control+Shift+C');
  await expect(page.getByText('Copied 25 rows to the clipboard.')).toBeVisible();
  const text = await page.evaluate(() => navigator.clipboard.readText());
  const lines = text.split('\n').map((l) => l.split('\t'));
  expect(lines[0]).toEqual(headers);
  expect(lines.slice(1).map((l) => l[0])).toEqual(first.data.map((t) => t.name));
});

test('a cancelled export delivers no file', async ({ page, service }) => {
  const total = (await service.list('/teams', { limit: '1' }))._meta.totalRecords;
  await openTeams(page);
  // Hold the page's first progress poll until Cancel is pressed, so Cancel comes before the file is
  // delivered whatever the speed of the machine.
  let release: () => void = () => {};
  const cancelled = new Promise<void>((r) => {
    release = r;
  });
  let exportId = '';
  await page.route('**/bridge/exportStatus', async (route) => {
    exportId = (route.request().postDataJSON() as { id: string }).id;
    await cancelled;
    await route.continue();
  });
  const downloads: Download[] = [];
  page.on('download', (d) => downloads.push(d));
  await page.getByRole('button', { name: /^Export/ }).click();
  await page.getByRole('radio', { name: `All ${total.toLocaleString('en-US')} rows` }).check();
  await page.getByRole('button', { name: 'Excel (.xlsx)', exact: true }).click();
  const progress = page.getByRole('progressbar', { name: 'Export progress' });
  await expect(progress).toBeVisible();
  await screenshot(page, 'export-progress');
  const cancelAnswer = page.waitForResponse('**/bridge/exportCancel');
  await page.getByRole('button', { name: 'Cancel', exact: true }).click();
  expect((await (await cancelAnswer).json()).ok).toBe(true);
  release();
  await expect(page.getByText('Export cancelled; no file was written.')).toBeVisible();
  await expect(progress).toBeHidden();
  // The host no longer has the file to hand out.
  const status = await page.evaluate(
    async (id) =>
      (
        await fetch(`/export/${id}`, {
          headers: {
            'x-rinkside-token':
              document.querySelector<HTMLMetaElement>('meta[name="rinkside-bridge-token"]')?.content ?? '',
          },
        })
      ).status,
    exportId,
  );
  expect(status).toBe(404);
  expect(downloads).toEqual([]);
});
