import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { ScoutingList } from '../../shared/domain/lists.ts';
import {
  connect,
  type Department,
  type Laptop,
  startDepartmentServer,
  startLaptop,
  statusButton,
  syncNow,
} from './department-world.ts';
import { expect, test } from './fixtures.ts';
import { bridge } from './scouting.ts';

/**
 * A laptop handed from scout A to scout B of one department, on a real PostgreSQL: A writes a list the
 * server never gets (his login is switched off on the server meanwhile), the laptop is set up for B in
 * Settings → Department, and the top bar's menu names A's list as written under his login, not sent,
 * with nothing refused. The menu's picture: `$RINKSIDE_SHOTS_DIR` (docs/screenshots/department-handover).
 */

const SHOTS = process.env.RINKSIDE_SHOTS_DIR || join('test-results', 'screens', 'department-handover');

let dep: Department | undefined;
let laptop: Laptop | undefined;

test.afterEach(async () => {
  await laptop?.stop().catch(() => undefined);
  await dep?.stop();
  dep = undefined;
  laptop = undefined;
});

test("the status menu names A's unsent work after the laptop is set up for B", async ({ page }) => {
  test.setTimeout(180_000);
  dep = await startDepartmentServer([
    { user: 'scout_a', scoutName: 'Anna Berg' },
    { user: 'scout_b', scoutName: 'Ben Okafor' },
  ]);
  const { scout_a: A, scout_b: B } = dep.logins;
  if (!A || !B) throw new Error('a login is missing');
  laptop = await startLaptop();
  await page.setViewportSize({ width: 1280, height: 800 });
  await connect(page, laptop.url, dep, A);
  await syncNow(page);
  // A's login is switched off on the server: what he writes now stays on the laptop.
  const admin = await dep.cluster.adminClient();
  await admin.query('ALTER ROLE scout_a NOLOGIN');
  await admin.end();
  await bridge<ScoutingList>(page, 'scoutingListCreate', { name: 'Anna’s wingers' });
  await connect(page, laptop.url, dep, B);
  await syncNow(page);
  await statusButton(page).click();
  const menu = page.getByRole('dialog', { name: 'Department sync' });
  await expect(menu).toBeVisible();
  await mkdir(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, 'status-menu.png'), clip: { x: 640, y: 0, width: 640, height: 320 } });
  await expect(menu).toContainText(
    '1 record written under scout_a’s login, not sent: Anna’s wingers. They go when this computer is set up for scout_a again.',
  );
  await expect(menu).not.toContainText('refused');
});
