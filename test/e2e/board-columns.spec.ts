import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { BOARD_FACT_COLUMNS } from '../../shared/columns/index.ts';
import { fieldsOf, readLines } from '../unit/service-data/databank-sample.ts';
import { type DatabankApp, startDatabankApp } from './databank-app.ts';
import { downloadNhl, type Season, skaterSeasons } from './databank-seasons.ts';
import { clickThroughMoreColumns, expect, recordShot, test } from './fixtures.ts';
import { axeFailures, bridge, exportedCsv } from './scouting.ts';

/**
 * A draft board a director can decide from, in real Chromium on real rows: Edmonton's and the Islanders'
 * 1981-82 from the Hockey Databank, downloaded for offline; six of their skaters on a board in two tiers.
 * Each row's team, league, draft age, GP, G, A, PTS and NHLe (an NHL line: its own PTS/GP) are checked
 * against the sample's Scoring.csv, Teams.csv and Master.csv; columns are picked in the Columns menu; a
 * tier sorted by PTS for viewing, the saved order read back unchanged (and again after a reload), the sort
 * cleared; the export carries the chosen columns in the order shown. Without a department, its columns
 * are empty and say why.
 */

test.describe.configure({ mode: 'serial' });

let app: DatabankApp | undefined;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  app = await startDatabankApp({
    name: 'edm-nyi-1981',
    picks: [
      [1981, 'EDM'],
      [1981, 'NYI'],
    ],
  });
});
test.afterAll(async () => {
  await app?.close();
});

interface Detail {
  board: { id: number; tiers: string[] };
  entries: { playerId: number; name: string; tier: number; noInterest: boolean }[];
}
interface Leaders {
  data: { player: { id: number; name: string } }[];
}

/** The saved board's order as `name/tier`, read through the bridge. */
async function savedOrder(page: Page, id: number): Promise<string[]> {
  const d = await bridge<Detail>(page, 'draftBoard', { id });
  return d.entries.map((e) => `${e.name}/${e.noInterest ? 'x' : d.board.tiers[e.tier]}`);
}

/** Each player's team(s) in 1981-82, from Scoring.csv's stints and Teams.csv's names, in stint order. */
async function teamsOf(csvDir: string): Promise<Map<string, string>> {
  const csv = async (file: string) => {
    const { header } = readLines(file);
    const text = await readFile(`${csvDir}/${file}`, 'utf8');
    return text
      .split('\n')
      .slice(1)
      .filter((l) => l !== '')
      .map((l) => fieldsOf(header, l));
  };
  const names = new Map((await csv('Teams.csv')).filter((t) => t.year === '1981').map((t) => [t.tmID, t.name]));
  const master = new Map((await csv('Master.csv')).map((m) => [m.playerID, `${m.firstName} ${m.lastName}`]));
  const out = new Map<string, string[]>();
  for (const r of (await csv('Scoring.csv')).filter((s) => s.year === '1981' && s.lgID === 'NHL')) {
    const who = master.get(r.playerID) ?? '';
    const list = out.get(who) ?? [];
    const team = names.get(r.tmID) ?? '';
    if (!list.includes(team)) list.push(team);
    out.set(who, list);
  }
  return new Map([...out].map(([k, v]) => [k, v.join(' / ')]));
}

/**
 * A new board named `name` with six skaters of the sample (by points, every third, so both tiers mix high
 * and low scorers): tier A the 4th, 1st and 13th scorers, tier B the 16th, 7th and 10th, saved in that order.
 */
async function sixOnBoard(page: Page, url: string, name: string) {
  const seasons = (await skaterSeasons(app?.csvDir ?? '', 1981)).filter((s) => s.GP >= 40);
  seasons.sort((a, b) => b.PTS - a.PTS || (a.name < b.name ? -1 : 1));
  const six = [0, 3, 6, 9, 12, 15].map((i) => seasons[i] as Season);
  await page.goto(`${url}#/boards`);
  await page.getByLabel('New board name').fill(name);
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByRole('heading', { name })).toBeVisible();
  const id = Number(/#\/boards\/(\d+)/.exec(page.url())?.[1]);
  const leaders = await bridge<Leaders>(page, 'offlineLeaders', {
    query: { league: 'nhl', season: '1981-1982', limit: '100', minGP: '1' },
  });
  const idOf = (player: string) => leaders.data.find((r) => r.player.name === player)?.player.id;
  const placed: [Season, number][] = [
    [six[1] as Season, 0],
    [six[0] as Season, 0],
    [six[4] as Season, 0],
    [six[5] as Season, 1],
    [six[2] as Season, 1],
    [six[3] as Season, 1],
  ];
  for (const [s, tier] of placed) {
    const playerId = idOf(s.name);
    expect(playerId, s.name).toBeDefined();
    await bridge(page, 'draftBoardAdd', { boardId: id, playerId, player: { name: s.name }, tier });
  }
  return { id, six, placed };
}

