import type { Page } from '@playwright/test';
import type { Assignment, Coverage } from '../../shared/department/desk.ts';
import {
  connect,
  type Department,
  type Laptop,
  startDepartmentServer,
  startLaptop,
  syncNow,
} from './department-world.ts';
import { env, expect, test } from './fixtures.ts';
import { bridge, finalSkaterReport as final, skaters } from './scouting.ts';

/**
 * The director's desk end to end, through the apps' bridge, on a real PostgreSQL made by the test and three
 * browser-shell apps with data folders of their own: scouts A and B, director D. D assigns a player to A;
 * A sees the assignment after a sync, and still with the server stopped, and his final report of the game
 * marks it done there. D's coverage of the department's final reports is checked against figures this test
 * works out from the reports it had the scouts write. (The desk's views are not built yet: no screenshots.)
 */

test.describe.configure({ mode: 'serial' });
test.use({ actionTimeout: 30_000 });

/** The apps' ports: the run's own range, after department.spec.ts's (+2 … +4), which may run beside it. */
const PORT = env.demo.port + 5;

let dep: Department | undefined;
const laptops: Laptop[] = [];
test.afterEach(async () => {
  for (const l of laptops.splice(0)) await l.stop().catch(() => undefined);
  await dep?.stop();
  dep = undefined;
});

type Player = { id: number; name: string; position: string | null; dateOfBirth: string | null };

test('a director assigns, the scout sees it offline and his report marks it done; coverage as worked out here', async ({
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
  const login = (u: string) => {
    const l = d.logins[u];
    if (!l) throw new Error(`no login ${u}`);
    return l;
  };
  const [p1, p2] = await skaters(service, 2);
  if (!p1 || !p2) throw new Error('two skaters are needed');
  const [la, lb, ld] = await Promise.all([startLaptop(PORT), startLaptop(PORT + 1), startLaptop(PORT + 2)]);
  laptops.push(la, lb, ld);
  const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
  const pa = page;
  const [pb, pd] = await Promise.all([context.newPage(), context.newPage()]);
  await connect(pa, la.url, d, login('scout_a'));
  await connect(pb, lb.url, d, login('scout_b'));
  await connect(pd, ld.url, d, login('director_d'));

  // What the scouts write, kept here to work the coverage out independently.
  const written: { page: Page; by: string; p: Player; date: string; skating: number; projection: string }[] = [
    { page: pa, by: 'a', p: p2, date: '2026-10-01', skating: 6, projection: 'middle-six-f' },
    { page: pb, by: 'b', p: p2, date: '2026-10-08', skating: 9, projection: 'top-six-f' },
    { page: pb, by: 'b', p: p2, date: '2026-10-20', skating: 8.5, projection: 'top-six-f' },
  ];
  let source = '';
  for (const w of written) source = (await final(w.page, w.p, w.date, w.skating, w.projection)).source;

  let assignment: Assignment;
  await test.step('D assigns p1 to A for a game; A sees it after a sync, B never', async () => {
    assignment = await bridge<Assignment>(pd, 'departmentAssign', {
      assignee: 'scout_a',
      player: { source, playerId: p1.id, name: p1.name, dateOfBirth: p1.dateOfBirth, position: p1.position },
      assignedOn: '2026-11-01',
      dueDate: '2026-11-30',
      note: 'his first step',
      game: { date: '2026-11-14', homeTeam: 'Kitchener Rangers', awayTeam: 'London Knights' },
    });
    for (const p of [pa, pb, pd]) await syncNow(p);
    for (const p of [pa, pb, pd]) await syncNow(p);
    const mine = await bridge<Assignment[]>(pa, 'departmentAssignments', {});
    expect(mine.map((x) => [x.uid, x.director, x.player.name, x.doneOn])).toEqual([
      [assignment.uid, 'director_d', p1.name, null],
    ]);
    expect(await bridge<Assignment[]>(pb, 'departmentAssignments', { who: 'all' })).toEqual([]);
  });

  await test.step("D's coverage is the reports' own figures", async () => {
    const cov = await bridge<Coverage>(pd, 'departmentCoverage', { sort: 'reports', desc: true });
    const mine = written.filter((w) => w.p.id === p2.id);
    const grades = mine.map((w) => w.skating);
    const row = cov.rows.find((r) => r.player.playerId === p2.id);
    expect(row).toMatchObject({
      reports: mine.length,
      scouts: new Set(mine.map((w) => w.by)).size,
      scoutNames: ['Anna Berg', 'Ben Okafor'],
      firstSeen: '2026-10-01',
      lastSeen: '2026-10-20',
      areas: {
        skating: {
          graded: 3,
          mean: grades.reduce((x, y) => x + y, 0) / grades.length,
          min: Math.min(...grades),
          max: Math.max(...grades),
        },
        hockeySense: { graded: 3, mean: 7, min: 7, max: 7 },
      },
      projections: { 'top-six-f': 2, 'middle-six-f': 1 },
      topProjection: 'top-six-f',
      // 9 - 6 = 3 is over the default threshold of 2.
      disagreeAreas: ['skating'],
    });
    expect(cov.threshold).toBe(2);
  });

  await test.step('the server stops; A still sees his assignment, and his final report of the game marks it done', async () => {
    await d.cluster.stop();
    dep = undefined;
    const before = await bridge<Assignment[]>(pa, 'departmentAssignments', { open: true });
    expect(before.map((x) => x.uid)).toEqual([assignment.uid]);
    await final(pa, p1, '2026-11-13', 7, 'depth');
    expect((await bridge<Assignment[]>(pa, 'departmentAssignments', {}))[0]?.doneOn).toBeNull();
    await final(pa, p1, '2026-11-14', 7.5, 'middle-six-f');
    const after = await bridge<Assignment[]>(pa, 'departmentAssignments', {});
    expect(after.map((x) => [x.uid, x.doneOn])).toEqual([[assignment.uid, '2026-11-14']]);
    expect(await bridge<Assignment[]>(pa, 'departmentAssignments', { open: true })).toEqual([]);
  });
});
