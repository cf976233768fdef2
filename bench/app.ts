/**
 * `npm run bench:app`: drives `npm start`'s browser shell with Playwright and
 * Debian's Chromium and prints
 *   (a) launch → first painted table: from spawning `npm start -- --no-open` to the Teams table's first
 *       row being painted (and, separately, from the page's navigation start to that row), median of
 *       several launches;
 *   (b) header click → re-sorted table painted, at limit 100 and 1000, median and p90, on
 *       - the goaltending leaders' own page with "All N seasons" (`season=all`: the app sends every season
 *         slug of the team), for the franchise with the most goaltender rows across its seasons, found by
 *         a SQL query on the database (a team-season has only a handful of goalies; a franchise's 76
 *         seasons on the large database give ~300 rows, so limit 100 shows 100 rows and limit 1000 all
 *         of them), sorted by SV% and by GAA;
 *       - Teams, sorted by name.
 * Each sort sample reloads the page first, so the click always goes to the service (the page caches
 * pages it has seen for 30 s) and alternates the direction. Timing is `performance.now()` in the page,
 * from the click to the first data row's content changing, then the next animation frame and a task
 * (the frame with the new rows has been painted).
 *
 * Sort cases run on bench/.data/large.db when it exists (`npm run service:seed -- --db
 * bench/.data/large.db --size large`), else on the demo data; launches use the demo data (`npm start`'s
 * default). Flags: `--runs N` (sort samples per case, default 12), `--launches N` (default 5),
 * `--db FILE` (sort cases on another database), `--compare-db FILE` (the Compare cases' database; default
 * the sort cases'), `--only compare` (only the Compare cases), `--only launch` (only the launches),
 * `--cold` (the first launch as on a fresh clone: out/ and the compile cache removed first, so it builds
 * the app), `--app DIR` (launch another checkout's `npm start`, to compare two versions).
 *   (c) Compare: data in → the four charts painted, 8 teams and 2 teams of NHL's newest season.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { type Browser, chromium, type Page } from '@playwright/test';
import { startService } from '../service/server.ts';
import { CHROMIUM } from '../test/e2e/chromium.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
interface App {
  url: string;
  child: ChildProcess;
  /** `Date.now()` when the process was spawned. */
  spawnedAt: number;
  /** `Date.now()` when the URL line arrived on stdout. */
  urlAt: number;
}

/**
 * The checkout whose `npm start` the launches run: this one, or another given by `--app DIR` (to compare
 * two versions with the same harness).
 */
let appDir = root;

/** What `npm start` runs in `dir` (its package.json's `node FILE`), as arguments for this Node. */
function startCommand(dir: string): string[] {
  const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { scripts: { start: string } };
  const m = /^node (\S+)$/.exec(pkg.scripts.start);
  if (!m?.[1]) throw new Error(`${dir}/package.json: "start" is not \`node FILE\`: ${pkg.scripts.start}`);
  return [join(dir, m[1])];
}

