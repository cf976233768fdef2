/**
 * `npm run bench:players [-- --rtt 150] [--bandwidth MBIT] [--runs 3] [--rate-limit N]`: the offline
 * player store on the demo world (or `BENCH_WORLD=large`, when `bench/.data/large.db` exists).
 *
 * 1. Seeds the world into `bench/.data/<world>.db` if absent and starts the local service as a child
 *    process on 127.0.0.1 (its own core, apart from the sync).
 * 2. The download (bench/players-sync.ts): every league and season into a fresh store file (store/,
 *    through the host's service client), then again (a re-sync of unchanged data), on loopback and, with
 *    `--rtt MS`, behind the bench's latency proxy (bench/latency-proxy.ts, on 127.0.0.1: MS of round trip
 *    per request and per new connection, `--bandwidth` Mbit/s for answers), alternated `--runs` times
 *    (default 3): time, requests, bytes moved, peak in flight, medians and the ratio. `--rate-limit N`
 *    adds a download from a second service that answers 429 past N requests per second per key.
 * 3. Search as you type: for sampled player names, every prefix of the last name from two letters, as
 *    `offlinePlayers` asks it (`q`, no sort: the store's own order, limit 50), timed in the host (the worker
 *    round trip included): p50 and p95.
 * 4. Filter + sort + page: position, nationality, age, height and weight ranges, league, season and
 *    shoots in turn, sorted on several columns, at several offsets (limit 100): p50 and p95.
 * 5. Painted after keystroke (bench/players-paint.ts): the app in Chromium on that store, last names typed
 *    key by key, from each keystroke to the frame that shows its results: p50 and p95. `BENCH_PAINT=0`
 *    skips it.
 * 6. The stats browser (players-leaders.ts): its rows derived after the sync, the leaders query at the
 *    host against the same SELECT on the file, the export of about 100k leader rows against the writer
 *    floor; and (players-leaders-paint.ts) painted after a header click against the bridge round trip.
 * Targets (not asserted anywhere): the demo world behind 150 ms ≤ 20 s and ≤ 3× loopback, ≤ 0.2 requests
 * per synced player; rate-limited, at most one 429 a minute after the first; search p50 ≤ 10 ms; painted
 * ≤ 80 ms; filter+sort+page p50 ≤ 20 ms. `BENCH_CONCURRENCY` sets the requests in flight at first.
 * `BENCH_REUSE_STORE=1` keeps the store a previous run downloaded (no download): the query figures alone.
 * The machine is shared: read the medians, and say so.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createServiceClient } from '../electron/host/service-client/service-client.ts';
import { seedDatabase } from '../service/data/seed.ts';
import type { OfflinePlayerListRecord } from '../shared/domain/offline.ts';
import { openStoreClient, type StoreClient } from '../store/index.ts';
import { benchLeaders } from './players-leaders.ts';
import { paintedAfterHeaderClick } from './players-leaders-paint.ts';
import { paintedAfterKeystroke } from './players-paint.ts';
import { benchRateLimited, benchSync } from './players-sync.ts';

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const DATA_DIR = resolve(REPO, 'bench/.data');
const WORLD = process.env.BENCH_WORLD === 'large' ? 'large' : 'demo';

function percentile(values: number[], p: number): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? Number.NaN;
}
const ms = (v: number) => `${v.toFixed(2)} ms`;

/** A page of the store's players list; a refused query stops the bench with the store's message. */
async function playersPage(store: StoreClient, query: Record<string, string>) {
  const r = await store.listPlayers(query);
  if (!r.ok) throw new Error(`the store refused ${JSON.stringify(query)}: ${r.issue.message}`);
  return r.value;
}

/**
 * A page of the players list as the bridge asks the store for it (`offlinePlayers`: the page's JSON text,
 * store/cache/page-json.ts), the call the timings time; a refused query stops the bench.
 */
async function bridgePage(store: StoreClient, query: Record<string, string>): Promise<void> {
  const r = await store.listPlayersJson(query);
  if (!r.ok) throw new Error(`the store refused ${JSON.stringify(query)}: ${r.issue.message}`);
}

