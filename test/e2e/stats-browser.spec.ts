import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import Papa from 'papaparse';
import { fieldsOf, readLines } from '../unit/service-data/databank-sample.ts';
import { type DatabankApp, startDatabankApp } from './databank-app.ts';
import { byStat, downloadNhl, skaterSeasons } from './databank-seasons.ts';
import { clickThroughMoreColumns, column, expect, hashParams, readTable, recordShot, test } from './fixtures.ts';

/**
 * The stats browser in real Chromium on real rows: every NHL team of 1980-81 and 1981-82 from the Hockey
 * Databank, downloaded for offline through the Players view's panel, then filtered (league, season, draft
 * age), sorted by a header click (PTS/GP), paged and exported to CSV. Every expected list is recomputed
 * here from the sample's Scoring.csv and Master.csv rows with the stated tie-break (higher value, then
 * fewer GP, then name).
 */

test.describe.configure({ mode: 'serial' });

const YEARS = [1980, 1981];
let app: DatabankApp | undefined;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  const teams = readLines('Teams.csv');
  const picks = teams.lines
    .map((l) => fieldsOf(teams.header, l))
    .filter((t) => t.lgID === 'NHL' && YEARS.includes(Number(t.year)))
    .map((t) => [Number(t.year), t.tmID as string] as const);
  expect(picks.length).toBe(42);
  app = await startDatabankApp({ name: 'nhl-1980-1981', picks });
});
test.afterAll(async () => {
  await app?.close();
});

