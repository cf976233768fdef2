/**
 * Painted after a header click in the stats browser, for `npm run bench:players`: the app (browser shell)
 * on a data folder holding the synced store, in Debian's Chromium. Each click on a stat header is timed in
 * the page from the click event to the frame in which the table shows rows of the new sort
 * (`data-state="ready"` with that `data-sort`), beside the bridge round trip of the request it made (its
 * request start to response end, Playwright's timing), or null when the view answered from its own cache.
 * Each round opens the view with a min GP of its own, so its clicks ask the store. Returns both per click,
 * in ms.
 */
import { chromium, type Request } from '@playwright/test';
import { CHROMIUM } from '../scripts/chromium.ts';
import { startAppOnStore } from './players-paint.ts';

/** Header titles clicked in turn (each click sorts by that stat, best first). */
const HEADERS = ['Goals', 'Assists', 'Points (goals plus assists)', 'Points per game played', 'Penalty minutes'];

export async function paintedAfterHeaderClick(opts: {
  repo: string;
  storeFile: string;
  db: string;
  /** The view's URL query, e.g. `league=nhl&season=2023-2024` (empty: every row). */
  scopes: string[];
  rounds: number;
}): Promise<{ scope: string; paint: number[]; roundTrip: (number | null)[] }[]> {
  const app = await startAppOnStore(opts.repo, 'leaders-app', opts.storeFile, opts.db);
  const browser = await chromium.launch({ executablePath: CHROMIUM.executablePath, args: [...CHROMIUM.args] });
  const out: { scope: string; paint: number[]; roundTrip: (number | null)[] }[] = [];
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    for (const scope of opts.scopes) {
      const paint: number[] = [];
      const roundTrip: (number | null)[] = [];
      for (let round = 0; round < opts.rounds; round++) {
        // Each round a min GP of its own (20, 21 …), so each of its sorts asks the store again rather than
        // the view's cache.
        await page.goto(`${app.url}#/players/stats?${scope}${scope === '' ? '' : '&'}minGP=${20 + round}`);
        await page.waitForSelector('.data-table[data-state="ready"] tbody tr', { timeout: 120_000 });
        for (const title of HEADERS) {
          // Named as shown (`G (Goals): sort`, renderer/table/sorting.ts), or by the title alone.
          const esc = title.replace(/[()]/g, '\\$&');
          const button = page.getByRole('button', { name: new RegExp(`(^|\\()${esc}\\)?: sort$`) });
          const requests: Request[] = [];
          const onRequest = (r: Request) => {
            if (r.url().endsWith('/bridge/offlineLeaders')) requests.push(r);
          };
          page.on('request', onRequest);
          // In the page: the click's time stamp, and the frame after the table shows the new sort's rows.
          const done = page.evaluate(
            () =>
              new Promise<number>((resolveMs) => {
                let t0 = 0;
                const table = () => document.querySelector('.data-table');
                addEventListener(
                  'click',
                  (e) => {
                    t0 = e.timeStamp;
                    const before = table()?.getAttribute('data-sort');
                    const check = () => {
                      const t = table();
                      if (t?.getAttribute('data-state') === 'ready' && t.getAttribute('data-sort') !== before) {
                        watch.disconnect();
                        requestAnimationFrame(() => resolveMs(performance.now() - t0));
                      }
                    };
                    const watch = new MutationObserver(check);
                    watch.observe(document.body, {
                      subtree: true,
                      attributes: true,
                      attributeFilter: ['data-state', 'data-sort'],
                    });
                  },
                  { once: true, capture: true },
                );
              }),
          );
          await button.click();
          paint.push(await done);
          page.off('request', onRequest);
          const last = requests.at(-1);
          if (last) await last.response();
          // Paired with its own click: a click answered from the view's cache made no request.
          roundTrip.push(last ? last.timing().responseEnd : null);
        }
      }
      out.push({ scope: scope || 'every row', paint, roundTrip });
    }
    return out;
  } finally {
    await browser.close();
    app.proc.kill('SIGTERM');
    await new Promise((r) => (app.proc.exitCode !== null ? r(null) : app.proc.once('exit', r)));
  }
}
