import type { Page } from '@playwright/test';
import type { OfflineStatus } from '../../shared/bridge/offline-bridge.ts';
import type { Assignment } from '../../shared/department/desk.ts';
import type { ScoutingList } from '../../shared/domain/lists.ts';
import type { OfflinePlayersPage } from '../../shared/domain/offline.ts';
import { type ScannedView, scanViews, titled } from './axe.ts';
import {
  connect,
  type Department,
  type Laptop,
  startDepartmentServer,
  startLaptop,
  syncNow,
} from './department-world.ts';
import { expect, test } from './fixtures.ts';
import { bridge, finalSkaterReport as final, skaters } from './scouting.ts';

/**
 * The Assignments view end to end, on a real PostgreSQL made by the test and two browser-shell apps of
 * their own: scout A and director D. D assigns a player to A through the view's form (and takes a second
 * one back); A sees it after a sync, and still with the server stopped; his final report of the game marks
 * it done there. A's "What's new" count in the navigation says D's new report on a player of A's list and
 * the new assignment, and "Mark seen" clears it.
 */

test.describe.configure({ mode: 'serial' });
test.use({ actionTimeout: 30_000 });

const SHOTS = 'docs/screenshots/director';

let dep: Department | undefined;
const laptops: Laptop[] = [];
test.afterEach(async () => {
  for (const l of laptops.splice(0)) await l.stop().catch(() => undefined);
  await dep?.stop();
  dep = undefined;
});

type Player = { id: number; name: string; position: string | null; dateOfBirth: string | null };

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