test('the stats browser filters, sorts, pages and exports NHL 1981-82 as Scoring.csv gives it', async ({ page }) => {
  test.setTimeout(300_000);
  await downloadNhl(page, app?.url ?? '', '1980-1981', '1981-1982');

  // Filters: the league and one season, through the view's own controls.
  await page.getByRole('link', { name: 'Stats browser', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Stats browser' })).toBeVisible();
  // The box follows the URL, which the router updates after the click (a transition): clicked, then
  // awaited checked, rather than check(), which reads the box at once.
  // The Team filter chooses within the leagues chosen: none yet, so it asks for one.
  const team = page.getByRole('combobox', { name: 'Team', exact: true });
  await expect(team).toBeDisabled();
  await expect(team.locator('option')).toHaveText(['Choose a league first']);
  const nhl = page.getByRole('checkbox', { name: 'NHL', exact: true });
  await nhl.click();
  await expect(nhl).toBeChecked();
  await page.getByLabel('From season').selectOption('1981-1982');
  await page.getByLabel('To season').selectOption('1981-1982');
  await expect.poll(() => hashParams(page).get('season')).toBe('1981-1982');
  expect(hashParams(page).get('league')).toBe('nhl');
  // Now it lists the season's 21 NHL teams (Teams.csv), by name.
  const teamsCsv = readLines('Teams.csv');
  const names = teamsCsv.lines
    .map((l) => fieldsOf(teamsCsv.header, l))
    .filter((t) => t.lgID === 'NHL' && t.year === '1981')
    .map((t) => t.name as string)
    .sort();
  expect(names.length).toBe(21);
  await expect(team).toBeEnabled();
  await expect(team.locator('option')).toHaveText(['Any team', ...names]);
  await expect(page.getByTestId('stats-caption')).toContainText('min 20 GP (default)');

  const all = (await skaterSeasons(app?.csvDir ?? '', 1981)).filter((s) => s.GP >= 20);
  const table = page.getByRole('table', { name: 'Leaders' });
  const ready = page.locator('.data-table[data-state="ready"]');
  await expect(ready).toBeVisible();
  const byPts = [...all].sort(byStat((s) => s.PTS));
  await expect(table.locator('tbody tr').first()).toContainText('Wayne Gretzky');
  let shown = await readTable(table);
  expect(column(shown, 'Player').slice(0, 20)).toEqual(byPts.slice(0, 20).map((s) => s.name));
  expect(column(shown, 'Points (goals plus assists)').slice(0, 3)).toEqual(['212', '147', '139']);
  await recordShot(page, 'stats-browser-1981-82-by-pts');

  // Sort: a header click on PTS/GP (best first; the button is named by the header it shows, then its title), then 25 rows a page and the second page.
  // The columns keep their widths through the new sort (an automatic table layout moved them when a
  // longer name came to the page).
  const widths = () =>
    table
      .locator('thead th')
      .evaluateAll((ths) =>
        ths.map((th) => `${th.textContent?.replace(/[▲▼↕]/g, '')}:${th.getBoundingClientRect().width.toFixed(1)}`),
      );
  await expect.poll(() => table.evaluate((t) => (t as HTMLElement).style.tableLayout)).toBe('fixed');
  const before = await widths();
  await table.getByRole('button', { name: 'PTS/GP (Points per game played): sort', exact: true }).click();
  await expect.poll(() => hashParams(page).get('sort')).toBe('-PTSperGP');
  await expect(page.locator('.data-table[data-state="ready"][data-sort="-PTSperGP"]')).toBeVisible();
  expect(await widths()).toEqual(before);
  await page.getByRole('combobox', { name: /Rows/ }).selectOption('25');
  await expect.poll(() => hashParams(page).get('limit')).toBe('25');
  await page.getByRole('button', { name: 'Next page' }).click();
  await expect.poll(() => hashParams(page).get('offset')).toBe('25');
  await expect(ready).toBeVisible();
  const byRate = [...all].sort(byStat((s) => s.PTS / s.GP));
  await expect(table.locator('tbody tr').first()).toContainText(byRate[25]?.name ?? '?');
  shown = await readTable(table);
  expect(column(shown, 'Rank in the order shown')).toEqual(byRate.slice(25, 50).map((_, i) => String(26 + i)));
  expect(column(shown, 'Player')).toEqual(byRate.slice(25, 50).map((s) => s.name));
  expect(column(shown, 'Points per game played')).toEqual(byRate.slice(25, 50).map((s) => (s.PTS / s.GP).toFixed(2)));
  // The table scrolled sideways to its last column (as a click on a header far right scrolls it): the
  // rank and the player's name stay in place side by side, the name whole and on top.
  const scroller = page.locator('.data-table .table-scroll');
  await scroller.evaluate((el) => {
    el.scrollLeft = el.scrollWidth;
  });
  expect(await scroller.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
  const firstRow = table.locator('tbody tr[data-row-id]').first();
  const placed = await firstRow.evaluate((tr) => {
    const [rank, name] = Array.from(tr.querySelectorAll('td'));
    const r = rank?.getBoundingClientRect();
    const n = name?.getBoundingClientRect();
    const box = tr.closest('.table-scroll')?.getBoundingClientRect();
    const onTop = n ? document.elementFromPoint(n.left + n.width / 2, n.top + n.height / 2) : null;
    return {
      rankAtLeft: r !== undefined && box !== undefined && Math.abs(r.left - box.left) < 2,
      nameAfterRank: r !== undefined && n !== undefined && Math.abs(n.left - r.right) < 2,
      nameOnTop: onTop !== null && name?.contains(onTop) === true,
      text: name?.textContent,
    };
  });
  expect(placed).toEqual({ rankAtLeft: true, nameAfterRank: true, nameOnTop: true, text: byRate[25]?.name });
  await recordShot(page, 'stats-browser-sorted-paged');

  // Draft age ≤ 20, by goals: the filter narrows to the young, sorted as the CSV says.
  await page.getByRole('spinbutton', { name: 'Draft age max' }).fill('20');
  await table.getByRole('button', { name: 'G (Goals): sort', exact: true }).click();
  await expect.poll(() => hashParams(page).get('sort')).toBe('-G');
  await expect.poll(() => hashParams(page).get('offset')).toBe(null);
  await expect(ready).toBeVisible();
  const young = all.filter((s) => s.draftAge !== null && s.draftAge <= 20).sort(byStat((s) => s.G));
  await expect(table.locator('tbody tr').first()).toContainText(young[0]?.name ?? '?');
  shown = await readTable(table);
  expect(column(shown, 'Player')).toEqual(young.slice(0, 25).map((s) => s.name));
  await recordShot(page, 'stats-browser-filters-draft-age');

  // Export every row to CSV: the rows and order the table shows, the rate labelled PTS/GP.
  await page.getByRole('button', { name: /^Export/ }).click();
  await page.getByRole('radio', { name: `All ${young.length.toLocaleString('en-US')} rows` }).check();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'CSV', exact: true }).click();
  const file = await (await download).path();
  const [header, ...rows] = Papa.parse<string[]>((await readFile(file, 'utf8')).replace(/^\uFEFF/, ''), {
    skipEmptyLines: true,
  }).data;
  expect(header).toContain('PTS/GP');
  expect(header).not.toContain('PPG');
  const at = (h: string) => (header as string[]).indexOf(h);
  expect(rows.map((r) => [r[at('Player')], r[at('G')]])).toEqual(young.map((s) => [s.name, String(s.G)]));
  // The table leaves out Season and League (the filters name one of each); the file keeps them, having no
  // caption to name them.
  expect(await readTable(table).then((t) => t.titles)).not.toContain('Season');
  expect(new Set(rows.map((r) => r[at('Season')]))).toEqual(new Set(['1981-1982']));
  expect(new Set(rows.map((r) => r[at('League')]))).toEqual(new Set(['NHL']));

  // A name that fits its kept column width shows no tooltip; one the width cuts shows whole on hover (the
  // name made longer in the page, as a longer name on another sort would be).
  await page.keyboard.press('Escape');
  const cell = table.locator('tbody tr[data-row-id]').first().locator('td').nth(1);
  await cell.hover();
  await expect(cell).not.toHaveAttribute('title');
  const long = `${young[0]?.name} ${'Longname-'.repeat(12)}`;
  await cell.locator('a').evaluate((a, text) => {
    a.textContent = text;
  }, long);
  await page.mouse.move(0, 0);
  await cell.hover();
  await expect(cell).toHaveAttribute('title', long);
});

/**
 * Where a column lies in the table's visible area, by its title: `in` when the whole header is between the
 * columns that stay put (the rank and the name) and the scroll container's right edge.
 */
async function placeOf(page: Page, title: string): Promise<'in' | 'out' | 'missing'> {
  return page.locator('.data-table .table-scroll').evaluate((el, t) => {
    const ths = Array.from(el.querySelectorAll<HTMLElement>(':scope > table > thead > tr > th'));
    const th = ths.find((h) => h.title === t);
    if (!th) return 'missing';
    const box = el.getBoundingClientRect();
    const fixedRight = Math.max(box.left, ...ths.slice(0, 2).map((h) => h.getBoundingClientRect().right));
    const r = th.getBoundingClientRect();
    return r.left >= fixedRight - 1 && r.right <= box.left + el.clientWidth + 1 ? 'in' : 'out';
  }, title);
}

test('at 1400 px the columns the scout adds or sorts by come into view, and the table says when columns lie past its edge', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1400, height: 900 });
  const ADJ_PTS = 'Era-adjusted points: adjusted goals plus adjusted assists';
  const NHLE_82 = 'NHL-equivalent points over an 82-game season';
  const base = `${app?.url ?? ''}#/players/stats?league=nhl&season=1981-1982`;
  const ready = page.locator('.data-table[data-state="ready"]');
  const scroller = page.locator('.data-table .table-scroll');
  await page.goto(base);
  await expect(page.getByRole('table', { name: 'Leaders' }).locator('tbody tr[data-row-id]').first()).toBeVisible();
  await expect(ready).toBeVisible();
  // The premise: the table is wider than its card, and the NHLe columns at its end lie past the edge.
  expect(await scroller.evaluate((el) => el.scrollWidth > el.clientWidth + 50)).toBe(true);
  expect(await placeOf(page, NHLE_82)).toBe('out');
  for (const scheme of ['dark', 'light'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await recordShot(page, `stumbles-2-stats-columns-past-the-edge-${scheme}`);
  }
  // Era-adjusted ticked, then a sort from the address (a link, a reload); where their columns land is
  // checked after the record's screenshots.
  // (The box follows the URL, which the router updates after the click: clicked, then awaited checked.)
  const adjusted = page.getByRole('checkbox', { name: 'Era-adjusted' });
  await adjusted.click();
  await expect(adjusted).toBeChecked();
  await expect.poll(() => hashParams(page).get('adjusted')).toBe('1');
  await expect(ready).toBeVisible();
  await expect(page.locator('.data-table th[title^="Era-adjusted points"]')).toBeAttached();
  // The rows with the new columns are drawn once the table keeps its columns' widths (fixed layout).
  const leaders = page.getByRole('table', { name: 'Leaders' });
  const laidOut = () => expect.poll(() => leaders.evaluate((t) => (t as HTMLElement).style.tableLayout)).toBe('fixed');
  await laidOut();
  const adjustedAt = await placeOf(page, ADJ_PTS);
  await recordShot(page, 'stumbles-2-stats-era-adjusted-ticked');
  await page.goto('about:blank');
  await page.goto(`${base}&sort=-nhle82`);
  await expect(page.locator('.data-table[data-state="ready"][data-sort="-nhle82"]')).toBeVisible();
  await laidOut();
  const sortedAt = await placeOf(page, NHLE_82);
  await recordShot(page, 'stumbles-2-stats-sorted-by-nhle82');
  expect({ adjustedAt, sortedAt }).toEqual({ adjustedAt: 'in', sortedAt: 'in' });

  // The table says when columns lie past its right edge: a button names how many. Back at the start, the
  // button brings the next columns in, one screen at a time, and goes once none is left.
  await scroller.evaluate((el) => {
    el.scrollLeft = 0;
  });
  await clickThroughMoreColumns(page, scroller);
});

