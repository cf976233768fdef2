import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test as base, expect, type Locator, type Page } from '@playwright/test';
import { type RunningService, startService } from '../../service/server.ts';
import { type DatabankApp, EARLY_SAMPLE, startDatabankApp } from './databank-app.ts';
import { e2eEnv, readTestKeys } from './env.ts';
import { type OwnApp, startOwnApp, stopOwnApp } from './own-app.ts';

/**
 * Fixtures of the e2e tests. Expected values never come from the code under test: the `service` fixture
 * is a second local service the test starts itself on the very database file the app instance created
 * (read-only), with the run's keys file, so the test knows its base URL and key and reads the raw
 * records over HTTP; the tests sort and format those records with their own code.
 *
 * Apps: the run's two instances (playwright.config.ts) serve every spec that leaves their data as it is.
 * A spec that writes what others read (lists, boards, a download) but needs no fresh app shares its
 * worker's own: `workerApp` on the demo data, `earlyDatabank` on a Databank sample. A spec that kills its
 * app, restarts it on damaged files or slows its service starts one of its own (own-app.ts).
 */

export const env = e2eEnv();

/** An envelope of a list operation, as the spec gives it. */
export interface ListEnvelope<T> {
  _meta: { offset: number; limit: number; totalRecords: number };
  data: T[];
}

/** The test's own client of the local service. */
export interface DirectService {
  baseUrl: string;
  /** GET `{baseUrl}{path}?{query}` with the full-access key in the `X-Api-Key` header; throws unless 200. */
  list<T>(path: string, query?: Record<string, string>): Promise<ListEnvelope<T>>;
  /** As {@link DirectService.list}, for any answer: a record's `{ data }` or a list's envelope. */
  get<T>(path: string, query?: Record<string, string>): Promise<T>;
}

/** What the page must never hold: the run's three keys by name, and any demo key by its shape. */
const DEMO_KEY_RE = /demo-[0-9a-f]{24}/;

/**
 * Watches a page for keys: every console message, every `/bridge/*` response body the page receives,
 * and on {@link KeyWatch.findings} the DOM (`page.content()`) and local/session storage. Findings name
 * the place and the key ("DOM: full-access key"), never the key itself.
 */
export interface KeyWatch {
  /** Where a key was seen so far (also checks the page's DOM and storage now). Empty when none. */
  findings(): Promise<string[]>;
  /** How many bridge response bodies were read (a watch that saw nothing proves nothing). */
  bodiesSeen(): number;
}

function keysIn(text: string, keys: { name: string; value: string }[]): string[] {
  const out = keys.filter((k) => text.includes(k.value)).map((k) => k.name);
  if (DEMO_KEY_RE.test(text)) out.push('a demo key');
  return out;
}

/** The worker-scoped fixtures: one of each per worker, made when a test first asks for it. */
export interface WorkerFixtures {
  service: DirectService;
  /**
   * `npm start` on the run's demo database with a data folder of its own: the specs on it (boards,
   * agency-clients) keep their lists, boards and downloads out of the run's instances. They share it, so
   * none counts on lists or boards being empty, and only agency-clients downloads into its store.
   */
  workerApp: OwnApp;
  /** `npm start` on the Databank's {@link EARLY_SAMPLE}; the specs on it only read. */
  earlyDatabank: DatabankApp;
}

