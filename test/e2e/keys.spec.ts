import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { startPeerServer } from '../unit/host/peer-server.ts';
import { RESTRICTED, readTestKeys } from './env.ts';
import { column, env, expect, hashPath, readTable, recordShot, screenshot, test } from './fixtures.ts';

/**
 * The key flows, on the second app instance (`npm start --keys FILE`: the local service with the run's
 * keys file and no demo key). The host's key state is one per instance, so these run in order in one
 * worker. Traces are off here: a trace records what the test types, and the test types keys.
 * Every test also runs the auto `keyWatch` (fixtures.ts): no key in the DOM, console, bridge responses,
 * storage or URL.
 */

test.describe.configure({ mode: 'serial' });
test.use({ trace: 'off' });

const keys = readTestKeys(env);

const dialog = (page: Page) => page.getByRole('dialog');

/** Enters a key in the open key dialog ("for this session only" when no keychain answers) and saves it. */
async function enterKey(page: Page, key: string): Promise<void> {
  const d = dialog(page);
  await expect(d).toBeVisible();
  const field = d.locator('input[type="password"]');
  await field.fill(key);
  await d.getByRole('button', { name: /^(Save|Replace) key$/ }).click();
}

/**
 * Whether the key dialog's field holds exactly `key`: compared in the page, so neither the key nor the
 * field's value ever reaches a test message or a log.
 */
async function fieldHolds(page: Page, key: string): Promise<boolean> {
  return dialog(page)
    .getByLabel('API key', { exact: true })
    .evaluate((el, k) => (el as HTMLInputElement).value === k, key);
}

/** Opens the key dialog from the top bar ("Use my key", or "Change key" once a key is stored). */
async function openKeyDialogFromTopBar(page: Page): Promise<void> {
  await page
    .getByRole('banner')
    .getByRole('button', { name: /^(Use my key|Change key)$/ })
    .click();
  await expect(dialog(page)).toBeVisible();
}

/**
 * Opens Teams and sets `key` through the key dialog: the one a 401 opened (no key or a refused key
 * stored), else the top bar's. Independent of what an earlier test left in the host.
 */
async function useKey(page: Page, key: string): Promise<void> {
  await page.goto(`${env.keyed.url}#/teams`);
  const firstRow = page.getByRole('table', { name: 'Teams' }).locator('tbody tr:not(.skeleton-row)').first();
  await expect(dialog(page).or(firstRow)).toBeVisible();
  if (!(await dialog(page).isVisible())) await openKeyDialogFromTopBar(page);
  await enterKey(page, key);
}

test('without a key the keyed instance asks for one; a wrong key through "Use my key" is tried, refused and not stored', async ({
  page,
  keyWatch,
}) => {
  await page.goto(env.keyed.url);
  // No demo key here: the service answers 401 and the dialog opens by itself, asking for a key plainly
  // (no key was ever given, so none was "not accepted"), with no built-in key to offer.
  await expect(dialog(page)).toBeVisible();
  await expect(dialog(page).getByRole('heading')).toHaveText('Enter your API key');
  // The embedded local service, on a loopback port of its own.
  await expect(dialog(page)).toContainText(/The local service \(127\.0\.0\.1:\d+\) needs an API key\./);
  await expect(dialog(page)).not.toContainText('not accepted');
  await expect(dialog(page).getByRole('button', { name: 'Use the built-in key' })).toHaveCount(0);
  // The view's panel behind it says so plainly too.
  await expect(page.locator('.error-panel h3')).toHaveText('An API key is needed');
  await screenshot(page, 'key-dialog-first-run');
  await expect(page.getByText('Demo data', { exact: true })).toHaveCount(0);
  await dialog(page).getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog(page)).toBeHidden();

  await openKeyDialogFromTopBar(page);
  await expect(dialog(page).getByRole('heading')).toHaveText('Use my key');
  await enterKey(page, keys.wrong);
  // The host tries the key before storing it: the dialog stays, saying the service refused it.
  await expect(dialog(page).getByRole('alert')).toContainText(
    /^The local service \(127\.0\.0\.1:\d+\) refused this key/,
  );
  await expect(dialog(page)).toBeVisible();
  expect(await fieldHolds(page, keys.wrong)).toBe(true);
  await screenshot(page, 'key-dialog');
  expect(await keyWatch.findings()).toEqual([]);
  expect(keyWatch.bodiesSeen()).toBeGreaterThan(0);
});