/** Starts `npm start -- --no-open` (its command, without npm) and waits for its URL line. */
function startApp(args: string[]): Promise<App> {
  const spawnedAt = Date.now();
  const child = spawn(process.execPath, [...startCommand(appDir), '--no-open', ...args], {
    cwd: appDir,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let err = '';
  child.stderr?.on('data', (c: Buffer) => {
    err = (err + c.toString()).slice(-4000);
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (c: Buffer) => {
      out += c.toString();
      const m = /Rinkside: (http:\/\/127\.0\.0\.1:\d+\/)/.exec(out);
      if (m?.[1]) resolve({ url: m[1], child, spawnedAt, urlAt: Date.now() });
    });
    child.on('exit', (code) => reject(new Error(`npm start exited (${code}) before its URL line:\n${err}`)));
  });
}

async function stopApp(app: App): Promise<void> {
  if (app.child.exitCode !== null) return;
  const exited = new Promise((r) => app.child.once('exit', r));
  app.child.kill('SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
  if (app.child.exitCode === null) app.child.kill('SIGKILL');
}

/**
 * Installed before the page's scripts: records `performance.now()` (ms since navigation start) of the
 * frame after the first data row of a table appears, in `window.__firstRowPainted`.
 */
function recordFirstRow(): void {
  const w = window as unknown as { __firstRowPainted?: number };
  const seen = () => document.querySelector('main table.grid tbody tr[aria-rowindex]') !== null;
  const obs = new MutationObserver(() => {
    if (!seen()) return;
    obs.disconnect();
    requestAnimationFrame(() => setTimeout(() => (w.__firstRowPainted = performance.now()), 0));
  });
  document.addEventListener('DOMContentLoaded', () => obs.observe(document.body, { childList: true, subtree: true }));
}

async function firstRowPainted(
  page: Page,
): Promise<{ sinceNavigation: number; epoch: number; domReady: number; lastBridge: number }> {
  await page.waitForFunction(() => (window as unknown as { __firstRowPainted?: number }).__firstRowPainted, null, {
    timeout: 60_000,
  });
  return page.evaluate(() => {
    const t = (window as unknown as { __firstRowPainted: number }).__firstRowPainted;
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
    const bridge = (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .filter((e) => e.name.includes('/bridge/') && e.responseEnd <= t)
      .map((e) => e.responseEnd);
    return {
      sinceNavigation: t,
      epoch: performance.timeOrigin + t,
      domReady: nav?.domContentLoadedEventEnd ?? Number.NaN,
      lastBridge: bridge.length > 0 ? Math.max(...bridge) : Number.NaN,
    };
  });
}

interface LaunchSample {
  spawnToUrl: number;
  spawnToRow: number;
  navToRow: number;
  /** Navigation → DOMContentLoaded (the page's scripts are in). */
  navToDom: number;
  /** Navigation → the last bridge answer before the first row (settings, then the Teams page). */
  navToData: number;
}

async function launchOnce(browser: Browser, dataDir: string): Promise<LaunchSample> {
  const app = await startApp(['--data-dir', dataDir]);
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 860 } });
    await page.addInitScript(recordFirstRow);
    await page.goto(app.url);
    const t = await firstRowPainted(page);
    await page.close();
    return {
      spawnToUrl: app.urlAt - app.spawnedAt,
      spawnToRow: t.epoch - app.spawnedAt,
      navToRow: t.sinceNavigation,
      navToDom: t.domReady,
      navToData: t.lastBridge,
    };
  } finally {
    await stopApp(app);
  }
}

/** What one timed header click saw. */
interface ClickSample {
  /** Click → the frame with the re-sorted first row painted, in ms. */
  ms: number;
  /** Data rows in the DOM (fewer than the page's rows when the body is virtualised). */
  rows: number;
  /** The table's `aria-rowcount` minus the header row: the service's `_meta.totalRecords`. */
  total: number;
  /** The click's bridge round trip in ms. */
  bridge: number;
}

/** One click on a header button, timed in the page; rejects when the first row does not change in 15 s. */
function timeSortClick(page: Page, button: string): Promise<ClickSample> {
  return page.evaluate(
    (label) =>
      new Promise<ClickSample>((resolve, reject) => {
        const firstRow = () => document.querySelector('main table.grid tbody tr[aria-rowindex]')?.textContent ?? '';
        const before = firstRow();
        const btn = document.querySelector<HTMLButtonElement>(`main table.grid thead button[aria-label="${label}"]`);
        if (!btn) return reject(new Error(`no header button "${label}"`));
        const main = document.querySelector('main') as HTMLElement;
        let t0 = 0;
        const timer = setTimeout(() => {
          obs.disconnect();
          reject(new Error(`the first row did not change within 15 s after "${label}"`));
        }, 15_000);
        const obs = new MutationObserver(() => {
          if (firstRow() === before) return;
          obs.disconnect();
          clearTimeout(timer);
          requestAnimationFrame(() =>
            setTimeout(() => {
              const ms = performance.now() - t0;
              // The sorted page's bridge call: the first /bridge/request after the click.
              const call = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).find(
                (e) => e.name.endsWith('/bridge/request') && e.startTime >= t0,
              );
              const grid = document.querySelector('main table.grid');
              resolve({
                ms,
                rows: document.querySelectorAll('main table.grid tbody tr[aria-rowindex]').length,
                total: Number(grid?.getAttribute('aria-rowcount') ?? Number.NaN) - 1,
                bridge: call ? call.responseEnd - call.startTime : Number.NaN,
              });
            }, 0),
          );
        });
        obs.observe(main, { childList: true, subtree: true, characterData: true });
        t0 = performance.now();
        btn.click();
      }),
    button,
  );
}

interface SortCase {
  name: string;
  /** Hash route without sort: `#/teams?limit=100`. */
  route: string;
  sortKey: string;
  /** The header button's accessible name. */
  button: string;
  limit: number;
  /** Rows the list has, known before the run (SQL count or the service's total); checked against the page's. */
  totalRecords: number;
}

