import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type { Browser, Page } from '@playwright/test';
import { root, startApp, stopApp } from './app-process.ts';
import { median, ms, quantile, table } from './report.ts';

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
export function compareSubject(db: string): { season: string; teams: number[]; seasons: number } {
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
 * Returns the report.
 */
export async function runCompareSection(browser: Browser, work: string, db: string, runs: number): Promise<string> {
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
  return [
    `\n(c) Compare: data in → four charts painted (${runs} loads per case; data: ${db.replace(`${root}/`, '')})\n`,
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
    "\ndata in: the render that first has every number (standings, team comparison, every team's goalies, the" +
      " trend's standings); painted: a frame and a task after the charts' commit (the chart chunk's load included" +
      ' when it arrives later). marks: focusable points and bars in the four charts. first chart: data in → the' +
      ' first chart painted (the charts are drawn one per frame). longest task: the longest main-thread task' +
      ' (Long Tasks API) between data in and the four charts painted.',
  ].join('\n');
}