/** The local service on `db` in a child process (`service/cli/serve.ts`), with its base URL and demo key. */
async function startServiceChild(
  db: string,
  extra: string[] = [],
): Promise<{ child: ChildProcess; baseUrl: string; apiKey: string }> {
  const child = spawn(process.execPath, [resolve(REPO, 'service/cli/serve.ts'), '--db', db, '--port', '0', ...extra], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout });
  let baseUrl = '';
  let apiKey = '';
  for await (const line of lines) {
    const base = line.match(/(http:\/\/127\.0\.0\.1:\d+\/v1)/);
    if (base) baseUrl = base[1] as string;
    const key = line.match(/(demo-[0-9a-f]+)/);
    if (key) apiKey = key[1] as string;
    if (baseUrl !== '' && apiKey !== '') break;
  }
  return { child, baseUrl, apiKey };
}

/**
 * Filter + sort + page in the store: 10 filters (position, nationality, age, league, league-season,
 * hand, height, weight, none) × 9 sorts × offsets 0, 100, 500, three rounds; the time of each query in ms.
 */
async function timeFilterSortPage(
  store: StoreClient,
  leagues: readonly string[],
  sample: readonly OfflinePlayerListRecord[],
): Promise<number[]> {
  const nat = sample.find((p) => p.nationality !== null)?.nationality?.slug ?? 'can';
  const season = (await store.syncState()).at(-1)?.seasonSlug ?? '2024-2025';
  const filters: Record<string, string>[] = [
    { position: 'G' },
    { position: 'D' },
    { nationality: nat },
    { 'age:min': '20', 'age:max': '25' },
    { league: leagues[0] as string },
    { league: leagues[1] as string, season },
    { shoots: 'L' },
    { 'height:min': '180', 'height:max': '190' },
    { position: 'D', 'weight:min': '90' },
    {},
  ];
  const sorts = [
    'name',
    '-height.metrics',
    'age',
    '-weight.metrics',
    'nationality.name',
    '-dateOfBirth',
    'latestTeam.name',
    '-latestSeason',
    'hand',
  ];
  const page: number[] = [];
  for (let round = 0; round < 3; round++) {
    for (const f of filters) {
      for (const sort of sorts) {
        for (const offset of [0, 100, 500]) {
          const t = performance.now();
          await bridgePage(store, { ...f, sort, offset: String(offset), limit: '100' });
          page.push(performance.now() - t);
        }
      }
    }
  }
  return page;
}

/** The bench's options (after `--`). */
function options() {
  const { values } = parseArgs({
    options: {
      rtt: { type: 'string', default: '0' },
      bandwidth: { type: 'string', default: '0' },
      runs: { type: 'string', default: '3' },
      'rate-limit': { type: 'string' },
    },
  });
  const n = (name: string, v: string | undefined, min: number) => {
    const x = Number(v);
    if (!Number.isFinite(x) || x < min) throw new Error(`--${name} must be a number ≥ ${min}, got '${v}'`);
    return x;
  };
  return {
    rttMs: n('rtt', values.rtt, 0),
    mbit: n('bandwidth', values.bandwidth, 0),
    runs: Math.round(n('runs', values.runs, 1)),
    rateLimit: values['rate-limit'] === undefined ? null : n('rate-limit', values['rate-limit'], 0.1),
  };
}

/** The league-season with the most stats rows in a closed store file, as the stats browser's URL query. */
async function syncedBusiest(file: string): Promise<string | null> {
  const s = await openStoreClient({ file });
  try {
    const top = (await s.syncState()).sort((a, b) => b.rows - a.rows)[0];
    return top ? `league=${top.leagueSlug}&season=${top.seasonSlug}` : null;
  } finally {
    await s.close();
  }
}