test('a restricted key gets the 403 message naming what is outside the subscription', async ({ page, keyWatch }) => {
  await useKey(page, keys.restricted);
  await expect(dialog(page)).toBeHidden();

  // Inside the subscription: the Teams list shows only the subscribed league's teams. One league on every
  // row: the column is left out and its one value said under the table.
  const teams = page.getByRole('table', { name: 'Teams' });
  await expect(teams.locator('tbody tr').first()).toBeVisible();
  await expect(page.locator('.same-value-note')).toContainText(`League: ${RESTRICTED.league.toUpperCase()}`);
  await page
    .locator('.same-value-note')
    .getByRole('button', { name: /^Show (it|them)$/ })
    .click();
  await expect
    .poll(async () => [...new Set(column(await readTable(teams), 'League'))])
    .toEqual([RESTRICTED.league.toUpperCase()]);

  // A league outside the subscription.
  await page.goto(`${env.keyed.url}#/standings?league=nhl&season=${RESTRICTED.seasons.to}`);
  const alert = page.getByRole('alert').filter({ hasText: 'Outside your subscription' });
  await expect(alert).toBeVisible();
  // The service names the parameter and the key's own leagues, never the value asked for.
  await expect(alert).toContainText(`is outside your subscription (your leagues: ${RESTRICTED.league})`);
  await screenshot(page, 'forbidden-403');

  // A season outside the subscription's range, on a team of the subscribed league.
  await page.goto(`${env.keyed.url}#/teams`);
  await expect(teams.locator('tbody tr').first()).toBeVisible();
  await teams.locator('tbody tr').first().click();
  await expect.poll(() => hashPath(page)).toMatch(/^\/teams\/\d+$/);
  await page.goto(`${page.url().split('?')[0]}?season=2024-2025`);
  // The goaltending leaders' panel.
  const seasonAlert = page
    .getByRole('region', { name: 'Goaltending leaders' })
    .getByRole('alert')
    .filter({ hasText: 'Outside your subscription' });
  await expect(seasonAlert).toContainText(
    `A season in 'season' is outside your subscription (${RESTRICTED.seasons.from} to ${RESTRICTED.seasons.to})`,
  );
  // One 403 panel on the page: the scoring table below, refused for the same team-season, says so in a line.
  await expect(page.getByRole('alert').filter({ hasText: 'Outside your subscription' })).toHaveCount(1);
  await expect(page.getByText(/is outside your subscription too\.$/)).toBeVisible();
  await page.getByText(/is outside your subscription too\.$/).scrollIntoViewIfNeeded();
  await screenshot(page, 'forbidden-season');
  expect(await keyWatch.findings()).toEqual([]);
});

test('a full-access key shows the data; no key ever reaches the page; removing it asks again', async ({
  page,
  keyWatch,
}) => {
  await useKey(page, keys.full);
  await expect(dialog(page)).toBeHidden();
  await page.goto(`${env.keyed.url}#/standings?league=nhl`);
  const table = page.getByRole('table', { name: /^the standings of / });
  await expect(table.locator('tbody tr').first()).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);

  // Settings: where the key is kept (the OS keychain under scripts/with-keyring.sh), never the key: the
  // field is empty.
  await page.goto(`${env.keyed.url}#/settings`);
  await expect(page.locator('.key-status')).toHaveText(/stored in the OS keychain|kept for this session only/);
  await expect(page.getByRole('textbox', { name: /API key/ })).toHaveValue('');
  expect(await keyWatch.findings()).toEqual([]);

  // Remove the key: the next request is refused and the dialog opens.
  await page.getByRole('button', { name: 'Remove key' }).click();
  await page.goto(`${env.keyed.url}#/teams`);
  await expect(dialog(page)).toBeVisible();
  await expect(dialog(page).getByRole('heading')).toHaveText('Enter your API key');
  expect(keyWatch.bodiesSeen()).toBeGreaterThan(0);
});

