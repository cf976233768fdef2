import type { Locator, Page } from '@playwright/test';
import { expect, recordShot, screenshot, test } from './fixtures.ts';
import { axeFailures, bridge, exportedCsv, skaters } from './scouting.ts';

/**
 * A draft board in real Chromium, in its worker's own app (fixtures.ts, `workerApp`): players added (one
 * from his page), the board reordered by keyboard (Alt+↑ on a row, and dnd-kit's keyboard drag: Space, ↑,
 * Space on the handle), by the "Move to tier" select and by a mouse drag across a tier; every order read
 * back from the saved board and checked against the order the test works out itself; a dated version
 * compared with the board now; the board exported to CSV. Then three scouts' boards imported from
 * `rinkside-lists` files and merged: each rank and spread checked against the files.
 */

type Player = Awaited<ReturnType<typeof skaters>>[number];
interface Detail {
  board: { id: number; tiers: string[] };
  entries: { playerId: number; name: string; tier: number; noInterest: boolean }[];
}

/** The saved board's order as `name/tier` (`x` for no interest), read through the bridge. */
async function savedOrder(page: Page, id: number): Promise<string[]> {
  const d = await bridge<Detail>(page, 'draftBoard', { id });
  return d.entries.map((e) => `${e.name}/${e.noInterest ? 'x' : d.board.tiers[e.tier]}`);
}

/** Waits until the saved order is `want` (saves run after each move). */
async function expectSaved(page: Page, id: number, want: string[]): Promise<void> {
  await expect.poll(() => savedOrder(page, id), { timeout: 10_000 }).toEqual(want);
}

/**
 * Shows what the live region said (it is for screen readers only) in a caption at the bottom of the page,
 * for the record's screenshot: `#said`, removed by the caller.
 */
async function saidOnScreen(page: Page, text: string | null): Promise<void> {
  await page.evaluate((t) => {
    const p = document.createElement('p');
    p.id = 'said';
    p.textContent = `A screen reader hears: “${t}”`;
    p.style.cssText =
      'position:fixed;left:220px;bottom:16px;margin:0;padding:8px 12px;background:#111;color:#fff;font:14px sans-serif;border-radius:6px;z-index:99';
    document.body.append(p);
  }, text);
}

/** Drags `handle` with the mouse onto the middle of `target`, in small steps as a hand does. */
async function drag(page: Page, handle: Locator, target: Locator, dy: number): Promise<void> {
  const from = await handle.boundingBox();
  const to = await target.boundingBox();
  if (!from || !to) throw new Error('not on screen');
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 + 8, { steps: 4 });
  await page.mouse.move(from.x + from.width / 2, to.y + to.height / 2 + dy, { steps: 16 });
  await page.mouse.up();
}

