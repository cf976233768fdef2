import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { currentAppDir, root, startApp, stopApp } from './app-process.ts';
import { treeCpuMs } from './cpu.ts';
import { median, ms, table } from './report.ts';

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

/** One launch's timings, in ms. */
export interface LaunchSample {
  spawnToUrl: number;
  spawnToRow: number;
  navToRow: number;
  /** Navigation → DOMContentLoaded (the page's scripts are in). */
  navToDom: number;
  /** Navigation → the last bridge answer before the first row (settings, then the Teams page). */
  navToData: number;
  /** CPU time of the app's processes (not the browser's) from spawn to the URL line, and to the first row. */
  cpuToUrl: number;
  cpuToRow: number;
}

/** The measures a launch report gives, each with its label. */
export const LAUNCH_MEASURES: readonly (readonly [string, (s: LaunchSample) => number])[] = [
  ['spawn → URL line (host, service, shell up)', (s) => s.spawnToUrl],
  ['spawn → first row painted', (s) => s.spawnToRow],
  ['navigation → first row painted', (s) => s.navToRow],
  ['  of which navigation → DOMContentLoaded', (s) => s.navToDom],
  ['  of which navigation → Teams page data in', (s) => s.navToData],
  ['CPU of the app, spawn → URL line', (s) => s.cpuToUrl],
  ['CPU of the app, spawn → first row painted', (s) => s.cpuToRow],
];

/** Starts the app on `dataDir`, opens it in a new page and times its first Teams row. */
export async function launchOnce(browser: Browser, dataDir: string): Promise<LaunchSample> {
  const app = await startApp(['--data-dir', dataDir]);
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 860 } });
    await page.addInitScript(recordFirstRow);
    await page.goto(app.url);
    const t = await firstRowPainted(page);
    const cpuToRow = treeCpuMs(app.child.pid ?? -1);
    await page.close();
    return {
      spawnToUrl: app.urlAt - app.spawnedAt,
      spawnToRow: t.epoch - app.spawnedAt,
      navToRow: t.sinceNavigation,
      navToDom: t.domReady,
      navToData: t.lastBridge,
      cpuToUrl: app.cpuAtUrl,
      cpuToRow,
    };
  } finally {
    await stopApp(app);
  }
}

/**
 * (a) Launches: the first one, on an empty data folder, builds the app if needed and creates the demo
 * database, and is reported on its own; then `launches` ordinary launches. Returns the report.
 */
export async function runLaunchSection(
  browser: Browser,
  dataDir: string,
  launches: number,
  cold = false,
): Promise<string> {
  if (cold) {
    // A fresh clone's first launch: no build and no compile cache (the launch builds the app).
    await rm(join(currentAppDir(), 'out'), { recursive: true, force: true });
    await rm(join(currentAppDir(), 'node_modules', '.cache', 'rinkside-compile'), { recursive: true, force: true });
  }
  process.stderr.write('bench:app: first launch (build if needed, demo database created)…\n');
  const first = await launchOnce(browser, dataDir);
  const samples: LaunchSample[] = [];
  for (let i = 0; i < launches; i++) {
    process.stderr.write(`bench:app: launch ${i + 1}/${launches}\n`);
    samples.push(await launchOnce(browser, dataDir));
  }
  const row = (label: string, f: (s: LaunchSample) => number) => {
    const v = samples.map(f);
    return [label, ms(median(v)), ms(Math.min(...v)), ms(Math.max(...v)), ms(f(first))];
  };
  return [
    `\n(a) Launch → first painted Teams row${currentAppDir() === root ? '' : ` of ${currentAppDir()}`} (demo data; ${launches} launches; first run apart${cold ? ', as on a fresh clone: it builds the app' : ''})\n`,
    table(
      ['measure', 'median', 'min', 'max', 'first run'],
      LAUNCH_MEASURES.map(([label, f]) => row(label, f)),
    ),
  ].join('\n');
}
