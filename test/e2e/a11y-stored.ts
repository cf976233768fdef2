import { join } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { seedDatabase } from '../../service/data/seed.ts';
import { type RunningService, startService } from '../../service/server.ts';
import { tempDir } from '../unit/service-data/helpers.ts';
import { focusFirstRow, type ScannedView, settled, titled } from './axe.ts';
import { readTestKeys } from './env.ts';
import { env, expect } from './fixtures.ts';
import { startOwnApp, stopOwnApp } from './own-app.ts';

/**
 * The views that show what the offline store holds, once it holds something, for the accessibility sweep
 * (accessibility.spec.ts): an app of the sweep's own (a fresh demo world and data folder, so the run's demo
 * instance keeps its empty store) downloads one league-season through the Players panel, as a scout does,
 * and stars one of its players into a list with a rating. The sweep then scans the players table, the
 * add-to-list popover, the stats browser, the player page with his stored seasons, the list, an agency
 * with its clients and the league's scoring-leaders tab.
 */

const LEAGUE = 'pwhl';

/** GET from the test's own service on the app's file (full-access key in the header); `data` of a 200. */
async function get<T>(direct: RunningService, path: string, query: Record<string, string> = {}): Promise<T> {
  const res = await fetch(`${direct.baseUrl}${path}?${new URLSearchParams(query)}`, {
    headers: { 'x-api-key': readTestKeys(env).full },
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: T }).data;
}

/** What the scanned views need: the league, a client of an agency (starred into a list) and the list. */
export interface Stored {
  leagueName: string;
  season: string;
  player: { id: number; name: string };
  agency: { id: number; name: string };
  listId: number;
}

/** The league-season's first player (by the service's order) whose record names an agency. */
async function agencyClient(
  direct: RunningService,
  season: string,
): Promise<{ player: Stored['player']; agency: Stored['agency'] }> {
  const teams = await get<{ id: number }[]>(direct, '/teams', { league: LEAGUE, limit: '1000', fields: 'id' });
  for (const t of teams) {
    const lines = await get<{ player: { id: number } }[]>(direct, `/teams/${t.id}/player-stats`, {
      season,
      limit: '1000',
      fields: 'id,player',
    });
    for (const l of lines) {
      const p = await get<{ id: number; name: string; agencies: { id: number; name: string }[] }>(
        direct,
        `/players/${l.player.id}`,
        { fields: 'id,name,agencies' },
      );
      const [a] = p.agencies;
      if (a) return { player: { id: p.id, name: p.name }, agency: { id: a.id, name: a.name } };
    }
  }
  throw new Error(`no player of ${LEAGUE} ${season} names an agency`);
}

/**
 * Downloads the league-season through the Players panel and stars the player into a new list, rated and
 * without a note (the list then shows its muted "Add a note…" in his row).
 */
