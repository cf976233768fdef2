/**
 * The player page painted with NHLe and comparables, for `npm run bench:nhle`: the app (browser shell) on a
 * data folder holding the synced store, in Debian's Chromium. Each sampled player's page is opened by its
 * hash route from another page and timed in the page from the route change to the frame that shows both his
 * NHLe table and his comparables (rows, or the sentence saying there are none), beside the bridge: the span
 * from the first bridge request the page made for him to the end of the last one's answer (Playwright's
 * timing). What the page adds is the paint minus that span. Returns both per page, in ms.
 */
import { chromium, type Request } from '@playwright/test';
import { CHROMIUM } from '../scripts/chromium.ts';
import { startAppOnStore } from './players-paint.ts';

export async function paintedPlayerPage(opts: {
  repo: string;
  storeFile: string;
  db: string;
  playerIds: number[];
}): Promise<{ paint: number[]; bridge: number[] }> {
  const app = await startAppOnStore(opts.repo, 'player-page-app', opts.storeFile, opts.db);
  const browser = await chromium.launch({ executablePath: CHROMIUM.executablePath, args: [...CHROMIUM.args] });
  const paint: number[] = [];
  const bridge: number[] = [];
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.goto(`${app.url}#/players/stats`);
    await page.waitForSelector('.data-table[data-state="ready"] tbody tr', { timeout: 120_000 });
    for (const id of opts.playerIds) {
      const requests: Request[] = [];
      const onRequest = (r: Request) => {
        if (r.url().includes('/bridge/')) requests.push(r);
      };
      page.on('request', onRequest);
      // In the page: the route change, then the frame after his NHLe table and his comparables are shown.
      const ms = await page.evaluate(
        (playerId) =>
          new Promise<number>((done) => {
            const ready = () =>
              document.querySelector('.player-nhle table') !== null &&
              document.querySelector(
                '[data-testid="comparables"] table tbody tr, [data-testid="comparables"] p.muted:not(.small)',
              ) !== null;
            const t0 = performance.now();
            const watch = new MutationObserver(() => {
              if (!ready()) return;
              watch.disconnect();
              requestAnimationFrame(() => setTimeout(() => done(performance.now() - t0), 0));
            });
            watch.observe(document.body, { subtree: true, childList: true });
            location.hash = `#/players/${playerId}`;
          }),
        id,
      );
      page.off('request', onRequest);
      const spans = await Promise.all(
        requests.map(async (r) => {
          await r.response();
          const t = r.timing();
          return { start: t.startTime, end: t.startTime + t.responseEnd };
        }),
      );
      paint.push(ms);
      bridge.push(
        spans.length === 0 ? 0 : Math.max(...spans.map((s) => s.end)) - Math.min(...spans.map((s) => s.start)),
      );
      // Back to a page without him, so the next route change is a page change again.
      await page.evaluate(() => {
        location.hash = '#/players/stats';
      });
      await page.waitForSelector('.data-table[data-state="ready"] tbody tr', { timeout: 60_000 });
    }
    return { paint, bridge };
  } finally {
    await browser.close();
    app.proc.kill('SIGTERM');
    await new Promise((r) => (app.proc.exitCode !== null ? r(null) : app.proc.once('exit', r)));
  }
}
