import type { Page } from '@playwright/test';
import { env, expect, hashParams, hashPath, recordShot, screenshot, test } from './fixtures.ts';

/**
 * The keyboard, with Chromium's real key events on the demo instance: a table is one Tab stop, arrow
 * keys move the active row (also in the virtualised body of a 100-row page), Enter opens it, Back puts
 * focus on it again, and `/` goes to the search box. Which team is where comes from the page's DOM
 * order and is checked against the test's own service client.
 */

interface TeamRow {
  id: number;
  name: string;
}

/** Where focus is now, in terms of the Teams view. */
async function focusAt(page: Page) {
  return page.evaluate(() => {
    const a = document.activeElement as HTMLElement | null;
    return {
      rowId: a?.closest('tbody')?.closest('table[aria-label="Teams"]') ? (a.getAttribute('data-row-id') ?? '') : null,
      inPager: Boolean(a?.closest('nav.pager')),
      search: a?.getAttribute('type') === 'search',
      name: a?.getAttribute('aria-label') ?? a?.textContent?.trim().slice(0, 30) ?? '',
    };
  });
}

async function openTeams(page: Page) {
  await page.goto(`${env.demo.url}#/teams`);
  const table = page.getByRole('table', { name: 'Teams' });
  await expect(page.locator('.data-table[data-state="ready"]')).toBeVisible();
  await expect(table.locator('tbody tr[data-row-id]').first()).toBeVisible();
  return table;
}