interface SortResult {
  samples: number[];
  /** The bridge round trip (page → host → service → page) of each sample. */
  bridge: number[];
  rowsInDom: number;
  /** The list's total as the page showed it (`aria-rowcount` - 1) on the last click. */
  totalShown: number;
}

async function runSortCase(page: Page, base: string, c: SortCase, runs: number): Promise<SortResult> {
  const samples: number[] = [];
  const bridge: number[] = [];
  let rowsInDom = 0;
  let totalShown = Number.NaN;
  for (let i = 0; i < runs; i++) {
    // Start ascending on even runs and descending on odd ones: each click flips the direction.
    const sort = i % 2 === 0 ? c.sortKey : `-${c.sortKey}`;
    await page.goto('about:blank');
    await page.goto(`${base}${c.route}&sort=${encodeURIComponent(sort)}`);
    await page.waitForSelector('main table.grid:not([aria-busy]) tbody tr[aria-rowindex]', { timeout: 60_000 });
    const r = await timeSortClick(page, c.button);
    samples.push(r.ms);
    bridge.push(r.bridge);
    rowsInDom = r.rows;
    totalShown = r.total;
  }
  return { samples, bridge, rowsInDom, totalShown };
}

/** A franchise and how many goaltending-leader rows "All N seasons" lists for it. */
interface Franchise {
  id: number;
  name: string;
  /** Seasons with goaltender rows. */
  seasons: number;
  /** Goaltender rows across all its seasons. */
  rows: number;
}

/**
 * The team with the most goaltender rows across all its seasons, straight from the database (read-only):
 * the rows "All N seasons" asks for, i.e. `player_stats` goaltender rows of the team with `statsType`
 * `default` (the operation's default filter) in a season the team has in `team_seasons` (the slugs
 * `/teams/{id}/seasons` gives the app). Ties go to the lowest team id. Throws when no team has any.
 */
function busiestFranchise(db: string): Franchise {
  const sqlite = new DatabaseSync(db, { readOnly: true });
  try {
    const row = sqlite
      .prepare(
        `SELECT ps.teamId AS id, t.name AS name, COUNT(DISTINCT ps.seasonSlug) AS seasons, COUNT(*) AS rows
         FROM player_stats ps JOIN teams t ON t.id = ps.teamId
         WHERE ps.isGoalie = 1 AND ps.statsType = 'default'
           AND ps.seasonSlug IN (SELECT ts.seasonSlug FROM team_seasons ts WHERE ts.teamId = ps.teamId)
         GROUP BY ps.teamId
         ORDER BY rows DESC, ps.teamId
         LIMIT 1`,
      )
      .get() as Franchise | undefined;
    if (!row) throw new Error(`${db}: no team has goaltender rows`);
    return { id: row.id, name: row.name, seasons: row.seasons, rows: row.rows };
  } finally {
    sqlite.close();
  }
}

/**
 * The renderer's virtualisation threshold (`VIRTUAL_THRESHOLD` in renderer/table/DataTable.tsx), read
 * from its source: Node cannot import a .tsx file, and the legend must not drift from the code.
 */
function virtualThreshold(): number {
  const src = readFileSync(join(root, 'renderer', 'table', 'DataTable.tsx'), 'utf8');
  const m = /export const VIRTUAL_THRESHOLD = (\d+);/.exec(src);
  if (!m?.[1]) throw new Error('renderer/table/DataTable.tsx: no `export const VIRTUAL_THRESHOLD = N;`');
  return Number(m[1]);
}

async function teamCount(db: string): Promise<number> {
  const svc = await startService({ db });
  try {
    const res = await fetch(`${svc.baseUrl}/teams?limit=0`, { headers: { 'x-api-key': svc.demoKey as string } });
    return ((await res.json()) as { _meta: { totalRecords: number } })._meta.totalRecords;
  } finally {
    await svc.close();
  }
}

function quantile(values: readonly number[], q: number): number {
  const s = [...values].sort((a, b) => a - b);
  if (s.length === 0) return Number.NaN;
  const i = Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1));
  return s[i] as number;
}
const median = (v: readonly number[]) => {
  const s = [...v].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
};
const ms = (n: number) => (Number.isNaN(n) ? '—' : `${n.toFixed(0)} ms`).padStart(8);