async function prepare(page: Page, base: string, s: Omit<Stored, 'listId'>): Promise<number> {
  await page.goto(`${base}#/players`);
  await page.getByRole('button', { name: 'Download for offline' }).first().click();
  const panel = page.locator('.download-panel');
  await panel.getByRole('checkbox', { name: s.leagueName, exact: true }).check();
  await panel.getByLabel('From season').selectOption(s.season);
  await panel.getByLabel('To season').selectOption(s.season);
  await panel.getByRole('button', { name: 'Start download' }).click();
  const line = page.getByRole('region', { name: 'Download for offline' }).getByRole('status');
  await expect(line).toContainText('Done:', { timeout: 90_000 });

  await page.getByRole('searchbox').fill(s.player.name);
  const row = page.getByRole('table', { name: 'Players' }).locator('tbody tr').filter({ hasText: s.player.name });
  await row.getByRole('button', { name: `Add ${s.player.name} to a list` }).click();
  const popover = page.getByRole('dialog', { name: `Add ${s.player.name} to a list` });
  await popover.getByRole('textbox', { name: 'New list name' }).fill('Prospects');
  await popover.getByTitle('4 – Good').click();
  await popover.getByRole('button', { name: 'Add' }).click();
  await expect(popover).toBeHidden();
  await page.goto(`${base}#/lists`);
  await expect(page).toHaveURL(/#\/lists\/\d+/);
  return Number(page.url().match(/#\/lists\/(\d+)/)?.[1]);
}

/** The app with a league downloaded and a list: its address, what its views need, and how to stop it. */
export interface StoredApp {
  url: string;
  stored: Stored;
  close(): Promise<void>;
}

/** Seeds a fresh demo world, starts an app on it and prepares it (a league-season downloaded, a list). */
export async function startStoredApp(browser: Browser): Promise<StoredApp> {
  const t = tempDir('rinkside-e2e-a11y-');
  const db = join(t.dir, 'demo.sqlite');
  await seedDatabase(db, { size: 'demo', seed: 1 });
  const app = await startOwnApp(join(t.dir, 'app'), db);
  const direct = await startService({ db, keys: env.keyed.keysFile });
  const close = async () => {
    await stopOwnApp(app);
    await direct.close();
    t.cleanup();
  };
  try {
    const seasons = await get<{ slug: string }[]>(direct, `/leagues/${LEAGUE}/seasons`, { limit: '1000' });
    const season = seasons
      .map((x) => x.slug)
      .sort()
      .at(-1) as string;
    const [league] = await get<{ name: string }[]>(direct, '/leagues', { slug: LEAGUE, limit: '1' });
    const partial = { leagueName: league?.name ?? LEAGUE, season, ...(await agencyClient(direct, season)) };
    const page = await browser.newPage();
    const listId = await prepare(page, app.url, partial).finally(() => page.close());
    return { url: app.url, stored: { ...partial, listId }, close };
  } catch (e) {
    await close();
    throw e;
  }
}

export const STORED_VIEWS: readonly ScannedView<Stored>[] = [
  {
    name: 'players, add-to-list popover open',
    path: (s) => `/players?q=${encodeURIComponent(s.player.name)}`,
    ready: async (p, s) => {
      await expect(p.getByRole('button', { name: `${s.player.name} is in a list: edit` })).toBeVisible();
      await settled(p);
    },
    open: async (p) => {
      await p.getByRole('button', { name: / is in a list: edit$/ }).click();
      await expect(p.getByRole('dialog', { name: / to a list$|list/ })).toBeVisible();
    },
  },
  {
    name: 'stats browser, downloaded',
    path: (s) => `/players/stats?league=${LEAGUE}&season=${s.season}&minGP=0`,
    ready: async (p) => {
      await expect(p.getByRole('table', { name: 'Leaders' }).locator('tbody tr[data-row-id]').first()).toBeVisible();
      await titled(p, 'Stats browser');
    },
  },
  {
    name: 'player, stored seasons',
    path: (s) => `/players/${s.player.id}`,
    ready: async (p, s) => {
      await expect(p.getByTestId('held-seasons')).toBeVisible();
      await expect(p.getByRole('table', { name: `Regular season career of ${s.player.name}` })).toBeVisible();
      await titled(p, s.player.name);
    },
  },
  {
    name: 'list, its row focused',
    path: (s) => `/lists/${s.listId}`,
    ready: async (p) => {
      await expect(p.getByRole('table', { name: 'Scouting list Prospects' }).locator('tbody tr')).toHaveCount(1);
      await settled(p);
    },
    open: focusFirstRow,
  },
  {
    name: 'players, downloaded, a row focused',
    path: () => '/players',
    ready: async (p) => {
      await expect(p.getByRole('table', { name: 'Players' }).locator('tbody tr[data-row-id]').first()).toBeVisible();
      await settled(p);
    },
    open: focusFirstRow,
  },
  {
    name: 'agency, clients downloaded',
    path: (s) => `/agencies/${s.agency.id}`,
    ready: async (p, s) => {
      const clients = p.getByRole('table', { name: `Clients of ${s.agency.name} on this computer` });
      await expect(clients.getByText(s.player.name)).toBeVisible();
      await titled(p, s.agency.name);
    },
  },
  {
    name: 'league, scoring leaders, downloaded',
    path: (s) => `/leagues/${LEAGUE}/leaders?season=${s.season}`,
    ready: async (p, s) => {
      // A downloaded league-season shows its leaders in the stats browser's table.
      await expect(p.getByRole('table', { name: /^Scoring leaders, / })).toBeVisible();
      await settled(p);
      await titled(p, s.leagueName);
    },
  },
];
