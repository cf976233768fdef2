import type { Locator, Page } from '@playwright/test';
import { env, expect, hashParams, recordShot, test } from './fixtures.ts';

/**
 * The Teams and Players filter bars as a scout meets them, with a few filters set from the URL: each
 * control under its label in the order the scout reads them, a select showing the value the URL names, a
 * range's boxes holding its bounds, and a choice written back into the URL. Recorded as the
 * `filter-bar-*` screenshots of the change that drew both bars from their lists' definitions.
 */

/** The labels of a toolbar's fields, in the order shown. */
async function fieldLabels(bar: Locator): Promise<string[]> {
  return (await bar.locator('.field-label').allTextContents()).map((t) => t.trim());
}

/** Records the toolbar alone. */
async function shootBar(page: Page, bar: Locator, name: string): Promise<void> {
  const box = await bar.boundingBox();
  if (box === null) throw new Error(`${name}: the toolbar has no box`);
  await recordShot(page, name, { x: 0, y: Math.max(0, box.y - 8), width: 1280, height: box.height + 16 });
}

test('Teams: the filter bar shows its filters, the URL’s choices, and writes a choice into the URL', async ({
  page,
}) => {
  await page.goto(`${env.demo.url}#/teams?status=active&teamClass=men&country=can`);
  const bar = page.locator('search.toolbar');
  await expect(bar.getByRole('combobox', { name: 'Status' })).toHaveValue('active');
  expect(await fieldLabels(bar)).toEqual(['Search by name', 'League', 'Country', 'Status', 'Type', 'Class']);
  await expect(bar.getByRole('combobox', { name: 'Class' })).toHaveValue('men');
  await expect(bar.getByRole('combobox', { name: 'Country' })).toHaveValue('can');
  await expect(bar.getByRole('combobox', { name: 'Type' })).toHaveValue('');
  await expect(bar.getByRole('combobox', { name: 'Status' }).locator('option')).toHaveText([
    'Any',
    'Active',
    'Not active',
  ]);
  await expect(bar.getByRole('combobox', { name: 'Country' }).locator('option').first()).toHaveText('All countries');
  await expect(bar.getByRole('button', { name: 'Clear filters' })).toBeEnabled();
  await shootBar(page, bar, 'filter-bar-teams');

  await bar.getByRole('combobox', { name: 'Type' }).selectOption('club');
  await expect.poll(() => hashParams(page).get('teamType')).toBe('club');
});

test('Players: the filter bar shows its filters and ranges, the URL’s choices, and writes a choice into the URL', async ({
  page,
}) => {
  await page.goto(`${env.demo.url}#/players?position=D&shoots=L&age:min=20&age:max=30&height:min=185`);
  const bar = page.locator('search.toolbar');
  await expect(bar.getByRole('combobox', { name: 'Position' })).toHaveValue('D');
  expect(await fieldLabels(bar)).toEqual([
    'Search by name',
    'Position',
    'Nationality',
    'Shoots',
    'Catches',
    'League',
    'Season',
    'Age today',
    'Height cm',
    'Weight kg',
  ]);
  await expect(bar.getByRole('combobox', { name: 'Shoots' })).toHaveValue('L');
  await expect(bar.getByRole('combobox', { name: 'Shoots' }).locator('option')).toHaveText(['Any', 'Left', 'Right']);
  await expect(bar.getByRole('combobox', { name: 'Season' }).locator('option').first()).toHaveText('All seasons');
  await expect(bar.getByRole('spinbutton', { name: 'Age today min' })).toHaveValue('20');
  await expect(bar.getByRole('spinbutton', { name: 'Age today max' })).toHaveValue('30');
  await expect(bar.getByRole('spinbutton', { name: 'Height min (cm)' })).toHaveValue('185');
  await expect(bar.getByRole('spinbutton', { name: 'Weight max (kg)' })).toHaveValue('');
  await shootBar(page, bar, 'filter-bar-players');

  await bar.getByRole('combobox', { name: 'Catches' }).selectOption('R');
  await expect.poll(() => hashParams(page).get('catches')).toBe('R');
  await bar.getByRole('spinbutton', { name: 'Weight max (kg)' }).fill('90');
  await expect.poll(() => hashParams(page).get('weight:max')).toBe('90');
});

test('Stats browser: the filter bar shows its filters, the URL’s choices, and writes a choice into the URL', async ({
  page,
}) => {
  await page.goto(`${env.demo.url}#/players/stats?position=D&nationality=can&draft=drafted&draftAge:min=18`);
  const bar = page.locator('search.stats-filters');
  await expect(bar.getByRole('combobox', { name: 'Position' })).toHaveValue('D');
  expect(await fieldLabels(bar)).toEqual([
    'Leagues',
    'From season',
    'To season',
    'Position',
    'Nationality',
    'Team',
    'Draft status',
    'Draft age',
    'Min GP (default)',
  ]);
  await expect(bar.getByRole('combobox', { name: 'Position' }).locator('option').first()).toHaveText('All skaters');
  await expect(bar.getByRole('combobox', { name: 'Nationality' })).toHaveValue('can');
  await expect(bar.getByRole('combobox', { name: 'Draft status' })).toHaveValue('drafted');
  // No league chosen: the team select waits for one.
  await expect(bar.getByRole('combobox', { name: 'Team' })).toBeDisabled();
  await expect(bar.getByRole('combobox', { name: 'Team' }).locator('option').first()).toHaveText(
    'Choose a league first',
  );
  await expect(bar.getByRole('spinbutton', { name: 'Draft age min' })).toHaveValue('18');
  await shootBar(page, bar, 'filter-bar-stats');

  await bar.getByRole('combobox', { name: 'Draft status' }).selectOption('undrafted');
  await expect.poll(() => hashParams(page).get('draft')).toBe('undrafted');
  await bar.getByRole('spinbutton', { name: 'Draft age max' }).fill('21');
  await expect.poll(() => hashParams(page).get('draftAge:max')).toBe('21');
});