export const test = base.extend<{ keyWatch: KeyWatch }, WorkerFixtures>({
  keyWatch: [
    async ({ page }, use) => {
      const k = readTestKeys(env);
      const keys = [
        { name: 'full-access key', value: k.full },
        { name: 'restricted key', value: k.restricted },
        { name: 'wrong key', value: k.wrong },
      ];
      const seen = new Set<string>();
      const pending: Promise<void>[] = [];
      let bodies = 0;
      page.on('console', (msg) => {
        for (const name of keysIn(msg.text(), keys)) seen.add(`console: ${name}`);
      });
      page.on('pageerror', (err) => {
        for (const name of keysIn(`${err.message}\n${err.stack ?? ''}`, keys)) seen.add(`page error: ${name}`);
      });
      page.on('response', (res) => {
        if (!new URL(res.url()).pathname.startsWith('/bridge/')) return;
        pending.push(
          res.text().then(
            (body) => {
              bodies += 1;
              for (const name of keysIn(body, keys)) seen.add(`response ${new URL(res.url()).pathname}: ${name}`);
            },
            () => {},
          ),
        );
      });
      const watch: KeyWatch = {
        async findings() {
          await Promise.all(pending);
          if (!page.isClosed()) {
            for (const name of keysIn(await page.content(), keys)) seen.add(`DOM: ${name}`);
            const storage = await page.evaluate(() =>
              JSON.stringify([Object.entries(localStorage), Object.entries(sessionStorage)]),
            );
            for (const name of keysIn(storage, keys)) seen.add(`storage: ${name}`);
            for (const name of keysIn(decodeURIComponent(page.url()), keys)) seen.add(`URL: ${name}`);
          }
          return [...seen];
        },
        bodiesSeen: () => bodies,
      };
      await use(watch);
      expect(await watch.findings(), 'a key reached the page').toEqual([]);
      // A watch that read no bridge answer would prove nothing.
      expect(watch.bodiesSeen(), 'bridge response bodies read').toBeGreaterThan(0);
    },
    { auto: true },
  ],
  service: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixture names from a destructured first parameter and rejects any other form
    async ({}, use) => {
      const keys = readTestKeys(env);
      const running: RunningService = await startService({
        db: join(env.demo.dataDir, 'demo.sqlite'),
        keys: env.keyed.keysFile,
      });
      const get = async <T>(path: string, query: Record<string, string> = {}) => {
        const url = `${running.baseUrl}${path}?${new URLSearchParams(query)}`;
        const res = await fetch(url, { headers: { 'x-api-key': keys.full } });
        if (res.status !== 200) throw new Error(`GET ${path} answered ${res.status}`);
        return (await res.json()) as T;
      };
      await use({
        baseUrl: running.baseUrl,
        list: <T>(path: string, query?: Record<string, string>) => get<ListEnvelope<T>>(path, query),
        get,
      });
      await running.close();
    },
    { scope: 'worker' },
  ],
  workerApp: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixture names from a destructured first parameter and rejects any other form
    async ({}, use) => {
      const db = join(env.demo.dataDir, 'demo.sqlite');
      if (!existsSync(db)) throw new Error('the demo instance has not seeded its database');
      const dataDir = await mkdtemp(join(tmpdir(), 'rinkside-e2e-worker-app-'));
      const app = await startOwnApp(dataDir, db);
      await use(app);
      await stopOwnApp(app);
      await rm(dataDir, { recursive: true, force: true });
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  earlyDatabank: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixture names from a destructured first parameter and rejects any other form
    async ({}, use) => {
      const app = await startDatabankApp(EARLY_SAMPLE);
      await use(app);
      await app.close();
    },
    { scope: 'worker', timeout: 240_000 },
  ],
});

export { expect };

// ─── The test's own comparator and formatters ──────────────────────────────────────────────────────

/** A record's value at a dotted path. */
export function at(record: unknown, path: string): unknown {
  let cur = record;
  for (const step of path.split('.')) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string, unknown>)[step];
  }
  return cur;
}

/**
 * Sorts records as the spec's conventions say a service sorts them: by one numeric key, ascending or
 * descending; nulls (and missing values) last in both directions; ties by ascending `id`.
 */
export function sortedBy<T extends { id: number }>(rows: readonly T[], path: string, desc: boolean): T[] {
  const num = (r: T): number | null => {
    const v = at(r, path);
    if (typeof v === 'number') return v;
    if (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) return Number(v);
    return null;
  };
  return [...rows].sort((a, b) => {
    const x = num(a);
    const y = num(b);
    if (x === null || y === null) {
      if (x !== y) return x === null ? 1 : -1;
    } else if (x !== y) {
      return desc ? y - x : x - y;
    }
    return a.id - b.id;
  });
}