function table(head: string[], rows: string[][]): string {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join('  ');
  return [line(head), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

/** What one Compare load saw: data in → the four charts painted, and what the charts drew. */
interface CompareSample {
  ms: number;
  /** Data in → the first chart painted (the charts are drawn one per frame); NaN when the page has no such mark. */
  firstMs: number;
  /** The longest main-thread task (Long Tasks API) between data in and the four charts painted, in ms. */
  longestTask: number;
  /** Points of the league scatter (every team of the league-season). */
  scatterPoints: number;
  /** Seasons on the trend's axis (its table's rows). */
  trendSeasons: number;
  /** Focusable marks in all four charts. */
  marks: number;
}

/** Installed before the page's scripts: records every long task (start, duration) in `window.__longTasks`. */
function recordLongTasks(): void {
  const w = window as unknown as { __longTasks: [number, number][] };
  w.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) w.__longTasks.push([e.startTime, e.duration]);
  }).observe({ type: 'longtask', buffered: true });
}

/**
 * Loads the Compare view on a fresh page and reads the view's performance marks: `rinkside:compare-data-in`
 * (the render that first has every number) and the first `rinkside:compare-painted` after it (a frame and a
 * task after the charts' commit).
 */
async function compareOnce(page: Page, url: string): Promise<CompareSample> {
  await page.goto('about:blank');
  await page.goto(url);
  await page.waitForFunction(
    () => {
      const d = performance.getEntriesByName('rinkside:compare-data-in')[0];
      return (
        d !== undefined &&
        performance.getEntriesByName('rinkside:compare-painted').some((p) => p.startTime > d.startTime)
      );
    },
    null,
    { timeout: 120_000 },
  );
  return page.evaluate(() => {
    const d = performance.getEntriesByName('rinkside:compare-data-in')[0] as PerformanceEntry;
    const p = performance
      .getEntriesByName('rinkside:compare-painted')
      .find((e) => e.startTime > d.startTime) as PerformanceEntry;
    const first = performance.getEntriesByName('rinkside:compare-first-painted').find((e) => e.startTime > d.startTime);
    const tasks = (window as unknown as { __longTasks?: [number, number][] }).__longTasks ?? [];
    const longest = tasks
      .filter(([s, dur]) => s + dur > d.startTime && s < p.startTime)
      .reduce((m, [, dur]) => Math.max(m, dur), 0);
    const trendTicks = new Set(
      [...document.querySelectorAll('[data-chart="trend"] [role="img"]')].map(
        (e) => /, (\d{4}-\d{4}):/.exec(e.getAttribute('aria-label') ?? '')?.[1],
      ),
    );
    return {
      ms: p.startTime - d.startTime,
      firstMs: first ? first.startTime - d.startTime : Number.NaN,
      longestTask: longest,
      scatterPoints: document.querySelectorAll('[data-chart="scatter"] [role="img"]').length,
      trendSeasons: trendTicks.size,
      marks: document.querySelectorAll('main [data-chart] [role="img"]').length,
    };
  });
}

/** The league-season with the most seasons before it and the most teams: NHL's newest season in `db`, and its teams by PTS. */
function compareSubject(db: string): { season: string; teams: number[]; seasons: number } {
  const sqlite = new DatabaseSync(db, { readOnly: true });
  try {
    const { season } = sqlite
      .prepare("SELECT MAX(seasonSlug) AS season FROM standings WHERE leagueSlug = 'nhl'")
      .get() as { season: string };
    const teams = (
      sqlite
        .prepare("SELECT teamId FROM standings WHERE leagueSlug = 'nhl' AND seasonSlug = ? ORDER BY PTS DESC, teamId")
        .all(season) as { teamId: number }[]
    ).map((r) => r.teamId);
    const { seasons } = sqlite
      .prepare("SELECT COUNT(DISTINCT seasonSlug) AS seasons FROM standings WHERE leagueSlug = 'nhl'")
      .get() as { seasons: number };
    return { season, teams, seasons };
  } finally {
    sqlite.close();
  }
}

/**
 * (c) Compare: data in → the four charts painted, on one running app over `db`: NHL's newest season with
 * 8 teams (the profile's bar groups, the league scatter, the trend over up to 30 seasons, the goalies), and
 * with 2 teams (mostly the scatter of every team and the trend). Each sample loads the view on a fresh page.
 */
