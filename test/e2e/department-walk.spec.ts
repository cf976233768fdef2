import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import type { Assignment } from '../../shared/department/desk.ts';
import type { DraftBoard } from '../../shared/domain/boards.ts';
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
import { axeFailures, bridge, finalSkaterReport as final, skaters } from './scouting.ts';

/**
 * The department's views walked as a director and as a scout would, at 1400×900 in both colour schemes, on
 * a real PostgreSQL and three laptops (scouts A and B, director D): Coverage, Assignments with What's new,
 * the viewing log, the department board, the reports list, Settings → Department and the top bar's sync
 * menu, and the same views before any department is set up. Each is photographed under
 * `$RINKSIDE_SHOTS_DIR` (else test-results/screens/walk), named `<view>-<who>-<scheme>.png`, so a change to
 * their style can be looked at before and after.
 */

test.describe.configure({ mode: 'serial' });
test.use({ actionTimeout: 30_000 });

let dep: Department | undefined;
const laptops: Laptop[] = [];
test.afterEach(async () => {
  for (const l of laptops.splice(0)) await l.stop().catch(() => undefined);
  await dep?.stop();
  dep = undefined;
});

const DIR = process.env.RINKSIDE_SHOTS_DIR || join('test-results', 'screens', 'walk');
const TAG = process.env.RINKSIDE_SHOTS_TAG ? `-${process.env.RINKSIDE_SHOTS_TAG}` : '';

