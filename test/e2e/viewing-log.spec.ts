import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import Papa from 'papaparse';
import type { Assignment } from '../../shared/department/desk.ts';
import { type ScannedView, scanViews, titled } from './axe.ts';
import {
  connect,
  type Department,
  type Laptop,
  type Login,
  startDepartmentServer,
  startLaptop,
  syncNow,
} from './department-world.ts';
import { expect, test } from './fixtures.ts';
import { bridge, finalSkaterReport as final, skaters } from './scouting.ts';

/**
 * The viewing log and the player page's coverage section end to end, on a real PostgreSQL made by the test
 * and three browser-shell apps with data folders of their own: scouts A and B, director D. The scouts write
 * final reports on two players in two ISO weeks; D assigns a game to B and a player to A. D's viewing log
 * holds every scout's week, as this test works the weeks out from the calendar; he narrows it to B from
 * the keyboard and exports it. A reads his own log only. On D's player page the coverage section's figures
 * are those this test works out from the reports it had the scouts write.
 */

test.describe.configure({ mode: 'serial' });
test.use({ actionTimeout: 30_000 });

const SHOTS = 'docs/screenshots/director';

let dep: Department | undefined;
const laptops: Laptop[] = [];
test.afterEach(async () => {
  for (const l of laptops.splice(0)) await l.stop().catch(() => undefined);
  await dep?.stop();
  dep = undefined;
});

type Player = { id: number; name: string; position: string | null; dateOfBirth: string | null };

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