async function main() {
  const opts = options();
  mkdirSync(DATA_DIR, { recursive: true });
  const db = resolve(DATA_DIR, `${WORLD}.db`);
  if (!existsSync(db)) {
    if (WORLD === 'large') throw new Error(`${db} does not exist (npm run bench:service seeds it).`);
    await seedDatabase(db, { size: 'demo', seed: 1, onProgress: () => {} });
  }
  const { child, baseUrl, apiKey } = await startServiceChild(db);
  let store: StoreClient | null = null;
  try {
    const client = createServiceClient();
    const leaguesRes = await client.request(
      baseUrl,
      { endpoint: 'leagues', path: {}, query: { limit: '1000' } },
      apiKey,
    );
    if (!leaguesRes.ok) throw new Error(leaguesRes.error.message);
    const leagues = leaguesRes.value.data.map((l) => l.slug);
    const input = {
      repo: REPO,
      dataDir: DATA_DIR,
      world: WORLD,
      client,
      serviceBase: baseUrl,
      apiKey,
      leagues,
      runs: opts.runs,
      rttMs: opts.rttMs,
      mbit: opts.mbit,
      concurrency: Number(process.env.BENCH_CONCURRENCY) || undefined,
      servicePid: child.pid,
    };
    const kept = resolve(DATA_DIR, `offline-${WORLD}.sqlite`);
    const file = process.env.BENCH_REUSE_STORE === '1' && existsSync(kept) ? kept : await benchSync(input);
    if (opts.rateLimit !== null) {
      const limited = await startServiceChild(db, ['--rate-limit', String(opts.rateLimit)]);
      try {
        await benchRateLimited(
          { ...input, serviceBase: limited.baseUrl, apiKey: limited.apiKey, servicePid: limited.child.pid },
          opts.rateLimit,
        );
      } finally {
        limited.child.kill('SIGTERM');
      }
    }
    store = await openStoreClient({ file });

    // Search as you type over sampled names.
    const sample = await playersPage(store, { sort: 'id', limit: '1000' });
    const names = sample.data.filter((_, i) => i % 10 === 0).map((p) => p.lastName ?? p.name);
    const search: number[] = [];
    for (const name of names) {
      for (let n = 2; n <= name.length; n++) {
        const t = performance.now();
        await bridgePage(store, { q: name.slice(0, n), limit: '50' });
        search.push(performance.now() - t);
      }
    }
    console.log(
      `search as you type: ${search.length} queries, p50 ${ms(percentile(search, 50))} (target ≤ 10 ms), p95 ${ms(percentile(search, 95))}`,
    );

    const page = await timeFilterSortPage(store, leagues, sample.data);
    console.log(
      `filter+sort+page: ${page.length} queries, p50 ${ms(percentile(page, 50))} (target ≤ 20 ms), p95 ${ms(percentile(page, 95))}`,
    );
    await benchLeaders({ store, file });
    await store.close();
    store = null;
    // Closed, the store is one file (the WAL is checkpointed into it).
    const size = ['', '-wal'].reduce((n, ext) => n + (existsSync(file + ext) ? statSync(file + ext).size : 0), 0);
    console.log(`store: ${(size / 1024 / 1024).toFixed(1)} MiB after closing (${file})`);
    if (process.env.BENCH_PAINT !== '0') {
      const paint = await paintedAfterKeystroke({ repo: REPO, storeFile: file, db, names: names.slice(0, 12) });
      console.log(
        `painted after keystroke (Chromium): ${paint.length} keystrokes, p50 ${ms(percentile(paint, 50))} (target ≤ 80 ms), p95 ${ms(percentile(paint, 95))}`,
      );
      const busiest = (await syncedBusiest(file)) ?? '';
      for (const r of await paintedAfterHeaderClick({
        repo: REPO,
        storeFile: file,
        db,
        scopes: [busiest, ''],
        rounds: 4,
      })) {
        // Clicks that asked the store, apart from those the view answered from its cache.
        const asked = r.paint.flatMap((p, i) => {
          const rt = r.roundTrip[i];
          return rt === null || rt === undefined ? [] : [{ p, rt }];
        });
        const cached = r.paint.filter((_, i) => r.roundTrip[i] === null);
        const over = asked.map((a) => a.p - a.rt);
        const paint = asked.map((a) => a.p);
        const trips = asked.map((a) => a.rt);
        console.log(
          `stats browser, painted after a header click (${r.scope}): ${asked.length} clicks that asked the store: paint p50 ${ms(percentile(paint, 50))}, bridge round trip p50 ${ms(percentile(trips, 50))} (max ${ms(Math.max(...trips))}); paint minus round trip p50 ${ms(percentile(over, 50))}, p95 ${ms(percentile(over, 95))} (target ≤ 60 ms) · ${cached.length} from the view's cache: paint p50 ${ms(percentile(cached, 50))}`,
        );
      }
    }
  } finally {
    await store?.close().catch(() => {});
    child.kill('SIGTERM');
  }
}

await main();
