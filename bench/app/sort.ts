import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type { Browser, Page } from '@playwright/test';
import { VIRTUAL_THRESHOLD } from '../../renderer/table/rowMetrics.ts';
import { startService } from '../../service/server.ts';
import { root, startApp, stopApp } from './app-process.ts';
import { median, ms, quantile, table } from './report.ts';

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

/** How many teams the service on `db` lists (the total of `GET /teams`). */
async function teamCount(db: string): Promise<number> {
  const svc = await startService({ db });
  try {
    const res = await fetch(`${svc.baseUrl}/teams?limit=0`, { headers: { 'x-api-key': svc.demoKey as string } });
    return ((await res.json()) as { _meta: { totalRecords: number } })._meta.totalRecords;
  } finally {
    await svc.close();
  }
}

/** The sort cases at limit 100 and 1000: the busiest franchise's leaders by SV% and by GAA, and Teams by name. */
function sortCases(busiest: Franchise, teams: number): SortCase[] {
  // The leaders' own page with "All N seasons": the app sends every season slug of the team.
  // `minGP=0` ranks every goalie row (the default qualifier across seasons is 10 games), as the
  // SQL count of the expected rows does.
  const leaders = (limit: number, sortKey: string, abbr: string, title: string): SortCase => ({
    name: `Goaltending leaders, ${busiest.name}, all ${busiest.seasons} seasons`,
    route: `#/teams/${busiest.id}/goaltending-leaders?minGP=0&season=all&limit=${limit}`,
    sortKey,
    button: `${abbr} (${title}, regular season): sort`,
    limit,
    totalRecords: busiest.rows,
  });
  return [100, 1000].flatMap((limit) => [
    leaders(limit, 'regularStats.SVP', 'SV%', 'Save percentage'),
    leaders(limit, 'regularStats.GAA', 'GAA', 'Goals against average (per 60 minutes)'),
    {
      name: 'Teams',
      route: `#/teams?limit=${limit}`,
      sortKey: 'name',
      button: 'Team name: sort',
      limit,
      totalRecords: teams,
    },
  ]);
}

/**
 * (b) Header clicks, on one running app over `db` (`sortDb`, or the demo database in `dataDir` when null):
 * `runs` timed sorts per case. Returns the report.
 */
export async function runSortSection(
  browser: Browser,
  dataDir: string,
  sortDb: string | null,
  runs: number,
): Promise<string> {
  const appArgs = ['--data-dir', dataDir, ...(sortDb ? ['--db', sortDb] : [])];
  const db = sortDb ?? join(dataDir, 'demo.sqlite');
  const busiest = busiestFranchise(db);
  const cases = sortCases(busiest, await teamCount(db));
  const app = await startApp(appArgs);
  const results: { c: SortCase; r: SortResult }[] = [];
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 860 } });
    for (const c of cases) {
      process.stderr.write(`bench:app: ${c.name}, limit ${c.limit}: ${runs} sorts\n`);
      results.push({ c, r: await runSortCase(page, app.url, c, runs) });
    }
    await page.close();
  } finally {
    await stopApp(app);
  }
  return [
    `\n(b) Header click → re-sorted table painted (${runs} clicks per case, alternating direction, each after a reload;` +
      ` data: ${sortDb ? sortDb.replace(`${root}/`, '') : 'demo'})\n`,
    table(
      ['view', 'sort', 'limit', 'rows', 'of', 'rows in DOM', 'median', 'p90', 'min', 'max', 'bridge median'],
      results.map(({ c, r }) => [
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
    "\nrows: rows on the page; of: the list's total as the page shows it (checked against a SQL count for the" +
      " leaders, the service's totalRecords for Teams); rows in DOM: rendered data rows (bodies above" +
      ` ${VIRTUAL_THRESHOLD} rows are virtualised: VIRTUAL_THRESHOLD, renderer/table/rowMetrics.ts);` +
      " bridge: the click's POST /bridge/request round trip (host + service + JSON), part of the total." +
      ` Leaders: team ${busiest.id}, the franchise with the most goaltender rows (${busiest.rows} in` +
      ` ${busiest.seasons} seasons), on its own page with season=all.`,
  ].join('\n');
}
