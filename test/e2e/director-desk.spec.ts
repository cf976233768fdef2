import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import Papa from 'papaparse';
import type { Assignment, Coverage } from '../../shared/department/desk.ts';
import type { BoardDetail, DraftBoard } from '../../shared/domain/boards.ts';
import {
  connect,
  type Department,
  type Laptop,
  type Login,
  startDepartmentServer,
  startLaptop,
  syncNow,
} from './department-world.ts';
import { expect, readTable, recordShot, test } from './fixtures.ts';
import { axeFailures, bridge, finalSkaterReport as final, skaters } from './scouting.ts';

/**
 * The director's desk end to end, through the apps' bridge, on a real PostgreSQL made by the test and three
 * browser-shell apps with data folders of their own: scouts A and B, director D. D assigns a player to A;
 * A sees the assignment after a sync, and still with the server stopped, and his final report of the game
 * marks it done there. D's coverage of the department's final reports is checked against figures this test
 * works out from the reports it had the scouts write. The director then reads the same figures in the
 * Coverage view, sorts it from the keyboard and filters it, and sets the department's disagreement threshold
 * there (refused out of bounds), which B's laptop reads after a sync.
 *
 * The department board, with director D and scout A (two apps on the file's first ports): D makes it in the
 * Boards view, ranks three players, moves one there and saves a version; A, after a sync, sees it first
 * in his index, marked, with D as its last writer, in D's order and read-only (no control to change it,
 * and his app refuses to make one). Screenshots of both, the director's in the light and dark colour
 * schemes; each view checked with axe in both.
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

type Player = { id: number; name: string; position: string | null; dateOfBirth: string | null };

test('a director assigns, the scout sees it offline and his report marks it done; coverage as worked out here', async ({
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
  const login = (u: string) => {
    const l = d.logins[u];
    if (!l) throw new Error(`no login ${u}`);
    return l;
  };
  const [p1, p2, p3] = await skaters(service, 3);
  if (!p1 || !p2 || !p3) throw new Error('three skaters are needed');
  const [la, lb, ld] = await Promise.all([startLaptop(), startLaptop(), startLaptop()]);
  laptops.push(la, lb, ld);
  const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
  const pa = page;
  const [pb, pd] = await Promise.all([context.newPage(), context.newPage()]);
  await connect(pa, la.url, d, login('scout_a'));
  await connect(pb, lb.url, d, login('scout_b'));
  // No department set up yet: Coverage, typed in, says so, and the navigation has no entry for it.
  await pd.goto(`${ld.url}#/coverage`);
  await expect(pd.getByText('No department set up.')).toBeVisible();
  await expect(pd.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Coverage' })).toHaveCount(0);
  await connect(pd, ld.url, d, login('director_d'));

  // What the scouts write, kept here to work the coverage out independently.
  const written: { page: Page; by: string; p: Player; date: string; skating: number; projection: string }[] = [
    { page: pa, by: 'a', p: p2, date: '2026-10-01', skating: 6, projection: 'middle-six-f' },
    { page: pb, by: 'b', p: p2, date: '2026-10-08', skating: 9, projection: 'top-six-f' },
    { page: pb, by: 'b', p: p2, date: '2026-10-20', skating: 8.5, projection: 'top-six-f' },
    { page: pa, by: 'a', p: p3, date: '2026-09-05', skating: 5, projection: 'depth' },
    { page: pa, by: 'a', p: p3, date: '2026-09-20', skating: 6, projection: 'depth' },
  ];
  let source = '';
  for (const w of written) source = (await final(w.page, w.p, w.date, w.skating, w.projection)).source;

  let assignment: Assignment;
  await test.step('D assigns p1 to A for a game; A sees it after a sync, B never', async () => {
    assignment = await bridge<Assignment>(pd, 'departmentAssign', {
      assignee: 'scout_a',
      player: { source, playerId: p1.id, name: p1.name, dateOfBirth: p1.dateOfBirth, position: p1.position },
      assignedOn: '2026-11-01',
      dueDate: '2026-11-30',
      note: 'his first step',
      game: { date: '2026-11-14', homeTeam: 'Kitchener Rangers', awayTeam: 'London Knights' },
    });
    for (const p of [pa, pb, pd]) await syncNow(p);
    for (const p of [pa, pb, pd]) await syncNow(p);
    const mine = await bridge<Assignment[]>(pa, 'departmentAssignments', {});
    expect(mine.map((x) => [x.uid, x.director, x.player.name, x.doneOn])).toEqual([
      [assignment.uid, 'director_d', p1.name, null],
    ]);
    expect(await bridge<Assignment[]>(pb, 'departmentAssignments', { who: 'all' })).toEqual([]);
  });

  await test.step("D's coverage is the reports' own figures", async () => {
    const cov = await bridge<Coverage>(pd, 'departmentCoverage', { sort: 'reports', desc: true });
    const mine = written.filter((w) => w.p.id === p2.id);
    const grades = mine.map((w) => w.skating);
    const row = cov.rows.find((r) => r.player.playerId === p2.id);
    expect(row).toMatchObject({
      reports: mine.length,
      scouts: new Set(mine.map((w) => w.by)).size,
      scoutNames: ['Anna Berg', 'Ben Okafor'],
      firstSeen: '2026-10-01',
      lastSeen: '2026-10-20',
      areas: {
        skating: {
          graded: 3,
          mean: grades.reduce((x, y) => x + y, 0) / grades.length,
          min: Math.min(...grades),
          max: Math.max(...grades),
        },
        hockeySense: { graded: 3, mean: 7, min: 7, max: 7 },
      },
      projections: { 'top-six-f': 2, 'middle-six-f': 1 },
      topProjection: 'top-six-f',
      // 9 - 6 = 3 is over the default threshold of 2.
      disagreeAreas: ['skating'],
    });
    expect(cov.threshold).toBe(2);
  });

  await test.step('D opens Coverage from the navigation: the figures are those worked out here', async () => {
    await pd.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Coverage' }).click();
    const table = pd.getByRole('table', { name: 'Coverage by the department' });
    await expect(table.getByRole('row')).toHaveCount(3);
    const expected = (p: Player) => {
      const mine = written.filter((w) => w.p.id === p.id);
      const grades = mine.map((w) => w.skating);
      const [lo, hi] = [Math.min(...grades), Math.max(...grades)];
      const mean = (grades.reduce((x, y) => x + y, 0) / grades.length).toFixed(1);
      const dates = mine.map((w) => w.date).sort();
      const counts = new Map<string, number>();
      for (const w of mine) counts.set(w.projection, (counts.get(w.projection) ?? 0) + 1);
      return {
        Player: p.name,
        League: 'OHL',
        'Final reports': String(mine.length),
        'Scouts who wrote them': String(new Set(mine.map((w) => w.by)).size),
        'First viewing': dates[0],
        'Last viewing': dates.at(-1),
        // Over the default threshold of 2, the area is marked (and said) as one the scouts disagree on.
        'Skating: mean grade (lowest–highest)':
          lo === hi ? mean : `${mean} (${lo}–${hi})${hi - lo > 2 ? ', scouts disagree on Skating' : ''}`,
        'Hockey sense: mean grade (lowest–highest)': '7.0',
        'Areas whose grades range over the threshold': hi - lo > 2 ? 'Skating' : '—',
        projections: counts.size,
      };
    };
    const shown = async () => {
      const t = await readTable(table);
      return t.rows.map((r) => Object.fromEntries(t.titles.map((title, i) => [title, r[i]])));
    };
    const pick = (row: Record<string, string | undefined>, e: ReturnType<typeof expected>) =>
      Object.fromEntries(Object.keys(e).map((k) => [k, k === 'projections' ? e.projections : row[k]]));
    // Newest viewing first: p2 (last seen 2026-10-20), then p3 (2026-09-20).
    const rows = await shown();
    expect(rows.map((r, i) => pick(r, expected([p2, p3][i] as Player)))).toEqual([expected(p2), expected(p3)]);
    expect(rows[0]?.['Most common projection']).toBe('Top-six FTop-six F 2 · Middle-six F 1');
    expect(rows[1]?.['Most common projection']).toBe('Depth / AHL');
    await expect(table.getByRole('cell', { name: /scouts disagree on Skating/ })).toHaveClass(/coverage-disagree/);
    await recordShot(pd, 'coverage');

    // Keyboard: the Reports header, Enter sorts most reports first, Enter again fewest first.
    const reportsHeader = table.getByRole('columnheader', { name: /^Reports/ });
    await reportsHeader.getByRole('button').focus();
    await pd.keyboard.press('Enter');
    await expect(reportsHeader).toHaveAttribute('aria-sort', 'descending');
    await expect(table.getByRole('rowheader')).toHaveText([p2.name, p3.name]);
    await pd.keyboard.press('Enter');
    await expect(reportsHeader).toHaveAttribute('aria-sort', 'ascending');
    await expect(table.getByRole('rowheader')).toHaveText([p3.name, p2.name]);

    // Filters: seen by fewer than 2 scouts keeps p3 alone; not seen since 2026-10-01 too (p2 was, on 10-20).
    const filters = pd.getByRole('group', { name: 'Filters' });
    await filters.getByLabel('Seen by fewer than (scouts)').fill('2');
    await expect(table.getByRole('rowheader')).toHaveText([p3.name]);
    await filters.getByRole('button', { name: 'Clear filters' }).click();
    await expect(table.getByRole('rowheader')).toHaveCount(2);
    await filters.getByLabel('Not seen since').fill('2026-10-01');
    await expect(table.getByRole('rowheader')).toHaveText([p3.name]);
    await filters.getByLabel('Not seen since').fill('2026-09-01');
    await expect(pd.getByText('No player matches these filters.')).toBeVisible();
    await filters.getByRole('button', { name: 'Clear filters' }).click();
    await expect(table.getByRole('rowheader')).toHaveCount(2);

    // A page of one row: the pager moves to the second; the export still writes every row, in order.
    await pd.goto(`${ld.url}#/coverage?limit=1`);
    await expect(table.getByRole('rowheader')).toHaveText([p2.name]);
    await pd.getByRole('button', { name: 'Next page' }).click();
    await expect(table.getByRole('rowheader')).toHaveText([p3.name]);
    const downloading = pd.waitForEvent('download');
    await pd.getByRole('button', { name: /^Export/ }).click();
    await pd.getByRole('button', { name: 'CSV' }).click();
    const csv = Papa.parse<string[]>(
      (await readFile(await (await downloading).path(), 'utf8')).replace(/^\uFEFF/, ''),
      {
        skipEmptyLines: true,
      },
    ).data;
    const head = csv[0] ?? [];
    const col = (title: string) => csv.slice(1).map((r) => r[head.indexOf(title)]);
    expect(col('Player')).toEqual([p2.name, p3.name]);
    expect(col('Final reports')).toEqual([expected(p2)['Final reports'], expected(p3)['Final reports']]);
    expect(col('Last viewing')).toEqual([expected(p2)['Last viewing'], expected(p3)['Last viewing']]);
  });

  await test.step('D sets the disagreement threshold on Coverage; its flag follows, and B reads it after a sync', async () => {
    // A scout reads the value and has no box to change it.
    await pb.goto(`${lb.url}#/coverage`);
    await expect(
      pb.getByText('Scouts disagree where an area’s grades range over 2 points (the directors’ setting).'),
    ).toBeVisible();
    await expect(pb.getByRole('spinbutton', { name: 'Disagree over (grade points)' })).toHaveCount(0);

    await pd.goto(`${ld.url}#/coverage`);
    const table = pd.getByRole('table', { name: 'Coverage by the department' });
    const setting = pd.getByRole('form', { name: 'Department setting' });
    const box = setting.getByRole('spinbutton', { name: 'Disagree over (grade points)' });
    await expect(box).toHaveValue('2');
    const flagged = (p: Player) =>
      table
        .getByRole('row')
        .filter({ has: pd.getByRole('rowheader', { name: p.name }) })
        .locator('.coverage-disagree');
    // Marked twice: the Skating cell and the areas column.
    await expect(flagged(p2)).toHaveCount(2);
    // Out of bounds: said plainly, nothing set.
    await box.fill('12');
    await box.press('Enter');
    await expect(setting.getByRole('alert')).toHaveText(
      'The threshold is from 0.5 to 9 grade points, in half points (2 or 2.5).',
    );
    expect((await bridge<Coverage>(pd, 'departmentCoverage', {})).threshold).toBe(2);
    // p2's skating ranges 6 to 9: 3 points, no longer over a threshold of 3.5.
    const grades = written.filter((w) => w.p.id === p2.id).map((w) => w.skating);
    expect(Math.max(...grades) - Math.min(...grades)).toBe(3);
    await box.fill('3.5');
    await setting.getByRole('button', { name: 'Set for the department' }).press('Enter');
    await expect(setting.getByRole('status')).toHaveText('Set to 3.5 for the department; sent with the next sync.');
    await expect(setting.getByRole('alert')).toHaveCount(0);
    await expect(flagged(p2)).toHaveCount(0);
    await expect(box).toHaveValue('3.5');
    // The earlier export's message would stand over the setting in the pictures.
    await pd.getByRole('button', { name: 'Dismiss the export message' }).click();
    for (const scheme of ['light', 'dark'] as const) {
      await pd.emulateMedia({ colorScheme: scheme });
      await pd.setViewportSize({ width: 1400, height: 900 });
      await pd.screenshot({ path: `docs/screenshots/director/coverage-threshold-${scheme}.png` });
    }
    await pd.emulateMedia({ colorScheme: 'light' });

    await syncNow(pd);
    await syncNow(pb);
    const onB = await bridge<Coverage>(pb, 'departmentCoverage', {});
    expect(onB.threshold).toBe(3.5);
    expect(onB.rows.find((r) => r.player.playerId === p2.id)?.disagreeAreas).toEqual([]);
    await pb.reload();
    await expect(
      pb.getByText('Scouts disagree where an area’s grades range over 3.5 points (the directors’ setting).'),
    ).toBeVisible();
  });

  await test.step('the server stops; A still sees his assignment, and his final report of the game marks it done', async () => {
    await d.cluster.stop();
    dep = undefined;
    const before = await bridge<Assignment[]>(pa, 'departmentAssignments', { open: true });
    expect(before.map((x) => x.uid)).toEqual([assignment.uid]);
    await final(pa, p1, '2026-11-13', 7, 'depth');
    expect((await bridge<Assignment[]>(pa, 'departmentAssignments', {}))[0]?.doneOn).toBeNull();
    await final(pa, p1, '2026-11-14', 7.5, 'middle-six-f');
    const after = await bridge<Assignment[]>(pa, 'departmentAssignments', {});
    expect(after.map((x) => [x.uid, x.doneOn])).toEqual([[assignment.uid, '2026-11-14']]);
    expect(await bridge<Assignment[]>(pa, 'departmentAssignments', { open: true })).toEqual([]);
  });
});

/** The players' names on the open board, top to bottom, as the page shows them. */
const shownOrder = (page: Page) =>
  page.locator('.board-row').evaluateAll((rows) => rows.map((r) => (r as HTMLElement).dataset.player));

