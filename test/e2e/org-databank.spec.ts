import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { DATABANK_DIR, fieldsOf, readLines } from '../unit/service-data/databank-sample.ts';
import { importDatabankOnce } from '../unit/service-data/database-once.ts';
import { tempDir } from '../unit/service-data/helpers.ts';
import { column, columns, expect, hashPath, readAllRows, readTable, screenshot, test } from './fixtures.ts';
import { startOwnApp, stopOwnApp } from './own-app.ts';

/**
 * The new views on the Hockey Databank (the whole of it, imported by the test, with an app of its own):
 * a franchise's history year by year and a season's head coach, a league-season's team comparison under
 * the names the teams carried then, the NHL's former players playing in the data's last season, and the
 * staff counts, all against the CSV files themselves. What the Databank does not hold (affiliates, rights,
 * transfers, arenas, agencies, stars, game logs) leaves those views empty, and they say why.
 */

test.describe.configure({ mode: 'serial' });

let app: Awaited<ReturnType<typeof startOwnApp>> | undefined;
let cleanup = () => {};
/** The CSV lines the import skipped (file:line), as it reported them. */
let skipped = new Set<string>();

test.beforeAll(async () => {
  test.setTimeout(240_000);
  const t = tempDir('rinkside-e2e-org-databank-');
  cleanup = t.cleanup;
  const db = join(t.dir, 'databank.sqlite');
  const report = await importDatabankOnce(DATABANK_DIR, db);
  skipped = new Set(report.skipped.map((r) => `${r.file}:${r.line}`));
  app = await startOwnApp(join(t.dir, 'app'), db);
});

test.afterAll(async () => {
  if (app) await stopOwnApp(app);
  cleanup();
});

/** Every row of a Databank CSV file as column → value records. */
function csv(file: string): Record<string, string>[] {
  const { header, lines } = readLines(file);
  return lines.map((l) => fieldsOf(header, l));
}
const abbrev = new Map(csv('abbrev.csv').map((r) => [`${r.Type}|${r.Code}`, r.Fullname as string]));
const slug = (year: string) => `${year}-${Number(year) + 1}`;
const nth = (n: number) => {
  const t = n % 100;
  if (t >= 11 && t <= 13) return `${n}th`;
  return `${n}${{ 1: 'st', 2: 'nd', 3: 'rd' }[n % 10] ?? 'th'}`;
};

/** The app's id of a team, from its Teams list searched by name. */
async function teamId(page: Page, name: string): Promise<number> {
  await page.goto(`${app?.url}#/teams?q=${encodeURIComponent(name)}`);
  const row = page.getByRole('table', { name: 'Teams' }).locator('tbody tr[data-row-id]').first();
  await expect(row).toContainText(name);
  return Number(await row.getAttribute('data-row-id'));
}

