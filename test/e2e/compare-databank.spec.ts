import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { fieldsOf, readLines, writeFile } from '../unit/service-data/databank-sample.ts';
import { type DatabankApp, startDatabankApp } from './databank-app.ts';
import { expect, test } from './fixtures.ts';

/**
 * Compare on real Databank rows, for the states the demo world never has: a season before shots against
 * were recorded (NHL 1980-81: Goalies.csv has no SA), and a season whose teams have no player records, so
 * the service's team comparison is empty (NHL 1981-82 with its Scoring.csv and Goalies.csv rows left out).
 * The test writes the sample, imports it and starts its own `npm start` on it (a free port the system
 * picks: the run's two instances serve the demo data); expected numbers come from the CSV rows.
 */

test.describe.configure({ mode: 'serial' });

const EARLY = 1980;
const NO_PLAYERS = 1981;
const TEAMS = ['NYI', 'PHI', 'MTL'] as const;

let app: DatabankApp | undefined;
let csvDir = '';

test.beforeAll(async () => {
  test.setTimeout(240_000);
  app = await startDatabankApp({
    name: 'nyi-phi-mtl-1980-1981-without-players-in-1981',
    picks: [...TEAMS.map((tm) => [EARLY, tm] as const), ...TEAMS.map((tm) => [NO_PLAYERS, tm] as const)],
    edit: (dir) => {
      // The later season keeps its Teams.csv rows (standings) but loses its players' rows.
      for (const file of ['Scoring.csv', 'Goalies.csv']) {
        const { header, lines } = readLines(file);
        const kept = readFileSync(join(dir, file), 'utf8')
          .split('\n')
          .slice(1)
          .filter((l) => l !== '' && fieldsOf(header, l).year !== String(NO_PLAYERS));
        expect(kept.length).toBeLessThan(lines.length);
        writeFile(dir, file, header, kept);
      }
    },
  });
  csvDir = app.csvDir;
});

test.afterAll(async () => {
  await app?.close();
});

/** The sample's rows of a CSV file for one season, as column → value records. */
function rowsOf(file: string, year: number): Record<string, string>[] {
  const { header } = readLines(file);
  return readFileSync(join(csvDir, file), 'utf8')
    .split('\n')
    .slice(1)
    .filter((l) => l !== '')
    .map((l) => fieldsOf(header, l))
    .filter((f) => f.year === String(year) && f.lgID === 'NHL');
}

const chart = (page: Page, id: string) => page.locator(`[data-chart="${id}"]`);
const markLabels = (c: Locator) =>
  c.locator('svg [role="img"][aria-label]').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? ''));
async function tableOf(c: Locator): Promise<string[][]> {
  await c.getByRole('button', { name: 'Show as table' }).click();
  const rows = await c
    .locator('table tr')
    .evaluateAll((trs) => trs.map((tr) => [...tr.children].map((td) => (td.textContent ?? '').trim())));
  await c.getByRole('button', { name: 'Show as table' }).click();
  return rows;
}

/** The app's team ids of the chosen teams, by name, from the Compare view's team picker. */
async function openWithTeams(page: Page, season: string, names: readonly string[]): Promise<void> {
  await page.goto(`${app?.url}#/compare?league=nhl&season=${season}`);
  const combo = page.getByRole('combobox', { name: /^Teams/ });
  for (const name of names) {
    await combo.fill(name.slice(0, 8));
    await page.getByRole('option', { name }).click();
  }
}

