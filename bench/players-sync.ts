/**
 * The download section of `npm run bench:players`: the same download of every league of the world, on
 * loopback and behind the bench's latency proxy (bench/latency-proxy.ts: an added round trip per
 * request and per new connection, an optional bandwidth cap), alternated run by run so the shared
 * machine's noise falls on both, each followed by a re-sync of the unchanged data. Per run it prints the
 * time, the work the app does after it (the stats browser's and the search's rows, `prepareLeaders`),
 * the requests made, the bytes moved and the most requests in flight (all counted at the proxy), the
 * requests per synced player, and for the re-sync the time the store's writes took; then the medians and
 * the ratio of the round-trip time to loopback. On loopback each run also has a fetch-only floor: the
 * same download into an empty store whose writes are dropped, so the same pages are requested and parsed
 * and nothing is stored; the sync, the sync with the work after it, and the re-sync are given as ratios
 * to it. With a rate limit, a download from a service that answers 429 past it: its time, and when each
 * 429 came.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { adaptiveLimiter } from '../electron/host/offline/sync/limiter.ts';
import { runSync } from '../electron/host/offline/sync/run.ts';
import type { ServiceClient } from '../electron/host/service-client/service-client.ts';
import { openStoreClient, type StoreClient } from '../store/index.ts';
import type { ProxyConfig, ProxyStats } from './latency-proxy.ts';

/** A latency proxy child and its address. */
interface Proxy {
  child: ChildProcess;
  baseUrl: string;
  reset(): Promise<void>;
  stats(): Promise<ProxyStats>;
}

/** Starts bench/latency-proxy.ts as a child in front of `serviceBase` (`http://127.0.0.1:PORT/v1`). */
export async function startProxy(repo: string, serviceBase: string, rttMs: number, mbit = 0): Promise<Proxy> {
  const child = fork(resolve(repo, 'bench/latency-proxy.ts'), [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const next = <T>(type: string) =>
    new Promise<T>((r) => {
      const on = (m: { type: string } & T) => {
        if (m.type !== type) return;
        child.off('message', on);
        r(m);
      };
      child.on('message', on);
    });
  const target = new URL(serviceBase);
  const cfg: ProxyConfig & { type: 'start' } = { type: 'start', target: target.origin, rttMs, mbitPerSecond: mbit };
  const port = next<{ port: number }>('port');
  child.send(cfg);
  const baseUrl = `http://127.0.0.1:${(await port).port}${target.pathname}`;
  return {
    child,
    baseUrl,
    async reset() {
      const done = next('reset');
      child.send({ type: 'reset' });
      await done;
    },
    async stats() {
      const s = next<{ stats: ProxyStats }>('stats');
      child.send({ type: 'stats' });
      return (await s).stats;
    },
  };
}

/** CPU seconds (user + system) a process has used so far, from /proc (Linux); NaN elsewhere. */
function cpuOf(pid: number | undefined): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(f[11]) + Number(f[12])) / 100;
  } catch {
    return Number.NaN;
  }
}

/** CPU seconds this process (all its threads: the host and the store worker) has used so far. */
const hostCpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};

export interface SyncBenchInput {
  repo: string;
  dataDir: string;
  world: string;
  client: ServiceClient;
  serviceBase: string;
  apiKey: string;
  leagues: string[];
  runs: number;
  rttMs: number;
  mbit: number;
  concurrency: number | undefined;
  /** The service's process, for its CPU time. */
  servicePid: number | undefined;
}

/** One download (and its re-sync) through one proxy, as measured. */
interface RunFigures {
  path: string;
  state: string;
  syncS: number;
  /** The work that follows a download in the app (`prepareLeaders`: the stats browser's and search's rows), s. */
  afterS: number;
  requests: number;
  mib: number;
  peak: number;
  players: number;
  rows: number;
  resyncS: number;
  resyncRequests: number;
  resyncWritesS: number;
  /** CPU seconds of the download: the host (with its store worker) and the service; less noisy than wall time. */
  hostCpuS: number;
  serviceCpuS: number;
}

const median = (v: number[]) => {
  const s = [...v].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
};
const f1 = (v: number) => v.toFixed(1);

/** The store with its commits timed (the re-sync's writes, in s). */
function timedStore(store: StoreClient): { store: StoreClient; writesS: () => number } {
  let ms = 0;
  const timed: StoreClient = {
    ...store,
    commitPacked: async (...args) => {
      const t = performance.now();
      try {
        return await store.commitPacked(...args);
      } finally {
        ms += performance.now() - t;
      }
    },
  };
  return {
    store: timed,
    writesS: () => {
      const s = ms / 1000;
      ms = 0;
      return s;
    },
  };
}

/**
 * The fetch-only floor: the download through `proxy` into a fresh store that drops every commit, so the
 * plan, the requests, the paging, the parsing and the building of the rows are the sync's own and the
 * writes are gone. The batches are still packed for the store on the host (sync/writing.ts) before the
 * dropped commit, a few seconds per million stat lines, so the floor is that much high. Its time in s and
 * the requests the proxy saw.
 */
