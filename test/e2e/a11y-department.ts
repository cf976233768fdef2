import { randomUUID } from 'node:crypto';
import type { Browser, Page } from '@playwright/test';
import type { ScoutingList } from '../../shared/domain/lists.ts';
import type { ScoutingReport } from '../../shared/domain/reports.ts';
import { type ScannedView, settled, titled } from './axe.ts';
import {
  connect,
  type Department,
  type Laptop,
  startDepartmentServer,
  startLaptop,
  syncNow,
} from './department-world.ts';
import { expect } from './fixtures.ts';
import { bridge } from './scouting.ts';

/**
 * The department's views for the accessibility sweep (accessibility.spec.ts): a real PostgreSQL and two
 * laptops of the sweep's own. Scout A writes a final report on a player and shares a list; scout B (whose
 * laptop is scanned) syncs them, writes his own final report on the same player, shares a list of his and
 * gets a conflict (his list renamed by a change of his own login on the server, as his other computer
 * would). The sweep then scans, on B's laptop: Settings → Department with the conflict, the top bar's
 * status menu, A's list read-only, B's shared list with its switch, the player's page with the
 * department's reports, A's report read-only, B's report with its versions, Assignments with what is new
 * (A's report on B's listed player), the coverage table (both scouts' reports on the player), B's viewing
 * log and the reports list.
 */

export interface DepartmentWorld {
  player: { id: number; name: string };
  colleagueList: number;
  ownList: number;
  colleagueReport: number;
  ownReport: number;
}

export interface DepartmentApp {
  url: string;
  world: DepartmentWorld;
  close(): Promise<void>;
}

type Skater = { id: number; name: string; position: string | null; dateOfBirth: string | null };

/** A final report on `p`, `skating` telling the scouts' reports apart. */
const finalReport = (page: Page, p: Skater, skating: number) =>
  bridge<ScoutingReport>(page, 'scoutingReportSave', {
    playerId: p.id,
    player: { name: p.name, position: p.position, dateOfBirth: p.dateOfBirth },
    gameDate: '2024-03-02',
    homeTeam: 'Oshawa Generals',
    awayTeam: 'Peterborough Petes',
    league: 'OHL',
    score: '3-1',
    positionPlayed: 'C',
    kind: 'skater',
    grades: { skating, compete: 7.5 },
    projection: skating > 6 ? 'top-six-f' : 'bottom-six-f',
    strengths: 'edges',
    weaknesses: '',
    notes: '',
    status: 'final',
  });

/** A shared list of one player, rated. */
async function sharedList(page: Page, name: string, p: Skater): Promise<ScoutingList> {
  const list = await bridge<ScoutingList>(page, 'scoutingListCreate', { name });
  await bridge(page, 'scoutingListEntrySave', {
    listId: list.id,
    playerId: p.id,
    player: { name: p.name, position: p.position, dateOfBirth: p.dateOfBirth },
    rating: 3,
    note: 'watch again',
  });
  return bridge<ScoutingList>(page, 'scoutingListShare', { id: list.id, shared: true });
}

/** Starts the department and the two laptops and prepares what the views show. */
export async function startDepartmentApp(browser: Browser, p: Skater): Promise<DepartmentApp> {
  const dep: Department = await startDepartmentServer([
    { user: 'sweep_a', scoutName: 'Anna Berg' },
    { user: 'sweep_b', scoutName: 'Ben Okafor' },
  ]);
  const laptops: Laptop[] = [];
  const close = async () => {
    for (const l of laptops) await l.stop().catch(() => undefined);
    await dep.stop();
  };
  try {
    laptops.push(await startLaptop(), await startLaptop());
    const [la, lb] = laptops as [Laptop, Laptop];
    const [A, B] = [dep.logins.sweep_a, dep.logins.sweep_b] as [
      NonNullable<Department['logins'][string]>,
      NonNullable<Department['logins'][string]>,
    ];
    const page = await browser.newPage();
    try {
      await connect(page, la.url, dep, A);
      await finalReport(page, p, 8);
      await sharedList(page, 'Anna’s prospects', p);
      await syncNow(page);
      await connect(page, lb.url, dep, B);
      const own = await finalReport(page, p, 6);
      const ownList = await sharedList(page, 'Ben’s watch', p);
      await syncNow(page);
      // A change of B's own login that did not start from what his laptop has: the server keeps his
      // laptop's state as a conflict for him.
      const asB = await dep.cluster.clientAs(B.user, B.password);
      const change = {
        changeId: randomUUID(),
        kind: 'list',
        recordId: ownList.uid,
        base: null,
        state: { name: 'Ben’s watch (desk)', shared: true, deleted: false },
      };
      await asB.query('SELECT * FROM rinkside.push($1::jsonb)', [JSON.stringify([change])]);
      await asB.end();
      await syncNow(page);
      const lists = await bridge<ScoutingList[]>(page, 'scoutingLists', {});
      const reports = await bridge<ScoutingReport[]>(page, 'scoutingReports', { query: { playerId: p.id } });
      const colleagueList = lists.find((l) => l.readOnly)?.id;
      const colleagueReport = reports.find((r) => r.readOnly)?.id;
      if (colleagueList === undefined || colleagueReport === undefined) throw new Error('B did not get A’s records');
      return {
        url: lb.url,
        world: {
          player: { id: p.id, name: p.name },
          colleagueList,
          ownList: ownList.id,
          colleagueReport,
          ownReport: own.id,
        },
        close,
      };
    } finally {
      await page.close();
    }
  } catch (e) {
    await close();
    throw e;
  }
}