/**
 * A screenshot of the page for docs/screenshots/department/ (`$RINKSIDE_SHOTS_DIR` when set, else under
 * test-results/screens/department), so an ordinary run leaves the committed pictures alone.
 */
async function shot(page: Page, name: string): Promise<void> {
  const dir = process.env.RINKSIDE_SHOTS_DIR || join('test-results', 'screens', 'department');
  await mkdir(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `${name}.png`) });
}

test('a director makes the department board in the Boards view; a scout reads it after a sync, read-only', async ({
  page,
  browser,
  service,
}) => {
  test.setTimeout(300_000);
  dep = await startDepartmentServer([
    { user: 'scout_a', scoutName: 'Anna Berg' },
    { user: 'director_d', scoutName: 'Dana Ruiz', director: true },
  ]);
  const login = (u: string): Login => {
    const l = dep?.logins[u];
    if (!l) throw new Error(`no login ${u}`);
    return l;
  };
  const players = await skaters(service, 3);
  const [p1, p2, p3] = players;
  if (!p1 || !p2 || !p3) throw new Error('three skaters are needed');
  const [la, ld] = await Promise.all([startLaptop(), startLaptop()]);
  laptops.push(la, ld);
  const context = await browser.newContext({ viewport: { width: 1280, height: 820 } });
  const pd = page;
  await pd.setViewportSize({ width: 1280, height: 820 });
  const pa = await context.newPage();
  await connect(pd, ld.url, dep, login('director_d'));
  await connect(pa, la.url, dep, login('scout_a'));
  // D scouts too: his final report tells the department his name, shown as the board's last writer.
  await final(pd, p1, '2026-10-01');

  let board: DraftBoard | undefined;
  await test.step('D makes it in the Boards view and moves a player there', async () => {
    await pd.goto(`${ld.url}#/boards`);
    const start = pd.getByRole('region', { name: 'Department board' });
    await start.getByRole('textbox', { name: 'Department board name' }).fill('2027 department board');
    expect(await axeFailures(pd)).toEqual([]);
    await shot(pd, 'department-board-create');
    await start.getByRole('button', { name: 'Create department board' }).click();
    await expect(pd.getByRole('heading', { name: '2027 department board', level: 2 })).toBeVisible();
    await expect(pd.getByText(/^Last written by you, .+ · every director can edit it/)).toBeVisible();
    await expect(start).toHaveCount(0);
    board = (await bridge<DraftBoard[]>(pd, 'draftBoards', {})).find((b) => b.kind === 'department');
    expect(board).toMatchObject({ name: '2027 department board', readOnly: false });
    const id = board?.id as number;
    for (const p of players)
      await bridge(pd, 'draftBoardAdd', {
        boardId: id,
        playerId: p.id,
        player: { name: p.name, position: p.position, dateOfBirth: p.dateOfBirth },
        tier: 0,
      });
    // Asked again (by another name), the app answers the department's one board.
    const again = await bridge<DraftBoard>(pd, 'draftBoardCreate', { name: 'Second', kind: 'department' });
    expect(again.id).toBe(id);
    await pd.reload();
    await expect.poll(() => shownOrder(pd)).toEqual([p1.name, p2.name, p3.name]);
    await pd.getByRole('button', { name: `Move ${p1.name} down` }).click();
    await expect
      .poll(async () => (await bridge<BoardDetail>(pd, 'draftBoard', { id })).entries.map((e) => e.name))
      .toEqual([p2.name, p1.name, p3.name]);
    await pd.getByRole('textbox', { name: 'Version label' }).fill('After the move');
    await pd.getByRole('button', { name: 'Save version' }).click();
    await expect(pd.getByRole('status').filter({ hasText: 'Saved “After the move”.' })).toBeVisible();
    await syncNow(pd);
  });

  await test.step("A sees it first in his index, marked, in D's order, and cannot change it", async () => {
    await syncNow(pa);
    await pa.goto(`${la.url}#/boards`);
    const index = pa.locator('.boards-index li').first();
    await expect(index).toContainText('2027 department board');
    await expect(index).toContainText('Department board');
    await expect(pa.getByRole('heading', { name: '2027 department board', level: 2 })).toBeVisible();
    await expect(
      pa.getByText(/^Last written by Dana Ruiz, .+ · read-only: the department’s directors write it$/),
    ).toBeVisible();
    await expect.poll(() => shownOrder(pa)).toEqual([p2.name, p1.name, p3.name]);
    const earlier = pa.getByRole('combobox', { name: 'Earlier version' });
    await expect(earlier).toContainText('After the move');
    await pa.getByRole('region', { name: 'Versions' }).scrollIntoViewIfNeeded();
    await shot(pa, 'department-board-versions-scout');
    // The version a director saved says who saved it, in the app's date style.
    await expect(earlier.getByRole('option')).toHaveText([
      /^After the move · \d{4}-\d\d-\d\d \d\d:\d\d · by Dana Ruiz$/,
    ]);
    await expect(pa.getByRole('region', { name: 'Versions' }).getByText('Saved by Dana Ruiz')).toBeVisible();
    await pa.evaluate(() => window.scrollTo(0, 0));
    for (const control of [`Move ${p1.name} down`, `Drag ${p1.name}`, 'Add a tier', 'Delete', 'Save version'])
      await expect(pa.getByRole('button', { name: control, exact: true })).toHaveCount(0);
    await expect(pa.getByRole('region', { name: 'Department board' })).toHaveCount(0);
    const refused = await bridge(pa, 'draftBoardCreate', { name: 'Mine', kind: 'department' }).catch((e: Error) => e);
    expect(String(refused)).toContain("only the department's directors make the department board.");
    expect(await axeFailures(pa)).toEqual([]);
    await shot(pa, 'department-board-scout');
  });

  await test.step("the director's view reads well in both colour schemes", async () => {
    await pd.goto(`${ld.url}#/boards/${board?.id}`);
    await expect.poll(() => shownOrder(pd)).toEqual([p2.name, p1.name, p3.name]);
    // His own version names nobody.
    await expect(pd.getByRole('combobox', { name: 'Earlier version' }).getByRole('option')).toHaveText([
      /^After the move · \d{4}-\d\d-\d\d \d\d:\d\d$/,
    ]);
    await expect(pd.getByRole('region', { name: 'Versions' }).getByText(/Saved by/)).toHaveCount(0);
    expect(await axeFailures(pd)).toEqual([]);
    await shot(pd, 'department-board-director-light');
    await pd.emulateMedia({ colorScheme: 'dark' });
    await shot(pd, 'department-board-director-dark');
    await pd.emulateMedia({ colorScheme: 'light' });
  });
  await context.close();
});