async function floorRun(input: SyncBenchInput, proxy: Proxy, file: string): Promise<{ s: number; requests: number }> {
  for (const f of [file, `${file}-wal`, `${file}-shm`]) rmSync(f, { force: true });
  const opened = await openStoreClient({ file });
  const store: StoreClient = { ...opened, commitPacked: async () => {} };
  try {
    await proxy.reset();
    const t = performance.now();
    const r = await runSync(
      { leagues: input.leagues },
      {
        client: input.client,
        store,
        baseUrl: proxy.baseUrl,
        apiKey: input.apiKey,
        ...(input.concurrency !== undefined ? { concurrency: input.concurrency } : {}),
      },
    );
    const s = (performance.now() - t) / 1000;
    if (r.state !== 'done') throw new Error(`the fetch-only floor stopped: ${r.state} ${r.error ?? ''}`);
    return { s, requests: (await proxy.stats()).requests };
  } finally {
    await opened.close();
    for (const f of [file, `${file}-wal`, `${file}-shm`]) rmSync(f, { force: true });
  }
}

/** A download and its re-sync through `proxy` into a fresh store file; the file is kept for the next sections. */
async function oneRun(input: SyncBenchInput, proxy: Proxy, path: string, file: string): Promise<RunFigures> {
  for (const f of [file, `${file}-wal`, `${file}-shm`]) rmSync(f, { force: true });
  const opened = await openStoreClient({ file });
  const { store, writesS } = timedStore(opened);
  const deps = {
    client: input.client,
    store,
    baseUrl: proxy.baseUrl,
    apiKey: input.apiKey,
    ...(input.concurrency !== undefined ? { concurrency: input.concurrency } : {}),
  };
  try {
    await proxy.reset();
    const cpu0 = { host: hostCpu(), service: cpuOf(input.servicePid) };
    let t = performance.now();
    const first = await runSync({ leagues: input.leagues }, deps);
    const syncS = (performance.now() - t) / 1000;
    const hostCpuS = hostCpu() - cpu0.host;
    const serviceCpuS = cpuOf(input.servicePid) - cpu0.service;
    const s1 = await proxy.stats();
    // What the app does after a download (electron/host/offline/offline-host.ts), before the scout looks.
    t = performance.now();
    await store.prepareLeaders();
    const afterS = (performance.now() - t) / 1000;
    await proxy.reset();
    writesS();
    t = performance.now();
    await runSync({ leagues: input.leagues }, deps);
    const resyncS = (performance.now() - t) / 1000;
    const s2 = await proxy.stats();
    const counts = await store.counts();
    return {
      path,
      state: first.state === 'done' ? 'done' : `${first.state}: ${first.error}`,
      syncS,
      afterS,
      requests: s1.requests,
      mib: s1.bytes / 1024 / 1024,
      peak: s1.peakInFlight,
      players: counts.players,
      rows: counts.playerStats,
      resyncS,
      resyncRequests: s2.requests,
      resyncWritesS: writesS(),
      hostCpuS,
      serviceCpuS,
    };
  } finally {
    await opened.close();
  }
}

function printRun(i: number, r: RunFigures): void {
  console.log(
    `  run ${i} ${r.path.padEnd(14)} sync ${f1(r.syncS).padStart(6)} s + after ${f1(r.afterS)} s · ${r.requests} requests (${(r.requests / Math.max(1, r.players)).toFixed(3)} per player) · ${f1(r.mib)} MiB · peak ${r.peak} in flight · CPU ${f1(r.hostCpuS)} s host + ${f1(r.serviceCpuS)} s service · ${r.rows} stat lines, ${r.players} players · ${r.state} | re-sync ${f1(r.resyncS)} s, ${r.resyncRequests} requests, store writes ${r.resyncWritesS.toFixed(2)} s`,
  );
}

/**
 * Runs the loopback and round-trip downloads `runs` times each, alternated; prints each run and the
 * medians. Answers the store file of the last loopback run (synced whole) for the bench's next sections.
 */
