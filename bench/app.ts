/**
 * `npm run bench:app` (issue 3, "Done when"): drives `npm start`'s browser shell with Playwright and
 * Debian's Chromium and prints
 *   (a) launch → first painted table: from spawning `npm start -- --no-open` to the Teams table's first
 *       row being painted (and, separately, from the page's navigation start to that row), median of
 *       several launches;
 *   (b) header click → re-sorted table painted, at limit 100 and 1000, on the goaltending leaders of the
 *       team-season with the most goalie rows, and on Teams (the only list view with hundreds of rows:
 *       goalies per team-season are a handful), median and p90.
 * Each sort sample reloads the page first, so the click always goes to the service (the page caches
 * pages it has seen for 30 s) and alternates the direction. Timing is `performance.now()` in the page,
 * from the click to the first data row's content changing, then the next animation frame and a task
 * (the frame with the new rows has been painted).
 *
 * Sort cases run on bench/.data/large.db when it exists (`npm run service:seed -- --db
 * bench/.data/large.db --size large`), else on the demo data; launches use the demo data (`npm start`'s
 * default). Flags: `--runs N` (sort samples per case, default 12), `--launches N` (default 5),
 * `--db FILE` (sort cases on another database).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { type Browser, chromium, type Page } from '@playwright/test';
import { startService } from '../service/server.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
];

interface App {
  url: string;
  child: ChildProcess;
  /** `Date.now()` when the process was spawned. */
  spawnedAt: number;
  /** `Date.now()` when the URL line arrived on stdout. */
  urlAt: number;
}

