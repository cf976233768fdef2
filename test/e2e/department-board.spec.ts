import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
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
import { env, expect, test } from './fixtures.ts';
import { axeFailures, bridge, finalSkaterReport, skaters } from './scouting.ts';

/**
 * The department board end to end, on a real PostgreSQL made by the test and two browser-shell apps with
 * data folders of their own: director D makes the department board in the Boards view, ranks three
 * players, moves one there and saves a version; scout A, after a sync, sees it first in his index, marked, with D as its
 * last writer, in D's order and read-only (no control to change it, and his app refuses to make one).
 * Screenshots of both, the director's in the light and dark colour schemes, checked with axe in both.
 */

test.describe.configure({ mode: 'serial' });
test.use({ actionTimeout: 30_000 });

/** The apps' ports: the run's own range, after director-desk.spec.ts's (+5 … +7), which may run beside it. */
const PORT = env.demo.port + 8;
/** Where the screenshots go: test-results/screens/department, or `$RINKSIDE_SHOTS_DIR` when set. */
const SHOTS = process.env.RINKSIDE_SHOTS_DIR || join('test-results', 'screens', 'department');

let dep: Department | undefined;
const laptops: Laptop[] = [];
test.afterEach(async () => {
  for (const l of laptops.splice(0)) await l.stop().catch(() => undefined);
  await dep?.stop();
  dep = undefined;
});

/** The players' names on the open board, top to bottom, as the page shows them. */
const shownOrder = (page: Page) =>
  page.locator('.board-row').evaluateAll((rows) => rows.map((r) => (r as HTMLElement).dataset.player));

async function shot(page: Page, name: string): Promise<void> {
  await mkdir(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `${name}.png`) });
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
  const [la, ld] = await Promise.all([startLaptop(PORT), startLaptop(PORT + 1)]);
  laptops.push(la, ld);
  const context = await browser.newContext({ viewport: { width: 1280, height: 820 } });
  const pd = page;
  await pd.setViewportSize({ width: 1280, height: 820 });
  const pa = await context.newPage();
  await connect(pd, ld.url, dep, login('director_d'));
  await connect(pa, la.url, dep, login('scout_a'));
  // D scouts too: his final report tells the department his name, shown as the board's last writer.
  await finalSkaterReport(pd, p1, '2026-10-01');

  let board: DraftBoard | undefined;
  await test.step('D makes it in the Boards view and moves a player there', async () => {
    await pd.goto(`${ld.url}#/boards`);
    const start = pd.getByRole('region', { name: 'Department board' });
    await start.getByRole('textbox', { name: 'Department board name' }).fill('2027 department board');
    await shot(pd, 'department-board-create');
    await start.getByRole('button', { name: 'Create department board' }).click();
    await expect(pd.getByRole('heading', { name: '2027 department board', level: 2 })).toBeVisible();
    await expect(pd.getByText(/^Department board Last written by you, .+ · every director can edit it/)).toBeVisible();
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
      pa.getByText(/^Department board Last written by Dana Ruiz, .+ · read-only: the department’s directors write it$/),
    ).toBeVisible();
    await expect.poll(() => shownOrder(pa)).toEqual([p2.name, p1.name, p3.name]);
    await expect(pa.getByRole('combobox', { name: 'Earlier version' })).toContainText('After the move');
    for (const control of [`Move ${p1.name} down`, `Drag ${p1.name}`, 'Add a tier', 'Delete', 'Save version'])
      await expect(pa.getByRole('button', { name: control, exact: true })).toHaveCount(0);
    await expect(pa.getByRole('region', { name: 'Department board' })).toHaveCount(0);
    const refused = await bridge(pa, 'draftBoardCreate', { name: 'Mine', kind: 'department' }).catch((e: Error) => e);
    expect(String(refused)).toContain("only the department's directors make the department board.");
    await shot(pa, 'department-board-scout');
  });

  await test.step("the director's view reads well in both colour schemes", async () => {
    await pd.goto(`${ld.url}#/boards/${board?.id}`);
    await expect.poll(() => shownOrder(pd)).toEqual([p2.name, p1.name, p3.name]);
    expect(await axeFailures(pd)).toEqual([]);
    await shot(pd, 'department-board-director-light');
    await pd.emulateMedia({ colorScheme: 'dark' });
    await shot(pd, 'department-board-director-dark');
    await pd.emulateMedia({ colorScheme: 'light' });
  });
  await context.close();
});
