/**
 * `npm run bench:app`: drives `npm start`'s browser shell with Playwright and
 * Debian's Chromium and prints
 *   (a) launch → first painted table: from spawning `npm start -- --no-open` to the Teams table's first
 *       row being painted (and, separately, from the page's navigation start to that row), median of
 *       several launches, with the CPU time the app's processes used until then (Linux's /proc: less
 *       sensitive than wall time to other work on a shared machine);
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
 * the app), `--app DIR` (launch another checkout's `npm start`, to compare two versions), `--pair DIR`
 * (only launches: this checkout's and DIR's in turn, `--launches` each, and the ratio of their medians).
 *   (c) Compare: data in → the four charts painted, 8 teams and 2 teams of NHL's newest season.
 *   (d) `--only cold-views` (bench/app/cold-views.ts): Compare to its charts, a player page to his NHLe and
 *       comparables and the stats browser to its first page, each opened for the first time after a launch
 *       (`--launches N` per view, default 5; `--view compare|player|stats` one of them), on the Hockey Databank
 *       (`--db FILE`, default bench/.data/databank.db, imported from ../shared/data/hockey-databank when
 *       missing) with NHL and WHA downloaded for offline: painted, the data's round trip, and painted minus
 *       it, medians; with `--pair DIR`, this checkout's and DIR's in turn, and their ratios.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { CHROMIUM } from '../scripts/chromium.ts';
import { root, setAppDir } from './app/app-process.ts';
import { runColdViews } from './app/cold-views.ts';
import { runCompareSection } from './app/compare.ts';
import { runLaunchSection } from './app/launch.ts';
import { runPairedLaunches } from './app/paired.ts';
import { runSortSection } from './app/sort.ts';

// The sections live in bench/app/: the app's process (app-process.ts), launches (launch.ts), header
// clicks (sort.ts), Compare (compare.ts) and the report's statistics and tables (report.ts).

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      runs: { type: 'string', default: '12' },
      launches: { type: 'string', default: '5' },
      db: { type: 'string' },
      'compare-db': { type: 'string' },
      only: { type: 'string' },
      app: { type: 'string' },
      pair: { type: 'string' },
      view: { type: 'string' },
      cold: { type: 'boolean', default: false },
    },
  });
  if (values.app !== undefined) setAppDir(resolve(values.app));
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
      console.log(await runCompareSection(browser, work, compareDb, runs));
      return;
    }
    if (values.only === 'cold-views') {
      const report = await runColdViews(
        browser,
        work,
        values.db,
        launches,
        values.pair === undefined ? undefined : resolve(values.pair),
        values.view,
      );
      console.log(`\nRinkside bench:app — browser shell, Debian Chromium headless, ${new Date().toISOString()}`);
      console.log(report);
      return;
    }
    if (values.pair !== undefined) {
      const report = await runPairedLaunches(browser, work, resolve(values.pair), launches);
      console.log(`\nRinkside bench:app — browser shell, Debian Chromium headless, ${new Date().toISOString()}`);
      console.log(report);
      return;
    }
    const dataDir = join(work, 'data');
    const launchReport = await runLaunchSection(browser, dataDir, launches, values.cold);
    if (values.only === 'launch') {
      console.log(`\nRinkside bench:app — browser shell, Debian Chromium headless, ${new Date().toISOString()}`);
      console.log(launchReport);
      return;
    }
    const sortReport = await runSortSection(browser, dataDir, sortDb, runs);
    console.log(`\nRinkside bench:app — browser shell, Debian Chromium headless, ${new Date().toISOString()}`);
    console.log(launchReport);
    console.log(sortReport);
    console.log(await runCompareSection(browser, work, compareDb ?? join(dataDir, 'demo.sqlite'), runs));
  } finally {
    await browser.close();
    await rm(work, { recursive: true, force: true, maxRetries: 3 });
  }
}

main().catch((err: unknown) => {
  console.error(`bench:app failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
  process.exit(1);
});
