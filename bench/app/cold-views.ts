import { cpSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { currentAppDir, setAppDir, startApp, stopApp } from './app-process.ts';
import { type ColdSubjects, coldSubjects, coldViewsDatabase, coldViewsDataFolder } from './cold-store.ts';
import { treeCpuMs } from './cpu.ts';
import { median, ms, table } from './report.ts';

/** A view opened cold: its name in the report, its route, and what its page shows once it is painted. */
interface ColdView {
  name: string;
  route: (s: ColdSubjects) => string;
  /** Passed to the page: which readiness test {@link visit} applies. */
  kind: 'compare' | 'player' | 'stats';
}

const VIEWS: readonly ColdView[] = [
  {
    name: 'Compare: 8 teams, four charts',
    route: (s) => `#/compare?league=nhl&season=${s.season}&teams=${s.teams.join(',')}`,
    kind: 'compare',
  },
  { name: 'Player page: NHLe and comparables', route: (s) => `#/players/${s.playerId}`, kind: 'player' },
  { name: 'Stats browser: first page', route: () => '#/players/stats', kind: 'stats' },
];

/** One cold visit, in ms from the route change. */
export interface ColdSample {
  painted: number;
  /** Time during which at least one of the view's bridge requests was in flight (their union). */
  roundTrip: number;
  /** Route change → the view's first bridge request. */
  beforeFirst: number;
  /** The last answer → painted. */
  afterLast: number;
  requests: number;
  /** CPU time of the page's main thread (Chromium's `ThreadTime`) from the route change to painted. */
  pageCpu: number;
  /** CPU time of the app's processes (host, store worker, service) in the same time (bench/app/cpu.ts). */
  appCpu: number;
}

/** Installed before the page's scripts: room for every resource entry (the prefetch alone loads dozens). */
function roomForResources(): void {
  performance.setResourceTimingBufferSize(100_000);
}

/**
 * Waits until the page's views have been prefetched: the prefetch starts three seconds after launch and
 * loads one view's code at a time in idle periods, so no new script for two seconds after that is its end.
 */
async function prefetched(page: Page): Promise<void> {
  const until = Date.now() + 60_000;
  while (Date.now() < until) {
    const [now, last] = await page.evaluate(() => {
      const scripts = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter((e) =>
        e.name.endsWith('.js'),
      );
      return [performance.now(), Math.max(0, ...scripts.map((e) => e.responseEnd))];
    });
    if (now > 5000 && now - last > 2000) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('the views were still being prefetched a minute after launch');
}

/**
 * In the page: changes the route to `route` (as a link does) and waits for the frame after the view shows
 * what it is for (`kind`); returns the time since the change and the view's bridge requests in that time
 * (start and end since the change), the host's five-second status poll left out.
 */
function visit([route, kind]: readonly [string, string]): Promise<{
  painted: number;
  requests: [number, number][];
}> {
  let t0 = 0;
  /** Compare's own mark, set a frame and a task after its charts' commit: the first after its data is in. */
  const comparePainted = () => {
    const at = (name: string) => performance.getEntriesByName(name).map((e) => e.startTime);
    const dataIn = at('rinkside:compare-data-in').find((t) => t > t0);
    return dataIn === undefined ? undefined : at('rinkside:compare-painted').find((t) => t > dataIn);
  };
  const ready: Record<string, () => boolean> = {
    compare: () => comparePainted() !== undefined,
    player: () =>
      document.querySelector('.player-nhle table') !== null &&
      document.querySelector(
        '[data-testid="comparables"] table tbody tr, [data-testid="comparables"] p.muted:not(.small)',
      ) !== null,
    stats: () =>
      document.querySelector('section[aria-labelledby="stats-title"] .data-table[data-state="ready"] tbody tr') !==
      null,
  };
  const isReady = ready[kind] as () => boolean;
  performance.clearResourceTimings();
  t0 = performance.now();
  return new Promise((resolve, reject) => {
    const stop = () => {
      watch.disconnect();
      marks.disconnect();
      clearTimeout(timer);
    };
    const done = (painted: number) => {
      const requests = (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
        .filter((e) => e.name.includes('/bridge/') && !e.name.endsWith('/localServiceStatus'))
        .filter((e) => e.startTime >= t0 && e.startTime - t0 < painted)
        .map((e): [number, number] => [e.startTime - t0, Math.min(painted, e.responseEnd - t0)]);
      resolve({ painted, requests });
    };
    const check = () => {
      if (!isReady()) return;
      stop();
      // Compare marks its own paint; the other views' frame is waited for here.
      const marked = kind === 'compare' ? comparePainted() : undefined;
      if (marked !== undefined) return done(marked - t0);
      requestAnimationFrame(() => setTimeout(() => done(performance.now() - t0), 0));
    };
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`${route} was not painted within 60 s`));
    }, 60_000);
    const watch = new MutationObserver(check);
    watch.observe(document.body, { subtree: true, childList: true, attributes: true });
    const marks = new PerformanceObserver(check);
    marks.observe({ type: 'mark' });
    location.hash = route;
  });
}

