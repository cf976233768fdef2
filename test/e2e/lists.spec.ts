import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import Papa from 'papaparse';
import { type DirectService, env, expect, screenshot, test } from './fixtures.ts';

/**
 * Scouting lists on the demo data, across a restart: this test runs its own app instance (`npm start`'s
 * browser shell, `scripts/start.js`) on its own data folder, downloads one small league-season in Players,
 * stars a skater into a new list with a rating and a note, stops the app and starts it again on the same
 * data folder, and finds the list, rating and note there, with the player's stats as the test sums them
 * from the service's own rows. Then it edits the note in place and exports the list to CSV.
 *
 * Its own instance (a free port, its own data folder, the demo database of the shared demo instance)
 * keeps the shared instances' stores untouched; it is started without a D-Bus session so a key another
 * test saved in the run's keychain is never sent to this instance's service (it uses the built-in key).
 */

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

interface App {
  url: string;
  stop(): Promise<void>;
}

/** Starts `scripts/start.js --browser` on `dataDir` and resolves with its URL once it prints it. */
async function startApp(dataDir: string): Promise<App> {
  const db = join(env.demo.dataDir, 'demo.sqlite');
  if (!existsSync(db)) throw new Error('the demo instance has not seeded its database');
  const child: ChildProcess = spawn(
    process.execPath,
    ['scripts/start.js', '--browser', '--no-open', '--port', '0', '--data-dir', dataDir, '--db', db],
    {
      cwd: root,
      env: { ...process.env, DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/rinkside-lists-e2e' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let err = '';
  child.stderr?.on('data', (c: Buffer) => {
    err = (err + c.toString()).slice(-4000);
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (c: Buffer) => {
      out += c.toString();
      const m = /^Rinkside: (http:\/\/127\.0\.0\.1:\d+\/)/m.exec(out);
      if (m) resolve(m[1] as string);
    });
    child.once('exit', (code) => reject(new Error(`the app exited (${code}) before it started:\n${err}`)));
  });
  return {
    url,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
    },
  };
}

interface StatsRow {
  player?: { id: number; name?: string | null; position?: string | null } | null;
  regularStats?: { GP?: number | null; G?: number | null; A?: number | null; PTS?: number | null } | null;
}

/**
 * The league with the fewest teams and its newest season with rows, and in it a skater whose name no other
 * player of that season has, with his regular-season GP G A PTS summed over his rows (the test's own sums).
 */
async function pickSkater(service: DirectService) {
  const leagues = (await service.list<{ slug: string; name?: string | null }>('/leagues', { limit: '1000' })).data;
  const sized = await Promise.all(
    leagues.map(async (l) => ({
      league: l,
      teams: (await service.list<{ id: number }>('/teams', { league: l.slug, limit: '1000', fields: 'id' })).data,
    })),
  );
  sized.sort((a, b) => a.teams.length - b.teams.length);
  for (const { league, teams } of sized) {
    if (teams.length === 0) continue;
    const seasons = (await service.list<{ slug: string }>(`/leagues/${league.slug}/seasons`, { limit: '1000' })).data
      .map((s) => s.slug)
      .sort()
      .reverse();
    for (const season of seasons.slice(0, 3)) {
      const rows: StatsRow[] = [];
      for (const t of teams) {
        rows.push(...(await service.list<StatsRow>(`/teams/${t.id}/player-stats`, { season, limit: '1000' })).data);
      }
      const byName = new Map<string, Set<number>>();
      for (const r of rows) {
        if (!r.player?.name) continue;
        byName.set(r.player.name, (byName.get(r.player.name) ?? new Set()).add(r.player.id));
      }
      const candidates = rows.filter(
        (r) =>
          r.player?.name &&
          (r.regularStats?.GP ?? 0) > 0 &&
          byName.get(r.player.name)?.size === 1 &&
          /^[\p{L} .'-]+$/u.test(r.player.name),
      );
      // A stats row's player has no position: the player's own record says whether he is a skater.
      let skater: (StatsRow & { position: string }) | null = null;
      for (const r of candidates.slice(0, 20)) {
        const one = (await service.list<never>(`/players/${r.player?.id}`)) as unknown as {
          data: { position?: string | null };
        };
        const position = one.data.position;
        if (position && position !== 'G') {
          skater = { ...r, position };
          break;
        }
      }
      if (!skater?.player?.name) continue;
      const id = skater.player.id;
      const mine = rows.filter((r) => r.player?.id === id);
      const total = (k: 'GP' | 'G' | 'A' | 'PTS') => mine.reduce((s, r) => s + (r.regularStats?.[k] ?? 0), 0);
      return {
        league,
        season,
        player: { id, name: skater.player.name, position: skater.position },
        stats: { GP: total('GP'), G: total('G'), A: total('A'), PTS: total('PTS') },
      };
    }
  }
  throw new Error('no league-season of the demo data has a skater to star');
}

/** Downloads one league-season for offline through the Players view's panel and waits for it to finish. */
async function download(page: Page, base: string, label: string, season: string) {
  await page.goto(`${base}#/players`);
  await expect(page.getByText('No players downloaded yet')).toBeVisible();
  await page.getByRole('button', { name: 'Download for offline' }).first().click();
  const panel = page.locator('.download-panel');
  await panel.getByRole('checkbox', { name: label, exact: true }).check();
  await panel.getByLabel('From season').selectOption(season);
  await panel.getByLabel('To season').selectOption(season);
  await panel.getByRole('button', { name: 'Start download' }).click();
  // The panel closes; the download's line above the table says when it is done.
  const line = page.getByRole('region', { name: 'Download for offline' }).getByRole('status');
  await expect(line).toContainText('Done:', { timeout: 90_000 });
}

const NOTE = '=Quick hands; watch his skating';

test('a starred player with a rating and a note survives a restart, and the list exports to CSV', async ({
  page,
  service,
}) => {
  test.setTimeout(240_000);
  const pick = await pickSkater(service);
  const { player, stats } = pick;
  const dataDir = join(env.runDir, `lists-${process.pid}`);
  await mkdir(dataDir, { recursive: true });

  let app = await startApp(dataDir);
  try {
    await page.goto(`${app.url}#/lists`);
    await expect(page.getByRole('heading', { level: 1, name: 'Scouting lists' })).toBeVisible();
    await expect(page.getByText('No lists yet: star a player in Players')).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Lists' })).toBeVisible();
    await screenshot(page, 'lists-empty');

    await download(page, app.url, pick.league.name ?? pick.league.slug, pick.season);
    await page.getByRole('searchbox').fill(player.name);
    const row = page.getByRole('table', { name: 'Players' }).locator('tbody tr').filter({ hasText: player.name });
    await expect(row).toHaveCount(1);

    // Star him: the popover opens on "New list…" (there is none yet), with the name box.
    const star = row.getByRole('button', { name: `Add ${player.name} to a list` });
    // The row is the table's one Tab stop: the star in it is clicked, and reached by keyboard on his page.
    await expect(star).toHaveAttribute('tabindex', '-1');
    await star.click();
    const popover = page.getByRole('dialog', { name: `Add ${player.name} to a list` });
    await expect(popover).toBeVisible();
    await expect(popover.getByRole('combobox', { name: 'List' })).toHaveValue('new');
    // Esc closes it and gives the focus back to the star.
    await page.keyboard.press('Escape');
    await expect(popover).toBeHidden();
    await expect(star).toBeFocused();
    // Enter on the focused star opens it again (keyboard only from here to the save).
    await page.keyboard.press('Enter');
    await expect(popover).toBeVisible();
    await expect(popover.getByRole('combobox', { name: 'List' })).toBeFocused();
    await popover.getByRole('textbox', { name: 'New list name' }).fill('E2E prospects');
    await popover.getByTitle('4 – Good').click();
    await expect(popover.getByRole('radio', { name: '4 of 5 (Good)' })).toBeChecked();
    await popover.getByRole('textbox', { name: 'Private note' }).fill(NOTE);
    await screenshot(page, 'lists-popover');
    await popover.getByRole('button', { name: 'Add' }).click();
    await expect(popover).toBeHidden();
    const starred = row.getByRole('button', { name: `${player.name} is in a list: edit` });
    await expect(starred).toBeFocused();

    // A duplicate list name is refused with a message naming it.
    await page.goto(`${app.url}#/lists`);
    await page.getByRole('textbox', { name: 'New list' }).fill('e2e PROSPECTS');
    await page.getByRole('button', { name: 'Create' }).click();
    await expect(page.getByRole('alert')).toContainText('a list named “e2e PROSPECTS” already exists');

    // Restart: stop the app and start it again on the same data folder.
    await app.stop();
    app = await startApp(dataDir);

    await page.goto(`${app.url}#/lists`);
    await expect(page).toHaveURL(/#\/lists\/\d+/);
    await expect(page.getByRole('navigation', { name: 'Scouting lists' }).getByRole('link')).toHaveText([
      'E2E prospects1',
    ]);
    await expect(page.getByRole('heading', { level: 2, name: 'E2E prospects' })).toBeVisible();
    const table = page.getByRole('table', { name: 'Scouting list E2E prospects' });
    const entry = table.locator('tbody tr[aria-rowindex]');
    await expect(entry).toHaveCount(1);
    await expect(entry.locator('.strong')).toHaveText(player.name);
    await expect(entry.getByRole('radio', { name: '4 of 5 (Good)' })).toBeChecked();
    await expect(entry.getByRole('button', { name: `Note on ${player.name}: ${NOTE}. Edit` })).toBeVisible();
    await screenshot(page, 'lists-view');

    // Edit the note in place: Enter saves it.
    await entry.getByRole('button', { name: /^Note on / }).click();
    const box = entry.getByRole('textbox', { name: `Note on ${player.name}` });
    await box.fill(`${NOTE}; strong on the puck`);
    await box.press('Enter');
    await expect(
      entry.getByRole('button', { name: `Note on ${player.name}: ${NOTE}; strong on the puck. Edit` }),
    ).toBeVisible();

    // Export the list to CSV: the row as the test computes it from the service's rows.
    await page.getByRole('button', { name: /^Export/ }).click();
    const file = page.waitForEvent('download');
    await page.getByRole('button', { name: 'CSV', exact: true }).click();
    const csv = await file;
    expect(csv.suggestedFilename()).toBe('rinkside-list-E2E-prospects.csv');
    const text = (await readFile(await csv.path())).toString('utf8');
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const parsed = Papa.parse<string[]>(text.slice(1), { skipEmptyLines: true }).data;
    // The columns as the table shows them, in its order (the remove button is no column of the file).
    const shown = await table.evaluate((el) =>
      [...((el as HTMLTableElement).tHead?.rows[0]?.cells ?? [])].map((th) =>
        (th.textContent ?? '').replace(/[\u2190-\u21ff\u25a0-\u25ff]/g, '').trim(),
      ),
    );
    expect(shown.at(-1)).toBe('');
    expect(parsed[0]).toEqual(shown.slice(0, -1));
    expect(parsed[0]).toEqual([
      'Player',
      'Rating',
      'Note',
      'Pos',
      'Season',
      'Team',
      'GP',
      'G',
      'A',
      'PTS',
      'GAA',
      'SV%',
    ]);
    expect(parsed).toHaveLength(2);
    const got = Object.fromEntries((parsed[0] as string[]).map((h, i) => [h, parsed[1]?.[i]]));
    expect(got).toMatchObject({
      Player: player.name,
      Pos: player.position,
      Season: pick.season,
      GP: String(stats.GP),
      G: String(stats.G),
      A: String(stats.A),
      PTS: String(stats.PTS),
      GAA: '',
      'SV%': '',
      Rating: '4',
      // A note that starts like a formula is written as text.
      Note: `'${NOTE}; strong on the puck`,
    });

    // The rating in place: a click on the fifth star saves 5, and a reload reads it back from the store.
    await entry.getByTitle('5 – Excellent').click();
    await expect(entry.getByRole('radio', { name: '5 of 5 (Excellent)' })).toBeChecked();
    await page.reload();
    await expect(entry.getByRole('radio', { name: '5 of 5 (Excellent)' })).toBeChecked();

    // Rename the list.
    await page.getByRole('button', { name: 'Rename' }).click();
    await page.getByRole('textbox', { name: 'List name' }).fill('E2E prospects 2027');
    await page.getByRole('textbox', { name: 'List name' }).press('Enter');
    await expect(page.getByRole('heading', { level: 2, name: 'E2E prospects 2027' })).toBeVisible();

    // A second list, deleted after its confirmation; the first one stays.
    await page.getByRole('textbox', { name: 'New list' }).fill('To delete');
    await page.getByRole('button', { name: 'Create' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'To delete' })).toBeVisible();
    await expect(page.getByText('No players in this list yet')).toBeVisible();
    await page.getByRole('button', { name: 'Delete list' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete this list?' });
    await expect(confirm).toContainText('Delete “To delete” and its 0 players?');
    await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await screenshot(page, 'lists-delete-confirm');
    await confirm.getByRole('button', { name: 'Delete list' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'E2E prospects 2027' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Scouting lists' }).getByRole('link')).toHaveCount(1);

    // Remove the player: the list is empty, and his star in Players is hollow again.
    await entry.getByRole('button', { name: `Remove ${player.name} from this list` }).click();
    await expect(page.getByText('No players in this list yet')).toBeVisible();
    await page.goto(`${app.url}#/players?q=${encodeURIComponent(player.name)}`);
    await expect(row.getByRole('button', { name: `Add ${player.name} to a list` })).toBeVisible();
  } finally {
    await app.stop();
  }
});