test('Edmonton’s history: every season of the franchise with its record, finish and playoffs, from Teams.csv', async ({
  page,
}) => {
  const rows = csv('Teams.csv')
    .filter((r) => r.franchID === 'EDM')
    .sort((a, b) => Number(b.year) - Number(a.year));
  expect(rows.length).toBeGreaterThan(40);
  const id = await teamId(page, 'Edmonton Oilers');
  await page.goto(`${app?.url}#/teams/${id}`);
  const table = page.getByRole('table', { name: 'History of Edmonton Oilers, season by season' });
  await expect(table.locator('tbody tr[data-row-id]').first()).toBeVisible();
  const shown = await readAllRows(table);
  const at = (title: string) => shown.titles.indexOf(title);
  const cols = [
    'Season',
    'League',
    'Games played',
    'Wins',
    'Losses',
    'Points',
    'Finish in its division (or conference) in the standings',
    'Playoff result',
  ].map(at);
  expect(
    cols.every((i) => i >= 0),
    shown.titles.join('|'),
  ).toBe(true);
  expect(shown.rows.map((r) => cols.map((i) => r[i]))).toEqual(
    rows.map((r) => {
      const group =
        (r.divID && abbrev.get(`Division|${r.divID}`)) ||
        (r.confID && abbrev.get(`Conference|${r.confID}`)) ||
        r.divID ||
        r.confID;
      return [
        slug(r.year as string),
        r.lgID,
        r.G,
        r.W,
        r.L,
        r.Pts,
        `${nth(Number(r.rank))}${group ? ` in ${group}` : ''}`,
        r.playoff ? (abbrev.get(`Playoffs|${r.playoff}`) ?? r.playoff) : '—',
      ];
    }),
  );
  // The team name column: the franchise began as the Alberta Oilers.
  expect(at('The name the team carried that season')).toBeGreaterThan(0);

  // The newest season's head coach, from Coaches.csv and Master.csv.
  const newest = rows[0] as Record<string, string>;
  const coachIds = csv('Coaches.csv')
    .filter((c) => c.year === newest.year && c.tmID === newest.tmID)
    .map((c) => c.coachID);
  const names = csv('Master.csv')
    .filter((m) => m.coachID && coachIds.includes(m.coachID))
    .map((m) => `${m.firstName} ${m.lastName}`);
  expect(names.length).toBeGreaterThan(0);
  const summary = page.getByRole('region', { name: `Season ${slug(newest.year as string)}` });
  await expect(summary.getByText(names.join(', '), { exact: true })).toBeVisible();
  await screenshot(page, 'org-team-history-databank');
});

test('WHA 1978-79 team comparison names the teams as they were called then', async ({ page }) => {
  const names = csv('Teams.csv')
    .filter((r) => r.year === '1978' && r.lgID === 'WHA')
    .map((r) => r.name as string)
    .sort();
  await page.goto(`${app?.url}#/leagues/wha/teams?season=1978-1979`);
  const table = page.getByRole('table', { name: 'Team comparison, WHA, 1978-1979' });
  await expect.poll(async () => (await readTable(table)).rows.map((r) => r[0] as string).sort()).toEqual(names);
  await expect(table.getByText('now Arizona Coyotes')).toBeVisible();
  await screenshot(page, 'org-league-comparison-databank');
});

test('Leagues lists the Databank’s leagues, as Teams.csv names them', async ({ page }) => {
  const leagues = [...new Set(csv('Teams.csv').map((r) => r.lgID as string))].sort();
  expect(leagues).toContain('NHL');
  await page.goto(`${app?.url}#/leagues`);
  const table = page.getByRole('table', { name: 'Leagues' });
  await expect.poll(async () => (await readTable(table)).rows.map((r) => r[0])).toEqual(leagues);
  await screenshot(page, 'org-leagues-databank');
});

test('NHL 1981-82 standings on the league page: each division’s teams in their Teams.csv rank', async ({ page }) => {
  // Divisions in name order (the service's `group` sort), each by its rank (`position`).
  const rows = csv('Teams.csv').filter((r) => r.year === '1981' && r.lgID === 'NHL');
  const division = (r: Record<string, string>) => abbrev.get(`Division|${r.divID}`) ?? (r.divID as string);
  const expected = rows
    .sort((a, b) => division(a).localeCompare(division(b)) || Number(a.rank) - Number(b.rank))
    .map((r) => r.name);
  expect(expected.length).toBe(21);
  await page.goto(`${app?.url}#/leagues/nhl?season=1981-1982`);
  const table = page.getByRole('table', { name: 'the standings of NHL in 1981-1982' });
  await expect.poll(async () => column(await readTable(table), 'Team')).toEqual(expected);
  await screenshot(page, 'org-league-standings-databank');
});