/** The length of the union of the intervals `spans` (ms). */
function unionLength(spans: readonly [number, number][]): number {
  let total = 0;
  let end = Number.NEGATIVE_INFINITY;
  for (const [s, e] of [...spans].sort((a, b) => a[0] - b[0])) {
    if (e <= end) continue;
    total += e - Math.max(s, end);
    end = e;
  }
  return total;
}

/**
 * Launches the app (the current checkout) on a copy of the data folder `template` and the database `db`,
 * waits for its Teams table and the end of the views' prefetch, then opens `view` for the first time.
 */
async function coldVisit(
  browser: Browser,
  work: string,
  template: string,
  db: string,
  view: ColdView,
  subjects: ColdSubjects,
): Promise<ColdSample> {
  const dataDir = join(work, 'cold-data');
  rmSync(dataDir, { recursive: true, force: true });
  cpSync(template, dataDir, { recursive: true });
  const app = await startApp(['--data-dir', dataDir, '--db', db]);
  try {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    await page.addInitScript(roomForResources);
    await page.goto(`${app.url}#/teams`);
    await page.waitForSelector('main table.grid tbody tr[aria-rowindex]', { timeout: 60_000 });
    await prefetched(page);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Performance.enable');
    const threadTime = async () =>
      ((await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'ThreadTime')?.value ?? Number.NaN) *
      1000;
    const [cpu0, app0] = [await threadTime(), treeCpuMs(app.child.pid ?? -1)];
    const r = await page.evaluate(visit, [view.route(subjects), view.kind] as const);
    const [cpu1, app1] = [await threadTime(), treeCpuMs(app.child.pid ?? -1)];
    await page.close();
    const starts = r.requests.map(([s]) => s);
    const ends = r.requests.map(([, e]) => e);
    return {
      painted: r.painted,
      roundTrip: unionLength(r.requests),
      beforeFirst: starts.length > 0 ? Math.min(...starts) : Number.NaN,
      afterLast: ends.length > 0 ? r.painted - Math.max(...ends) : Number.NaN,
      requests: r.requests.length,
      pageCpu: cpu1 - cpu0,
      appCpu: app1 - app0,
    };
  } finally {
    await stopApp(app);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Medians of the samples' measures, as the report's cells. */
function medians(samples: readonly ColdSample[]): Record<keyof ColdSample | 'rest', number> {
  const m = (f: (s: ColdSample) => number) => median(samples.map(f));
  return {
    painted: m((s) => s.painted),
    roundTrip: m((s) => s.roundTrip),
    rest: m((s) => s.painted - s.roundTrip),
    beforeFirst: m((s) => s.beforeFirst),
    afterLast: m((s) => s.afterLast),
    requests: m((s) => s.requests),
    pageCpu: m((s) => s.pageCpu),
    appCpu: m((s) => s.appCpu),
  };
}

const NOTE =
  '\npainted: the route change (a link) → the frame after the view shows it all (Compare: its own mark, set a' +
  ' frame and a task after its four charts are drawn; the player page: his NHLe table and comparables; the stats' +
  " browser: its first page of leaders). round trip: the time at least one of the view's bridge requests was in" +
  " flight (their union; the host's five-second status poll left out). painted − round trip: what the view spent" +
  ' not waiting on data (each launch’s difference, then the median). before 1st request / after last answer: the' +
  ' route change → its first request, its last answer → painted. page CPU: the page’s main thread (Chromium’s' +
  ' ThreadTime); app CPU: the app’s processes (host, store worker, service), route change → painted. Each visit is' +
  ' the first of its view in a new launch on a copy of the same data folder, after the Teams table and the' +
  ' views’ prefetch.';

/**
 * (d) Cold views (`--only cold-views`): each view opened for the first time after a launch, `runs` launches per
 * view, on the Hockey Databank (`db`, default bench/.data/databank.db) with NHL and WHA downloaded for offline.
 * With `otherDir` (`--pair DIR`), that checkout's app too, launched in turn with this one. Returns the report.
 */
export async function runColdViews(
  browser: Browser,
  work: string,
  dbArg: string | undefined,
  runs: number,
  otherDir?: string,
  only?: string,
): Promise<string> {
  const views = VIEWS.filter((v) => only === undefined || v.kind === only);
  if (views.length === 0) throw new Error(`--view ${only}: not one of ${VIEWS.map((v) => v.kind).join(', ')}`);
  const db = await coldViewsDatabase(dbArg);
  const template = await coldViewsDataFolder(browser, db);
  const subjects = coldSubjects(db);
  const thisDir = currentAppDir();
  const versions = [{ name: 'this', dir: thisDir }, ...(otherDir ? [{ name: 'other', dir: otherDir }] : [])];
  const samples = new Map<string, ColdSample[]>();
  try {
    for (let i = 0; i < runs; i++) {
      for (const view of views) {
        // In turn, the order swapped every run: both versions meet the machine's swings alike.
        for (const v of i % 2 === 0 ? versions : [...versions].reverse()) {
          process.stderr.write(`bench:app: cold views, run ${i + 1}/${runs}: ${view.name} (${v.name})\n`);
          setAppDir(v.dir);
          const s = await coldVisit(browser, work, template, db, view, subjects);
          process.stderr.write(
            `bench:app:   painted ${s.painted.toFixed(0)} ms, round trip ${s.roundTrip.toFixed(0)} ms, page CPU ${s.pageCpu.toFixed(0)} ms\n`,
          );
          const key = `${view.name}|${v.name}`;
          samples.set(key, [...(samples.get(key) ?? []), s]);
        }
      }
    }
  } finally {
    setAppDir(thisDir);
  }
  const of = (view: ColdView, v: string) => medians(samples.get(`${view.name}|${v}`) ?? []);
  const head = `\n(d) Cold views: route change → painted, the first visit of each view after a launch (${runs} launches per view${otherDir ? ` and version, this checkout and ${otherDir} in turn` : ''}; medians; data: ${db}, NHL and WHA downloaded for offline)\n`;
  if (!otherDir) {
    const rows = views.map((view) => {
      const m = of(view, 'this');
      return [
        view.name,
        ms(m.painted),
        ms(m.roundTrip),
        ms(m.rest),
        ms(m.beforeFirst),
        ms(m.afterLast),
        ms(m.pageCpu),
        ms(m.appCpu),
        String(m.requests),
      ];
    });
    const cols = ['view', 'painted', 'round trip', 'painted − round trip', 'before 1st request', 'after last answer'];
    return [head, table([...cols, 'page CPU', 'app CPU', 'requests'], rows), NOTE].join('\n');
  }
  const rows = views.flatMap((view) => {
    const [a, b] = [of(view, 'this'), of(view, 'other')];
    const ratio = (x: number, y: number) => `${(x / y).toFixed(2)}×`.padStart(6);
    return [
      [view.name, 'painted − round trip', ms(a.rest), ms(b.rest), ratio(a.rest, b.rest)],
      ['', 'round trip', ms(a.roundTrip), ms(b.roundTrip), ratio(a.roundTrip, b.roundTrip)],
      ['', 'painted', ms(a.painted), ms(b.painted), ratio(a.painted, b.painted)],
      ['', 'before 1st request', ms(a.beforeFirst), ms(b.beforeFirst), ''],
      ['', 'after last answer', ms(a.afterLast), ms(b.afterLast), ''],
      ['', 'page CPU', ms(a.pageCpu), ms(b.pageCpu), ratio(a.pageCpu, b.pageCpu)],
      ['', 'app CPU', ms(a.appCpu), ms(b.appCpu), ratio(a.appCpu, b.appCpu)],
    ];
  });
  return [head, table(['view', 'measure', 'this', 'other', 'ratio'], rows), NOTE].join('\n');
}
