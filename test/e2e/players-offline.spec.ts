import { copyFileSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import {
  column,
  type DirectService,
  env,
  expect,
  readAllRows,
  screenshot,
  sortButton,
  sortedBy,
  test,
} from './fixtures.ts';
import { childrenOf, startOwnApp, stopOwnApp } from './own-app.ts';

/**
 * The offline store end to end: an app of the test's own (`npm start`'s script on a copy of the demo
 * database, a fresh data folder, a free port, its service rate-limited so a download lasts) downloads
 * two leagues of the demo world; the first download is killed midway (the app's process, store worker
 * and service with it), the next start shows it interrupted where it stopped, and Resume ends it; then
 * the app's service is stopped for good, and the Players view still searches, filters, sorts and pages.
 * Every expected value comes from the test's own copy of the service's data, read over HTTP from the
 * e2e's direct service (the same database) before the stop.
 */

interface StatsRecord {
  id: number;
  player: { id: number } | null;
  teamName?: string | null;
}
interface PlayerRecord {
  id: number;
  name: string;
  position: string | null;
  height?: { metrics?: number | null } | null;
  weight?: { metrics?: number | null } | null;
}
interface Mine {
  id: number;
  name: string;
  position: string | null;
  height: number | null;
  weight: number | null;
  /** Words of his name and of every team name he has a row with, lower-case, without diacritics. */
  words: string[];
}

const words = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w !== '');

/** Binary order of names, ties by id (the store's and the spec's stable order). */
const byName = (a: Mine, b: Mine) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id - b.id);

/** The two leagues, the season range, and what a download of them holds, read from the service. */
async function ownCopy(service: DirectService, slugs: string[]) {
  const leagues = (await service.list<{ slug: string; name?: string | null }>('/leagues', { limit: '1000' })).data;
  const seasonsOf = new Map<string, string[]>();
  for (const slug of slugs) {
    seasonsOf.set(
      slug,
      (await service.list<{ slug: string }>(`/leagues/${slug}/seasons`, { limit: '1000' })).data.map((s) => s.slug),
    );
  }
  const all = [...new Set([...seasonsOf.values()].flat())].sort();
  const from = all[0] as string;
  const to = all.at(-1) as string;
  const rowsPer = new Map<string, number>();
  const teamNames = new Map<number, Set<string>>();
  for (const slug of slugs) {
    let rows = 0;
    const teams = (await service.list<{ id: number }>('/teams', { league: slug, limit: '1000', fields: 'id' })).data;
    for (const t of teams) {
      for (const season of seasonsOf.get(slug) ?? []) {
        const page = await service.list<StatsRecord>(`/teams/${t.id}/player-stats`, {
          season,
          limit: '1000',
          fields: 'id,player,teamName',
        });
        expect(page._meta.totalRecords, 'one page per team-season').toBeLessThanOrEqual(1000);
        for (const r of page.data) {
          if (r.player === null) continue;
          rows++;
          const names = teamNames.get(r.player.id) ?? new Set<string>();
          if (r.teamName) names.add(r.teamName);
          teamNames.set(r.player.id, names);
        }
      }
    }
    rowsPer.set(slug, rows);
  }
  const ids = [...teamNames.keys()];
  const players: Mine[] = [];
  for (let i = 0; i < ids.length; i += 16) {
    const batch = await Promise.all(
      // A single-item answer: `data` is the record itself (real-service-notes, "Envelope and paging").
      ids
        .slice(i, i + 16)
        .map(async (id) => (await service.list<PlayerRecord>(`/players/${id}`)).data as unknown as PlayerRecord),
    );
    for (const p of batch) {
      players.push({
        id: p.id,
        name: p.name,
        position: p.position,
        height: p.height?.metrics ?? null,
        weight: p.weight?.metrics ?? null,
        words: [...words(p.name), ...[...(teamNames.get(p.id) ?? [])].flatMap(words)],
      });
    }
  }
  const label = (slug: string) => leagues.find((l) => l.slug === slug)?.name ?? slug;
  return { from, to, rowsPer, players, label };
}