async function runCompareSection(browser: Browser, work: string, db: string, runs: number): Promise<void> {
  const subject = compareSubject(db);
  const app = await startApp(['--data-dir', join(work, 'compare-data'), '--db', db]);
  const rows: string[][] = [];
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 860 } });
    await page.addInitScript(recordLongTasks);
    for (const n of [8, 2]) {
      const teams = subject.teams.slice(0, n);
      const url = `${app.url}#/compare?league=nhl&season=${subject.season}&teams=${teams.join(',')}`;
      process.stderr.write(`bench:app: Compare, ${n} teams: ${runs} loads\n`);
      const samples: CompareSample[] = [];
      for (let i = 0; i < runs; i++) samples.push(await compareOnce(page, url));
      const last = samples[samples.length - 1] as CompareSample;
      const v = samples.map((x) => x.ms);
      const first = samples.map((x) => x.firstMs);
      rows.push([
        `NHL ${subject.season}, ${n} teams`,
        String(last.scatterPoints),
        String(last.trendSeasons),
        String(last.marks),
        ms(median(v)),
        ms(quantile(v, 0.9)),
        ms(Math.min(...v)),
        ms(Math.max(...v)),
        ms(median(first)),
        ms(median(samples.map((x) => x.longestTask))),
      ]);
    }
    await page.close();
  } finally {
    await stopApp(app);
  }
  console.log(
    `\n(c) Compare: data in → four charts painted (${runs} loads per case; data: ${db.replace(`${root}/`, '')})\n`,
  );
  console.log(
    table(
      [
        'case',
        'scatter teams',
        'trend seasons',
        'marks',
        'median',
        'p90',
        'min',
        'max',
        'first chart median',
        'longest task median',
      ],
      rows,
    ),
  );
  console.log(
    "\ndata in: the render that first has every number (standings, team comparison, every team's goalies, the" +
      " trend's standings); painted: a frame and a task after the charts' commit (the chart chunk's load included" +
      ' when it arrives later). marks: focusable points and bars in the four charts. first chart: data in → the' +
      ' first chart painted (the charts are drawn one per frame). longest task: the longest main-thread task' +
      ' (Long Tasks API) between data in and the four charts painted.',
  );
}

