import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { startCluster, stopCluster } from '../../department/cluster/local-cluster.ts';
import type { DraftBoard } from '../../shared/domain/board-order.ts';
import type { ScoutingList } from '../../shared/domain/lists.ts';
import type { ScoutingReport } from '../../shared/domain/reports.ts';
import {
  connect,
  type Department,
  departmentCard,
  filesText,
  fillDepartment,
  type Laptop,
  startDepartmentServer,
  startLaptop,
  statusButton,
  syncNow,
  WRONG_PASSWORD,
} from './department-world.ts';
import { expect, test } from './fixtures.ts';
import { bridge, skaters } from './scouting.ts';

type Player = Awaited<ReturnType<typeof skaters>>[number];

/**
 * The scouting department end to end, on a real PostgreSQL made by the test and four browser-shell apps,
 * each with its own data folder (four laptops): scout A (and A's second computer), scout B and director D.
 * Scout A writes a final report and a draft, shares one list and keeps one private; B sees the shared ones
 * read-only after a sync, never the draft or the private list (the server holds them back, not the app);
 * A finishes a report while the server is down and the director sees it on the player's page once it is
 * back; two offline edits of one list make a conflict that A resolves. No password shows in a page, a
 * log or a file of the data folders. Screenshots of each new view: see SHOTS.
 */

test.describe.configure({ mode: 'serial' });
// A step that cannot happen fails in seconds, not at the end of the test's long budget.
test.use({ actionTimeout: 30_000 });

/**
 * Where the screenshots go: test-results/screens/department, or `$RINKSIDE_SHOTS_DIR` when set (the record in
 * docs/screenshots/department is taken with `RINKSIDE_SHOTS_DIR=docs/screenshots/department`), so an
 * ordinary run leaves the committed pictures alone.
 */
const SHOTS = process.env.RINKSIDE_SHOTS_DIR || join('test-results', 'screens', 'department');

let dep: Department | undefined;
const laptops: Laptop[] = [];

// Each run of the test has its own server and laptops, stopped after it whatever happened.
test.afterEach(async () => {
  for (const l of laptops.splice(0)) await l.stop().catch(() => undefined);
  await dep?.stop();
  dep = undefined;
});

/** A screenshot of the page's viewport, or of one element (a card, a panel), for docs/screenshots/department/. */
async function shot(target: Page | Locator, name: string): Promise<void> {
  await mkdir(SHOTS, { recursive: true });
  await target.screenshot({ path: join(SHOTS, `${name}.png`) });
}

/** A final (or draft) skater report on `p` through the bridge, as the report form saves it. */
function report(
  page: Page,
  p: { id: number; name: string; position: string | null; dateOfBirth: string | null },
  o: { status: 'final' | 'draft'; notes: string; skating: number; projection: string | null; gameDate: string },
) {
  return bridge<ScoutingReport>(page, 'scoutingReportSave', {
    playerId: p.id,
    player: { name: p.name, position: p.position, dateOfBirth: p.dateOfBirth },
    gameDate: o.gameDate,
    homeTeam: 'Kitchener Rangers',
    awayTeam: 'London Knights',
    league: 'OHL',
    score: '4-2',
    positionPlayed: 'C',
    kind: 'skater',
    grades: { skating: o.skating, hockeySense: 7 },
    projection: o.projection,
    strengths: 'edges',
    weaknesses: '',
    notes: o.notes,
    status: o.status,
  });
}

/** What the server holds, read as its admin (RLS does not hold an admin back). */
async function serverRows(sql: string, params: unknown[] = []): Promise<Record<string, unknown>[]> {
  const admin = await (dep as Department).cluster.adminClient();
  try {
    return (await admin.query(sql, params)).rows;
  } finally {
    await admin.end();
  }
}

