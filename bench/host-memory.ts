/**
 * `npm run bench:host-memory`: the host's memory when the page has many of the service's largest pages in
 * flight at once. Starts the app as `npm start` does (browser shell, embedded local service in its own
 * process) on the `large` synthetic world (`bench/.data/large.db`, seeded like bench/service.ts when
 * absent), then sends `BENCH_PAGES` (default 16) concurrent `POST /bridge/request` of
 * `/teams/{id}/player-stats?limit=1000` across all the team's seasons — the widest record at the largest
 * `limit`, about 19 MB each — for as many of the busiest teams, reads every answer whole, and prints the
 * host process's resident memory before and its peak (`VmHWM`, /proc) after, beside the bytes of the
 * answers. Each round is a new host; `BENCH_ROUNDS` (default 3) rounds, then the median.
 *
 * `BENCH_REPO=/path/to/another/checkout` runs that checkout's `scripts/start.js` instead (to compare two
 * versions on the same database in the same run). Linux only (reads /proc). Numbers are printed, never
 * asserted (speed and memory are measured here, not in tests).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { fileURLToPath } from 'node:url';
import { seedDatabase } from '../service/data/seed.ts';

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const DB_FILE = resolve(REPO, 'bench/.data/large.db');
const TARGET_REPO = resolve(process.env.BENCH_REPO ?? REPO);
const PAGES = Number(process.env.BENCH_PAGES ?? 16);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const RSS_TARGET_MB = 300;
const MB = 1024 * 1024;

/** One page request per team: the `PAGES` teams with the most player-stat rows, all their seasons. */
function pickPages(): { id: number; seasons: string }[] {
  const db = new DatabaseSync(DB_FILE, { readOnly: true });
  try {
    const teams = db
      .prepare(
        'SELECT teamId AS id FROM player_stats GROUP BY teamId HAVING COUNT(*) >= 1000 ORDER BY COUNT(*) DESC LIMIT ?',
      )
      .all(PAGES) as { id: number }[];
    if (teams.length < PAGES) throw new Error(`bench: only ${teams.length} teams have 1000 player-stat rows`);
    const seasonsOf = db.prepare('SELECT DISTINCT seasonSlug AS s FROM player_stats WHERE teamId = ? ORDER BY s');
    return teams.map((t) => ({
      id: t.id,
      seasons: (seasonsOf.all(t.id) as { s: string }[]).map((r) => r.s).join(','),
    }));
  } finally {
    db.close();
  }
}

/** A /proc/PID/status field in MiB (`VmRSS`, `VmHWM`). */
function procMb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const m = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!m) throw new Error(`bench: no ${field} for ${pid}`);
  return Number(m[1]) / 1024;
}

/** Starts the host (browser shell, no window) and resolves to its URL once it prints it. */
function startHost(dataDir: string): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(
    join(REPO, 'node_modules/.bin/node'),
    [join(TARGET_REPO, 'scripts/start.js'), '--no-open', '--browser', '--db', DB_FILE, '--data-dir', dataDir],
    { cwd: TARGET_REPO, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, DBUS_SESSION_BUS_ADDRESS: '' } },
  );
  return new Promise((resolveUrl, reject) => {
    let out = '';
    let err = '';
    child.stderr?.on('data', (c: Buffer) => {
      err = (err + c.toString()).slice(-4000);
    });
    child.stdout?.on('data', (c: Buffer) => {
      out += c.toString();
      const m = /Rinkside: (http:\/\/127\.0\.0\.1:\d+\/)/.exec(out);
      if (m?.[1]) resolveUrl({ child, url: m[1] });
    });
    child.on('exit', (code) => reject(new Error(`bench: the host exited (${code}) before its URL:\n${err}`)));
  });
}

interface Round {
  restMb: number;
  peakMb: number;
  answerMb: number;
  seconds: number;
  failed: number;
}

async function round(pages: { id: number; seasons: string }[]): Promise<Round> {
  const dataDir = mkdtempSync(join(tmpdir(), 'rinkside-bench-host-'));
  const { child, url } = await startHost(dataDir);
  try {
    const html = await (await fetch(url)).text();
    const token = /name="rinkside-bridge-token" content="([0-9a-f]+)"/.exec(html)?.[1];
    if (!token) throw new Error('bench: no bridge token in the page');
    const post = async (body: unknown) => {
      const res = await fetch(new URL('bridge/request', url), {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-rinkside-token': token },
        body: JSON.stringify(body),
      });
      return res.text();
    };
    // Warm the host and the service on a small page, so the rest figure is the host at work, not at boot.
    await post({ endpoint: 'teams', path: {}, query: { limit: '5' } });
    const pid = child.pid as number;
    const restMb = procMb(pid, 'VmRSS');
    const started = performance.now();
    const answers = await Promise.all(
      pages.map((p) =>
        post({
          endpoint: 'teamPlayerStats',
          path: { id: p.id },
          query: { season: p.seasons, limit: '1000', offset: '0' },
        }),
      ),
    );
    const seconds = (performance.now() - started) / 1000;
    const peakMb = procMb(pid, 'VmHWM');
    const failed = answers.filter((a) => !a.startsWith('{"ok":true')).length;
    return { restMb, peakMb, answerMb: answers.reduce((n, a) => n + Buffer.byteLength(a), 0) / MB, seconds, failed };
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

async function main() {
  if (!existsSync(DB_FILE)) {
    mkdirSync(dirname(DB_FILE), { recursive: true });
    console.log(`Seeding size large (seed 1) into ${DB_FILE} …`);
    await seedDatabase(DB_FILE, { size: 'large', seed: 1, onProgress: () => {} });
  }
  const pages = pickPages();
  console.log(`host: ${TARGET_REPO}; ${PAGES} concurrent pages of /teams/{id}/player-stats?limit=1000 (all seasons)`);
  console.log('round  rest MiB  peak MiB  answers MiB  seconds  failed');
  const rounds: Round[] = [];
  for (let i = 1; i <= ROUNDS; i++) {
    const r = await round(pages);
    rounds.push(r);
    console.log(
      `${String(i).padStart(5)}  ${r.restMb.toFixed(0).padStart(8)}  ${r.peakMb.toFixed(0).padStart(8)}  ${r.answerMb.toFixed(1).padStart(11)}  ${r.seconds.toFixed(1).padStart(7)}  ${String(r.failed).padStart(6)}`,
    );
  }
  const peak = median(rounds.map((r) => r.peakMb));
  console.log(
    `median peak ${peak.toFixed(0)} MiB (target < ${RSS_TARGET_MB} MiB): ${peak < RSS_TARGET_MB ? 'PASS' : 'FAIL'}; median ${median(rounds.map((r) => r.seconds)).toFixed(1)} s`,
  );
}

await main();