test('a board reordered by keyboard, select and mouse drag; a version compared; exported to CSV', async ({
  page,
  service,
  workerApp: app,
}) => {
  test.setTimeout(180_000);
  const all8 = await skaters(service, 8);
  const ps = all8.slice(0, 6);
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto(`${app.url}#/boards`);
  await page.getByLabel('New board name').fill('2027 draft');
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByRole('heading', { name: '2027 draft' })).toBeVisible();
  const id = Number(/#\/boards\/(\d+)/.exec(page.url())?.[1]);
  const add = (p: Player, tier: number) =>
    bridge(page, 'draftBoardAdd', {
      boardId: id,
      playerId: p.id,
      player: { name: p.name, position: p.position, dateOfBirth: p.dateOfBirth },
      tier,
    });
  const [p0, p1, p2, p3, p4, p5] = ps as [Player, Player, Player, Player, Player, Player];
  for (const [p, t] of [
    [p0, 0],
    [p1, 0],
    [p2, 1],
    [p3, 1],
    [p4, 2],
  ] as const)
    await add(p, t);
  // The sixth from his page: to the bottom of the last tier.
  await page.goto(`${app.url}#/players/${p5.id}`);
  await page.getByLabel(`Add ${p5.name} to a board`).selectOption({ label: '2027 draft' });
  await expect(page.getByText('On “2027 draft”')).toBeVisible();
  let order = [`${p0.name}/A`, `${p1.name}/A`, `${p2.name}/B`, `${p3.name}/B`, `${p4.name}/C`, `${p5.name}/C`];
  await expectSaved(page, id, order);
  await bridge(page, 'draftBoardVersionSave', { id, label: 'Before the combine' });

  await page.goto(`${app.url}#/boards/${id}`);
  const row = (p: Player) => page.locator(`.board-row[data-player="${p.name}"]`);
  await expect(row(p5)).toBeVisible();

  // Keyboard 1: Alt+↑ on p1's row puts him above p0.
  await row(p1)
    .getByRole('button', { name: `Move ${p1.name} up` })
    .focus();
  await page.keyboard.press('Alt+ArrowUp');
  order = [`${p1.name}/A`, `${p0.name}/A`, ...order.slice(2)];
  await expectSaved(page, id, order);

  // Keyboard 2: dnd-kit's keyboard drag on p3's handle: Space picks him up, ↑ moves him one place, Space drops.
  // Each step waits for dnd-kit: the row lifted, then its live region's announcement (what a screen reader
  // hears): the player by name, his rank and tier where he is, would be and lands, never the list's ids.
  // Before the move: p1 p0 | p2 p3 | p4 p5, so p3 is 4th, in B; one place up he is 3rd, still in B.
  // (Each announcement is read once it is there, and checked after the move, the record's screenshot first.)
  const live = page.locator('[id^="DndLiveRegion"]');
  const handle = row(p3).getByRole('button', { name: `Drag ${p3.name}` });
  const said: string[] = [];
  const next = async (re: RegExp) => {
    await expect(live).toHaveText(re);
    said.push((await live.textContent()) ?? '');
  };
  await handle.focus();
  await page.keyboard.press('Space');
  await expect(row(p3)).toHaveClass(/dragging/);
  await next(/./);
  await page.keyboard.press('ArrowUp');
  await next(/^(?!Picked up ).+/);
  await saidOnScreen(page, said[1] ?? '');
  await recordShot(page, 'stumbles-8-board-keyboard-move');
  await page.evaluate(() => document.getElementById('said')?.remove());
  await page.keyboard.press('Space');
  await next(/dropped/);
  expect(said).toEqual([
    `Picked up ${p3.name}, rank 4, in tier B.`,
    `${p3.name} would be rank 3, in tier B.`,
    `${p3.name} dropped: now rank 3, in tier B.`,
  ]);
  await expect(handle).toHaveAccessibleDescription(/press Space or Enter.*arrows move him.*Escape puts him back/);
  order = [order[0], order[1], `${p3.name}/B`, `${p2.name}/B`, order[4], order[5]] as string[];
  await expectSaved(page, id, order);

  // The "Move to tier" select: p4 to the bottom of A; p5 to No interest.
  await row(p4).getByLabel(`Move ${p4.name} to tier`).selectOption({ label: 'Tier A' });
  order = [order[0], order[1], `${p4.name}/A`, order[2], order[3], order[5]] as string[];
  await expectSaved(page, id, order);
  await row(p5).getByLabel(`Move ${p5.name} to tier`).selectOption({ label: 'No interest' });
  order = [...order.slice(0, 5), `${p5.name}/x`];
  await expectSaved(page, id, order);

  // The mouse: p1's handle dragged down onto p2's row, past the B header: he lands in tier B, where p2 was.
  await drag(page, row(p1).getByRole('button', { name: `Drag ${p1.name}` }), row(p2), 4);
  order = [`${p0.name}/A`, `${p4.name}/A`, `${p3.name}/B`, `${p2.name}/B`, `${p1.name}/B`, `${p5.name}/x`];
  const now = await savedOrder(page, id);
  // dnd-kit drops on the row under the pointer: p1 is then either just above or just below p2, in tier B.
  const alt = [order[0], order[1], order[2], order[4], order[3], order[5]] as string[];
  expect([JSON.stringify(order), JSON.stringify(alt)]).toContain(JSON.stringify(now));
  order = now;
  await screenshot(page, 'board');
  expect(await axeFailures(page)).toEqual([]);

  // The version compared with the board now: each player's move is the difference of his ranks.
  const versions = page.locator('.board-versions');
  await expect(versions.getByRole('table', { name: 'Who moved' })).toBeVisible();
  const before = [p0, p1, p2, p3, p4, p5].map((p) => p.name);
  const after = order.filter((o) => !o.endsWith('/x')).map((o) => o.slice(0, o.lastIndexOf('/')));
  for (const name of after) {
    const moved = before.indexOf(name) - after.indexOf(name);
    const cell = versions.getByRole('row', { name: new RegExp(`^${name}`) }).locator('td.moved');
    await expect(cell).toHaveText(moved > 0 ? `▲ ${moved}` : moved < 0 ? `▼ ${-moved}` : '=');
  }
  await expect(versions.getByRole('row', { name: new RegExp(`^${p5.name}`) }).locator('td.moved')).toHaveText(
    'dropped',
  );
  await page.locator('.board-versions').screenshot({ path: 'test-results/screens/board-versions.png' });

  // CSV: the board in order, through the app's export path.
  const csv = await exportedCsv(page);
  // The board's own columns, then the columns its rows show (the defaults; the demo's players are not
  // downloaded for offline here, so those cells are empty).
  expect(csv[0]).toEqual([
    'Rank',
    'Tier',
    'Player',
    'Pos',
    'Born',
    'Team',
    'League',
    'Draft age',
    'GP',
    'PTS',
    'NHLe',
    'Viewings',
    'Grade',
    'Days since',
  ]);
  expect(csv.slice(1).map((r) => `${r[2]}/${r[1] === 'No interest' ? 'x' : r[1]}`)).toEqual(order);
  expect(csv.slice(1).map((r) => r[0])).toEqual(['1', '2', '3', '4', '5', '']);

  // A scouting list's players added at once: the ones not on the board yet, to the bottom of the last tier.
  const list = await bridge<{ id: number }>(page, 'scoutingListCreate', { name: 'Watch list' });
  const [q6, q7] = all8.slice(6) as [Player, Player];
  for (const p of [p0, q6, q7])
    await bridge(page, 'scoutingListEntrySave', { listId: list.id, playerId: p.id, player: { name: p.name } });
  await page.reload();
  await page.getByLabel('Add the players of a scouting list').selectOption({ label: 'Watch list (3)' });
  await expect(page.getByText('Added 2 of “Watch list” to tier C.')).toBeVisible();
  // In the list's own order (best rated first, then by name: none is rated here).
  const added = [q6.name, q7.name].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)).map((n) => `${n}/C`);
  const ranked = order.filter((o) => !o.endsWith('/x'));
  await expectSaved(page, id, [...ranked, ...added, ...order.filter((o) => o.endsWith('/x'))]);
});