const DASH = '—';
/** SV% as hockey writes it: 0.915 → `.915`. */
export const svp = (v: unknown) => (typeof v === 'number' ? v.toFixed(3).replace(/^0\./, '.') : DASH);
/** GAA to two decimals. */
export const gaa = (v: unknown) => (typeof v === 'number' ? v.toFixed(2) : DASH);
/** Whole numbers with thousands separators (GP, W, TOI minutes …). */
export const int = (v: unknown) => (typeof v === 'number' ? Math.round(v).toLocaleString('en-US') : DASH);

// ─── Reading the page ──────────────────────────────────────────────────────────────────────────────

/** A table as the scout sees it: header titles (the `title` of each column) and each body row's cell texts. */
export interface ShownTable {
  titles: string[];
  rows: string[][];
}

/**
 * Reads a data table: the header cells' titles and the text of every rendered body row (skeleton, spacer
 * and group rows left out). A cell's text is its emphasised part when it has one (a player's name
 * without the jersey number).
 */
export async function readTable(table: Locator): Promise<ShownTable> {
  return table.evaluate((el) => {
    const t = el as HTMLTableElement;
    const titles = [...(t.tHead?.rows[0]?.cells ?? [])].map((th) => th.getAttribute('title') ?? '');
    const rows = [...(t.tBodies[0]?.rows ?? [])]
      .filter((r) => !r.classList.contains('skeleton-row') && !r.classList.contains('spacer'))
      .filter((r) => !r.classList.contains('group-row'))
      .map((r) => [...r.cells].map((c) => (c.querySelector('.strong')?.textContent ?? c.textContent ?? '').trim()));
    return { titles, rows };
  });
}

/**
 * Reads every row of a data table, virtualised or not: scrolls its scroll container from top to bottom,
 * collecting the rendered data rows by `aria-rowindex` (a virtualised body renders only the rows near the
 * visible ones), then scrolls back to the top. Same shape as {@link readTable}.
 */
export async function readAllRows(table: Locator): Promise<ShownTable> {
  return table.evaluate(async (el) => {
    const t = el as HTMLTableElement;
    const scroller = t.closest('.table-scroll') as HTMLElement;
    const frame = () => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 30)));
    const titles = [...(t.tHead?.rows[0]?.cells ?? [])].map((th) => th.getAttribute('title') ?? '');
    const byIndex = new Map<number, string[]>();
    const collect = () => {
      for (const r of t.tBodies[0]?.rows ?? []) {
        const i = Number(r.getAttribute('aria-rowindex'));
        if (!i || r.classList.contains('skeleton-row')) continue;
        byIndex.set(
          i,
          [...r.cells].map((c) => (c.querySelector('.strong')?.textContent ?? c.textContent ?? '').trim()),
        );
      }
    };
    scroller.scrollTop = 0;
    await frame();
    collect();
    while (scroller.scrollTop + scroller.clientHeight < scroller.scrollHeight - 1) {
      const before = scroller.scrollTop;
      scroller.scrollTop = before + Math.max(60, scroller.clientHeight - 60);
      await frame();
      await frame();
      collect();
      if (scroller.scrollTop === before) break;
    }
    scroller.scrollTop = 0;
    await frame();
    return { titles, rows: [...byIndex].sort((a, b) => a[0] - b[0]).map(([, cells]) => cells) };
  });
}

/** One column of a shown table, by the column's title. */
export function column(shown: ShownTable, title: string): string[] {
  const i = shown.titles.indexOf(title);
  if (i < 0) throw new Error(`no column titled "${title}" (have: ${shown.titles.join(' | ')})`);
  return shown.rows.map((r) => r[i] ?? '');
}

/**
 * Some columns of a shown table, by their titles, row by row in the order given: read by title, not by
 * place, since a column with one value on every row of the page is left out (shared/columns,
 * `visibleColumns`). Throws, naming the titles shown, when one is missing.
 */
export function columns(shown: ShownTable, titles: readonly string[]): string[][] {
  const cols = titles.map((t) => column(shown, t));
  return shown.rows.map((_, r) => cols.map((c) => c[r] ?? ''));
}