test('the viewing log shows each scout’s weeks, a director every scout’s; the player page sums his coverage', async ({
  page,
  browser,
  service,
}) => {
  test.setTimeout(420_000);
  dep = await startDepartmentServer([
    { user: 'scout_a', scoutName: 'Anna Berg' },
    { user: 'scout_b', scoutName: 'Ben Okafor' },
    { user: 'director_d', scoutName: 'Dana Ruiz', director: true },
  ]);
  const d = dep;
  const login = (u: string): Login => d.logins[u] as Login;
  const [p1, p2] = await skaters(service, 2);
  if (!p1 || !p2) throw new Error('two skaters are needed');
  const [la, lb, ld] = await Promise.all([startLaptop(), startLaptop(), startLaptop()]);
  laptops.push(la, lb, ld);
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  const pa = page;
  const [pb, pd] = await Promise.all([context.newPage(), context.newPage()]);

  await test.step('no department yet: the view says so and links Settings; the player page has no coverage', async () => {
    await pd.goto(`${ld.url}#/viewing-log`);
    await expect(pd.getByText('No department set up.')).toBeVisible();
    await expect(nav(pd).getByRole('link', { name: 'Viewing log' })).toHaveCount(0);
    await pd.getByRole('link', { name: 'Settings → Department' }).press('Enter');
    await expect(pd.getByRole('heading', { level: 1 })).toHaveText('Settings');
    await pd.goto(`${ld.url}#/players/${p1.id}`);
    await expect(pd.getByRole('heading', { level: 1 })).toHaveText(p1.name);
    await expect(pd.getByRole('region', { name: 'Department', exact: true })).toHaveCount(0);
  });

  await connect(pa, la.url, d, login('scout_a'));
  await connect(pb, lb.url, d, login('scout_b'));
  await connect(pd, ld.url, d, login('director_d'));

  // What the scouts write, kept here to work the log and the coverage out independently. ISO weeks by the
  // calendar: Monday 2026-11-09 starts week 46, Monday 2026-11-16 week 47, Monday 2026-11-23 week 48.
  const written: { page: Page; by: string; p: Player; date: string; skating: number; projection: string }[] = [
    { page: pa, by: 'Anna Berg', p: p1, date: '2026-11-10', skating: 6, projection: 'middle-six-f' },
    { page: pa, by: 'Anna Berg', p: p2, date: '2026-11-10', skating: 7, projection: 'depth' },
    { page: pb, by: 'Ben Okafor', p: p1, date: '2026-11-12', skating: 9.5, projection: 'top-six-f' },
    { page: pa, by: 'Anna Berg', p: p1, date: '2026-11-18', skating: 8, projection: 'top-six-f' },
  ];
  let src = '';
  for (const w of written) src = (await final(w.page, w.p, w.date, w.skating, w.projection)).source;
  const player = (p: Player) => ({ playerId: p.id, name: p.name, dateOfBirth: p.dateOfBirth, position: p.position });
  // B goes to a game on Saturday of week 47; A is to see p1 again by Wednesday of week 48 (no game named).
  await bridge<Assignment>(pd, 'departmentAssign', {
    assignee: 'scout_b',
    player: { source: src, ...player(p2) },
    assignedOn: '2026-11-13',
    dueDate: '2026-11-30',
    note: '',
    game: { date: '2026-11-21', homeTeam: 'Kitchener Rangers', awayTeam: 'London Knights' },
  });
  await bridge<Assignment>(pd, 'departmentAssign', {
    assignee: 'scout_a',
    player: { source: src, ...player(p1) },
    assignedOn: '2026-11-19',
    dueDate: '2026-11-25',
    note: '',
    game: null,
  });
  for (const p of [pa, pb, pd]) await syncNow(p);
  for (const p of [pa, pb, pd]) await syncNow(p);

  await test.step("D's viewing log: every scout's weeks, newest first, as worked out here", async () => {
    await nav(pd).getByRole('link', { name: 'Viewing log' }).click();
    await titled(pd, 'Viewing log');
    const table = pd.getByRole('table', { name: 'Viewing log by week' });
    // The week groups' headings, newest first, with the week's load.
    await expect(table.getByRole('rowheader', { name: /^2026-W/ })).toHaveText([
      '2026-W48 2026-11-23 – 2026-11-29' + '0 games · 0 reports · 1 planned',
      '2026-W47 2026-11-16 – 2026-11-22' + '1 game · 1 report · 1 planned',
      // A saw two players in one game: one game, two reports.
      '2026-W46 2026-11-09 – 2026-11-15' + '2 games · 3 reports · 0 planned',
    ]);
    const row = (week: string, scout: string) => table.getByRole('row', { name: `${week}, ${scout}`, exact: true });
    const counts = async (week: string, scout: string) =>
      (await row(week, scout).getByRole('cell').allTextContents()).slice(0, 3);
    expect(await counts('2026-W48', 'Anna Berg')).toEqual(['0', '0', '1']);
    expect(await counts('2026-W47', 'Anna Berg')).toEqual(['1', '1', '0']);
    expect(await counts('2026-W47', 'Ben Okafor')).toEqual(['0', '0', '1']);
    expect(await counts('2026-W46', 'Anna Berg')).toEqual(['1', '2', '0']);
    expect(await counts('2026-W46', 'Ben Okafor')).toEqual(['1', '1', '0']);
    await expect(table.getByRole('row')).toHaveCount(1 + 3 + 5);
    // A's game of week 46 names both players he wrote on, each a link to his page.
    const game = row('2026-W46', 'Anna Berg').getByRole('listitem');
    const both = [p1.name, p2.name].sort((x, y) => x.localeCompare(y)).join(', ');
    await expect(game).toHaveText(`2026-11-10 London Knights at Kitchener Rangers · OHL${both}`);
    await expect(game.getByRole('link', { name: p2.name })).toHaveAttribute('href', `#/players/${p2.id}`);
    await expect(row('2026-W47', 'Ben Okafor').getByRole('listitem')).toHaveText(
      `2026-11-21 London Knights at Kitchener Rangers${p2.name} · due 2026-11-30`,
    );
    await expect(row('2026-W48', 'Anna Berg').getByRole('listitem')).toHaveText(
      `No game named${p1.name} · due 2026-11-25`,
    );
    await pd.screenshot({ path: `${SHOTS}/viewing-log-director.png` });
    await pd.emulateMedia({ colorScheme: 'dark' });
    await pd.screenshot({ path: `${SHOTS}/viewing-log-director-dark.png` });
    await pd.emulateMedia({ colorScheme: 'light' });

    // The keyboard: the scout box, B chosen; his weeks alone, and no scout column.
    const scoutBox = pd.getByRole('group', { name: 'Filters' }).getByLabel('Scout');
    await scoutBox.focus();
    await scoutBox.selectOption({ label: 'Ben Okafor' });
    await expect(table.getByRole('rowheader', { name: /^2026-W/ })).toHaveText([
      /^2026-W47 .*0 games · 0 reports · 1 planned$/,
      /^2026-W46 .*1 game · 1 report · 0 planned$/,
    ]);
    await expect(table.getByRole('columnheader', { name: 'Scout' })).toHaveCount(0);
    expect(new URL(pd.url()).hash).toContain('scout=scout_b');

    // The export writes the rows shown: a row per week and scout.
    const downloading = pd.waitForEvent('download');
    await pd.getByRole('button', { name: /^Export/ }).click();
    await pd.getByRole('button', { name: 'CSV' }).click();
    const csv = Papa.parse<string[]>(
      (await readFile(await (await downloading).path(), 'utf8')).replace(/^\uFEFF/, ''),
      { skipEmptyLines: true },
    ).data;
    expect(csv).toEqual([
      ['ISO week', 'Monday', 'Scout', 'Games seen', 'Final reports', 'Planned', 'Games', 'Open assignments'],
      [
        '2026-W47',
        '2026-11-16',
        'Ben Okafor',
        '0',
        '0',
        '1',
        '',
        `2026-11-21 London Knights at Kitchener Rangers: ${p2.name}, due 2026-11-30`,
      ],
      [
        '2026-W46',
        '2026-11-09',
        'Ben Okafor',
        '1',
        '1',
        '0',
        `2026-11-12 London Knights at Kitchener Rangers (OHL): ${p1.name}`,
        '',
      ],
    ]);
    // Days: from week 47 on, B's week 46 is gone; nothing after November says so.
    await pd.getByRole('group', { name: 'Filters' }).getByLabel('From').fill('2026-11-16');
    await expect(table.getByRole('rowheader', { name: /^2026-W/ })).toHaveCount(1);
    await pd.getByRole('group', { name: 'Filters' }).getByLabel('From').fill('2026-12-01');
    await expect(pd.getByText('No viewing in these weeks.')).toBeVisible();
  });

  await test.step('A reads his own log only, with no choice of scout', async () => {
    await pa.goto(`${la.url}#/viewing-log`);
    await titled(pa, 'Viewing log');
    const table = pa.getByRole('table', { name: 'Viewing log by week' });
    await expect(table.getByRole('rowheader', { name: /^2026-W/ })).toHaveText([
      /^2026-W48 .*0 games · 0 reports · 1 planned$/,
      /^2026-W47 .*1 game · 1 report · 0 planned$/,
      /^2026-W46 .*1 game · 2 reports · 0 planned$/,
    ]);
    await expect(pa.getByRole('group', { name: 'Filters' }).getByLabel('Scout')).toHaveCount(0);
    await expect(table.getByText('Ben Okafor')).toHaveCount(0);
    await pa.setViewportSize({ width: 1400, height: 900 });
    await pa.screenshot({ path: `${SHOTS}/viewing-log-scout.png` });
  });

  await test.step("D's player page: the coverage section's figures are those worked out here", async () => {
    const mine = written.filter((w) => w.p.id === p1.id);
    const grades = mine.map((w) => w.skating);
    const [lo, hi] = [Math.min(...grades), Math.max(...grades)];
    const dates = mine.map((w) => w.date).sort();
    const counts = new Map<string, number>();
    for (const w of mine) counts.set(w.projection, (counts.get(w.projection) ?? 0) + 1);
    await pd.goto(`${ld.url}#/players/${p1.id}`);
    // The page's one department section: its figures once each (the projections as bars alone).
    const section = pd.getByRole('region', { name: 'Department', exact: true });
    await expect(section.getByRole('definition')).toHaveText([
      String(mine.length),
      `${new Set(mine.map((w) => w.by)).size}Anna Berg, Ben Okafor`,
      dates[0] as string,
      dates.at(-1) as string,
    ]);
    // top-six-f twice, middle-six-f once, in the roles' order.
    expect(counts.get('top-six-f')).toBe(2);
    await expect(section.getByRole('list', { name: 'Projections' }).getByRole('listitem')).toHaveText([
      `Top-six F${counts.get('top-six-f')} of ${mine.length} reports`,
      `Middle-six F${counts.get('middle-six-f')} of ${mine.length} reports`,
    ]);
    await expect(section.getByRole('heading')).toHaveText(['Department', 'Projections']);
    await expect(section.getByRole('table')).toHaveCount(2);
    // The director wrote none himself: his own mean is a dash.
    const areas = section.getByRole('table', { name: `Department grades of ${p1.name}, beside yours` });
    await expect(areas.getByRole('row').nth(1).getByRole('cell')).toHaveText([
      (grades.reduce((x, y) => x + y, 0) / grades.length).toFixed(1),
      `${lo}–${hi}`,
      String(grades.length),
      '—',
    ]);
    // 9.5 - 6 = 3.5 is over the department's default threshold of 2: said, and the row marked.
    expect(hi - lo).toBeGreaterThan(2);
    await expect(areas.getByRole('rowheader', { name: 'Skating · scouts disagree' })).toBeVisible();
    await expect(section.getByRole('note')).toHaveText(
      'Scouts disagree on Skating: the grades range over the department’s threshold of 2.',
    );
    await expect(areas.getByRole('row', { name: /^Hockey sense/ })).toHaveText(`Hockey sense7.07${grades.length}—`);
    await expect(
      section
        .getByRole('table', { name: `The department’s final reports on ${p1.name}, newest first` })
        .locator('tbody tr'),
    ).toHaveCount(mine.length);
    await section.scrollIntoViewIfNeeded();
    await pd.screenshot({ path: `${SHOTS}/player-coverage.png` });
    await pd.emulateMedia({ colorScheme: 'dark' });
    await pd.screenshot({ path: `${SHOTS}/player-coverage-dark.png` });
    await pd.emulateMedia({ colorScheme: 'light' });
    await pd.locator('.player-file').screenshot({ path: `${SHOTS}/player-department-after.png` });
    await pd.emulateMedia({ colorScheme: 'dark' });
    await pd.locator('.player-file').screenshot({ path: `${SHOTS}/player-department-after-dark.png` });
    await pd.emulateMedia({ colorScheme: 'light' });
  });

  await test.step('both views pass axe in both colour schemes', async () => {
    const views: ScannedView<null>[] = [
      {
        name: 'viewing log, director',
        path: () => '/viewing-log',
        ready: async (p) => {
          await expect(p.getByRole('table', { name: 'Viewing log by week' })).toBeVisible();
          await titled(p, 'Viewing log');
        },
      },
      {
        name: 'player coverage',
        path: () => `/players/${p1.id}`,
        ready: async (p) => {
          await expect(
            p
              .getByRole('region', { name: 'Department', exact: true })
              .getByRole('table', { name: `Department grades of ${p1.name}, beside yours` }),
          ).toBeVisible();
          await titled(p, p1.name);
        },
      },
    ];
    for (const scheme of ['light', 'dark'] as const) {
      expect(await scanViews(pd, ld.url, views, null, { scheme, shots: 'a11y-viewing-log' })).toEqual([]);
    }
  });
});
