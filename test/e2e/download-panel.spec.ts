import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import Papa from 'papaparse';
import { DATABANK_DIR } from '../unit/service-data/databank-sample.ts';
import { importDatabankOnce } from '../unit/service-data/database-once.ts';
import { expect, screenshot, test } from './fixtures.ts';
import { startOwnApp, stopOwnApp } from './own-app.ts';

/**
 * The download panel on the whole Hockey Databank, as a scout meets it: picking NHL and WHA takes every
 * season of both (not the newest alone), with the size shown before the download starts; once it
 * starts the panel closes and the download goes on in one line above the table; its counts are
 * team-seasons (with data), stat lines and players, and at the end they are the data's. The app of the
 * test's own runs its service with a rate limit, so the download lasts long enough to be seen running.
 * Expected seasons and team-seasons come from Teams.csv; stat lines and players from the imported
 * database, read by the test itself.
 */

const num = (v: number) => v.toLocaleString('en-US');
const slug = (year: number) => `${year}-${year + 1}`;

/** Each league's seasons and team-seasons in Teams.csv. */
function teamsCsv(lgIDs: string[]) {
  const rows = Papa.parse<Record<string, string>>(readFileSync(join(DATABANK_DIR, 'Teams.csv'), 'utf8'), {
    header: true,
    skipEmptyLines: true,
  }).data;
  return lgIDs.map((lg) => {
    const mine = rows.filter((r) => r.lgID === lg);
    const years = [...new Set(mine.map((r) => Number(r.year)))].sort((a, b) => a - b);
    return { lg, years, teamSeasons: mine.length };
  });
}

test('Download panel: NHL and WHA take every season, the size shows first, the panel closes on Start, and the counts are team-seasons, stat lines and players', async ({
  page,
}) => {
  test.setTimeout(420_000);
  const dir = mkdtempSync(join(tmpdir(), 'rinkside-download-panel-'));
  const db = join(dir, 'databank.sqlite');
  await importDatabankOnce(DATABANK_DIR, db);
  const [nhl, wha] = teamsCsv(['NHL', 'WHA']) as [
    ReturnType<typeof teamsCsv>[number],
    ReturnType<typeof teamsCsv>[number],
  ];
  const total = nhl.teamSeasons + wha.teamSeasons;
  const raw = new DatabaseSync(db, { readOnly: true });
  const lines = raw
    .prepare(
      "SELECT COUNT(*) AS rows, COUNT(DISTINCT playerId) AS players FROM player_stats WHERE leagueSlug IN ('nhl', 'wha')",
    )
    .get() as { rows: number; players: number };
  const whaRows = (
    raw.prepare("SELECT COUNT(*) AS n FROM player_stats WHERE leagueSlug = 'wha'").get() as { n: number }
  ).n;
  raw.close();

  const app = await startOwnApp(join(dir, 'data'), db, ['--rate-limit', '20']);
  try {
    await page.goto(`${app.url}#/players`);
    await page.getByRole('button', { name: 'Download for offline' }).first().click();
    const panel = page.getByRole('region', { name: 'Download for offline' });
    await panel.getByRole('checkbox', { name: 'NHL', exact: true }).check();
    await panel.getByRole('checkbox', { name: 'WHA', exact: true }).check();

    // Every season of the two leagues, oldest to newest, unless the scout narrows it.
    const oldest = Math.min(nhl.years[0] as number, wha.years[0] as number);
    const newest = Math.max(nhl.years.at(-1) as number, wha.years.at(-1) as number);
    await expect(panel.getByLabel('From season')).toHaveValue(slug(oldest));
    await expect(panel.getByLabel('To season')).toHaveValue(slug(newest));
    // The size, before anything is downloaded.
    const size = panel.getByRole('region', { name: 'Size of this download' });
    const words = (l: typeof nhl, name: string) =>
      `${name}: ${slug(l.years[0] as number)} to ${slug(l.years.at(-1) as number)} (${l.years.length} seasons), ${num(l.teamSeasons)} team-seasons`;
    await expect(size.getByRole('listitem')).toHaveText([words(nhl, 'NHL'), words(wha, 'WHA')]);
    await expect(size).toContainText(`${num(total)} team-seasons in all`);
    await screenshot(page, 'download-panel-size');

    await panel.getByRole('button', { name: 'Start download' }).click();
    // The panel closes; the download goes on in one line above the table.
    await expect(page.getByRole('checkbox', { name: 'NHL', exact: true })).toBeHidden();
    const card = page.getByRole('region', { name: 'Download for offline' });
    await expect(card.getByRole('heading')).toHaveText('Downloading NHL and WHA');
    const status = card.getByRole('status');
    await expect(status).toHaveText(
      new RegExp(`^[1-9][\\d,]* of ${num(total)} team-seasons · [\\d,]+ stat lines · [\\d,]+ players · `),
      { timeout: 120_000 },
    );
    expect((await card.boundingBox())?.height ?? 999).toBeLessThan(150);
    await screenshot(page, 'download-panel-running');

    // Done: every team-season, and the stat lines and players the data holds for the two leagues. The
    // service of this app refuses requests past its rate limit (429); on a loaded machine the download can
    // meet it, and then says how often it waited: the counts must still be the data's, to the line.
    await expect(status).toHaveText(
      new RegExp(
        `^Done: ${num(total)} of ${num(total)} team-seasons · ${num(lines.rows)} stat lines · ${num(lines.players)} players( · slowed down [1-9][\\d,]* times? at the service’s request)?$`,
      ),
      { timeout: 300_000 },
    );
    await expect(card.getByRole('heading')).toHaveText('Downloaded NHL and WHA');
    await expect(page.locator('.view-head .muted')).toHaveText(`${num(lines.players)} players on this computer`);
    await screenshot(page, 'download-panel-done');
    // The WHA got its seasons too (the newest-season default left it with nothing).
    await card.getByRole('button', { name: 'Details' }).click();
    const synced = page.getByRole('table', { name: 'Synced leagues' });
    await expect(synced.getByRole('row', { name: /^WHA / })).toContainText(num(whaRows));
    await expect(synced.getByRole('row', { name: /^WHA / })).toContainText(`${wha.years.length} seasons`);
  } finally {
    await stopOwnApp(app);
    rmSync(dir, { recursive: true, force: true });
  }
});