test('two scouts and a director share final reports and lists through a real PostgreSQL; drafts and private lists stay home', async ({
  page,
  browser,
  service,
}) => {
  test.setTimeout(420_000);
  dep = await startDepartmentServer([
    { user: 'scout_a', scoutName: 'Anna Berg' },
    { user: 'scout_b', scoutName: 'Ben Okafor' },
    { user: 'director_d', scoutName: 'Dana Ruiz', director: true },
  ]);
  const d = dep;
  const [A, B, D] = [d.logins.scout_a, d.logins.scout_b, d.logins.director_d].map((l) => {
    if (!l) throw new Error('a login is missing');
    return l;
  }) as [
    NonNullable<(typeof d.logins)[string]>,
    NonNullable<(typeof d.logins)[string]>,
    NonNullable<(typeof d.logins)[string]>,
  ];
  const [p1, p2] = await skaters(service, 2);
  if (!p1 || !p2) throw new Error('two skaters are needed');
  const [la, lb, ld] = await Promise.all([startLaptop(), startLaptop(), startLaptop()]);
  laptops.push(la, lb, ld);
  const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
  const pa = page;
  const [pb, pd] = await Promise.all([context.newPage(), context.newPage()]);
  // What reached the pages besides their DOM: console lines and every bridge answer.
  const seenText: string[] = [];
  const watch = (p: Page) => {
    p.on('console', (m) => seenText.push(m.text()));
    p.on('response', (res) => {
      if (new URL(res.url()).pathname.startsWith('/bridge/'))
        void res.text().then(
          (t) => seenText.push(t),
          () => {},
        );
    });
  };
  for (const p of [pa, pb, pd]) watch(p);
  const pages = [pa, pb, pd];

  let listShared: ScoutingList;
  let listPrivate: ScoutingList;
  let draft: ScoutingReport;
  let final: ScoutingReport;

  await test.step('A: Settings → Department before any set-up; a wrong password is refused in one sentence', async () => {
    await pa.goto(`${la.url}#/settings`);
    const card = departmentCard(pa);
    await expect(card.getByRole('button', { name: 'Test and save' })).toBeVisible();
    await expect(statusButton(pa)).toHaveCount(0);
    await shot(card, 'settings-empty');
    await fillDepartment(pa, d, A, WRONG_PASSWORD);
    const alert = card.getByRole('alert');
    await expect(alert).toBeVisible({ timeout: 30_000 });
    const sentence = (await alert.textContent()) ?? '';
    expect(sentence).toMatch(/password/i);
    expect(sentence.trim().split(/(?<=\.)\s+/).length, sentence).toBe(1);
    await shot(card, 'settings-refused');
    // Typed and still in its box for a retry, the password is in no attribute or text of the page.
    await expect(card.getByLabel('Password', { exact: true })).toHaveValue(WRONG_PASSWORD);
    expect((await pa.content()).includes(WRONG_PASSWORD)).toBe(false);
    const settings = await bridge<{ config: unknown }>(pa, 'departmentSettings', {});
    expect(settings.config).toBeNull();
  });

  await test.step('A: the right password is tried and kept; he is shown as a scout', async () => {
    await connect(pa, la.url, d, A);
    await expect(departmentCard(pa).getByPlaceholder(/stored in the keychain/)).toBeVisible();
    await shot(departmentCard(pa), 'settings-connected');
  });

  await test.step('A writes a final report and a draft, a shared list and a private one', async () => {
    final = await report(pa, p1, {
      status: 'final',
      notes: 'first look',
      skating: 8,
      projection: 'top-six-f',
      gameDate: '2024-01-12',
    });
    draft = await report(pa, p1, {
      status: 'draft',
      notes: 'half written',
      skating: 5,
      projection: null,
      gameDate: '2024-01-20',
    });
    listShared = await bridge<ScoutingList>(pa, 'scoutingListCreate', { name: 'Shared prospects' });
    listPrivate = await bridge<ScoutingList>(pa, 'scoutingListCreate', { name: 'Private watch' });
    for (const [list, p, note] of [
      [listShared, p1, 'quick release'],
      [listPrivate, p2, 'only mine'],
    ] as const) {
      await bridge(pa, 'scoutingListEntrySave', {
        listId: list.id,
        playerId: p.id,
        player: { name: p.name, position: p.position, dateOfBirth: p.dateOfBirth },
        rating: 4,
        note,
      });
    }
    await pa.goto(`${la.url}#/lists/${listShared.id}`);
    const share = pa.getByRole('switch', { name: 'Shared with the department' });
    await expect(share).not.toBeChecked();
    await share.focus();
    await pa.keyboard.press('Space');
    await expect(share).toBeChecked();
    await expect(
      pa.getByRole('navigation', { name: 'Scouting lists' }).getByRole('img', { name: 'Shared with the department' }),
    ).toHaveCount(1);
    await shot(pa, 'list-shared-switch');
    await pa.goto(`${la.url}#/reports/${final.id}`);
    await expect(pa.getByText('Shared', { exact: true })).toBeVisible();
  });

  await test.step('A syncs from the top bar; the server holds the final report and the shared list, not the draft', async () => {
    await syncNow(pa);
    await statusButton(pa).click();
    await expect(pa.getByRole('dialog', { name: 'Department sync' })).toContainText('Syncing as scout_a');
    await shot(pa, 'status-menu');
    await pa.keyboard.press('Escape');
    await expect(statusButton(pa)).toBeFocused();
    // Open over one view, it closes when another view comes (a link followed, the address changed).
    await statusButton(pa).click();
    await pa.evaluate(() => {
      location.hash = '/lists';
    });
    await expect(pa.getByRole('heading', { level: 1, name: 'Scouting lists' })).toBeVisible();
    await expect(pa.getByRole('dialog', { name: 'Department sync' })).toBeHidden();
    const reports = await serverRows('SELECT id::text, status FROM rinkside.reports');
    expect(reports).toEqual([{ id: final.uid, status: 'final' }]);
    const lists = await serverRows('SELECT name, shared FROM rinkside.lists ORDER BY name');
    expect(lists).toEqual([
      { name: 'Private watch', shared: false },
      { name: 'Shared prospects', shared: true },
    ]);
  });

  await test.step('B: after a sync, A’s shared list and final report show read-only; the draft and the private list never', async () => {
    await connect(pb, lb.url, d, B);
    await syncNow(pb);
    await pb.goto(`${lb.url}#/lists`);
    const tabs = pb.getByRole('navigation', { name: 'Scouting lists' });
    await expect(tabs.getByRole('link', { name: /Shared prospects/ })).toBeVisible();
    await expect(tabs.getByRole('link', { name: /Private watch/ })).toHaveCount(0);
    await tabs.getByRole('link', { name: /Shared prospects/ }).click();
    await expect(pb.getByText('By Anna Berg · read-only')).toBeVisible();
    await expect(pb.getByRole('button', { name: 'Rename' })).toHaveCount(0);
    await expect(pb.getByRole('button', { name: 'Delete list' })).toHaveCount(0);
    await expect(pb.getByRole('switch')).toHaveCount(0);
    await expect(pb.getByRole('img', { name: `Rating of ${p1.name}: 4 of 5 (Good)` })).toBeVisible();
    await expect(pb.getByText('quick release')).toBeVisible();
    await shot(pb, 'list-colleague-readonly');
    const theirs = await bridge<ScoutingReport[]>(pb, 'scoutingReports', { query: {} });
    expect(theirs.map((r) => [r.uid, r.readOnly, r.scout])).toEqual([[final.uid, true, 'Anna Berg']]);
    expect(theirs.some((r) => r.uid === draft.uid)).toBe(false);
    await pb.goto(`${lb.url}#/reports/${theirs[0]?.id}`);
    await expect(pb.getByText('A final report by Anna Berg, from your department: read-only.')).toBeVisible();
    await expect(pb.getByRole('button', { name: 'Delete' })).toHaveCount(0);
    await expect(pb.getByRole('button', { name: 'Reopen as draft' })).toHaveCount(0);
    await shot(pb, 'report-colleague-readonly');
  });

  await test.step('the server itself holds A’s private list back from B (row-level security, B’s own login)', async () => {
    const asB = await d.cluster.clientAs(B.user, B.password);
    const seen = await asB.query('SELECT name FROM rinkside.lists ORDER BY name');
    expect(seen.rows).toEqual([{ name: 'Shared prospects' }]);
    // B taking A's report back is refused by the server itself, in its own words.
    await expect(
      asB.query("UPDATE rinkside.reports SET status = 'retracted' WHERE id = $1", [final.uid]),
    ).rejects.toThrow(/row-level security/);
    await asB.end();
  });

  await test.step('A finishes a report while the server is down; it waits, then reaches the director', async () => {
    await connect(pd, ld.url, d, D);
    await syncNow(pd);
    await stopCluster(d.cluster.info.dir, 'fast');
    await report(pa, p1, {
      status: 'final',
      notes: 'second look',
      skating: 6,
      projection: 'middle-six-f',
      gameDate: '2024-02-03',
    });
    await pa.goto(`${la.url}#/players/${p1.id}`);
    await expect(statusButton(pa)).toHaveAccessibleName(/^Department: Offline · 1 change waiting/, { timeout: 60_000 });
    await shot(pa, 'status-offline');
    await startCluster(d.cluster.info.dir);
    await syncNow(pa);
    await syncNow(pd);
    await pd.goto(`${ld.url}#/players/${p1.id}`);
    const panel = pd.getByRole('region', { name: 'Department', exact: true });
    // Two final reports by one scout: the section's key figures.
    await expect(panel.getByRole('definition').nth(0)).toHaveText('2');
    await expect(panel.getByRole('definition').nth(1)).toHaveText('1Anna Berg');
    const rows = panel.getByRole('table', { name: `The department’s final reports on ${p1.name}, newest first` });
    await expect(rows.locator('tbody tr')).toHaveCount(2);
    await expect(rows.locator('tbody tr').first()).toContainText('Anna Berg');
    await expect(rows.locator('tbody tr').first()).toContainText('2024-02-03');
    await expect(rows.locator('tbody tr').first()).toContainText('Middle-six F');
    // Skating 8 and 6: mean 7.0, range 6–8 (computed here from the two reports written above).
    const skating = panel
      .getByRole('table', { name: `Department grades of ${p1.name}, beside yours` })
      .getByRole('row', { name: /Skating/ });
    await expect(skating).toContainText('7.0');
    await expect(skating).toContainText('6–8');
    const projections = panel.getByRole('list', { name: 'Projections' });
    await expect(projections.getByRole('listitem')).toHaveCount(2);
    await expect(projections).toContainText('Top-six F');
    await expect(projections).toContainText('Middle-six F');
    await shot(pd.locator('.player-file'), 'player-department');
    await expect(pd.getByText('Draft', { exact: true })).toHaveCount(0);
  });

  await test.step('A’s draft board reaches the director, who merges it with his own', async () => {
    const add = (page: Page, boardId: number, order: Player[]) =>
      order.reduce(
        (prev, p) =>
          prev.then(() =>
            bridge(page, 'draftBoardAdd', {
              boardId,
              playerId: p.id,
              player: { name: p.name, position: p.position, dateOfBirth: p.dateOfBirth },
            }),
          ),
        Promise.resolve<unknown>(null),
      );
    const onA = await bridge<DraftBoard>(pa, 'draftBoardCreate', { name: 'A’s 2027 board' });
    await add(pa, onA.id, [p1, p2]);
    const onD = await bridge<DraftBoard>(pd, 'draftBoardCreate', { name: 'Director’s 2027 board' });
    await add(pd, onD.id, [p2, p1]);
    await syncNow(pa);
    await syncNow(pd);
    const boards = await bridge<DraftBoard[]>(pd, 'draftBoards', {});
    const fromA = boards.find((b) => b.name === 'A’s 2027 board');
    expect(fromA?.readOnly).toBe(true);
    await pd.goto(`${ld.url}#/boards/merge?ids=${fromA?.id},${onD.id}`);
    const table = pd.getByRole('table', { name: 'Merged board' });
    await expect(table).toBeVisible();
    // Ranks written above: p1 first on A's board and second on the director's; p2 the other way round.
    for (const [p, ranks] of [
      [p1, ['1', '2']],
      [p2, ['2', '1']],
    ] as const) {
      const row = table.getByRole('row', { name: new RegExp(`^\\d+ ${p.name} `) });
      await expect(row.locator('td').nth(2)).toHaveText(ranks[0]);
      await expect(row.locator('td').nth(3)).toHaveText(ranks[1]);
    }
  });

  await test.step('one list renamed on two of A’s computers while the server is down: a conflict, shown and kept', async () => {
    const la2 = await startLaptop();
    laptops.push(la2);
    const pa2 = await context.newPage();
    pages.push(pa2);
    watch(pa2);
    await connect(pa2, la2.url, d, A);
    await syncNow(pa2);
    const onA2 = (await bridge<ScoutingList[]>(pa2, 'scoutingLists', {})).find((l) => l.uid === listShared.uid);
    if (!onA2) throw new Error('A’s second computer did not get his shared list');
    expect(onA2.readOnly).toBe(false);
    await stopCluster(d.cluster.info.dir, 'fast');
    await bridge(pa, 'scoutingListRename', { id: listShared.id, name: 'Prospects, laptop' });
    await bridge(pa2, 'scoutingListRename', { id: onA2.id, name: 'Prospects, desktop' });
    await startCluster(d.cluster.info.dir);
    await syncNow(pa);
    await syncNow(pa2);
    await syncNow(pa);
    const shown = await serverRows('SELECT name FROM rinkside.lists WHERE id = $1', [listShared.uid]);
    const conflicts = await bridge<{ id: string; state: { name?: string }; resolution: unknown }[]>(
      pa,
      'departmentConflicts',
      {},
    );
    const open = conflicts.filter((c) => c.resolution === null);
    expect(open).toHaveLength(1);
    const kept = open[0]?.state.name;
    // The server shows the change it committed last; the other one is the conflict, kept for its author.
    expect([shown[0]?.name, kept].sort()).toEqual(['Prospects, desktop', 'Prospects, laptop']);
    await expect(statusButton(pa)).toHaveAccessibleName(/1 conflict/);
    await pa.goto(`${la.url}#/settings#department`);
    const card = departmentCard(pa);
    const row = card.getByRole('listitem').filter({ hasText: kept as string });
    await expect(row).toBeVisible();
    await shot(card, 'conflicts');
    await row.getByRole('button', { name: /^Keep mine/ }).click();
    await expect(card.getByText('No conflicts: every change of yours is the one the department sees.')).toBeVisible();
    await syncNow(pa);
    expect(await serverRows('SELECT name FROM rinkside.lists WHERE id = $1', [listShared.uid])).toEqual([
      { name: kept },
    ]);

    // Once more, and this time A takes the version the server shows: it stays, his is dropped.
    await syncNow(pa2);
    await stopCluster(d.cluster.info.dir, 'fast');
    await bridge(pa, 'scoutingListRename', { id: listShared.id, name: 'Prospects, laptop 2' });
    await bridge(pa2, 'scoutingListRename', { id: onA2.id, name: 'Prospects, desktop 2' });
    await startCluster(d.cluster.info.dir);
    await syncNow(pa);
    await syncNow(pa2);
    await syncNow(pa);
    const [winner] = await serverRows('SELECT name FROM rinkside.lists WHERE id = $1', [listShared.uid]);
    await pa.reload();
    const second = card.getByRole('listitem').filter({ hasText: /Prospects, (laptop|desktop) 2/ });
    await expect(second).toHaveCount(1);
    await second.getByRole('button', { name: /^Take theirs/ }).click();
    await expect(card.getByText('No conflicts: every change of yours is the one the department sees.')).toBeVisible();
    await syncNow(pa);
    expect(await serverRows('SELECT name FROM rinkside.lists WHERE id = $1', [listShared.uid])).toEqual([winner]);
    const mine = (await bridge<ScoutingList[]>(pa, 'scoutingLists', {})).find((l) => l.uid === listShared.uid);
    expect(mine?.name).toBe(winner?.name);
  });

  await test.step('B: the status menu opens Settings → Department; Forget asks once, then stops syncing', async () => {
    await pb.goto(`${lb.url}#/lists`);
    await statusButton(pb).click();
    await pb
      .getByRole('dialog', { name: 'Department sync' })
      .getByRole('button', { name: 'Department settings' })
      .click();
    await expect(pb.getByRole('heading', { level: 2, name: 'Department' })).toBeFocused();
    const card = departmentCard(pb);
    await card.getByRole('button', { name: 'Forget…' }).click();
    const confirm = card.getByRole('alertdialog', { name: 'Forget the department?' });
    await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await shot(card, 'settings-forget');
    await confirm.getByRole('button', { name: 'Forget', exact: true }).click();
    await expect(card.getByText('Connected as')).toHaveCount(0);
    await expect(statusButton(pb)).toHaveCount(0);
    const after = await bridge<{ config: unknown; passwordStored: boolean }>(pb, 'departmentSettings', {});
    expect(after).toMatchObject({ config: null, passwordStored: false });
  });

  await test.step('no password in a page, a console line, an app’s output or a file of the data folders', async () => {
    const secrets = d.secrets();
    for (const p of pages) {
      const html = await p.content();
      for (const s of secrets) expect(html.includes(s)).toBe(false);
    }
    expect(seenText.length).toBeGreaterThan(20);
    for (const s of secrets) expect(seenText.join('\n').includes(s)).toBe(false);
    for (const l of laptops) {
      for (const s of secrets) expect(l.output().includes(s)).toBe(false);
      for (const f of filesText(l.dataDir)) for (const s of secrets) expect(f.text.includes(s), f.path).toBe(false);
    }
  });

  await context.close();
});
