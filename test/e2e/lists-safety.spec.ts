import { existsSync } from 'node:fs';
import { mkdtemp, open, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { env, expect, recordShot, screenshot, test } from './fixtures.ts';
import { startOwnApp, stopOwnApp } from './own-app.ts';

/**
 * A scout's notes are never lost, in the browser: an app of the test's own (its own data folder, the demo
 * database) keeps a list with notes, backs it up, and is stopped; the lists file is overwritten with
 * garbage. Started again, the app restores the backup and says so in one notice, the list and its notes
 * are there, and Settings shows where the files and backups are. The lists are exported to a
 * `rinkside-lists` file (a download in the browser shell), a bad file is refused naming the place in it
 * with nothing imported, and the good one is imported. A lists file whose schema-version field was
 * damaged (read as 0 with every table there) comes back from its backup the same way, with a notice that
 * names what was found, and Settings shows its backups.
 */

interface OwnApp {
  proc: Parameters<typeof stopOwnApp>[0]['proc'];
  url: string;
}

/** One bridge call from the page, as the renderer makes it (the per-launch token from the page). */
async function bridge<T>(page: Page, op: string, args: unknown): Promise<T> {
  const r = await page.evaluate(
    async ({ op, args }) => {
      const token = document.querySelector<HTMLMetaElement>('meta[name="rinkside-bridge-token"]')?.content ?? '';
      const res = await fetch(`/bridge/${op}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-rinkside-token': token },
        body: JSON.stringify(args),
      });
      return res.json();
    },
    { op, args },
  );
  if (!r.ok) throw new Error(`${op}: ${r.error.message}`);
  return r.value as T;
}

const NOTES = [
  { id: 900_001, name: 'Ilya Kovalchuk-Test', rating: 5, note: 'Heavy one-timer from the left circle' },
  { id: 900_002, name: 'Pekka Rinne-Test', rating: 4, note: 'Huge frame; plays the puck like a third D' },
  { id: 900_003, name: 'Zdeno Chara-Test', rating: 3, note: 'Reach for days; check his first three steps' },
];

let dataDir: string;
let versionDir: string;
let app: OwnApp | null = null;

test.beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'rinkside-e2e-lists-safety-'));
  versionDir = await mkdtemp(join(tmpdir(), 'rinkside-e2e-lists-version-'));
});
test.afterAll(async () => {
  if (app) await stopOwnApp(app);
  await rm(dataDir, { recursive: true, force: true });
  await rm(versionDir, { recursive: true, force: true });
});

test('a damaged lists file comes back from its backup with one notice; Settings shows and restores; export and import', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const db = join(env.demo.dataDir, 'demo.sqlite');
  if (!existsSync(db)) throw new Error('the demo instance has not seeded its database');
  app = await startOwnApp(dataDir, db);

  // A list made in the Lists view, with three players' ratings and notes.
  await page.goto(`${app.url}#/lists`);
  await page.getByPlaceholder('e.g. Top prospects').fill('Safety drill');
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByRole('heading', { name: 'Safety drill' })).toBeVisible();
  const listId = Number(/#\/lists\/(\d+)/.exec(page.url())?.[1]);
  for (const p of NOTES) {
    await bridge(page, 'scoutingListEntrySave', {
      listId,
      playerId: p.id,
      player: { name: p.name },
      rating: p.rating,
      note: p.note,
    });
  }
  // Backed up a few seconds after the last change: Settings says when.
  await page.goto(`${app.url}#/settings`);
  await expect(page.getByText(/^Last backup /)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('the latest changes are backed up in a few seconds')).toHaveCount(0, { timeout: 30_000 });
  await stopOwnApp(app);
  app = null;

  const file = join(dataDir, 'scouting-lists.sqlite');
  await writeFile(file, Buffer.alloc((await readFile(file)).length, 0x2a));
  app = await startOwnApp(dataDir, db);

  await page.goto(`${app.url}#/lists`);
  const notice = page.locator('.storage-notice');
  await expect(notice).toHaveCount(1);
  await expect(notice).toContainText(
    'Your scouting lists file could not be used (the file failed its check: file is not a database). Rinkside restored your lists from the backup of',
  );
  await expect(notice).toContainText(
    /\(\d+ (seconds?|minutes?) old\)\. The damaged file was kept as .*scouting-lists\.damaged-/,
  );
  await expect(page.getByRole('heading', { name: 'Safety drill' })).toBeVisible();
  for (const p of NOTES)
    await expect(page.getByRole('button', { name: `Note on ${p.name}: ${p.note}. Edit` })).toBeVisible();
  await screenshot(page, 'lists-restore-notice');

  // Settings: where the files and backups are, and every backup with Restore.
  await page.goto(`${app.url}#/settings`);
  const section = page.locator('.lists-safety');
  await expect(section.getByText(file)).toBeVisible();
  await expect(section.getByText(join(dataDir, 'scouting-lists-backups'))).toBeVisible();
  await expect(section.getByRole('button', { name: /^Restore the backup of / }).first()).toBeVisible();
  await section.scrollIntoViewIfNeeded();
  await screenshot(page, 'lists-settings');
  await section.screenshot({ path: 'test-results/screens/lists-settings-section.png' });

  // Export: a rinkside-lists file, downloaded.
  const downloading = page.waitForEvent('download');
  await section.getByRole('button', { name: 'Export all lists…' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^rinkside-lists-all-\d{4}-\d\d-\d\d\.json$/);
  const text = await readFile(await download.path(), 'utf8');
  const doc = JSON.parse(text) as { format: string; lists: { name: string; entries: { note: string }[] }[] };
  expect(doc.format).toBe('rinkside-lists');
  expect(doc.lists.map((l) => [l.name, l.entries.map((e) => e.note)])).toEqual([
    ['Safety drill', NOTES.map((p) => p.note)],
  ]);
  await expect(section.getByText(/^Downloaded rinkside-lists-all-\d{4}-\d\d-\d\d\.json\.$/)).toBeVisible();

  // Import: a bad file names the place in it and imports nothing; the good one (renamed list) is imported.
  const picker = section.getByLabel('Lists file to import');
  const bad = text.replace(`"rating": ${NOTES[1]?.rating}`, '"rating": 9');
  await picker.setInputFiles({ name: 'bad.json', mimeType: 'application/json', buffer: Buffer.from(bad) });
  await expect(section.getByRole('alert')).toHaveText(
    `Nothing was imported. lists[0].entries[1].rating: a whole number from 1 to 5 (list “Safety drill”, player ${NOTES[1]?.name}).`,
  );
  await picker.setInputFiles({
    name: 'colleague.json',
    mimeType: 'application/json',
    buffer: Buffer.from(text.replace('"name": "Safety drill"', '"name": "From a colleague"')),
  });
  await expect(section.getByText('Imported: 1 list added; 3 players added.')).toBeVisible();
  await section.screenshot({ path: 'test-results/screens/lists-settings-imported.png' });
  const lists = await bridge<{ name: string; entryCount: number }[]>(page, 'scoutingLists', {});
  expect(lists.map((l) => [l.name, l.entryCount])).toEqual([
    ['From a colleague', 3],
    ['Safety drill', 3],
  ]);
});

test('a damaged schema-version field: the lists come back from their backup, with a notice naming what was found', async ({
  page,
}) => {
  test.setTimeout(180_000);
  if (app) await stopOwnApp(app);
  const db = join(env.demo.dataDir, 'demo.sqlite');
  if (!existsSync(db)) throw new Error('the demo instance has not seeded its database');
  app = await startOwnApp(versionDir, db);
  await page.goto(`${app.url}#/lists`);
  const list = await bridge<{ id: number }>(page, 'scoutingListCreate', { name: 'Version drill' });
  for (const p of NOTES) {
    await bridge(page, 'scoutingListEntrySave', {
      listId: list.id,
      playerId: p.id,
      player: { name: p.name },
      rating: p.rating,
      note: p.note,
    });
  }
  // A normal quit takes the last backup.
  await stopOwnApp(app);
  app = null;
  // The schema-version field (user_version: 4 bytes at offset 60) read as 0; every table still there.
  const fh = await open(join(versionDir, 'scouting-lists.sqlite'), 'r+');
  await fh.write(Buffer.alloc(4), 0, 4, 60);
  await fh.close();
  app = await startOwnApp(versionDir, db);

  // What the scout sees first, in the Lists view and in Settings (a notice, or an error), as it is.
  await page.goto(`${app.url}#/lists`);
  await expect(page.locator('.storage-notice, .error-panel').first()).toBeVisible();
  await recordShot(page, 'lists-version-damaged');
  await page.goto(`${app.url}#/settings`);
  const section = page.locator('.lists-safety');
  await expect(section.locator('.error-panel, .backups').first()).toBeVisible();
  await section.scrollIntoViewIfNeeded();
  await recordShot(page, 'lists-version-damaged-settings');
  await expect(section.getByRole('button', { name: /^Restore the backup of / }).first()).toBeVisible();
  await expect(section.locator('.error-panel')).toHaveCount(0);

  await page.goto(`${app.url}#/lists`);
  const notice = page.locator('.storage-notice');
  await expect(notice).toHaveCount(1);
  await expect(notice).toContainText(
    'Your scouting lists file could not be used (the file failed its check: its schema version reads 0, but it holds the tables of version 6). Rinkside restored your lists from the backup of',
  );
  await expect(notice).toContainText(/The damaged file was kept as .*scouting-lists\.damaged-/);
  await expect(page.getByText('The service had a problem')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Version drill' })).toBeVisible();
  for (const p of NOTES)
    await expect(page.getByRole('button', { name: `Note on ${p.name}: ${p.note}. Edit` })).toBeVisible();
});
