import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { type DirectService, env, expect, recordShot, test } from './fixtures.ts';

/**
 * WCAG 2.1 AA on every view of the demo world: axe-core (through @axe-core/playwright) scans each view
 * once its data is in, in the light and the dark colour scheme, with the tags of WCAG 2.0 and 2.1 at
 * levels A and AA, and the test asserts that no rule fails. No rule is disabled.
 *
 * A new view gets scanned by adding a row to {@link VIEWS}: its address (built from the demo world's ids,
 * read from the test's own service client) and what "its data is in" means.
 */

const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const LEAGUE = 'nhl';
const SEASON = '2018-2019';

/** Ids of the demo world that views need in their address. */
interface World {
  teamId: number;
  compareIds: number[];
}

/** A view to scan: its address in the demo world, and a wait until its content is in. */
interface ScannedView {
  name: string;
  path: (w: World) => string;
  ready: (page: Page) => Promise<void>;
  /** Something to open before the scan (a menu, a dialog), so its own content is scanned too. */
  open?: (page: Page) => Promise<void>;
}

/** Every data table on the page is settled (none loading, none dimmed while the next page loads). */
async function tablesReady(page: Page, count: number): Promise<void> {
  await expect(page.locator('.data-table')).toHaveCount(count);
  await expect(page.locator('.data-table:not([data-state="ready"])')).toHaveCount(0);
}

/** Nothing in the view is still loading (skeletons, busy regions). */
async function settled(page: Page): Promise<void> {
  await expect(page.locator('main .skeleton, main .skeleton-row')).toHaveCount(0);
  await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0);
}

const VIEWS: readonly ScannedView[] = [
  { name: 'teams', path: () => '/teams', ready: (p) => tablesReady(p, 1) },
  {
    name: 'teams, Export menu open',
    path: () => '/teams',
    ready: (p) => tablesReady(p, 1),
    open: async (p) => {
      await p.getByRole('button', { name: /^Export/ }).click();
      await expect(p.locator('.export-panel')).toBeVisible();
    },
  },
  { name: 'team', path: (w) => `/teams/${w.teamId}?season=${SEASON}`, ready: (p) => tablesReady(p, 3) },
  {
    name: 'goaltending leaders',
    path: (w) => `/teams/${w.teamId}/goaltending-leaders?season=${SEASON}`,
    ready: (p) => tablesReady(p, 1),
  },
  { name: 'standings', path: () => `/standings?league=${LEAGUE}&season=${SEASON}`, ready: (p) => tablesReady(p, 1) },
  {
    name: 'compare',
    path: (w) => `/compare?league=${LEAGUE}&season=${SEASON}&teams=${w.compareIds.join(',')}`,
    ready: async (p) => {
      await expect(p.locator('[data-chart] svg.recharts-surface')).toHaveCount(4);
    },
  },
  { name: 'players', path: () => '/players', ready: settled },
  { name: 'lists', path: () => '/lists', ready: settled },
  {
    name: 'reports',
    path: () => '/reports',
    ready: async (p) => {
      await expect(p.getByRole('heading', { name: 'Scouting reports' })).toBeVisible();
      await settled(p);
    },
  },
  {
    name: 'draft boards',
    path: () => '/boards',
    ready: async (p) => {
      await expect(p.getByRole('heading', { name: 'Draft boards' })).toBeVisible();
      await settled(p);
    },
  },
  {
    name: 'settings',
    path: () => '/settings',
    ready: async (p) => {
      await expect(p.locator('.key-status')).not.toHaveText(/Checking/);
      await settled(p);
    },
  },
  {
    name: 'not found',
    path: () => '/no-such-view',
    ready: async (p) => {
      await expect(p.getByText('There is no such page in Rinkside.')).toBeVisible();
    },
  },
];

/** The demo world's ids: a team of the league-season, and three teams to compare. */
async function world(service: DirectService): Promise<World> {
  const standings = await service.list<{ team: { id: number } }>(`/leagues/${LEAGUE}/standings`, {
    season: SEASON,
    limit: '3',
    sort: 'position',
  });
  const ids = standings.data.map((s) => s.team.id);
  const [teamId] = ids;
  if (teamId === undefined || ids.length < 3) throw new Error(`the demo world lacks ${LEAGUE} ${SEASON}`);
  return { teamId, compareIds: ids };
}

/** A violation as a line a reader can act on: the rule, its impact, how many nodes and the first few. */
function describe(v: { id: string; impact?: string | null; help: string; nodes: { target: unknown[] }[] }): string {
  const targets = v.nodes.slice(0, 4).map((n) => n.target.join(' '));
  return `${v.id} (${v.impact ?? 'n/a'}): ${v.help}: ${v.nodes.length} node(s), e.g. ${targets.join(' | ')}`;
}

for (const scheme of ['light', 'dark'] as const) {
  test(`WCAG 2.1 AA, ${scheme} colour scheme: axe finds no violation on any view of the demo world`, async ({
    page,
    service,
  }) => {
    test.setTimeout(180_000);
    const w = await world(service);
    await page.emulateMedia({ colorScheme: scheme });
    const found: string[] = [];
    let nodes = 0;
    for (const view of VIEWS) {
      await page.goto(`${env.demo.url}#${view.path(w)}`);
      await view.ready(page);
      await view.open?.(page);
      const result = await new AxeBuilder({ page }).withTags(WCAG_21_AA).analyze();
      for (const v of result.violations) {
        nodes += v.nodes.length;
        found.push(`${view.name}: ${describe(v)}`);
      }
      if (scheme === 'light' && !view.open) {
        await recordShot(page, `a11y-${view.name.replace(/\W+/g, '-')}`);
      }
    }
    console.log(`axe, ${scheme}: ${found.length} rule failures over ${VIEWS.length} views, ${nodes} nodes`);
    for (const line of found) console.log(`  ${line}`);
    expect(found).toEqual([]);
  });
}
