import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import type { BoardDetail, DraftBoard } from '../../shared/domain/board-order.ts';
import { type ScannedView, scanViews, settled } from './axe.ts';
import { databankSample, EARLY_SAMPLE } from './databank-app.ts';
import { e2eEnv } from './env.ts';
import { expect, test } from './fixtures.ts';
import { type OwnApp, startOwnApp, stopOwnApp } from './own-app.ts';
import { bridge, finalSkaterReport, skaters } from './scouting.ts';

/**
 * A record names its player by source and id. A scout writes a report and a board on the demo world, then
 * the data in use is a Hockey Databank sample (the same data folder, another database): the Databank numbers
 * its players its own way, so `/players/<id>` there is another man. The Reports list, the report's own page
 * and the board show his name as written, with a note that he is of other data, and no link to that page;
 * on the demo world the same records link him.
 */

test.describe.configure({ mode: 'serial' });
test.use({ actionTimeout: 30_000 });

const SHOTS = 'docs/screenshots/reports';

let app: OwnApp | undefined;
let dataDir: string | undefined;
test.afterEach(async () => {
  if (app) await stopOwnApp(app);
  app = undefined;
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const reportsTable = (page: Page) => page.locator('.reports-table');

test('a record of another data’s player names him, with where he is from, and links nobody', async ({
  page,
  service,
}) => {
  test.setTimeout(240_000);
  const [p] = await skaters(service, 1);
  if (!p) throw new Error('a skater is needed');
  const demoDb = join(e2eEnv().demo.dataDir, 'demo.sqlite');
  const { db: databankDb } = await databankSample(EARLY_SAMPLE);
  dataDir = mkdtempSync(join(tmpdir(), 'rinkside-e2e-records-'));

  // On the demo world: a final report and a board with him.
  app = await startOwnApp(dataDir, demoDb);
  await page.goto(`${app.url}#/reports`);
  const report = await finalSkaterReport(page, p, '2026-11-10');
  const board = await bridge<DraftBoard>(page, 'draftBoardCreate', { name: 'Seen on the demo' });
  await bridge<BoardDetail>(page, 'draftBoardAdd', {
    boardId: board.id,
    playerId: p.id,
    player: { name: p.name, position: p.position, dateOfBirth: p.dateOfBirth },
  });
  await page.reload();
  await expect(reportsTable(page).getByRole('link', { name: p.name })).toHaveAttribute('href', `#/players/${p.id}`);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`${app.url}#/boards/${board.id}`);
  await expect(page.locator(`li[data-player="${p.name}"]`).getByRole('link', { name: p.name })).toHaveAttribute(
    'href',
    `#/players/${p.id}`,
  );
  await page.screenshot({ path: `${SHOTS}/board-demo-data.png` });
  await stopOwnApp(app);
  app = undefined;

  // The same data folder on the Databank sample: his records are kept, his id is another man's here.
  app = await startOwnApp(dataDir, databankDb);
  await page.goto(`${app.url}#/reports`);
  const row = reportsTable(page).getByRole('row').filter({ hasText: p.name });
  await expect(row).toContainText('other data');
  await expect(row.getByRole('link', { name: p.name })).toHaveCount(0);
  // The report's date still opens the report.
  await expect(row.getByRole('link', { name: '2026-11-10' })).toHaveAttribute('href', `#/reports/${report.id}`);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: `${SHOTS}/reports-other-data.png` });

  await page.goto(`${app.url}#/reports/${report.id}`);
  const crumbs = page.locator('.crumbs');
  await expect(crumbs).toContainText(p.name);
  await expect(crumbs).toContainText('other data');
  await expect(crumbs.getByRole('link')).toHaveText(['Reports']);

  await page.goto(`${app.url}#/boards/${board.id}`);
  const entry = page.locator(`li[data-player="${p.name}"]`);
  await expect(entry).toContainText('other data');
  await expect(entry.getByRole('link', { name: p.name })).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/board-other-data.png` });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({ path: `${SHOTS}/board-other-data-dark.png` });

  // The note passes axe in both colour schemes, where it shows.
  const views: ScannedView<null>[] = [
    { name: 'reports', path: () => '/reports', ready: (pg) => expect(pg.getByText('other data')).toBeVisible() },
    { name: 'report', path: () => `/reports/${report.id}`, ready: (pg) => settled(pg) },
    {
      name: 'board',
      path: () => `/boards/${board.id}`,
      ready: (pg) => expect(pg.locator(`li[data-player="${p.name}"]`).getByText('other data')).toBeVisible(),
    },
  ];
  for (const scheme of ['light', 'dark'] as const) {
    expect(await scanViews(page, app.url, views, null, { scheme, shots: 'a11y-record-players' })).toEqual([]);
  }
});