test('NHL: where are they now lists the players of the data’s last season, as Scoring.csv and Goalies.csv have them', async ({
  page,
}) => {
  const last = String(Math.max(...csv('Teams.csv').map((r) => Number(r.year))));
  const ids = new Set(
    [...csv('Scoring.csv'), ...csv('Goalies.csv')]
      .filter((r) => r.year === last && r.lgID === 'NHL')
      .map((r) => r.playerID),
  );
  await page.goto(`${app?.url}#/leagues/nhl/alumni`);
  await expect(page.getByText(`${ids.size.toLocaleString('en-US')} players`, { exact: true })).toBeVisible();
  await expect(page.getByRole('note').filter({ hasText: "the data's last season" })).toBeVisible();
  await screenshot(page, 'org-league-alumni-databank');
});

test('coaching staff of the NHL’s last season: its Coaches.csv entries per team', async ({ page }) => {
  const last = String(Math.max(...csv('Coaches.csv').map((r) => Number(r.year))));
  // Lines the import skipped (a coach without a readable Master.csv row) are no staff entry; line 2 is row 0.
  const kept = csv('Coaches.csv').filter((_, i) => !skipped.has(`Coaches.csv:${i + 2}`));
  const perTeam = new Map<string, number>();
  for (const c of kept.filter((r) => r.year === last && r.lgID === 'NHL'))
    perTeam.set(c.tmID as string, (perTeam.get(c.tmID as string) ?? 0) + 1);
  const teamNames = new Map(
    csv('Teams.csv')
      .filter((r) => r.year === last && r.lgID === 'NHL')
      .map((r) => [r.tmID, r.name]),
  );
  await page.goto(`${app?.url}#/staff?league=nhl&season=${slug(last)}&sort=team`);
  const table = page.getByRole('table', { name: 'Staff entries by team' });
  await expect
    .poll(
      async () =>
        new Map(
          columns(await readAllRows(table), [
            'Team',
            'Staff entries (a coach’s role with the team in a season) matching the filters',
          ]).map(([team, n]) => [team, Number(n)]),
        ),
    )
    .toEqual(new Map([...perTeam].map(([tm, n]) => [teamNames.get(tm), n])));
  await screenshot(page, 'org-staff-databank');
});

test('what the Databank does not hold: the organisation, agencies, stars and recent games say so', async ({ page }) => {
  const id = await teamId(page, 'Edmonton Oilers');
  await page.goto(`${app?.url}#/teams/${id}/organisation`);
  await expect(page.getByRole('note').filter({ hasText: 'The Hockey Databank records no affiliates' })).toBeVisible();
  await expect(page.getByText('Edmonton Oilers has no affiliated teams on record.')).toBeVisible();
  await expect(page.getByText('No players in the system of Edmonton Oilers.')).toBeVisible();
  await expect(page.getByText('No transfers to or from Edmonton Oilers are recorded.')).toBeVisible();
  await expect(page.getByText('The service names no arena for Edmonton Oilers.')).toBeVisible();
  await screenshot(page, 'org-organisation-databank');

  await page.goto(`${app?.url}#/agencies`);
  await expect(page.getByRole('note').filter({ hasText: 'records no agencies' })).toBeVisible();
  await expect(page.getByText('No agency matches these filters.')).toBeVisible();
  await screenshot(page, 'org-agencies-databank');
  await page.goto(`${app?.url}#/stars`);
  await expect(page.getByRole('note').filter({ hasText: 'records no stars' })).toBeVisible();
  await screenshot(page, 'org-stars-databank');

  // A goalie of the last season, from his team's page: no game logs.
  await page.goto(`${app?.url}#/teams/${id}`);
  await page
    .getByRole('table', { name: /^Goaltending leaders,/ })
    .locator('tbody a')
    .first()
    .click();
  await expect.poll(() => hashPath(page)).toMatch(/^\/players\/\d+$/);
  await expect(page.getByRole('note').filter({ hasText: 'records no game logs' })).toBeVisible();
  await expect(page.getByText(/^No recent games recorded for /)).toBeVisible();
  await screenshot(page, 'org-recent-games-databank');
});