/** Starts `node scripts/start.ts --no-open` (what `npm start -- --no-open` runs) and waits for its URL line. */
function startApp(args: string[]): Promise<App> {
  const spawnedAt = Date.now();
  const child = spawn(process.execPath, [join(root, 'scripts', 'start.ts'), '--no-open', ...args], {
    cwd: root,
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

/** One click on a header button, timed in the page; rejects when the first row does not change in 15 s. */
function timeSortClick(page: Page, button: string): Promise<{ ms: number; rows: number; bridge: number }> {
  return page.evaluate(
    (label) =>
      new Promise<{ ms: number; rows: number; bridge: number }>((resolve, reject) => {
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
              resolve({
                ms,
                rows: document.querySelectorAll('main table.grid tbody tr[aria-rowindex]').length,
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
  totalRecords: number;
}

interface SortResult {
  samples: number[];
  /** The bridge round trip (page → host → service → page) of each sample. */
  bridge: number[];
  rowsInDom: number;
}

async function runSortCase(page: Page, base: string, c: SortCase, runs: number): Promise<SortResult> {
  const samples: number[] = [];
  const bridge: number[] = [];
  let rowsInDom = 0;
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
  }
  return { samples, bridge, rowsInDom };
}

/** The team-season with the most goaltending-leader rows (first 60 teams by name), from the service. */
async function busiestTeamSeason(db: string): Promise<{ id: number; name: string; season: string; rows: number }> {
  const svc = await startService({ db });
  const key = svc.demoKey as string;
  const get = async <T>(path: string, q: Record<string, string>) => {
    const res = await fetch(`${svc.baseUrl}${path}?${new URLSearchParams(q)}`, { headers: { 'x-api-key': key } });
    if (!res.ok) throw new Error(`GET ${path}: ${res.status}`);
    return ((await res.json()) as { data: T[] }).data;
  };
  try {
    let best = { id: 0, name: '', season: '', rows: -1 };
    const teams = await get<{ id: number; name: string }>('/teams', { limit: '60', fields: 'id,name' });
    for (const t of teams) {
      const seasons = await get<{ slug: string }>(`/teams/${t.id}/seasons`, { limit: '1000' });
      const slugs = [...new Set(seasons.map((s) => s.slug))];
      if (slugs.length === 0) continue;
      const rows = await get<{ season: { slug: string } }>(`/teams/${t.id}/goaltending-leaders`, {
        season: slugs.join(','),
        limit: '1000',
        fields: 'id,season',
      });
      const per = new Map<string, number>();
      for (const r of rows) per.set(r.season.slug, (per.get(r.season.slug) ?? 0) + 1);
      for (const [season, n] of per) if (n > best.rows) best = { id: t.id, name: t.name, season, rows: n };
    }
    return best;
  } finally {
    await svc.close();
  }
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
const ms = (n: number) => `${n.toFixed(0)} ms`.padStart(8);

function table(head: string[], rows: string[][]): string {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join('  ');
  return [line(head), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      runs: { type: 'string', default: '12' },
      launches: { type: 'string', default: '5' },
      db: { type: 'string' },
    },
  });
  const runs = Math.max(2, Number(values.runs));
  const launches = Math.max(1, Number(values.launches));
  const large = join(root, 'bench', '.data', 'large.db');
  const sortDb = values.db ?? (existsSync(large) ? large : null);

  const work = await mkdtemp(join(tmpdir(), 'rinkside-bench-'));
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    // (a) Launches. The first one, on an empty data folder, builds the app if needed and creates the
    // demo database; it is reported on its own. The others are ordinary launches.
    const dataDir = join(work, 'data');
    process.stderr.write('bench:app: first launch (build if needed, demo database created)…\n');
    const first = await launchOnce(browser, dataDir);
    const samples: LaunchSample[] = [];
    for (let i = 0; i < launches; i++) {
      process.stderr.write(`bench:app: launch ${i + 1}/${launches}\n`);
      samples.push(await launchOnce(browser, dataDir));
    }

    // (b) Sorts, on one running app.
    const appArgs = ['--data-dir', dataDir, ...(sortDb ? ['--db', sortDb] : [])];
    const db = sortDb ?? join(dataDir, 'demo.sqlite');
    const busiest = await busiestTeamSeason(db);
    const teams = await teamCount(db);
    const app = await startApp(appArgs);
    const sortResults: { c: SortCase; r: SortResult }[] = [];
    try {
      const page = await browser.newPage({ viewport: { width: 1280, height: 860 } });
      const svpTitle = 'Save percentage, regular season';
      const cases: SortCase[] = [100, 1000].flatMap((limit) => [
        {
          name: `Goaltending leaders, ${busiest.name} ${busiest.season}`,
          route: `#/teams/${busiest.id}?season=${busiest.season}&limit=${limit}`,
          sortKey: 'regularStats.SVP',
          button: `${svpTitle}: sort`,
          limit,
          totalRecords: busiest.rows,
        },
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

    const row = (label: string, f: (s: LaunchSample) => number) => {
      const v = samples.map(f);
      return [label, ms(median(v)), ms(Math.min(...v)), ms(Math.max(...v)), ms(f(first))];
    };
    console.log(`\nRinkside bench:app — browser shell, Debian Chromium headless, ${new Date().toISOString()}`);
    console.log(`\n(a) Launch → first painted Teams row (demo data; ${launches} launches; first run apart)\n`);
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
    console.log(
      `\n(b) Header click → re-sorted table painted (${runs} clicks per case, alternating direction, each after a reload;` +
        ` data: ${sortDb ? sortDb.replace(`${root}/`, '') : 'demo'})\n`,
    );
    console.log(
      table(
        ['view', 'sort', 'limit', 'rows', 'rows in DOM', 'median', 'p90', 'min', 'max', 'bridge median'],
        sortResults.map(({ c, r }) => [
          c.name,
          c.sortKey,
          String(c.limit),
          String(Math.min(c.limit, c.totalRecords)),
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
      '\nrows: rows on the page; rows in DOM: rendered rows (bodies above 100 rows are virtualised);' +
        " bridge: the click's POST /bridge/request round trip (host + service + JSON), part of the total." +
        ` Goalies per team-season are few (at most ${busiest.rows} here), so Teams carries the 1000-row case.`,
    );
  } finally {
    await browser.close();
    await rm(work, { recursive: true, force: true, maxRetries: 3 });
  }
}

main().catch((err: unknown) => {
  console.error(`bench:app failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
  process.exit(1);
});