test('the Players directory shows a long-retired player’s birth year, not the age he would be today', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  const { header } = readLines('Master.csv');
  const text = await readFile(join(app?.csvDir ?? '', 'Master.csv'), 'utf8');
  const gretzky = text
    .split('\n')
    .slice(1)
    .map((l) => fieldsOf(header, l))
    .find((m) => m.firstName === 'Wayne' && m.lastName === 'Gretzky');
  expect(gretzky?.birthYear).toMatch(/^19\d\d$/);
  await page.goto(`${app?.url ?? ''}#/players?q=${encodeURIComponent('Wayne Gretzky')}`);
  const table = page.getByRole('table', { name: 'Players' });
  const row = table.locator('tbody tr[data-row-id]').filter({ hasText: 'Wayne Gretzky' });
  await expect(row).toHaveCount(1);
  for (const scheme of ['dark', 'light'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await recordShot(page, `stumbles-7-players-directory-age-${scheme}`);
  }
  // His latest season here is 1981-82: the Age column gives his birth year, and says so in its title.
  const shown = await readTable(table);
  const title = shown.titles.find((t) => t.startsWith('Age today')) ?? '';
  expect(title).toContain('birth year');
  expect(column(shown, title)).toEqual([`born ${gretzky?.birthYear}`]);
  // The age filter keeps its meaning, his age today, and says so.
  await expect(page.getByRole('spinbutton', { name: 'Age today min' })).toBeVisible();
});