test('a wrong key is refused in the dialog itself: why, nothing stored, and the key kept masked in the field', async ({
  page,
  keyWatch,
}) => {
  await page.goto(`${env.keyed.url}#/teams`);
  // No key is stored after the previous test: the dialog asks for one.
  await expect(dialog(page).getByRole('heading')).toHaveText('Enter your API key');
  await enterKey(page, keys.wrong);
  // The host tries the key before storing it: the refusal is answered inline, with the service's own
  // reason, and nothing is stored.
  const refusedInline = dialog(page).getByRole('alert');
  await expect(refusedInline).toBeVisible();
  await recordShot(page, 'key-dialog-refused');
  await expect(refusedInline).toHaveText(
    /^The local service \(127\.0\.0\.1:\d+\) refused this key \(“Api Key is invalid”\)\. Nothing was stored\. The key is still in the field: check it for a missing or wrong character, or ask your provider\.$/,
  );
  await expect(dialog(page).getByRole('heading')).toHaveText('Enter your API key');
  // What was typed is still there to be corrected, masked, and described by the refusal.
  const field = dialog(page).getByLabel('API key', { exact: true });
  await expect(field).toHaveAttribute('type', 'password');
  expect(await fieldHolds(page, keys.wrong)).toBe(true);
  await expect(field).toHaveAccessibleDescription(/refused this key/);
  // "Show key" shows it (no picture of that), "Hide key" masks it again.
  const toggle = dialog(page).getByRole('button', { name: 'Show key' });
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await toggle.click();
  await expect(field).toHaveAttribute('type', 'text');
  await expect(dialog(page).getByRole('button', { name: 'Hide key' })).toHaveAttribute('aria-pressed', 'true');
  expect(await fieldHolds(page, keys.wrong)).toBe(true);
  await dialog(page).getByRole('button', { name: 'Hide key' }).click();
  await expect(field).toHaveAttribute('type', 'password');
  await expect(dialog(page).getByRole('button', { name: 'Use the built-in key' })).toHaveCount(0);
  // The typed key is in the field's value only, never in the page's markup.
  expect(await keyWatch.findings()).toEqual([]);
  // Nothing was stored: the host still has no key.
  await dialog(page).getByRole('button', { name: 'Cancel' }).click();
  await page.goto(`${env.keyed.url}#/settings`);
  await expect(page.locator('.key-status')).toHaveText(/No key is set/);
  expect(await keyWatch.findings()).toEqual([]);
});