/** A scout's `rinkside-lists` file with one board: `order` top to bottom, four a tier, `none` of no interest. */
function scoutFile(scout: string, order: readonly Player[], none: Player | null) {
  const at = '2026-11-20T12:00:00.000Z';
  const players = [...order, ...(none ? [none] : [])].map((p, i) => ({
    player: { source: 'embedded:colleague', id: p.id, name: p.name, dateOfBirth: p.dateOfBirth, position: p.position },
    tier: p === none ? 'C' : (['A', 'B', 'C'][Math.floor(i / 4)] as string),
    noInterest: p === none,
  }));
  return JSON.stringify({
    format: 'rinkside-lists',
    version: 3,
    exportedAt: at,
    app: 'Rinkside (a colleague)',
    scout,
    lists: [],
    reports: [],
    boards: [
      { name: 'December list', scout: '', tiers: ['A', 'B', 'C'], createdAt: at, updatedAt: at, players, versions: [] },
    ],
  });
}

test('three scouts’ boards imported and merged: each rank, the spread and who lacks whom', async ({
  page,
  service,
  workerApp: app,
}) => {
  test.setTimeout(180_000);
  const ps = await skaters(service, 9);
  const [a, b, c, d, e, f, g, h, i] = ps as [Player, Player, Player, Player, Player, Player, Player, Player, Player];
  const boards: [string, Player[], Player | null][] = [
    ['Ann Lindqvist', [a, b, c, d, e, f, g, h], i],
    ['Bo Karlsson', [c, a, e, b, i, d, h, f], null], // lacks g
    ['Cy Dubois', [h, a, b, d, c, e, f, i, g], null],
  ];
  await page.goto(`${app.url}#/settings`);
  const picker = page.getByLabel('Lists file to import');
  for (const [scout, order, none] of boards) {
    await picker.setInputFiles({
      name: `${scout}.json`,
      mimeType: 'application/json',
      buffer: Buffer.from(scoutFile(scout, order, none)),
    });
    await expect(page.getByText(/1 board added/)).toBeVisible();
  }
  const all = await bridge<{ id: number; scout: string }[]>(page, 'draftBoards', {});
  const ids = boards.map(([scout]) => all.find((x) => x.scout === scout)?.id);
  await page.goto(`${app.url}#/boards/merge?ids=${ids.join(',')}`);
  const table = page.getByRole('table', { name: 'Merged board' });
  await expect(table).toBeVisible();

  // Independently: a player's rank on a board is his place in the file's order; a no-interest player is not
  // ranked (NI) and not missing either.
  for (const p of ps) {
    const ranks = boards.map(([, order]) => {
      const at = order.indexOf(p);
      return at < 0 ? null : at + 1;
    });
    const present = ranks.filter((r): r is number => r !== null);
    const spread = present.length > 1 ? String(Math.max(...present) - Math.min(...present)) : '—';
    const mean = (present.reduce((s, r) => s + r, 0) / present.length).toFixed(1);
    const passed = boards.map(([, , none]) => none === p);
    const lacking = boards.filter((_, k) => ranks[k] === null && !passed[k]).map(([scout]) => scout);
    const cells = await table
      .getByRole('row', { name: new RegExp(`^\\d+ ${p.name} `) })
      .locator('td')
      .allInnerTexts();
    // #, Pos, three ranks, mean, spread, missing from.
    expect(cells.slice(2, 5)).toEqual(ranks.map((r, k) => (r !== null ? String(r) : passed[k] ? 'NI' : '—')));
    expect(cells.slice(5, 8)).toEqual([mean, spread, lacking.join(', ')]);
  }
  await screenshot(page, 'merged-board');
  expect(await axeFailures(page)).toEqual([]);
  await page.getByLabel(/^Only players some boards lack/).check();
  // g only: Bo lacks him; Ann has i as no interest, which is not lacking him.
  await expect(table.locator('tbody tr')).toHaveCount(1);
  await expect(table.locator('tbody tr')).toContainText(g.name);
});