export async function benchSync(input: SyncBenchInput): Promise<string> {
  const loop = await startProxy(input.repo, input.serviceBase, 0);
  const far = input.rttMs > 0 ? await startProxy(input.repo, input.serviceBase, input.rttMs, input.mbit) : null;
  const far_ = `rtt ${input.rttMs} ms${input.mbit > 0 ? ` ${input.mbit} Mbit/s` : ''}`;
  const file = resolve(input.dataDir, `offline-${input.world}.sqlite`);
  const farFile = resolve(input.dataDir, `offline-${input.world}-rtt.sqlite`);
  const floorFile = resolve(input.dataDir, `offline-${input.world}-floor.sqlite`);
  const results: { loop: RunFigures[]; far: RunFigures[]; floor: number[] } = { loop: [], far: [], floor: [] };
  console.log(
    `download of ${input.leagues.length} leagues (${input.world} world), ${input.runs} runs each, alternated:`,
  );
  const floorOf = async (i: number) => {
    const f = await floorRun(input, loop, floorFile);
    results.floor.push(f.s);
    console.log(`  run ${i} ${'fetch-only'.padEnd(14)} floor ${f1(f.s).padStart(5)} s · ${f.requests} requests`);
  };
  try {
    // The service keeps built records per address it was reached at (their links name it): a first
    // download through each proxy warms it for that path, not counted.
    printRun(0, await oneRun(input, loop, 'warm-up', file));
    if (far !== null) printRun(0, await oneRun(input, far, `warm-up ${far_}`, farFile));
    for (let i = 1; i <= input.runs; i++) {
      // ABBA: neither path always goes first.
      const order = far === null || i % 2 === 1 ? [loop, far] : [far, loop];
      for (const proxy of order) {
        if (proxy === null) continue;
        if (proxy === loop && i % 2 === 0) await floorOf(i);
        const r =
          proxy === loop ? await oneRun(input, loop, 'loopback', file) : await oneRun(input, proxy, far_, farFile);
        (proxy === loop ? results.loop : results.far).push(r);
        printRun(i, r);
        if (proxy === loop && i % 2 === 1) await floorOf(i);
      }
    }
  } finally {
    loop.child.kill();
    far?.child.kill();
  }
  const m = (rs: RunFigures[], k: keyof RunFigures) => median(rs.map((r) => r[k] as number));
  const line = (name: string, rs: RunFigures[]) =>
    `  median ${name.padEnd(14)} sync ${f1(m(rs, 'syncS'))} s + after ${f1(m(rs, 'afterS'))} s · re-sync ${f1(m(rs, 'resyncS'))} s (store writes ${m(rs, 'resyncWritesS').toFixed(2)} s) · ${m(rs, 'requests')} requests · ${(m(rs, 'requests') / Math.max(1, m(rs, 'players'))).toFixed(3)} per player · ${f1(m(rs, 'mib'))} MiB · peak ${m(rs, 'peak')} in flight · CPU ${f1(m(rs, 'hostCpuS'))} s host + ${f1(m(rs, 'serviceCpuS'))} s service`;
  console.log(line('loopback', results.loop));
  const floor = median(results.floor);
  console.log(
    `  median fetch-only floor ${f1(floor)} s · sync / floor ${(m(results.loop, 'syncS') / floor).toFixed(2)}× (target ≤ 1.3) · sync + after / floor ${(median(results.loop.map((r) => r.syncS + r.afterS)) / floor).toFixed(2)}× · re-sync / floor ${(m(results.loop, 'resyncS') / floor).toFixed(2)}× (target ≤ 1.1)`,
  );
  if (results.far.length > 0) {
    console.log(line(far_, results.far));
    console.log(
      `  ${far_} / loopback: ${(m(results.far, 'syncS') / m(results.loop, 'syncS')).toFixed(2)}× (targets: ≤ 20 s and ≤ 3×; requests per player ≤ 0.2)`,
    );
  }
  rmSync(farFile, { force: true });
  for (const ext of ['-wal', '-shm']) rmSync(farFile + ext, { force: true });
  return file;
}

/**
 * A download through a proxy of no delay (loopback) from a service started with a rate limit
 * (`serviceBase`): its time, the 429s the proxy saw, those that slowed the download (the limiter's: a 429
 * to a request sent before an earlier one came back counts with it) and when, and the most in any
 * minute after the first.
 */
export async function benchRateLimited(input: SyncBenchInput, perSecond: number): Promise<void> {
  // On loopback: the download is fastest there, so it meets the limit hardest.
  const proxy = await startProxy(input.repo, input.serviceBase, 0);
  const file = resolve(input.dataDir, `offline-${input.world}-limited.sqlite`);
  for (const f of [file, `${file}-wal`, `${file}-shm`]) rmSync(f, { force: true });
  const store = await openStoreClient({ file });
  try {
    await proxy.reset();
    const limiter = adaptiveLimiter();
    const t = limiter.now();
    const r = await runSync(
      { leagues: input.leagues },
      { client: input.client, store, baseUrl: proxy.baseUrl, apiKey: input.apiKey, limiter },
    );
    const s = await proxy.stats();
    // The 429s that slowed the download (one to a request sent before an earlier one came back did not).
    const slowed = limiter.stats().slowdowns.map((ms) => (ms - t) / 1000);
    const later = slowed.slice(1);
    let worst = 0;
    for (const x of later) worst = Math.max(worst, later.filter((y) => y >= x && y < x + 60).length);
    console.log(
      `rate-limited service (${perSecond} requests/s per key, loopback): ${r.state}${r.error ? ` (${r.error})` : ''} in ${f1((limiter.now() - t) / 1000)} s, ${s.requests} requests; ${s.rateLimited.length} answered 429, ${slowed.length} of them slowing the download (at ${slowed.map((x) => x.toFixed(1)).join(', ') || '—'} s); after the first, at most ${worst} in any minute (target ≤ 1)`,
    );
  } finally {
    await store.close();
    proxy.child.kill();
    for (const f of [file, `${file}-wal`, `${file}-shm`]) rmSync(f, { force: true });
  }
}