/** The URL's hash route parameters: `#/teams?q=x&limit=25` → URLSearchParams of `q=x&limit=25`. */
/**
 * The column labels the line under a table names as the same on every row (renderer/table/SameValueNote):
 * those with their value ("Views: 0") and those blank on every row; none when the table has no such line.
 */
export async function notedLabels(scope: Page | Locator): Promise<string[]> {
  return scope.locator('.same-value-note .same-value-label').allTextContents();
}

export function hashParams(page: Page): URLSearchParams {
  const hash = new URL(page.url()).hash;
  const i = hash.indexOf('?');
  return new URLSearchParams(i < 0 ? '' : hash.slice(i + 1));
}

/**
 * A column header's sort button, by the column's title: its accessible name starts with the header as
 * shown, `SV% (Save percentage, regular season): sort`, or is `Team name: sort` when the title starts
 * with the header's word.
 */
export function sortButton(scope: Page | Locator, title: string): Locator {
  const t = title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return scope.getByRole('button', { name: new RegExp(`^(?:[^()]+ \\()?${t}\\)?: sort$`) });
}

/** The hash route's path: `#/teams/12?season=…` → `/teams/12`. */
export function hashPath(page: Page): string {
  const hash = new URL(page.url()).hash.replace(/^#/, '');
  const i = hash.indexOf('?');
  return i < 0 ? hash : hash.slice(0, i);
}

/** The player page's bio facts as it shows them: each `<dt>` and its `<dd>`. */
export async function shownFacts(page: Page): Promise<Record<string, string>> {
  const head = page.locator('.player-head');
  await expect(head.locator('.skeleton')).toHaveCount(0);
  return head
    .locator('.facts')
    .evaluate((dl) =>
      Object.fromEntries(
        [...dl.querySelectorAll('div')].map((d) => [
          d.querySelector('dt')?.textContent?.trim() ?? '',
          d.querySelector('dd')?.textContent?.trim() ?? '',
        ]),
      ),
    );
}

/** Saves a full-page screenshot of a view under test-results/screens/NAME.png. */
export async function screenshot(page: Page, name: string): Promise<string> {
  const dir = join('test-results', 'screens');
  await mkdir(dir, { recursive: true });
  const path = join(dir, `${name}.png`);
  await page.screenshot({ path, fullPage: false });
  return path;
}

/**
 * Saves a screenshot meant for the record of a change (a before/after pair): under
 * test-results/screens/NAME.png, and also as `$RINKSIDE_SHOTS_DIR/NAME-$RINKSIDE_SHOTS_TAG.png` when that
 * folder is set (the tag defaults to `after`). `clip`: a region of the page instead of the viewport.
 */
export async function recordShot(
  page: Page,
  name: string,
  clip?: { x: number; y: number; width: number; height: number },
): Promise<string> {
  const path = await screenshot(page, name);
  const dir = process.env.RINKSIDE_SHOTS_DIR;
  if (dir) {
    await mkdir(dir, { recursive: true });
    const tag = process.env.RINKSIDE_SHOTS_TAG || 'after';
    await page.screenshot({ path: join(dir, `${name}-${tag}.png`), ...(clip ? { clip } : {}) });
  }
  return path;
}

/**
 * From the start of a table that says columns lie past its right edge ("N more columns →"), clicks the
 * button until it goes: each click scrolls `scroller` further right, and the last leaves it at its end.
 */
export async function clickThroughMoreColumns(page: Page, scroller: Locator): Promise<void> {
  const more = page.getByRole('button', { name: /^\d+ more columns? →$/ });
  await expect(more).toBeVisible();
  let left = await scroller.evaluate((el) => el.scrollLeft);
  for (let i = 0; i < 20 && (await more.isVisible()); i++) {
    await more.click();
    await expect.poll(() => scroller.evaluate((el) => el.scrollLeft)).toBeGreaterThan(left);
    left = await scroller.evaluate((el) => el.scrollLeft);
  }
  await expect(more).toBeHidden();
  expect(await scroller.evaluate((el) => Math.abs(el.scrollLeft + el.clientWidth - el.scrollWidth) <= 1)).toBe(true);
}
