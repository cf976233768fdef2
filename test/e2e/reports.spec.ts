import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { extractText, getDocumentProxy } from 'unpdf';
import { env, expect, recordShot, screenshot, test } from './fixtures.ts';
import { startOwnApp, stopOwnApp } from './own-app.ts';
import { axeFailures, bridge, killHard, skaters } from './scouting.ts';

/**
 * Scouting reports in real Chromium, against an app of the test's own (its own data folder, the demo
 * database): a report begun on a player's page is a draft saved as the scout types; the app is killed with
 * SIGKILL (no quit, no flush: the lists' worker dies with it) and started again, and the draft is in the
 * player's file with what was typed; it is finished as a final report and the file counts the viewing.
 */

type OwnApp = Awaited<ReturnType<typeof startOwnApp>>;
let dataDir: string;
let app: OwnApp | null = null;

test.beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'rinkside-e2e-reports-'));
});
test.afterAll(async () => {
  if (app) await stopOwnApp(app);
  await rm(dataDir, { recursive: true, force: true });
});

function demoDb(): string {
  const db = join(env.demo.dataDir, 'demo.sqlite');
  if (!existsSync(db)) throw new Error('the demo instance has not seeded its database');
  return db;
}

/** His page as opened from his team-season (so the page has that season's stats beside his file). */
async function openPlayer(page: Page, url: string, p: { id: number; teamId: number; season: string }): Promise<string> {
  await page.goto(`${url}#/players/${p.id}?team=${p.teamId}&season=${p.season}`);
  const file = page.locator('.player-file');
  await expect(file).toBeVisible({ timeout: 30_000 });
  return (await page.locator('h1').first().innerText()).trim();
}