/** The page in the light and the dark scheme, photographed as `<name>-<scheme>`. */
async function both(page: Page, name: string): Promise<void> {
  await mkdir(DIR, { recursive: true });
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({ path: join(DIR, `${name}-${scheme}${TAG}.png`) });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

/** What makes a text box look as the app's boxes look: its background and border, in the scheme shown. */
const boxLook = (box: Locator) =>
  box.evaluate((el) => {
    const s = getComputedStyle(el);
    return `${s.backgroundColor} ${s.borderTopWidth} ${s.borderTopStyle} ${s.borderTopColor} ${s.fontFamily}`;
  });

/** Each box of `boxes` looks as `model` does (a box the app styles), in both colour schemes. */
async function looksAlike(page: Page, model: Locator, boxes: readonly Locator[]): Promise<void> {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    const want = await boxLook(model);
    for (const box of boxes) expect.soft(`${scheme}: ${await boxLook(box)}`).toBe(`${scheme}: ${want}`);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

/** A text box as the app's stylesheet draws one, put by the test inside `where` as the model of a look. */
async function probeBox(where: Locator): Promise<Locator> {
  await where.evaluate((el) => {
    const probe = document.createElement('input');
    probe.type = 'text';
    probe.setAttribute('aria-label', 'Style probe');
    el.append(probe);
  });
  return where.getByRole('textbox', { name: 'Style probe' });
}

/** The no-department state of a view: said, with the way to Settings → Department, and nothing to act on. */
async function noDepartment(page: Page): Promise<void> {
  await expect(page.getByText('No department set up.')).toBeVisible();
  await expect
    .soft(page.getByRole('link', { name: 'Settings → Department' }))
    .toHaveAttribute('href', '#/settings#department');
  await expect.soft(page.getByRole('group', { name: 'Filters' })).toHaveCount(0);
  await expect.soft(page.getByRole('button', { name: /^Export/ })).toHaveCount(0);
}

test('the department views as a director and a scout see them, light and dark', async ({ page, browser, service }) => {
  test.setTimeout(480_000);
  dep = await startDepartmentServer([
    { user: 'scout_a', scoutName: 'Anna Berg' },
    { user: 'scout_b', scoutName: 'Ben Okafor' },
    { user: 'director_d', scoutName: 'Dana Ruiz', director: true },
  ]);
  const d = dep;
  const login = (u: string): Login => d.logins[u] as Login;
  const players = await skaters(service, 4);
  const [p1, p2, p3, p4] = players;
  if (!p1 || !p2 || !p3 || !p4) throw new Error('four skaters are needed');
  const [la, lb, ld] = await Promise.all([startLaptop(), startLaptop(), startLaptop()]);
  laptops.push(la, lb, ld);
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  const pa = page;
  await pa.setViewportSize({ width: 1400, height: 900 });
  const [pb, pd] = await Promise.all([context.newPage(), context.newPage()]);

  await test.step('no department yet', async () => {
    for (const view of ['coverage', 'assignments', 'viewing-log']) {
      await pd.goto(`${ld.url}#/${view}`);
      await noDepartment(pd);
      await both(pd, `${view}-none`);
    }
  });

  await connect(pa, la.url, d, login('scout_a'));
  await connect(pb, lb.url, d, login('scout_b'));
  await connect(pd, ld.url, d, login('director_d'));
  await both(pd, 'settings-department-director');
  await test.step('Settings → Department: its boxes are the app’s boxes', async () => {
    const card = pd.getByRole('region', { name: 'Department', exact: true });
    const boxes = ['Server', 'Port', 'Database', 'User', 'Your name on reports', 'CA file for TLS'];
    await looksAlike(
      pd,
      card.getByLabel('Password', { exact: true }),
      boxes.map((b) => card.getByRole('textbox', { name: b, exact: true })),
    );
  });

  const written: [Page, typeof p1, string, number, string][] = [
    [pa, p1, '2026-11-10', 6, 'middle-six-f'],
    [pa, p2, '2026-11-10', 7, 'depth'],
    [pb, p1, '2026-11-12', 9.5, 'top-six-f'],
    [pa, p1, '2026-11-18', 8, 'top-six-f'],
    [pb, p3, '2026-10-02', 5.5, 'bottom-six-f'],
    [pd, p3, '2026-10-20', 7.5, 'middle-six-f'],
  ];
  let src = '';
  for (const [pg, p, date, skating, projection] of written)
    src = (await final(pg, p, date, skating, projection)).source;
  const player = (p: typeof p1) => ({ playerId: p.id, name: p.name, dateOfBirth: p.dateOfBirth, position: p.position });
  const assign = (assignee: string, p: typeof p1, on: string, due: string, game: Assignment['game'], note = '') =>
    bridge<Assignment>(pd, 'departmentAssign', {
      assignee,
      player: { source: src, ...player(p) },
      assignedOn: on,
      dueDate: due,
      note,
      game,
    });
  await assign('scout_b', p2, '2026-11-13', '2026-11-30', {
    date: '2026-11-21',
    homeTeam: 'Kitchener Rangers',
    awayTeam: 'London Knights',
  });
  await assign('scout_a', p1, '2026-11-19', '2026-11-25', null, 'his first step');
  await assign(
    'scout_a',
    p4,
    '2026-11-19',
    '2026-12-05',
    null,
    'a long note about the skating, his edges and his gap control',
  );
  for (const p of [pa, pb, pd]) await syncNow(p);
  for (const p of [pa, pb, pd]) await syncNow(p);

  await test.step('the department board, made by D', async () => {
    await pd.goto(`${ld.url}#/boards`);
    const start = pd.getByRole('region', { name: 'Department board' });
    await start.getByRole('textbox', { name: 'Department board name' }).fill('2027 department board');
    await both(pd, 'boards-create-director');
    await start.getByRole('button', { name: 'Create department board' }).click();
    await expect(pd.getByRole('heading', { name: '2027 department board', level: 2 })).toBeVisible();
    const board = (await bridge<DraftBoard[]>(pd, 'draftBoards', {})).find((b) => b.kind === 'department');
    for (const p of players)
      await bridge(pd, 'draftBoardAdd', {
        boardId: board?.id,
        playerId: p.id,
        player: { name: p.name, position: p.position, dateOfBirth: p.dateOfBirth },
        tier: 0,
      });
    await pd.getByRole('textbox', { name: 'Version label' }).fill('First cut');
    await pd.getByRole('button', { name: 'Save version' }).click();
    await pd.reload();
    await expect(pd.locator('.board-row')).toHaveCount(4);
    await looksAlike(
      pd,
      pd.getByRole('searchbox', { name: 'Find a player on the board' }),
      ['Version label', 'Your name on exports', 'New board name'].map((name) => pd.getByRole('textbox', { name })),
    );
    // Who moved: each number column's header stands over its numbers (its right edge is theirs).
    const moved = pd.getByRole('table', { name: 'Who moved' });
    for (const col of [1, 2, 3]) {
      const head = await moved.getByRole('columnheader').nth(col).boundingBox();
      const cell = await moved
        .getByRole('row')
        .nth(1)
        .getByRole('cell')
        .nth(col - 1)
        .boundingBox();
      const text = async (l: Locator) =>
        l.evaluate((el) => {
          const r = document.createRange();
          r.selectNodeContents(el);
          return r.getBoundingClientRect().right;
        });
      const headRight = await text(moved.getByRole('columnheader').nth(col));
      const cellRight = await text(
        moved
          .getByRole('row')
          .nth(1)
          .getByRole('cell')
          .nth(col - 1),
      );
      expect(head && cell).toBeTruthy();
      expect.soft(Math.abs(headRight - cellRight), `column ${col}: header and numbers end together`).toBeLessThan(2);
    }
    await both(pd, 'boards-director');
    await syncNow(pd);
    await syncNow(pa);
    await pa.goto(`${la.url}#/boards`);
    await expect(pa.getByRole('heading', { name: '2027 department board', level: 2 })).toBeVisible();
    await expect(pa.locator('.board-row')).toHaveCount(4);
    await both(pa, 'boards-scout');
  });

  await test.step('Coverage, the director and a scout', async () => {
    await nav(pd).getByRole('link', { name: 'Coverage' }).click();
    await expect(pd.getByRole('table', { name: 'Coverage by the department' })).toBeVisible();
    await both(pd, 'coverage-director');
    // The department's setting is one compact row: its box shows the threshold as its sentence writes it
    // (a span of grades, written as grades are: 2, not 2.0), and its button stands beside the box.
    const setting = pd.getByRole('form', { name: 'Department setting' });
    const thresholdBox = setting.getByRole('spinbutton', { name: 'Disagree over (grade points)' });
    await expect.soft(thresholdBox).toHaveValue('2');
    await expect.soft(setting).toContainText('0.5 to 9, in half points. Now 2.');
    const boxAt = await thresholdBox.boundingBox();
    const buttonAt = await setting.getByRole('button', { name: 'Set for the department' }).boundingBox();
    if (!boxAt || !buttonAt) throw new Error('the setting’s box and button are on screen');
    const gap = buttonAt.x - (boxAt.x + boxAt.width);
    expect.soft(gap, 'the button beside the box').toBeGreaterThanOrEqual(0);
    expect.soft(gap, 'the button beside the box').toBeLessThanOrEqual(16);
    expect
      .soft(Math.abs(buttonAt.y + buttonAt.height / 2 - (boxAt.y + boxAt.height / 2)), 'on the box’s line')
      .toBeLessThanOrEqual(4);
    // The director's Coverage (its threshold form too) passes axe in both schemes.
    expect.soft(await axeFailures(pd)).toEqual([]);
    // Grades are written as the scouts give them (6, 9.5), as the player page writes them; the mean to a tenth.
    const skating = written.filter(([, p]) => p.id === p1.id).map(([, , , g]) => g);
    const mean = skating.reduce((a, b) => a + b, 0) / skating.length;
    const cov = pd.getByRole('table', { name: 'Coverage by the department' });
    const row = cov.getByRole('row').filter({ has: pd.getByRole('rowheader', { name: p1.name }) });
    // A header names its column as the filter bar names the same field.
    await expect.soft(cov.getByRole('columnheader', { name: /^Draft/ })).toHaveText('Draft year');
    const want = `${mean.toFixed(1)} (${Math.min(...skating)}–${Math.max(...skating)})`;
    await expect.soft(row.getByRole('cell').nth(7)).toHaveText(new RegExp(`^${want.replace(/[.()]/g, '\\$&')}`));
    // The keyboard's focus on a sort button.
    await pd.getByRole('table', { name: 'Coverage by the department' }).getByRole('button').first().focus();
    await pd.keyboard.press('Tab');
    await both(pd, 'coverage-focus-director');
    await pd.getByRole('group', { name: 'Filters' }).getByLabel('Seen by fewer than (scouts)').fill('1');
    await expect(pd.getByText('No player matches these filters.')).toBeVisible();
    await both(pd, 'coverage-empty-director');
    await pa.goto(`${la.url}#/coverage`);
    await expect(pa.getByRole('table', { name: 'Coverage by the department' })).toBeVisible();
    await both(pa, 'coverage-scout');
  });

  await test.step('Assignments and What’s new', async () => {
    await pd.goto(`${ld.url}#/assignments`);
    await expect(pd.getByRole('region', { name: 'Every assignment' }).getByRole('table')).toBeVisible();
    await both(pd, 'assignments-director');
    expect.soft(await axeFailures(pd)).toEqual([]);
    const form = pd.getByRole('region', { name: 'Assign a player' });
    const noteProbe = await probeBox(form);
    await looksAlike(pd, noteProbe, [form.getByRole('textbox', { name: 'Note' })]);
    await noteProbe.evaluate((el) => el.remove());
    // A game is written as the viewing log and the reports write it: its day first, then away at home.
    const every = pd.getByRole('region', { name: 'Every assignment' }).getByRole('table');
    await expect
      .soft(every.getByRole('row').filter({ hasText: p2.name }).getByRole('cell').nth(3))
      .toHaveText('2026-11-21 London Knights at Kitchener Rangers');
    await pd.getByRole('region', { name: 'Every assignment' }).scrollIntoViewIfNeeded();
    await both(pd, 'assignments-table-director');
    await pa.goto(`${la.url}#/assignments`);
    await expect(pa.getByRole('region', { name: 'My assignments' }).getByRole('table')).toBeVisible();
    await both(pa, 'assignments-scout');
    await pa.getByRole('region', { name: 'My assignments' }).getByRole('link').first().focus();
    await both(pa, 'assignments-focus-scout');
  });

  await test.step('the viewing log', async () => {
    await pd.goto(`${ld.url}#/viewing-log`);
    await expect(pd.getByRole('table', { name: 'Viewing log by week' })).toBeVisible();
    await both(pd, 'viewing-log-director');
    await pd.getByRole('group', { name: 'Filters' }).getByLabel('Scout').focus();
    await both(pd, 'viewing-log-focus-director');
    await pa.goto(`${la.url}#/viewing-log`);
    await expect(pa.getByRole('table', { name: 'Viewing log by week' })).toBeVisible();
    await both(pa, 'viewing-log-scout');
  });

  await test.step('Reports, Settings and the sync menu', async () => {
    await pd.goto(`${ld.url}#/reports`);
    await expect(pd.getByRole('heading', { level: 1 })).toHaveText('Scouting reports');
    await both(pd, 'reports-director');
    // The Mean column's numbers right-aligned in even figures, its header over them, as every table's are.
    const numberLook = (l: Locator) =>
      l.evaluate((el) => `${getComputedStyle(el).textAlign} ${getComputedStyle(el).fontVariantNumeric}`);
    const reports = pd.locator('.reports-table');
    await expect.soft(reports.getByRole('columnheader', { name: 'Mean' })).toHaveText('Mean');
    expect.soft(await numberLook(reports.getByRole('columnheader', { name: 'Mean' }))).toBe('right tabular-nums');
    const means = await reports.locator('tbody td:nth-child(7)').all();
    expect(means.length).toBeGreaterThan(0);
    for (const cell of means) expect.soft(await numberLook(cell)).toBe('right tabular-nums');
    // D's own report: its day typed as the app writes days, its boxes the app's boxes.
    await pd.getByRole('link', { name: '2026-10-20' }).click();
    const game = pd.getByRole('group', { name: 'Game' });
    await expect.soft(game.getByRole('textbox', { name: 'Date' })).toHaveValue('2026-10-20');
    await both(pd, 'report-form-director');
    expect.soft(await axeFailures(pd)).toEqual([]);
    const probe = await probeBox(game);
    await looksAlike(pd, probe, [
      game.getByLabel('Date', { exact: true }),
      game.getByRole('textbox', { name: 'Home' }),
    ]);
    await probe.evaluate((el) => el.remove());
    // A day typed in another order is said and not saved; the report keeps its day.
    const date = game.getByLabel('Date', { exact: true });
    await date.fill('10/21/2026');
    await expect
      .soft(game.getByRole('alert'))
      .toHaveText('Date not saved: type a day as YYYY-MM-DD, such as 2026-11-28.');
    await both(pd, 'report-form-bad-day-director');
    await date.fill('2026-10-20');
    await expect(game.getByRole('alert')).toHaveCount(0);
    await pa.goto(`${la.url}#/reports`);
    await expect(pa.getByRole('heading', { level: 1 })).toHaveText('Scouting reports');
    await both(pa, 'reports-scout');
    await pd.goto(`${ld.url}#/players/${p1.id}`);
    await expect(pd.getByRole('region', { name: 'Department', exact: true })).toBeVisible();
    await pd.getByRole('region', { name: 'Department', exact: true }).scrollIntoViewIfNeeded();
    await both(pd, 'player-coverage-director');
    await pa.goto(`${la.url}#/settings#department`);
    await expect(pa.getByText('scout_a, scout')).toBeVisible();
    await pa.getByRole('region', { name: 'Department', exact: true }).scrollIntoViewIfNeeded();
    await both(pa, 'settings-department-scout');
    await pa
      .getByRole('banner')
      .getByRole('button', { name: /^Department: / })
      .click();
    await expect(pa.getByRole('dialog', { name: 'Department sync' })).toBeVisible();
    await both(pa, 'sync-menu-scout');
    await pa.keyboard.press('Escape');
    await pa
      .getByRole('banner')
      .getByRole('button', { name: /^Department: / })
      .focus();
    await both(pa, 'sync-focus-scout');
  });

  await test.step('the server gone: what the views say', async () => {
    await d.cluster.stop();
    dep = undefined;
    await pa
      .getByRole('banner')
      .getByRole('button', { name: /^Department: / })
      .click();
    await pa.getByRole('dialog', { name: 'Department sync' }).getByRole('button', { name: 'Sync now' }).click();
    await expect(pa.getByRole('banner').getByRole('button', { name: /^Department: (Offline|Department)/ })).toBeVisible(
      {
        timeout: 60_000,
      },
    );
    await both(pa, 'sync-offline-scout');
    await pa.keyboard.press('Escape');
    await pa.goto(`${la.url}#/viewing-log`);
    await expect(pa.getByRole('table', { name: 'Viewing log by week' })).toBeVisible();
    await both(pa, 'viewing-log-offline-scout');
  });
  await context.close();
});