/** Prints section (a): the launches' medians, min and max, and the first launch apart. */
function printLaunches(samples: LaunchSample[], first: LaunchSample): void {
  const row = (label: string, f: (s: LaunchSample) => number) => {
    const v = samples.map(f);
    return [label, ms(median(v)), ms(Math.min(...v)), ms(Math.max(...v)), ms(f(first))];
  };
  const app = appDir === root ? '' : ` of ${appDir}`;
  console.log(`\nRinkside bench:app${app} — browser shell, Debian Chromium headless, ${new Date().toISOString()}`);
  console.log(`\n(a) Launch → first painted Teams row (demo data; ${samples.length} launches; first run apart)\n`);
  console.log(
    table(
      ['measure', 'median', 'min', 'max', 'first run'],
      [
        row('spawn → URL line (host, service, shell up)', (s) => s.spawnToUrl),
        row('spawn → first row painted', (s) => s.spawnToRow),
        row('navigation → first row painted', (s) => s.navToRow),
        row('  of which navigation → DOMContentLoaded', (s) => s.navToDom),
        row('  of which navigation → Teams page data in', (s) => s.navToData),
      ],
    ),
  );
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      runs: { type: 'string', default: '12' },
      launches: { type: 'string', default: '5' },
      db: { type: 'string' },
      'compare-db': { type: 'string' },
      only: { type: 'string' },
      app: { type: 'string' },
      cold: { type: 'boolean', default: false },
    },
  });
  if (values.app !== undefined) appDir = resolve(values.app);
  const runs = Math.max(2, Number(values.runs));
  const launches = Math.max(1, Number(values.launches));
  const large = join(root, 'bench', '.data', 'large.db');
  const sortDb = values.db ?? (existsSync(large) ? large : null);

  const work = await mkdtemp(join(tmpdir(), 'rinkside-bench-'));
  const browser = await chromium.launch({ executablePath: CHROMIUM.executablePath, args: [...CHROMIUM.args] });
  try {
    const compareDb = values['compare-db'] ?? sortDb;
    if (values.only === 'compare') {
      if (!compareDb) throw new Error('--only compare needs --compare-db FILE (or bench/.data/large.db)');
      await runCompareSection(browser, work, compareDb, runs);
      return;
    }
    // (a) Launches. The first one, on an empty data folder, builds the app if needed and creates the
    // demo database; it is reported on its own. The others are ordinary launches.
    const dataDir = join(work, 'data');
    if (values.cold) {
      // A fresh clone's first launch: no build and no compile cache (the launch builds the app).
      await rm(join(appDir, 'out'), { recursive: true, force: true });
      await rm(join(appDir, 'node_modules', '.cache', 'rinkside-compile'), { recursive: true, force: true });
    }
    process.stderr.write('bench:app: first launch (build if needed, demo database created)…\n');
    const first = await launchOnce(browser, dataDir);
    const samples: LaunchSample[] = [];
    for (let i = 0; i < launches; i++) {
      process.stderr.write(`bench:app: launch ${i + 1}/${launches}\n`);
      samples.push(await launchOnce(browser, dataDir));
    }
    if (values.only === 'launch') {
      printLaunches(samples, first);
      return;
    }

    // (b) Sorts, on one running app.
    const appArgs = ['--data-dir', dataDir, ...(sortDb ? ['--db', sortDb] : [])];
    const db = sortDb ?? join(dataDir, 'demo.sqlite');
    const busiest = busiestFranchise(db);
    const teams = await teamCount(db);
    const threshold = virtualThreshold();
    const app = await startApp(appArgs);
    const sortResults: { c: SortCase; r: SortResult }[] = [];
    try {
      const page = await browser.newPage({ viewport: { width: 1280, height: 860 } });
      // The leaders' own page with "All N seasons": the app sends every season slug of the team.
      // `minGP=0` ranks every goalie row (the default qualifier across seasons is 10 games), as the
      // SQL count of the expected rows does.
      const leaders = (limit: number, sortKey: string, title: string): SortCase => ({
        name: `Goaltending leaders, ${busiest.name}, all ${busiest.seasons} seasons`,
        route: `#/teams/${busiest.id}/goaltending-leaders?minGP=0&season=all&limit=${limit}`,
        sortKey,
        button: `${title}, regular season: sort`,
        limit,
        totalRecords: busiest.rows,
      });
      const cases: SortCase[] = [100, 1000].flatMap((limit) => [
        leaders(limit, 'regularStats.SVP', 'Save percentage'),
        leaders(limit, 'regularStats.GAA', 'Goals against average (per 60 minutes)'),
        {
          name: 'Teams',
          route: `#/teams?limit=${limit}`,
          sortKey: 'name',
          button: 'Team name: sort',
          limit,
          totalRecords: teams,
        },
      ]);
      for (const c of cases) {
        process.stderr.write(`bench:app: ${c.name}, limit ${c.limit}: ${runs} sorts\n`);
        sortResults.push({ c, r: await runSortCase(page, app.url, c, runs) });
      }
      await page.close();
    } finally {
      await stopApp(app);
    }

    printLaunches(samples, first);
    console.log(
      `\n(b) Header click → re-sorted table painted (${runs} clicks per case, alternating direction, each after a reload;` +
        ` data: ${sortDb ? sortDb.replace(`${root}/`, '') : 'demo'})\n`,
    );
    console.log(
      table(
        ['view', 'sort', 'limit', 'rows', 'of', 'rows in DOM', 'median', 'p90', 'min', 'max', 'bridge median'],
        sortResults.map(({ c, r }) => [
          c.name,
          c.sortKey,
          String(c.limit),
          String(Math.min(c.limit, c.totalRecords)),
          r.totalShown === c.totalRecords ? String(c.totalRecords) : `${r.totalShown} (expected ${c.totalRecords}!)`,
          String(r.rowsInDom),
          ms(median(r.samples)),
          ms(quantile(r.samples, 0.9)),
          ms(Math.min(...r.samples)),
          ms(Math.max(...r.samples)),
          ms(median(r.bridge)),
        ]),
      ),
    );
    console.log(
      "\nrows: rows on the page; of: the list's total as the page shows it (checked against a SQL count for the" +
        " leaders, the service's totalRecords for Teams); rows in DOM: rendered data rows (bodies above" +
        ` ${threshold} rows are virtualised: VIRTUAL_THRESHOLD, renderer/table/DataTable.tsx);` +
        " bridge: the click's POST /bridge/request round trip (host + service + JSON), part of the total." +
        ` Leaders: team ${busiest.id}, the franchise with the most goaltender rows (${busiest.rows} in` +
        ` ${busiest.seasons} seasons), on its own page with season=all.`,
    );
    await runCompareSection(browser, work, compareDb ?? db, runs);
  } finally {
    await browser.close();
    await rm(work, { recursive: true, force: true, maxRetries: 3 });
  }
}

main().catch((err: unknown) => {
  console.error(`bench:app failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
  process.exit(1);
});