const headCount = (page: Page) => page.locator('.view-head .muted');
const shownCount = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'player' : 'players'} on this computer`;
/** The line when a search or filter narrows the list: how many of the `held` players it shows. */
const narrowedCount = (n: number, held: number) =>
  `${n.toLocaleString('en-US')} of ${held.toLocaleString('en-US')} ${held === 1 ? 'player' : 'players'} on this computer`;

/** Picks the two leagues in the download panel, checks the range is every season, and starts the download. */
async function startDownload(page: Page, labels: string[], from: string, to: string) {
  await page.getByRole('button', { name: 'Download for offline' }).first().click();
  const panel = page.getByRole('region', { name: 'Download for offline' });
  for (const l of labels) await panel.getByRole('checkbox', { name: l, exact: true }).check();
  await expect(panel.getByLabel('From season')).toHaveValue(from);
  await expect(panel.getByLabel('To season')).toHaveValue(to);
  await panel.getByRole('button', { name: 'Start download' }).click();
  // The panel closes; the download goes on in one line above the table.
  return page.getByRole('region', { name: 'Download for offline' });
}

/** The stat lines a progress line counts. */
const statLines = (line: string | null) => Number((line?.match(/([\d,]+) stat lines?/)?.[1] ?? '').replace(/,/g, ''));

test('Players offline: two leagues downloaded (a killed download resumes), then with the service stopped the view searches, filters, sorts and pages', async ({
  page,
  service,
}) => {
  test.setTimeout(360_000);
  // Two leagues of the demo world with several seasons each, so the download lasts long enough to kill.
  const slugs = ['sdhl', 'wwc'];
  const own = await ownCopy(service, slugs);
  const labels = slugs.map(own.label);
  const totalRows = [...own.rowsPer.values()].reduce((a, b) => a + b, 0);
  expect(own.players.length).toBeGreaterThan(100);

  const dir = mkdtempSync(join(tmpdir(), 'rinkside-offline-e2e-'));
  const db = join(dir, 'demo.sqlite');
  copyFileSync(join(env.demo.dataDir, 'demo.sqlite'), db);
  const dataDir = join(dir, 'data');
  const slow = ['--rate-limit', '4'];
  let app = await startOwnApp(dataDir, db, slow);
  try {
    // 1. A download killed midway: the app's process ends at once (SIGKILL), as in a crash.
    await page.goto(`${app.url}#/players`);
    await expect(page.getByText('No players downloaded yet')).toBeVisible();
    const card = await startDownload(page, labels, own.from, own.to);
    const progress = card.getByRole('status');
    await expect(progress).toHaveText(/^[1-9][\d,]* of [\d,]+ team-seasons · /, { timeout: 60_000 });
    app.proc.kill('SIGKILL');
    await new Promise((r) => app.proc.once('exit', r));

    // 2. The next start shows the download interrupted where it stopped, with what it committed.
    app = await startOwnApp(dataDir, db);
    await page.goto(`${app.url}#/players`);
    await expect(headCount(page)).toHaveText(/ on this computer$/);
    const partial = Number(((await headCount(page).textContent()) ?? '').replace(/\D/g, ''));
    expect(partial).toBeGreaterThan(0);
    expect(partial).toBeLessThan(own.players.length);
    const stopped = page.getByRole('region', { name: 'Download for offline' });
    await expect(stopped.getByRole('heading')).toHaveText(`Download interrupted: ${labels.join(' and ')}`);
    const interrupted = stopped.getByRole('status');
    await expect(interrupted).toHaveText(
      new RegExp(
        `^Interrupted at [1-9][\\d,]* of [\\d,]+ team-seasons · [\\d,]+ stat lines · ${partial.toLocaleString('en-US')} players$`,
      ),
    );
    const before = statLines(await interrupted.textContent());
    expect(before).toBeGreaterThan(0);
    expect(before).toBeLessThan(totalRows);
    await screenshot(page, 'players-offline-interrupted');

    // 3. Resume: the same download ends with the test's own counts.
    await stopped.getByRole('button', { name: 'Resume' }).click();
    const done = page.getByRole('region', { name: 'Download for offline' }).getByRole('status');
    await expect(done).toContainText('Done:', { timeout: 180_000 });
    expect(statLines(await done.textContent())).toBe(totalRows);
    await expect(headCount(page)).toHaveText(shownCount(own.players.length));
    // Stats rows per league, as the panel lists them: the test's own counts (an uninterrupted download's).
    await page.getByRole('button', { name: 'Details' }).click();
    const synced = page.getByRole('table', { name: 'Synced leagues' });
    for (const slug of slugs) {
      await expect(synced.getByRole('row', { name: new RegExp(`^${own.label(slug)} `) })).toContainText(
        (own.rowsPer.get(slug) as number).toLocaleString('en-US'),
      );
    }
    await expect(page.locator('.synced-line')).toContainText(`${totalRows.toLocaleString('en-US')} stats rows`);
    await screenshot(page, 'players-offline-synced');

    // 4. The service stops for good: its database goes away, so the app cannot start it again.
    const [servicePid] = childrenOf(app.proc.pid as number, 'out/main/child.js');
    expect(servicePid, 'the app runs its built service as a child process').toBeDefined();
    renameSync(db, `${db}.gone`);
    process.kill(servicePid as number, 'SIGTERM');
    await page.goto(`${app.url}#/players?limit=25`);
    await page.reload();
    const banner = page.locator('.offline-banner');
    await expect(banner).toContainText(/Offline: showing players synced \d{4}-\d\d-\d\d \d\d:\d\d UTC/, {
      timeout: 30_000,
    });
    const table = page.getByRole('table', { name: 'Players' });
    const names = async () => column(await readAllRows(table), 'Player name');

    // Search: a last name, typed; the test's own matches (name or team-name words starting with it).
    const plain = own.players.filter((p) => /^[a-z]{4,}$/.test(words(p.name).at(-1) ?? ''));
    const someone = plain[Math.floor(plain.length / 3)] as Mine;
    const last = words(someone.name).at(-1) as string;
    const typed = last.slice(0, Math.max(3, last.length - 1));
    const found = own.players.filter((p) => p.words.some((w) => w.startsWith(typed))).sort(byName);
    await page.getByRole('searchbox').fill(typed);
    await expect(page).toHaveURL(new RegExp(`[?&]q=${typed}`));
    await expect(headCount(page)).toHaveText(narrowedCount(found.length, own.players.length));
    await expect.poll(names).toEqual(found.slice(0, 25).map((p) => p.name));
    await expect(page.locator('.spelling-forgiven')).toHaveCount(0);
    await screenshot(page, 'players-offline-search');

    // Misspelt (two neighbouring letters of his last name swapped), a full name starts no one's words: the
    // search forgives the spelling, finds him, and says why the names differ from what was typed.
    const misspelt = plain
      .map((p) => {
        const [first, ...rest] = words(p.name);
        const l = rest.at(-1) as string;
        return { p, typed: `${first} ${l.slice(0, 1)}${l[2]}${l[1]}${l.slice(3)}`, swapped: `${l[0]}${l[2]}${l[1]}` };
      })
      .find(
        (x) =>
          !x.typed.endsWith(words(x.p.name).at(-1) as string) &&
          !own.players.some((o) => o.words.some((w) => w.startsWith(x.swapped))),
      );
    expect(misspelt, 'a player whose last name, two letters swapped, starts no word').toBeDefined();
    const { p: meant, typed: wrong } = misspelt as { p: Mine; typed: string };
    await page.getByRole('searchbox').fill(wrong);
    await expect(page.locator('.spelling-forgiven')).toContainText(`No player’s name starts with “${wrong}”`);
    await expect.poll(names).toContain(meant.name);
    await page.getByRole('searchbox').fill('');
    await expect(page).not.toHaveURL(/[?&]q=/);

    // Filters: defence, a height range and a weight floor, typed into the toolbar.
    const heights = own.players
      .filter((p) => p.position === 'D' && p.height !== null)
      .map((p) => p.height as number)
      .sort((a, b) => a - b);
    const lo = Math.round(heights[Math.floor(heights.length / 4)] as number);
    const hi = Math.round(heights[Math.floor((heights.length * 3) / 4)] as number);
    const weights = own.players
      .filter((p) => p.weight !== null)
      .map((p) => p.weight as number)
      .sort((a, b) => a - b);
    const kg = Math.round(weights[Math.floor(weights.length / 3)] as number);
    await page.getByRole('combobox', { name: 'Position' }).selectOption('D');
    await page.getByRole('spinbutton', { name: 'Height min (cm)' }).fill(String(lo));
    await page.getByRole('spinbutton', { name: 'Height max (cm)' }).fill(String(hi));
    await page.getByRole('spinbutton', { name: 'Weight min (kg)' }).fill(String(kg));
    await expect(page).toHaveURL(/weight%3Amin=|weight:min=/);
    const kept = own.players.filter(
      (p) =>
        p.position === 'D' &&
        p.height !== null &&
        p.height >= lo &&
        p.height <= hi &&
        p.weight !== null &&
        p.weight >= kg,
    );
    expect(kept.length).toBeGreaterThan(0);
    await expect(headCount(page)).toHaveText(narrowedCount(kept.length, own.players.length));
    await expect.poll(names).toEqual(
      [...kept]
        .sort(byName)
        .slice(0, 25)
        .map((p) => p.name),
    );
    await screenshot(page, 'players-offline-filters');

    // Sort: by height, tallest first (nulls last, ties by id), by the column's header.
    await sortButton(table, 'Height in centimetres').click();
    await expect(page).toHaveURL(/[?&]sort=-height\.metrics/);
    const tallest = sortedBy(
      kept.map((p) => ({ ...p, h: p.height })),
      'h',
      true,
    );
    await expect(table.locator('th[title="Height in centimetres"]')).toHaveAttribute('aria-sort', 'descending');
    await expect.poll(names).toEqual(tallest.slice(0, 25).map((p) => p.name));

    // Paging: the second page of the same order, when there is one; else the whole list's second page by name.
    const clear = page.getByRole('button', { name: 'Clear filters' }).first();
    if (tallest.length <= 25) {
      await clear.click();
      await expect(headCount(page)).toHaveText(shownCount(own.players.length));
      await page.goto(`${app.url}#/players?limit=25&sort=-height.metrics`);
      const everyone = sortedBy(
        own.players.map((p) => ({ ...p, h: p.height })),
        'h',
        true,
      );
      await page.getByRole('button', { name: 'Next page' }).click();
      await expect(page).toHaveURL(/[?&]offset=25/);
      await expect.poll(names).toEqual(everyone.slice(25, 50).map((p) => p.name));
    } else {
      await page.getByRole('button', { name: 'Next page' }).click();
      await expect(page).toHaveURL(/[?&]offset=25/);
      await expect.poll(names).toEqual(tallest.slice(25, 50).map((p) => p.name));
    }
    await expect(banner).toBeVisible();
    await screenshot(page, 'players-offline-paged');
  } finally {
    await stopOwnApp(app);
    rmSync(dir, { recursive: true, force: true });
  }
});
