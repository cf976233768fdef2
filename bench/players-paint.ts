/**
 * Painted after keystroke, for `npm run bench:players`: the app (`scripts/start.js`, browser shell) on a
 * data folder holding an already synced offline store, in Debian's Chromium driven by Playwright. For
 * each sampled last name, the search box is cleared and the name typed one key at a time; in the page,
 * each `input` event's time stamp is the keystroke, and the frame in which the table's `data-shown-q`
 * names that text (the rows on screen answer it) is the paint. Returns the milliseconds per keystroke.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { copyFileSync, mkdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { chromium } from '@playwright/test';
import { CHROMIUM } from '../scripts/chromium.ts';

/** The app (browser shell) on `dataDir` and the service database `db`: its process and URL. */
export async function startBenchApp(
  repo: string,
  dataDir: string,
  db: string,
): Promise<{ proc: ChildProcess; url: string }> {
  const proc = spawn(
    process.execPath,
    [resolve(repo, 'scripts/start.js'), '--browser', '--no-open', '--port', '0', '--data-dir', dataDir, '--db', db],
    { cwd: repo, stdio: ['ignore', 'pipe', 'ignore'] },
  );
  for await (const line of createInterface({ input: proc.stdout as NodeJS.ReadableStream })) {
    const m = line.match(/^Rinkside: (http:\/\/127\.0\.0\.1:\d+\/)/);
    if (m) return { proc, url: m[1] as string };
  }
  throw new Error('the app did not print its address');
}

/**
 * The app on a fresh data folder `bench/.data/<folder>` holding a copy of the closed store `storeFile`, its
 * local service on the database `db` it was synced from.
 */
export async function startAppOnStore(
  repo: string,
  folder: string,
  storeFile: string,
  db: string,
): Promise<{ proc: ChildProcess; url: string }> {
  const dataDir = resolve(repo, 'bench/.data', folder);
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  copyFileSync(storeFile, join(dataDir, 'offline-players.sqlite'));
  return startBenchApp(repo, dataDir, db);
}

/**
 * Types each of `names` into the Players view's search box, key by key, and returns the time from each
 * keystroke to the paint of its results (ms). `storeFile` is a closed offline store; `db` the service's database.
 */
export async function paintedAfterKeystroke(opts: {
  repo: string;
  storeFile: string;
  db: string;
  names: string[];
}): Promise<number[]> {
  const app = await startAppOnStore(opts.repo, 'players-app', opts.storeFile, opts.db);
  const browser = await chromium.launch({ executablePath: CHROMIUM.executablePath, args: [...CHROMIUM.args] });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 860 } });
    await page.goto(`${app.url}#/players?limit=100`);
    await page.waitForSelector('[data-shown-q=""] tbody tr');
    await page.evaluate(() => {
      const w = window as unknown as { __paint: { q: string; ms: number }[] };
      w.__paint = [];
      const input = document.querySelector('input[type="search"]') as HTMLInputElement;
      input.addEventListener('input', (e) => {
        const q = input.value.trim();
        const t0 = e.timeStamp;
        const done = () => requestAnimationFrame(() => w.__paint.push({ q, ms: performance.now() - t0 }));
        if (document.querySelector('[data-shown-q]')?.getAttribute('data-shown-q') === q) return done();
        const watch = new MutationObserver(() => {
          if (document.querySelector('[data-shown-q]')?.getAttribute('data-shown-q') !== q) return;
          watch.disconnect();
          done();
        });
        watch.observe(document.body, { subtree: true, attributes: true, attributeFilter: ['data-shown-q'] });
      });
    });
    const search = page.getByRole('searchbox');
    const marks = () => page.evaluate(() => (window as unknown as { __paint: { q: string; ms: number }[] }).__paint);
    for (const name of opts.names) {
      await search.fill('');
      await page.waitForSelector('[data-shown-q=""]');
      for (let i = 1; i <= name.length; i++) {
        const from = (await marks()).length;
        await page.keyboard.type(name[i - 1] as string);
        await page.waitForFunction(
          ([k, q]) =>
            (window as unknown as { __paint: { q: string }[] }).__paint.slice(k as number).some((m) => m.q === q),
          [from, name.slice(0, i).trim()] as const,
        );
      }
    }
    return (await marks()).filter((m) => m.q !== '').map((m) => m.ms);
  } finally {
    await browser.close();
    app.proc.kill('SIGTERM');
    await new Promise((r) => (app.proc.exitCode !== null ? r(null) : app.proc.once('exit', r)));
  }
}