test('a director assigns in the view; the scout sees it offline, his report marks it done; What’s new counts', async ({
  page,
  browser,
  service,
}) => {
  test.setTimeout(420_000);
  dep = await startDepartmentServer([
    { user: 'scout_a', scoutName: 'Anna Berg' },
    { user: 'director_d', scoutName: 'Dana Ruiz', director: true },
  ]);
  const d = dep;
  const [p1, p2] = await skaters(service, 2);
  if (!p1 || !p2) throw new Error('two skaters are needed');
  const [la, ld] = await Promise.all([startLaptop(), startLaptop()]);
  laptops.push(la, ld);
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  const pa = page;
  await pa.setViewportSize({ width: 1400, height: 900 });
  const pd = await context.newPage();
  await connect(pa, la.url, d, d.logins.scout_a as NonNullable<Department['logins'][string]>);
  await connect(pd, ld.url, d, d.logins.director_d as NonNullable<Department['logins'][string]>);

  let source = '';
  await test.step('before anything is new, the nav entry shows no count and the view says so', async () => {
    const list = await bridge<ScoutingList>(pa, 'scoutingListCreate', { name: 'My watch' });
    await bridge(pa, 'scoutingListEntrySave', {
      listId: list.id,
      playerId: p2.id,
      player: { name: p2.name, position: p2.position, dateOfBirth: p2.dateOfBirth },
      rating: 3,
      note: '',
    });
    await pa.goto(`${la.url}#/assignments`);
    await expect(nav(pa).getByRole('link', { name: 'Assignments', exact: true })).toBeVisible();
    await expect(pa.getByText('Nothing new since you last looked.')).toBeVisible();
    await expect(pa.getByText('No assignment for you yet.')).toBeVisible();
  });

  await test.step('D reports on both players, then assigns p1 to A through the form and takes p2 back', async () => {
    source = (await final(pd, p1, '2026-10-01')).source;
    await final(pd, p2, '2026-10-05');
    await syncNow(pd);
    await pd.goto(`${ld.url}#/assignments`);
    const form = pd.getByRole('region', { name: 'Assign a player' });
    // The scouts come from the server's roster (read at D's sync), A before he has written anything.
    const scout = form.getByRole('combobox', { name: 'Scout' });
    await expect(scout.getByRole('option')).toHaveText(['Choose a scout', 'Dana Ruiz (director_d)', 'scout_a']);
    const assign = async (p: Player, note: string) => {
      // The player is searched by name and picked from the keyboard.
      const player = form.getByRole('combobox', { name: 'Player' });
      await player.fill(p.name);
      await expect(form.getByRole('listbox', { name: 'Matching players' }).getByRole('option').first()).toContainText(
        p.name,
      );
      await player.press('ArrowDown');
      await player.press('Enter');
      await expect(player).toHaveValue(p.name);
      await scout.selectOption('scout_a');
      await form.getByLabel('Assigned on (YYYY-MM-DD)').fill('2026-11-01');
      await form.getByLabel('Due date (YYYY-MM-DD)').fill('2026-11-30');
      await form.getByLabel('Game date (YYYY-MM-DD)').fill('2026-11-14');
      await form.getByLabel('Home team').fill('Kitchener Rangers');
      await form.getByLabel('Away team').fill('London Knights');
      await form.getByLabel('Note').fill(note);
      await form.getByRole('button', { name: 'Assign' }).press('Enter');
      await expect(form.getByRole('status')).toHaveText(`${p.name} assigned to scout_a.`);
      await expect(player).toHaveValue('');
    };
    await assign(p1, 'his first step');
    await assign(p2, 'a second look');
    const table = pd.getByRole('region', { name: 'Every assignment' }).getByRole('table');
    await expect(table.getByRole('row')).toHaveCount(3);
    await table.getByRole('button', { name: `Take back ${p2.name} from scout_a…` }).press('Enter');
    await table.getByRole('button', { name: `Take back ${p2.name} from scout_a`, exact: true }).press('Enter');
    await expect(table.getByRole('row')).toHaveCount(2);
    const row = table.getByRole('row').nth(1);
    await expect(row.getByRole('cell')).toHaveText([
      p1.name,
      'scout_a',
      '2026-11-30',
      '2026-11-14 London Knights at Kitchener Rangers',
      'his first step',
      /^Open/,
      'EditTake back…',
    ]);
    await syncNow(pd);
    await expect(table.getByText('waiting to sync')).toHaveCount(0);

    // D changes the due date, the game and the note in place, from the keyboard; a day typed in another
    // order is refused with a sentence and nothing changes.
    await table.getByRole('button', { name: `Edit ${p1.name}’s assignment to scout_a` }).press('Enter');
    const edit = table.getByRole('form', { name: `Change ${p1.name}’s assignment to scout_a` });
    const due = edit.getByLabel('Due date (YYYY-MM-DD)');
    await expect(due).toBeFocused();
    await expect(due).toHaveValue('2026-11-30');
    await due.fill('12/05/2026');
    await due.press('Enter');
    await expect(edit.getByRole('alert')).toHaveText('Due date: type a day as YYYY-MM-DD, such as 2026-11-30.');
    await due.fill('2026-12-05');
    await edit.getByLabel('Game date (YYYY-MM-DD)').fill('2026-11-28');
    await edit.getByLabel('Home team').fill('Sarnia Sting');
    await edit.getByLabel('Note').fill('his first step, and his gap control');
    await pd.screenshot({ path: `${SHOTS}/assignments-edit.png` });
    await due.press('Enter');
    await expect(edit).toHaveCount(0);
    await expect(table.getByRole('button', { name: `Edit ${p1.name}’s assignment to scout_a` })).toBeFocused();
    await expect(row.getByRole('cell')).toHaveText([
      p1.name,
      'scout_a',
      '2026-12-05',
      '2026-11-28 London Knights at Sarnia Sting',
      'his first step, and his gap control',
      /^Open · waiting to sync/,
      'EditTake back…',
    ]);
    // Escape closes an edit unchanged.
    await table.getByRole('button', { name: `Edit ${p1.name}’s assignment to scout_a` }).press('Enter');
    await edit.getByLabel('Due date (YYYY-MM-DD)').fill('2027-01-01');
    await edit.getByLabel('Due date (YYYY-MM-DD)').press('Escape');
    await expect(edit).toHaveCount(0);
    await expect(row.getByRole('cell').nth(2)).toHaveText('2026-12-05');
    await syncNow(pd);
    await expect(table.getByText('waiting to sync')).toHaveCount(0);
    await pd.screenshot({ path: `${SHOTS}/assignments-director.png` });
    // The director's view (form and every assignment) is scanned here, in both schemes: the sweep's
    // department world (a11y-department.ts) has no director.
    const view: ScannedView<null> = {
      name: 'assignments, director',
      path: () => '/assignments',
      ready: async (p) => {
        await expect(p.getByRole('region', { name: 'Every assignment' }).getByRole('row')).toHaveCount(2);
        await titled(p, 'Assignments');
      },
    };
    for (const scheme of ['light', 'dark'] as const) {
      expect(await scanViews(pd, ld.url, [view], null, { scheme, shots: 'a11y-director' })).toEqual([]);
    }
  });

  await test.step('D downloads a league-season: a player of it with no report is found and assigned', async () => {
    const league = (await service.list<{ slug: string }>('/leagues', { sort: 'slug', limit: '1' })).data[0];
    if (!league) throw new Error('the demo world has a league');
    const season = (await service.list<{ slug: string }>(`/leagues/${league.slug}/seasons`, { limit: '1000' })).data
      .map((x) => x.slug)
      .sort()
      .at(-1);
    await bridge(pd, 'offlineSync', { leagues: [league.slug], seasonFrom: season, seasonTo: season });
    await expect
      .poll(async () => (await bridge<OfflineStatus>(pd, 'offlineSyncStatus', {})).progress.state, { timeout: 180_000 })
      .toBe('done');
    const stored = await bridge<OfflinePlayersPage>(pd, 'offlinePlayers', { query: { limit: '100', sort: 'name' } });
    const p3 = stored.data.find((p) => p.id !== p1.id && p.id !== p2.id && p.name.length > 4);
    if (!p3) throw new Error('the downloaded season has a player without a report');
    const form = pd.getByRole('region', { name: 'Assign a player' });
    const player = form.getByRole('combobox', { name: 'Player' });
    await player.fill(p3.name);
    const option = form.getByRole('listbox', { name: 'Matching players' }).getByRole('option', { name: p3.name });
    // From the offline store (his line names his team), not from the department's reports.
    await expect(option.first()).not.toContainText('department reports');
    await pd.screenshot({ path: `${SHOTS}/assignments-player-search.png` });
    await player.press('ArrowDown');
    await player.press('Enter');
    await expect(player).toHaveValue(p3.name);
    // To D himself, so A's counts below stay his own.
    await form.getByRole('combobox', { name: 'Scout' }).selectOption('director_d');
    await form.getByLabel('Due date (YYYY-MM-DD)').fill('2026-12-20');
    await form.getByRole('button', { name: 'Assign' }).press('Enter');
    await expect(form.getByRole('status')).toHaveText(`${p3.name} assigned to Dana Ruiz.`);
    const all = await bridge<Assignment[]>(pd, 'departmentAssignments', { who: 'all' });
    // The host gave him the source of the data in use, the one D's reports carry.
    expect(all.find((a) => a.player.playerId === p3.id)?.player).toEqual({
      source,
      playerId: p3.id,
      name: p3.name,
      dateOfBirth: p3.dateOfBirth,
      position: p3.position,
    });
  });

  await test.step('A syncs: the nav counts the new report and the assignment; the view lists them', async () => {
    await syncNow(pa);
    // D's report on p2 (on A's list) and the assignment of p1: two new things.
    await expect(nav(pa).getByRole('link', { name: /^Assignments\s*2 new$/ })).toBeVisible();
    const news = pa.getByRole('region', { name: /^What’s new/ });
    await expect(news.getByRole('heading', { name: p2.name })).toBeVisible();
    await expect(news.getByRole('link', { name: 'Report of 2026-10-05' })).toBeVisible();
    await expect(news.getByText('Dana Ruiz')).toBeVisible();
    await expect(news.getByText(`${p1.name} · due 2026-12-05`, { exact: true })).toBeVisible();
    const row = pa.getByRole('region', { name: 'My assignments' }).getByRole('row').nth(1);
    // As D changed it.
    await expect(row.getByRole('cell')).toHaveText([
      p1.name,
      '2026-12-05',
      '2026-11-28 London Knights at Sarnia Sting',
      'his first step, and his gap control',
      'Open',
    ]);
    await pa.screenshot({ path: `${SHOTS}/assignments-scout-whats-new.png` });
  });

  await test.step('the server stops; A still sees it, and his final report of the game shows it done', async () => {
    await d.cluster.stop();
    dep = undefined;
    await pa.reload();
    const region = pa.getByRole('region', { name: 'My assignments' });
    await expect(region.getByRole('row').nth(1)).toContainText(p1.name);
    await expect(region.getByRole('row').nth(1).getByRole('cell').nth(4)).toHaveText('Open');
    await final(pa, p1, '2026-11-28');
    await pa.reload();
    await expect(region.getByRole('row').nth(1).getByRole('cell').nth(4)).toHaveText('Done 2026-11-28');
    await pa.getByRole('button', { name: 'Mark seen' }).click();
    await expect(pa.getByText('Nothing new since you last looked.')).toBeVisible();
    await expect(nav(pa).getByRole('link', { name: 'Assignments', exact: true })).toBeVisible();
    await pa.screenshot({ path: `${SHOTS}/assignments-scout-done-offline.png` });
  });
});