export const DEPARTMENT_VIEWS: readonly ScannedView<DepartmentWorld>[] = [
  {
    name: 'settings, department connected, a conflict',
    path: () => '/settings',
    ready: async (p) => {
      await expect(p.getByRole('button', { name: /^Keep mine: / })).toBeVisible();
      await settled(p);
    },
  },
  {
    name: 'top bar, department status menu open',
    path: () => '/reports',
    ready: async (p) => {
      await titled(p, 'Scouting reports');
    },
    open: async (p) => {
      await p
        .getByRole('banner')
        .getByRole('button', { name: /^Department: / })
        .click();
      await expect(p.getByRole('dialog', { name: 'Department sync' })).toBeVisible();
    },
  },
  {
    name: 'list, a colleague’s, read-only',
    path: (w) => `/lists/${w.colleagueList}`,
    ready: async (p) => {
      await expect(p.getByText(/ · read-only$/)).toBeVisible();
      await settled(p);
    },
  },
  {
    name: 'list, own, shared',
    path: (w) => `/lists/${w.ownList}`,
    ready: async (p) => {
      await expect(p.getByRole('switch', { name: 'Shared with the department' })).toBeChecked();
      await settled(p);
    },
  },
  {
    name: 'player, the department’s reports',
    path: (w) => `/players/${w.player.id}`,
    ready: async (p, w) => {
      await expect(p.getByRole('table', { name: `Department grades of ${w.player.name}, beside yours` })).toBeVisible();
      await titled(p, w.player.name);
    },
  },
  {
    name: 'report, a colleague’s, read-only',
    path: (w) => `/reports/${w.colleagueReport}`,
    ready: async (p) => {
      await expect(p.getByText(/from your department: read-only/)).toBeVisible();
      await settled(p);
    },
  },
  {
    name: 'report, own, its versions open',
    path: (w) => `/reports/${w.ownReport}`,
    ready: async (p) => {
      await expect(p.getByRole('button', { name: /Versions the department has/ })).toBeVisible();
      await settled(p);
    },
    open: async (p) => {
      await p.getByRole('button', { name: /Versions the department has/ }).click();
      await expect(p.getByText('Version 1')).toBeVisible();
    },
  },
  {
    name: 'coverage, the department’s reports on the player',
    path: () => '/coverage',
    ready: async (p, w) => {
      await expect(
        p.getByRole('table', { name: 'Coverage by the department' }).getByRole('rowheader', { name: w.player.name }),
      ).toBeVisible();
      await titled(p, 'Coverage');
    },
  },
  {
    name: 'viewing log, own',
    path: () => '/viewing-log',
    ready: async (p) => {
      await expect(p.getByRole('table', { name: 'Viewing log by week' }).getByRole('rowheader')).toHaveCount(1);
      await titled(p, 'Viewing log');
    },
  },
  {
    name: 'assignments, what is new',
    path: () => '/assignments',
    ready: async (p, w) => {
      await expect(
        p.getByRole('region', { name: /^What’s new/ }).getByRole('heading', { name: w.player.name }),
      ).toBeVisible();
      await expect(
        p.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Assignments\s*1 new$/ }),
      ).toBeVisible();
      await titled(p, 'Assignments');
    },
  },
  {
    name: 'reports, shared marks',
    path: () => '/reports',
    ready: async (p) => {
      await expect(p.getByRole('img', { name: 'Shared with the department' })).toHaveCount(1);
      await titled(p, 'Scouting reports');
    },
  },
];