test('a draft report survives kill -9 of the app and is finished later; the file counts it', async ({
  page,
  service,
}) => {
  test.setTimeout(180_000);
  const [player] = await skaters(service, 1);
  if (!player) throw new Error('no skater');
  app = await startOwnApp(dataDir, demoDb());
  const name = await openPlayer(page, app.url, player);
  expect(name).toBe(player.name);
  await expect(page.locator('.player-file')).toContainText('0 viewings');
  await expect(page.locator('.player-file')).toContainText('Not seen enough');

  await page.getByRole('button', { name: 'New report' }).click();
  await expect(page.getByRole('heading', { name: `Report on ${player.name}` })).toBeVisible();
  await page.getByLabel('Home').fill('Regina Pats');
  await page.getByLabel('Away').fill('Moose Jaw Warriors');
  await page.getByLabel('League').fill('WHL');
  await page.getByLabel('Skating grade').selectOption('7.5');
  await page.getByLabel('Hockey sense grade').selectOption('8');
  await page.getByLabel('Notes').fill('First period: quiet. Second: two primary assists off the rush');
  await expect(page.getByRole('status').filter({ hasText: /^Draft · saved/ })).toBeVisible();
  await screenshot(page, 'report-form-draft');
  expect(await axeFailures(page)).toEqual([]);

  // The app dies at once: no quit, no last save, no backup.
  await killHard(app);
  app = await startOwnApp(dataDir, demoDb());
  await openPlayer(page, app.url, player);
  const file = page.locator('.player-file');
  await expect(file).toContainText('1 draft not counted');
  // Nothing of the scout's was set aside after the crash: no notice of a damaged file.
  await expect(page.locator('.storage-notice')).toHaveCount(0);
  const card = file.locator('.report-card.draft');
  await expect(card).toContainText('Moose Jaw Warriors at Regina Pats');
  await card.getByRole('link').first().click();
  await expect(page.getByLabel('Notes')).toHaveValue('First period: quiet. Second: two primary assists off the rush');
  await expect(page.getByLabel('Skating grade')).toHaveValue('7.5');
  await expect(page.getByLabel('Hockey sense grade')).toHaveValue('8');

  // Finished later: the rest graded, the score noted, then final.
  await page.getByLabel('Score (final)').fill('4-2');
  await page.getByLabel('Puck skills grade').selectOption('6.5');
  await page.getByLabel('Projection').selectOption({ label: 'Top-six F' });
  await page.getByLabel('Strengths').fill('Vision off the rush; quick hands in tight');
  await page.getByRole('button', { name: 'Finish report' }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Final report · saved/ })).toBeVisible();
  await page.getByLabel('Weaknesses').fill('First three steps; board battles');
  await expect(page.getByRole('status').filter({ hasText: /^Final report · saved/ })).toBeVisible();
  await screenshot(page, 'report-form-final');

  await openPlayer(page, app.url, player);
  await expect(file).toContainText('1 viewing');
  await expect(file.locator('.report-card.final')).toContainText('Top-six F');
  const skating = file.getByRole('row', { name: /^Skating/ });
  await expect(skating).toContainText('7.5');
  // His stats beside the grades: the team-season he was opened from, as the service gives it.
  await expect(file.locator('.file-stats')).toContainText(player.season);
  await expect(file.locator('.file-stats tbody tr')).toHaveCount(1);
  await screenshot(page, 'player-file');

  // The PDF for a director: downloaded, and its text (extracted here with unpdf) holds his name and grades.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'PDF for a director' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^rinkside-player-file-.*\.pdf$/);
  const bytes = new Uint8Array(await readFile(await download.path()));
  expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
  const pdf = await getDocumentProxy(bytes);
  expect(pdf.numPages).toBeLessThanOrEqual(2);
  const { text } = await extractText(pdf, { mergePages: true });
  const flat = text.replace(/\s+/g, ' ');
  expect(flat).toContain(player.name);
  expect(flat).toMatch(/Skating 7\.5 7\.5 1/);
  expect(flat).toMatch(/Hockey sense 8\.0 8 1/);
  expect(flat).toMatch(/Puck skills 6\.5 6\.5 1/);
  expect(flat).toContain('Projection (latest report that gives one): Top-six F');
  expect(flat).toContain('Vision off the rush; quick hands in tight');
  expect(flat).not.toMatch(/demo-[0-9a-f]{24}/);
  await expect(page.getByText(/^Downloaded rinkside-player-file-/)).toBeVisible();

  // A second viewing, earlier in the season: the file averages both and draws the grades over time.
  await bridge(page, 'scoutingReportSave', {
    playerId: player.id,
    player: { name: player.name, position: player.position, dateOfBirth: player.dateOfBirth },
    gameDate: '2026-10-03',
    homeTeam: 'Prince Albert Raiders',
    awayTeam: 'Regina Pats',
    league: 'WHL',
    score: '2-5',
    positionPlayed: 'C',
    kind: 'skater',
    grades: { skating: 6.5, puckSkills: 7, hockeySense: 7, compete: 6 },
    projection: 'middle-six-f',
    strengths: 'Skates well in straight lines',
    weaknesses: 'Loses body position down low',
    notes: '',
    status: 'final',
  });
  await page.reload();
  await expect(file).toContainText('2 viewings');
  await expect(skating).toContainText('7.0'); // (7.5 + 6.5) / 2
  await expect(skating).toContainText('6.5–7.5');
  await expect(file.locator('figure[aria-label="Grades over time"] .recharts-line-curve').first()).toBeVisible();
  await expect(file.locator('.report-card').first()).toContainText('Moose Jaw Warriors at Regina Pats'); // newest first
  await screenshot(page, 'player-file-two-viewings');
  expect(await axeFailures(page)).toEqual([]);

  // Every report, searched and sorted.
  await page.goto(`${app.url}#/reports`);
  await page.getByLabel('Search reports').fill('raiders');
  await expect(page.locator('.reports-table tbody tr')).toHaveCount(1);
  await page.getByLabel('Search reports').fill('');
  await expect(page.locator('.reports-table tbody tr')).toHaveCount(2);
  await page.getByRole('button', { name: /^Game date/ }).click();
  await page.setViewportSize({ width: 1400, height: 900 });
  const first = page.locator('.reports-table tbody tr').first();
  await expect(first).toContainText('Prince Albert Raiders');
  for (const scheme of ['dark', 'light'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await recordShot(page, `stumbles-7-reports-list-${scheme}`);
  }
  // Dates in the app's one style, the game's day and the last change alike: `2026-10-03`, `2026-12-04 18:32`.
  await expect(first.locator('td').first()).toHaveText('2026-10-03');
  await expect(first.locator('td').last()).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
  await screenshot(page, 'reports-list');
  expect(await axeFailures(page)).toEqual([]);
});