/** The shown board's players top to bottom, as `name/tier`. */
async function shownOrder(page: Page): Promise<string[]> {
  return page.locator('.board-list > li').evaluateAll((lis) => {
    let tier = '';
    const out: string[] = [];
    for (const li of lis) {
      if (li.classList.contains('tier-head')) {
        const input = li.querySelector('input');
        tier = li.classList.contains('none')
          ? 'x'
          : (input?.value ?? li.querySelector('.tier-name')?.textContent ?? '');
      } else out.push(`${li.getAttribute('data-player')}/${tier}`);
    }
    return out;
  });
}

/** A row's cells under the column headers, by header. */
async function cellsOf(page: Page, row: Locator): Promise<Record<string, string>> {
  const heads = await page.locator('.board-facts-head .board-sort').allInnerTexts();
  const cells = await row.locator('.board-fact').allInnerTexts();
  return Object.fromEntries(heads.map((h, i) => [h.replace(/\s*[▲▼]$/, '').trim(), cells[i] ?? '']));
}

test('a board’s columns: facts checked against the Databank, picked, sorted within tiers, exported', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const url = app?.url ?? '';
  await page.setViewportSize({ width: 1400, height: 900 });
  await downloadNhl(page, url, '1981-1982', '1981-1982');

  const { id, six, placed } = await sixOnBoard(page, url, '1982 decisions');
  const teams = await teamsOf(app?.csvDir ?? '');
  const saved = placed.map(([s, t]) => `${s.name}/${t === 0 ? 'A' : 'B'}`);
  await page.reload();
  await expect(page.locator('.board-facts-head')).toBeVisible();

  // Each row against the CSV: the NHL's own factor is 1, so NHLe is the line's PTS/GP.
  for (const [s] of placed) {
    const cells = await cellsOf(page, page.locator(`li[data-player="${s.name}"]`));
    expect(cells).toMatchObject({
      Team: teams.get(s.name),
      // The league's name, as the Databank's lgID writes it.
      League: 'NHL',
      'Draft age': s.draftAge === null ? '—' : String(s.draftAge),
      GP: String(s.GP),
      PTS: String(s.PTS),
      NHLe: (s.PTS / s.GP).toFixed(2),
      Viewings: '—',
      'Days since': '—',
    });
  }
  // No department here: its columns are empty and the board says why.
  await expect(page.locator('.board-dept-missing')).toContainText('No department is set up on this computer');

  // Columns picked in the menu: G, A and Projection added, Grade taken away; the URL keeps the choice.
  await page.getByText(/^Columns \(\d+\)$/).click();
  const menu = page.locator('.column-chooser-pop');
  await menu.getByRole('checkbox', { name: /^G Goals/ }).check();
  await menu.getByRole('checkbox', { name: /^A Assists/ }).check();
  await menu.getByRole('checkbox', { name: /^Projection/ }).check();
  await menu.getByRole('checkbox', { name: /^Grade/ }).uncheck();
  await page.getByText(/^Columns \(\d+\)$/).click();
  const heads = page.locator('.board-facts-head .board-sort');
  await expect(heads).toHaveText(
    ['Pos', 'Team', 'League', 'Draft age', 'GP', 'G', 'A', 'PTS', 'NHLe', 'Viewings', 'Projection', 'Days since'],
    { useInnerText: true },
  );
  expect(new URLSearchParams(page.url().split('?')[1]).get('cols')).toBe(
    'position,team,league,draftAge,GP,G,A,PTS,nhlePTSperGP,viewings,projection,daysSinceSeen',
  );
  for (const [s] of placed) {
    const cells = await cellsOf(page, page.locator(`li[data-player="${s.name}"]`));
    expect([cells.G, cells.A]).toEqual([String(s.G), String(s.PTS - s.G)]);
  }

  // Sorted by PTS (highest first) within each tier: the view's order, not the saved one.
  await heads.filter({ hasText: /^PTS$/ }).click();
  const byPts = (tier: number) =>
    placed
      .filter(([, t]) => t === tier)
      .map(([s]) => s)
      .sort((a, b) => b.PTS - a.PTS)
      .map((s) => `${s.name}/${tier === 0 ? 'A' : 'B'}`);
  const sortedView = [...byPts(0), ...byPts(1)];
  expect(sortedView).not.toEqual(saved);
  await expect.poll(() => shownOrder(page)).toEqual(sortedView);
  await expect(page.getByRole('status').filter({ hasText: 'for viewing only' })).toBeVisible();
  const first = placed[0]?.[0].name ?? '';
  await expect(page.getByRole('button', { name: `Move ${first} up` })).toBeDisabled();
  await expect(page.getByLabel(`Move ${first} to tier`)).toBeDisabled();
  expect(await savedOrder(page, id)).toEqual(saved);
  expect(await axeFailures(page)).toEqual([]);
  await recordShot(page, 'board-columns-sorted');
  await page.emulateMedia({ colorScheme: 'dark' });
  await recordShot(page, 'board-columns-sorted-dark');
  await page.emulateMedia({ colorScheme: 'light' });

  // The export: the board's own columns, then the chosen ones, in the order shown; NHLe at two decimals.
  const csv = await exportedCsv(page);
  const shownHeads = (await heads.allInnerTexts()).map((h) => h.replace(/\s*[▲▼]$/, '').trim());
  expect(csv[0]).toEqual(['Rank', 'Tier', 'Player', 'Pos', 'Born', ...shownHeads.filter((h) => h !== 'Pos')]);
  expect(csv.slice(1).map((r) => `${r[2]}/${r[1]}`)).toEqual(sortedView);
  for (const r of csv.slice(1)) {
    const s = six.find((x) => x.name === r[2]) as Season;
    expect(r.slice(5, 13)).toEqual([
      teams.get(s.name),
      'NHL',
      s.draftAge === null ? '' : String(s.draftAge),
      String(s.GP),
      String(s.G),
      String(s.PTS - s.G),
      String(s.PTS),
      (s.PTS / s.GP).toFixed(2),
    ]);
    // No department: nothing in its columns.
    expect(r.slice(13)).toEqual(['', '', '']);
    // The saved rank, whatever the view's order.
    expect(r[0]).toBe(String(saved.indexOf(`${s.name}/${r[1]}`) + 1));
  }

  // A reload keeps the view's sort (it is in the URL) and the saved order as it was; clearing the sort shows it.
  await page.reload();
  await expect.poll(() => shownOrder(page)).toEqual(sortedView);
  expect(await savedOrder(page, id)).toEqual(saved);
  await page.getByRole('button', { name: 'Clear sort' }).click();
  await expect.poll(() => shownOrder(page)).toEqual(saved);
  await expect(page.getByRole('button', { name: `Move ${first} up` })).toBeEnabled();
  // Back to the default columns for the record: they fit a 1400-pixel window beside the navigation.
  await page.getByText(/^Columns \(\d+\)$/).click();
  await menu.getByRole('button', { name: 'Defaults' }).click();
  await page.getByText(/^Columns \(\d+\)$/).click();
  await expect(page.getByText(/^Columns \(10\)$/)).toBeVisible();
  await recordShot(page, 'board-columns');
  await page.emulateMedia({ colorScheme: 'dark' });
  await recordShot(page, 'board-columns-dark');
});