test('Compare with a restricted key: a chosen team outside the subscription is said plainly, the rest compared', async ({
  page,
  keyWatch,
  service,
}) => {
  interface Standing {
    team: { id: number; name: string };
    teamName?: string;
    stats: Record<string, number | null>;
  }
  const season = RESTRICTED.seasons.to;
  const inside = (
    await service.list<Standing>(`/leagues/${RESTRICTED.league}/standings`, { season, limit: '1000' })
  ).data.slice(0, 2);
  const outside = (await service.list<Standing>('/leagues/nhl/standings', { season, limit: '1' })).data[0];
  if (inside.length < 2 || !outside) throw new Error('the demo data lacks the teams this test needs');
  // The seasons the key can see, as the service lists them to the full-access key, kept to the key's range.
  const visible = (
    await service.list<{ slug: string }>(`/leagues/${RESTRICTED.league}/seasons`, { limit: '1000' })
  ).data
    .map((s) => s.slug)
    .filter((s) => s >= RESTRICTED.seasons.from && s <= RESTRICTED.seasons.to)
    .sort();

  await useKey(page, keys.restricted);
  await expect(dialog(page)).toBeHidden();
  const ids = [...inside.map((s) => s.team.id), outside.team.id];
  await page.goto(`${env.keyed.url}#/compare?league=${RESTRICTED.league}&season=${season}&teams=${ids.join(',')}`);
  await expect(page.getByRole('status').filter({ hasText: `Team ${outside.team.id}` })).toHaveText(
    `Team ${outside.team.id} is outside your subscription: it is left out.`,
  );
  // The two teams inside are compared: their PTS% from the standings, by the test's own arithmetic.
  const profile = page.locator('[data-chart="profile"]');
  await expect(profile.locator('svg [role="img"]').first()).toBeVisible();
  await profile.getByRole('button', { name: 'Show as table' }).click();
  const rows = await profile
    .locator('table tr')
    .evaluateAll((trs) => trs.map((tr) => [...tr.children].map((td) => (td.textContent ?? '').trim())));
  expect(rows[0]).toEqual(['Metric', 'League average', ...inside.map((s) => s.teamName ?? s.team.name)]);
  expect(rows.find((r) => r[0] === 'PTS%')?.slice(2)).toEqual(
    inside.map((s) => ((s.stats.PTS as number) / (2 * (s.stats.GP as number))).toFixed(3).replace(/^0\./, '.')),
  );
  // The trend reads only the seasons the key can see.
  const trend = page.locator('[data-chart="trend"]');
  await trend.getByRole('button', { name: 'Show as table' }).click();
  const seasons = await trend
    .locator('table tbody tr')
    .evaluateAll((trs) => trs.map((tr) => (tr.children[0]?.textContent ?? '').trim()));
  expect(seasons).toEqual(visible);
  await trend.getByRole('button', { name: 'Show as table' }).click();
  await page
    .getByRole('status')
    .filter({ hasText: `Team ${outside.team.id}` })
    .scrollIntoViewIfNeeded();
  await screenshot(page, 'compare-restricted-403');

  // A league outside the subscription: the view's panel says so, naming the key's leagues.
  await page.goto(`${env.keyed.url}#/compare?league=nhl&season=${season}&teams=${outside.team.id}`);
  await expect(page.getByRole('alert').filter({ hasText: 'Outside your subscription' })).toContainText(
    `your leagues: ${RESTRICTED.league}`,
  );
  expect(await keyWatch.findings()).toEqual([]);
});