test('Teams: one Tab stop for the table, arrows move the row, Enter opens it, Back focuses it again', async ({
  page,
  service,
}) => {
  const table = await openTeams(page);
  const search = page.getByRole('searchbox', { name: 'Search by name' });

  // From the search box to the pager: count the Tab presses and where each one lands.
  await search.focus();
  const stops: Awaited<ReturnType<typeof focusAt>>[] = [];
  for (let i = 0; i < 200; i += 1) {
    await page.keyboard.press('Tab');
    const at = await focusAt(page);
    stops.push(at);
    if (at.inPager) break;
  }
  const inTable = stops.filter((s) => s.rowId !== null);
  console.log(`Tab presses from the search box to the pager: ${stops.length} (${inTable.length} in the table)`);
  expect(stops.at(-1)?.inPager).toBe(true);
  expect(inTable).toHaveLength(1);
  expect(stops.length).toBeLessThanOrEqual(15);

  // The DOM order of the rows, and the service's own first page in the same sort (by name).
  const ids = await table
    .locator('tbody tr[data-row-id]')
    .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-row-id')));
  const first = await service.list<TeamRow>('/teams', { sort: 'name', limit: '4', fields: 'id,name' });
  expect(ids.slice(0, 4)).toEqual(first.data.map((t) => String(t.id)));
  const fourth = first.data[3] as TeamRow;

  // Tab into the table: the first row has focus.
  await search.focus();
  while ((await focusAt(page)).rowId === null) await page.keyboard.press('Tab');
  expect((await focusAt(page)).rowId).toBe(ids[0]);
  for (let i = 0; i < 3; i += 1) await page.keyboard.press('ArrowDown');
  const row = table.locator(`tbody tr[data-row-id="${fourth.id}"]`);
  await expect(row).toBeFocused();
  await expect(row).toContainText(fourth.name);
  await expect(row).toHaveAttribute('tabindex', '0');
  await expect(table.locator('tbody tr[tabindex="0"]')).toHaveCount(1);
  await screenshot(page, 'teams-focused-row');

  await page.keyboard.press('Enter');
  await expect.poll(() => hashPath(page)).toBe(`/teams/${fourth.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(fourth.name);

  await page.goBack();
  await expect.poll(() => hashPath(page)).toBe('/teams');
  await expect(table.locator(`tbody tr[data-row-id="${fourth.id}"]`)).toBeFocused();
  await screenshot(page, 'teams-focus-after-back');

  // "/" from the row goes to the search box and types nothing there.
  await page.keyboard.press('/');
  await expect(search).toBeFocused();
  await expect(search).toHaveValue('');
  // In the search box "/" is a character.
  await page.keyboard.type('a/');
  await expect(search).toHaveValue('a/');
});

test('Teams: End, Home and PageDown move through the virtualised 100-row page, the row in view', async ({
  page,
  service,
}) => {
  const all = await service.list<TeamRow>('/teams', { sort: 'name', limit: '100', fields: 'id,name' });
  expect(all.data.length).toBeGreaterThan(40);
  const last = all.data.at(-1) as TeamRow;
  const table = await openTeams(page);
  // Virtualised: fewer rows rendered than the page holds.
  expect(await table.locator('tbody tr[data-row-id]').count()).toBeLessThan(all.data.length);

  await table.locator('tbody tr[data-row-id]').first().focus();
  await page.keyboard.press('End');
  const lastRow = table.locator(`tbody tr[data-row-id="${last.id}"]`);
  await expect(lastRow).toBeFocused();
  await expect(lastRow).toContainText(last.name);
  await expect(lastRow).toHaveAttribute('aria-rowindex', String(all.data.length + 1));
  await expect(lastRow).toBeInViewport();

  await page.keyboard.press('Home');
  const firstTeam = all.data[0] as TeamRow;
  await expect(table.locator(`tbody tr[data-row-id="${firstTeam.id}"]`)).toBeFocused();
  await expect(table.locator(`tbody tr[data-row-id="${firstTeam.id}"]`)).toBeInViewport();

  // PageDown moves by a screenful: some row below the first, shown on screen.
  await page.keyboard.press('PageDown');
  const afterPage = await focusAt(page);
  const index = all.data.findIndex((t) => String(t.id) === afterPage.rowId);
  expect(index).toBeGreaterThan(1);
  await expect(table.locator(`tbody tr[data-row-id="${afterPage.rowId}"]`)).toBeInViewport();
  // ArrowUp goes to the row just above it, in the service's order.
  await page.keyboard.press('ArrowUp');
  await expect(table.locator(`tbody tr[data-row-id="${all.data[index - 1]?.id}"]`)).toBeFocused();
});

/** Where focus is, in terms of a data table: its body row, its header row's button, or elsewhere. */
async function tableFocus(page: Page) {
  return page.evaluate(() => {
    const a = document.activeElement as HTMLElement | null;
    const inTable = a?.closest('.data-table table');
    return {
      rowId: inTable && a?.closest('tbody') ? (a.getAttribute('data-row-id') ?? '') : null,
      header: inTable && a?.closest('thead') ? (a.getAttribute('aria-label') ?? '') : null,
      text: a?.textContent?.trim().slice(0, 40) ?? '',
    };
  });
}

test('Standings: the header row is one Tab stop with arrows across it, and the skip link reaches the first row', async ({
  page,
  service,
}) => {
  const season = '2018-2019';
  // The first row in the view's default order (`group,position`), as the service orders it.
  const first = (
    await service.list<{ id: number }>('/leagues/nhl/standings', { season, sort: 'group,position', limit: '1' })
  ).data[0];
  await page.goto(`${env.demo.url}#/standings?league=nhl&season=${season}`);
  const table = page.getByRole('table', { name: /^the standings of / });
  await expect(page.locator('.data-table[data-state="ready"]')).toBeVisible();
  await expect(table.locator('tbody tr[data-row-id]').first()).toBeVisible();

  // From the top of the page, Tab until the first row has focus: every stop on the way, counted.
  const stops: Awaited<ReturnType<typeof tableFocus>>[] = [];
  for (let i = 0; i < 60; i += 1) {
    await page.keyboard.press('Tab');
    const at = await tableFocus(page);
    stops.push(at);
    if (at.rowId !== null) break;
  }
  await recordShot(page, 'keyboard-standings-tab-to-first-row');
  const headerStops = stops.filter((s) => s.header !== null);
  console.log(`Tab presses from the top of the page to the first Standings row: ${stops.length}`);
  console.log(`  of which in the header row: ${headerStops.length}`);
  expect(stops.at(-1)?.rowId).toBe(String(first?.id));
  expect(headerStops).toHaveLength(1);
  // Every stop on the way, in order: the skip link first; each link of the side navigation once (read from
  // the navigation, which gains a link with each new view); the view's Export button and its three filters
  // (league, season, layout); then the table: its header row as one stop, and the first row.
  const nav = (await page.getByRole('navigation', { name: 'Main' }).getByRole('link').allInnerTexts()).map((t) =>
    t.trim(),
  );
  expect(nav.length).toBeGreaterThan(5);
  expect(stops[0]?.text).toBe('Skip to table');
  expect(stops.slice(1, 1 + nav.length).map((s) => s.text)).toEqual(nav);
  expect(stops[1 + nav.length]?.text).toMatch(/^Export/);
  expect(stops).toHaveLength(1 + nav.length + 4 + 2);

  // The header row: one button is tabbable; arrows move along the row, Home/End to its ends.
  const head = table.locator('thead');
  const buttons = head.getByRole('button');
  const count = await buttons.count();
  expect(count).toBeGreaterThan(5);
  await page.keyboard.press('Shift+Tab');
  await expect(buttons.first()).toBeFocused();
  await expect(head.locator('[tabindex="0"]')).toHaveCount(1);
  await page.keyboard.press('ArrowRight');
  await expect(buttons.nth(1)).toBeFocused();
  await expect(buttons.nth(1)).toHaveAttribute('tabindex', '0');
  await expect(head.locator('[tabindex="0"]')).toHaveCount(1);
  await page.keyboard.press('End');
  await expect(buttons.nth(count - 1)).toBeFocused();
  await page.keyboard.press('Home');
  await expect(buttons.first()).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  const third = buttons.nth(2);
  await expect(third).toBeFocused();
  // Enter sorts by that column, and the focus stays on its header.
  const name = (await third.getAttribute('aria-label')) ?? '';
  await page.keyboard.press('Enter');
  await expect.poll(() => hashParams(page).get('sort')).not.toBeNull();
  await expect(page.locator('.data-table[data-state="ready"]')).toBeVisible();
  await expect(head.getByRole('button', { name })).toBeFocused();
  // Down enters the body at its active row; Up on the first row goes back to the header.
  await page.keyboard.press('ArrowDown');
  expect((await tableFocus(page)).rowId).not.toBeNull();
  await page.keyboard.press('Home');
  await page.keyboard.press('ArrowUp');
  await expect(head.getByRole('button', { name })).toBeFocused();

  // The skip link: the page's first stop, named for the table, then straight to the table's row.
  await page.goto(`${env.demo.url}#/standings?league=nhl&season=${season}`);
  await page.reload();
  await expect(table.locator('tbody tr[data-row-id]').first()).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to table' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await recordShot(page, 'keyboard-standings-skip-link');
  await page.keyboard.press('Enter');
  await expect(table.locator(`tbody tr[data-row-id="${first?.id}"]`)).toBeFocused();
  expect(hashPath(page)).toBe('/standings');
});