/** How far `target` lies inside the visible width of `scroller`: from its left and its right edge, px (both ≥ 0: in view). */
async function placeIn(scroller: Locator, target: Locator): Promise<{ left: number; right: number }> {
  const edges = await scroller.evaluate((el) => {
    const left = el.getBoundingClientRect().left + el.clientLeft;
    return { left, right: left + el.clientWidth };
  });
  const box = await target.boundingBox();
  if (!box) throw new Error('not shown');
  return { left: Math.round(box.x - edges.left), right: Math.round(edges.right - box.x - box.width) };
}

/** The smallest space (px) between the visible texts of two cells side by side, over every row of the board. */
async function tightestCells(page: Page): Promise<number> {
  const gaps = await page.locator('li.board-row').evaluateAll((lis) =>
    lis.flatMap((li) => {
      const boxes = [...li.querySelectorAll('.board-fact')].map((cell) => {
        const c = cell.getBoundingClientRect();
        const t = (cell.querySelector('bdi') ?? cell).getBoundingClientRect();
        return { left: Math.max(c.left, t.left), right: Math.min(c.right, t.right) };
      });
      return boxes.slice(1).map((b, i) => b.left - (boxes[i]?.right ?? 0));
    }),
  );
  return Math.min(...gaps);
}

test('a board wider than its card: each player and his moves stay in view, columns past the edge are said, an added one comes into view, empty cells stay apart', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const url = app?.url ?? '';
  await page.setViewportSize({ width: 1200, height: 900 });
  await downloadNhl(page, url, '1981-1982', '1981-1982');
  const { id, placed } = await sixOnBoard(page, url, 'Every column');
  const all = BOARD_FACT_COLUMNS.map((c) => c.id);
  const open = async (ids: readonly string[]) => {
    await page.goto(`${url}#/boards/${id}?cols=${ids.join(',')}`);
    // A new document, so the board is read again with its players.
    await page.reload();
    await expect(page.locator('.board-facts-head .board-sort')).toHaveCount(ids.length);
    const [s] = placed[0] as [Season, number];
    await expect
      .poll(async () => (await cellsOf(page, page.locator(`li[data-player="${s.name}"]`))).PTS)
      .toBe(String(s.PTS));
  };
  const scroller = page.locator('.board-facts-head').locator('xpath=..');
  // Every column, at two window widths, light and dark.
  for (const width of [1200, 1400]) {
    await page.setViewportSize({ width, height: 900 });
    await open(all);
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await recordShot(page, `board-every-column-${width}-${scheme}`);
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });

  for (const width of [1200, 1400]) {
    await page.setViewportSize({ width, height: 900 });
    await open(all);
    // The premise: the board is wider than its card.
    expect(await scroller.evaluate((el) => el.scrollWidth > el.clientWidth + 50)).toBe(true);
    // Each player's name and moves are in view at the start and with the board scrolled to its end.
    for (const end of [false, true]) {
      if (end) await scroller.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
      for (const [s] of placed) {
        for (const t of [
          page.getByRole('link', { name: s.name, exact: true }),
          page.getByRole('button', { name: `Move ${s.name} up` }),
          page.getByRole('button', { name: `Move ${s.name} down` }),
          page.getByLabel(`Move ${s.name} to tier`),
        ]) {
          const at = await placeIn(scroller, t);
          expect(
            Math.min(at.left, at.right),
            `${s.name} at ${width} px${end ? ', scrolled to the end' : ''}`,
          ).toBeGreaterThanOrEqual(0);
        }
      }
    }
    // Scrolled to the end, the moves still move: a click, then Alt+↓ puts him back.
    const [second] = placed[1] as [Season, number];
    const saved = await savedOrder(page, id);
    await page.getByRole('button', { name: `Move ${second.name} up` }).click();
    await expect.poll(() => savedOrder(page, id)).toEqual([saved[1], saved[0], ...saved.slice(2)]);
    await page.getByRole('button', { name: `Move ${second.name} up` }).press('Alt+ArrowDown');
    await expect.poll(() => savedOrder(page, id)).toEqual(saved);

    // Back at the start: the board says how many columns lie past its right edge, and brings them in.
    await scroller.evaluate((el) => el.scrollTo({ left: 0 }));
    const past = await page.locator('.board-facts-head .board-sort').evaluateAll((hs) => {
      const el = hs[0]?.parentElement?.parentElement as HTMLElement;
      const right = el.getBoundingClientRect().left + el.clientLeft + el.clientWidth;
      return hs.filter((h) => h.getBoundingClientRect().right > right + 1).length;
    });
    expect(past).toBeGreaterThan(0);
    const more = page.getByRole('button', { name: /^\d+ more columns? →$/ });
    await expect(more).toHaveText(`${past} more ${past === 1 ? 'column' : 'columns'} →`);
    await clickThroughMoreColumns(page, scroller);
    // Empty cells (no department here) and full ones alike stay clear of the cell beside them.
    expect(await tightestCells(page)).toBeGreaterThanOrEqual(12);
  }

  // A column added in the menu comes into view, clear of the player's block; Viewings beside Projection,
  // both empty, read as two cells.
  await page.setViewportSize({ width: 1200, height: 900 });
  const some = all.filter((c) => c !== 'meanGrade' && c !== 'daysSinceSeen');
  await open(some);
  expect(await tightestCells(page)).toBeGreaterThanOrEqual(12);
  // The premise: the last column lies past the right edge, where the added one would land.
  expect((await placeIn(scroller, page.locator('.board-facts-head .board-sort').last())).right).toBeLessThan(0);
  await page.getByText(/^Columns \(\d+\)$/).click();
  await page
    .locator('.column-chooser-pop')
    .getByRole('checkbox', { name: /^Days since/ })
    .check();
  await page.getByText(/^Columns \(\d+\)$/).click();
  const added = page.locator('.board-facts-head .board-sort').filter({ hasText: /^Days since/ });
  await expect(added).toBeVisible();
  const block = await page.locator('.board-facts-head .board-who').boundingBox();
  await expect
    .poll(async () => {
      const at = await placeIn(scroller, added);
      const box = await added.boundingBox();
      return at.right >= 0 && (box?.x ?? 0) >= (block?.x ?? 0) + (block?.width ?? 0) - 1;
    })
    .toBe(true);
  await recordShot(page, 'board-column-added-1200');
});