test('Settings lists the saved keys, one per service, and removes each; the others stay', async ({
  page,
  keyWatch,
}) => {
  await useKey(page, keys.full);
  await expect(dialog(page)).toBeHidden();
  // A second service: a real HTTP server on 127.0.0.1 that accepts any key (the scout's other provider).
  const other = await startPeerServer();
  try {
    // Switch to the other service and give it a key of its own.
    await page.goto(`${env.keyed.url}#/settings`);
    const url = page.getByLabel('Service base URL');
    await url.fill(other.baseUrl);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText(`In use now: ${other.baseUrl}`)).toBeVisible();
    await openKeyDialogFromTopBar(page);
    await enterKey(page, keys.restricted);
    await expect(dialog(page)).toBeHidden();

    const saved = page.getByRole('table', { name: 'Saved keys' });
    const rows = saved.locator('tbody tr');
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0).getByRole('rowheader')).toHaveText(`${other.baseUrl}In use`);
    await expect(rows.nth(1).getByRole('rowheader')).toHaveText('Local service (built in)');
    // Each row says when its key was saved: today, in the app's one style of dates (`2026-12-04 18:32`, local).
    const now = new Date();
    const today = [now.getFullYear(), now.getMonth() + 1, now.getDate()]
      .map((n) => String(n).padStart(2, '0'))
      .join('-');
    for (const i of [0, 1]) await expect(rows.nth(i).getByRole('cell').first()).toContainText(today);
    await saved.scrollIntoViewIfNeeded();
    await recordShot(page, 'settings-saved-keys');

    // Remove the local service's key (asked once more); the other service's key stays in use.
    await rows
      .nth(1)
      .getByRole('button', { name: /^Remove the key for Local service/ })
      .click();
    await recordShot(page, 'settings-saved-keys-confirm');
    await rows
      .nth(1)
      .getByRole('button', { name: /from the keychain$/ })
      .click();
    await expect(rows).toHaveCount(1);
    await expect(rows.first().getByRole('rowheader')).toHaveText(`${other.baseUrl}In use`);
    await expect(page.locator('.key-status')).toHaveText(/stored in the OS keychain/);

    // Back on the local service: its key is gone, so it asks for one; the other service's key is still saved.
    await url.fill('');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.locator('.key-status')).toHaveText('No key is set.');
    await expect(rows).toHaveCount(1);
    await expect(rows.first().getByRole('rowheader')).toHaveText(other.baseUrl);
    await page.goto(`${env.keyed.url}#/teams`);
    await expect(dialog(page).getByRole('heading')).toHaveText('Enter your API key');
    await dialog(page).getByRole('button', { name: 'Cancel' }).click();

    // Remove the last one: the list says no key is saved.
    await page.goto(`${env.keyed.url}#/settings`);
    await rows
      .first()
      .getByRole('button', { name: /^Remove the key for / })
      .click();
    await rows
      .first()
      .getByRole('button', { name: /from the keychain$/ })
      .click();
    await expect(page.getByText('No key is saved in the keychain.')).toBeVisible();
    // The other service got its own key, never the local service's.
    expect(other.seen.some((u) => u.includes(keys.restricted))).toBe(true);
    expect(other.seen.some((u) => u.includes(keys.full))).toBe(false);
    expect(await keyWatch.findings()).toEqual([]);
  } finally {
    await other.close();
  }
});

/** The process id of the keyed instance's local service child: the process serving its data folder's database. */
function keyedServicePid(): number {
  const db = join(env.keyed.dataDir, 'demo.sqlite');
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let cmd: string[];
    try {
      cmd = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
    } catch {
      continue;
    }
    const at = cmd.indexOf('--db');
    if (at >= 0 && cmd[at + 1] === db) return Number(entry);
  }
  throw new Error('the keyed instance has no service child');
}

test('when the local service crashes, the page shows one notice, and the data keeps coming', async ({
  page,
  keyWatch,
}) => {
  await useKey(page, keys.full);
  await expect(dialog(page)).toBeHidden();
  const teams = page.getByRole('table', { name: 'Teams' });
  await expect(teams.locator('tbody tr').first()).toBeVisible();
  const notice = page.locator('.service-notice');
  await expect(notice).toHaveCount(0);

  const pid = keyedServicePid();
  process.kill(pid, 'SIGKILL');
  // Pages asked for right after the crash are answered by the new child.
  await page.goto(`${env.keyed.url}#/standings?league=nhl`);
  const standings = page.getByRole('table', { name: /^the standings of / });
  await expect(standings.locator('tbody tr').first()).toBeVisible();
  await expect(notice).toHaveCount(1);
  await expect(notice).toHaveText(
    /^The local service stopped unexpectedly at .+ and was restarted; what was loading carried on\.Dismiss$/,
  );
  expect(keyedServicePid()).not.toBe(pid);
  // One notice for the page, whatever else loads: another view and its requests add none.
  await page.goto(`${env.keyed.url}#/teams`);
  await expect(teams.locator('tbody tr').first()).toBeVisible();
  await expect(notice).toHaveCount(1);
  await expect(page.getByRole('alert')).toHaveCount(0);
  await recordShot(page, 'service-restarted-notice');
  await notice.getByRole('button', { name: 'Dismiss' }).click();
  await expect(notice).toHaveCount(0);
  await page.goto(`${env.keyed.url}#/standings?league=nhl`);
  await expect(standings.locator('tbody tr').first()).toBeVisible();
  await expect(notice).toHaveCount(0);
  expect(await keyWatch.findings()).toEqual([]);
});