test('Compare before shots were recorded: no SV% anywhere, said plainly; GAA from the goalies’ minutes', async ({
  page,
}) => {
  const teams = rowsOf('Teams.csv', EARLY);
  const goalies = rowsOf('Goalies.csv', EARLY);
  expect(teams.map((t) => t.tmID).sort()).toEqual([...TEAMS].sort());
  // The premise: no goalie of the season has shots against.
  expect(goalies.length).toBeGreaterThan(0);
  expect(goalies.every((g) => g.SA === '')).toBe(true);
  const names = teams.map((t) => t.name as string);
  const season = `${EARLY}-${EARLY + 1}`;
  await openWithTeams(page, season, names);

  const profile = chart(page, 'profile');
  await expect(profile.locator('svg [role="img"]').first()).toBeVisible();
  await expect(profile.getByText('No SV%: shots against were not recorded this season.')).toBeVisible();
  const table = await tableOf(profile);
  const metrics = table.slice(1).map((r) => r[0]);
  expect(metrics).not.toContain('SV%');
  expect(metrics).toContain('GAA (lower is better)');
  expect((await markLabels(profile)).some((l) => l.includes('SV%'))).toBe(false);
  // GAA per team: ΣGA · 60 / ΣMin of its goalies, from Goalies.csv.
  const shownNames = table[0]?.slice(2) ?? [];
  const gaaRow = table.find((r) => r[0] === 'GAA (lower is better)')?.slice(2);
  expect(gaaRow).toEqual(
    shownNames.map((name) => {
      const tm = teams.find((t) => t.name === name)?.tmID;
      const own = goalies.filter((g) => g.tmID === tm);
      const ga = own.reduce((a, g) => a + Number(g.GA || 0), 0);
      const min = own.reduce((a, g) => a + Number(g.Min || 0), 0);
      return ((ga * 60) / min).toFixed(2);
    }),
  );

  // The goalie chart: no SV% axis, said plainly; its table still lists each qualified goalie's GP and GAA.
  const goalieChart = chart(page, 'goalies');
  await expect(goalieChart.getByRole('heading', { level: 2 })).toHaveText(
    `Goalies: GAA (no shots recorded) · NHL ${season}`,
  );
  await expect(chart(page, 'trend').getByText(`in the season up to ${season}`)).toBeVisible();
  await expect(goalieChart.getByText('No SV% axis for this season.')).toBeVisible();
  await expect(goalieChart.getByText(/Shots against were not recorded this season/)).toBeVisible();
  expect(await goalieChart.locator('svg [role="img"]').count()).toBe(0);
  const goalieTable = await tableOf(goalieChart);
  const qualified = goalies.filter((g) => Number(g.GP) >= 10);
  expect(
    goalieTable
      .slice(1)
      .map((r) => [r[2], r[3], r[4]])
      .sort(),
  ).toEqual(qualified.map((g) => [g.GP, '—', ((Number(g.GA) * 60) / Number(g.Min)).toFixed(2)]).sort());
  await page.screenshot({ path: 'test-results/screens/compare-databank-1980.png', fullPage: true });
  await goalieChart.screenshot({ path: 'test-results/screens/compare-databank-1980-goalies.png' });
  await profile.screenshot({ path: 'test-results/screens/compare-databank-1980-profile.png' });
});

test('Compare in a season without team comparison: age, height and weight left out, said plainly', async ({ page }) => {
  const teams = rowsOf('Teams.csv', NO_PLAYERS);
  expect(teams.length).toBe(TEAMS.length);
  const names = teams.map((t) => t.name as string);
  const season = `${NO_PLAYERS}-${NO_PLAYERS + 1}`;
  await openWithTeams(page, season, names);
  const profile = chart(page, 'profile');
  await expect(profile.locator('svg [role="img"]').first()).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: `No team comparison for` })).toHaveText(
    `No team comparison for NHL ${season}: average age, height and weight are left out.`,
  );
  const metrics = (await tableOf(profile)).slice(1).map((r) => r[0]);
  for (const m of ['Age', 'Height', 'Weight']) expect(metrics.filter((x) => x?.startsWith(m))).toEqual([]);
  // PTS% of each team from Teams.csv: PTS / (2·GP).
  const table = await tableOf(profile);
  const shownNames = table[0]?.slice(2) ?? [];
  expect(table.find((r) => r[0] === 'PTS%')?.slice(2)).toEqual(
    shownNames.map((name) => {
      const t = teams.find((x) => x.name === name);
      return (Number(t?.Pts) / (2 * Number(t?.G))).toFixed(3).replace(/^0\./, '.');
    }),
  );
  await page.screenshot({ path: 'test-results/screens/compare-databank-no-comparison.png', fullPage: true });
});
