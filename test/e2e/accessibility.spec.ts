import { DEPARTMENT_VIEWS, type DepartmentApp, startDepartmentApp } from './a11y-department.ts';
import { STORED_VIEWS, type StoredApp, startStoredApp } from './a11y-stored.ts';
import { VIEWS, world } from './a11y-world.ts';
import { scanViews } from './axe.ts';
import { env, expect, test } from './fixtures.ts';
import { skaters } from './scouting.ts';

/**
 * WCAG 2.1 AA on every view, one sweep per colour scheme: axe-core scans each view once its data is in,
 * with the tags of WCAG 2.0 and 2.1 at levels A and AA, and the test asserts that no rule fails. No rule is
 * disabled. Each sweep first waits until the code and stylesheet of every view are loaded (the app loads
 * them in the background after launch), since a view's stylesheet, once loaded, applies to every view;
 * then it visits the views inside that one page, as the scout's clicks do.
 *
 * A sweep covers the views of the run's demo instance as a new scout first meets them (the offline store
 * empty: a11y-world.ts), then those that show what the store holds, in an app of the sweep's own with a
 * league downloaded and a list (a11y-stored.ts), and the department's views on a laptop synced with a real
 * PostgreSQL, a colleague's records and a conflict in it (a11y-department.ts).
 */

test.describe.configure({ mode: 'serial' });

let stored: StoredApp | undefined;
let department: DepartmentApp | undefined;

test.beforeAll(async ({ browser, service }) => {
  test.setTimeout(360_000);
  stored = await startStoredApp(browser);
  const [player] = await skaters(service, 1);
  if (!player) throw new Error('no skater in the demo database');
  department = await startDepartmentApp(browser, player);
});

test.afterAll(async () => {
  await stored?.close();
  await department?.close();
});

for (const scheme of ['light', 'dark'] as const) {
  test(`WCAG 2.1 AA, ${scheme} colour scheme: axe finds no violation on any view, every view's stylesheet loaded`, async ({
    page,
    service,
  }) => {
    test.setTimeout(300_000);
    const app = stored as StoredApp;
    const dep = department as DepartmentApp;
    const found = [
      ...(await scanViews(page, env.demo.url, VIEWS, await world(service), { scheme, shots: 'a11y' })),
      ...(await scanViews(page, app.url, STORED_VIEWS, app.stored, { scheme, shots: 'a11y-stored' })),
      ...(await scanViews(page, dep.url, DEPARTMENT_VIEWS, dep.world, { scheme, shots: 'a11y-department' })),
    ];
    expect(found).toEqual([]);
  });
}
