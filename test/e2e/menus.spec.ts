import type { Locator, Page } from '@playwright/test';
import { type DirectService, env, expect, recordShot, test } from './fixtures.ts';

/**
 * Menus and popovers stay inside the window wherever their button sits (the goaltending leaders' Export
 * at the right end of its section head, a chart's Export, a narrow window), and an export leaves the
 * toolbar where it was: its progress and outcome float under the button instead of taking room beside it.
 */

const SEASON = '2018-2019';

/** A box as numbers rounded to the pixel: where an element is drawn. */
async function box(el: Locator): Promise<{ x: number; y: number; width: number; height: number }> {
  const b = await el.boundingBox();
  if (!b) throw new Error('the element is not drawn');
  return { x: Math.round(b.x), y: Math.round(b.y), width: Math.round(b.width), height: Math.round(b.height) };
}

/** Asserts (softly: the test goes on to show what else it finds) that an element is drawn inside the window. */
async function expectInsideWindow(page: Page, el: Locator, what: string): Promise<void> {
  const b = await box(el);
  const vp = page.viewportSize() ?? { width: 0, height: 0 };
  expect.soft(b.x, `${what}: left edge`).toBeGreaterThanOrEqual(0);
  expect.soft(b.y, `${what}: top edge`).toBeGreaterThanOrEqual(0);
  expect.soft(b.x + b.width, `${what}: right edge within ${vp.width}`).toBeLessThanOrEqual(vp.width);
  expect.soft(b.y + b.height, `${what}: bottom edge within ${vp.height}`).toBeLessThanOrEqual(vp.height);
}

/** The first NHL team of the season's standings (its leaders have a few goalies). */
async function aTeam(service: DirectService): Promise<number> {
  const s = await service.list<{ team: { id: number } }>('/leagues/nhl/standings', {
    season: SEASON,
    limit: '1',
    sort: 'position',
  });
  const id = s.data[0]?.team.id;
  if (id === undefined) throw new Error(`no NHL standings in ${SEASON}`);
  return id;
}

test('the leaders’ Export menu opens inside the window, and an export leaves its toolbar where it was', async ({
  page,
  service,
}) => {
  const teamId = await aTeam(service);
  // The leaders' own page: its Export button ends the section head, at the window's right edge.
  await page.goto(`${env.demo.url}#/teams/${teamId}/goaltending-leaders?season=${SEASON}`);
  const leaders = page.getByRole('region', { name: 'Goaltending leaders' });
  await expect(leaders.locator('.data-table[data-state="ready"]')).toBeVisible();
  const button = leaders.getByRole('button', { name: /^Export/ });
  const minGp = leaders.getByRole('combobox', { name: 'Min GP' });
  const heading = leaders.getByRole('heading', { name: 'Goaltending leaders' });
  const table = leaders.getByRole('table');
  const where = async () => ({
    button: await box(button),
    minGp: await box(minGp),
    heading: await box(heading),
    table: await box(table),
  });
  const before = await where();

  await button.click();
  const panel = leaders.getByRole('group', { name: 'Export' });
  await expect(panel).toBeVisible();
  await recordShot(page, 'menus-leaders-export-open');
  await expectInsideWindow(page, panel, 'the Export panel');

  // Export this page as CSV: the outcome shows, and nothing in the section head has moved.
  await panel.getByRole('radio', { name: /^This page/ }).check();
  const download = page.waitForEvent('download');
  await panel.getByRole('button', { name: 'CSV', exact: true }).click();
  await download;
  const outcome = leaders.getByText(/^Exported \d+ rows? to /);
  await expect(outcome).toBeVisible();
  await recordShot(page, 'menus-leaders-after-export');
  await expectInsideWindow(page, outcome, 'the export outcome');
  expect.soft(await where(), 'the section head and table after an export').toEqual(before);
  // The outcome can be dismissed.
  await leaders.getByRole('button', { name: 'Dismiss the export message' }).click();
  await expect(outcome).toBeHidden();
});

test('in a narrow window the Teams and chart Export menus open inside it', async ({ page, service }) => {
  await page.setViewportSize({ width: 760, height: 640 });
  await page.goto(`${env.demo.url}#/teams`);
  await expect(page.locator('.data-table[data-state="ready"]')).toBeVisible();
  await page.getByRole('button', { name: /^Export/ }).click();
  await expectInsideWindow(page, page.getByRole('group', { name: 'Export' }), 'the Teams Export panel');

  // A chart's Export (its table's), at the right end of the chart's head.
  const ids = (
    await service.list<{ team: { id: number } }>('/leagues/nhl/standings', { season: SEASON, limit: '2' })
  ).data.map((s) => s.team.id);
  await page.goto(`${env.demo.url}#/compare?league=nhl&season=${SEASON}&teams=${ids.join(',')}`);
  const profile = page.locator('[data-chart="profile"]');
  await expect(profile.locator('svg.recharts-surface')).toBeVisible();
  await profile.getByRole('button', { name: 'Show as table' }).click();
  await profile.getByRole('button', { name: /^Export/ }).click();
  const panel = profile.getByRole('group', { name: 'Export' });
  await expect(panel).toBeVisible();
  await recordShot(page, 'menus-chart-export-narrow');
  await expectInsideWindow(page, panel, 'the chart Export panel');
});
