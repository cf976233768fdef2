/**
 * `npm run bench:nhle`: NHLe's figures on a synced store (default `bench/.data/offline-large.sqlite`, the
 * store `BENCH_WORLD=large npm run bench:players` leaves; `BENCH_STORE=FILE` another): every league factor
 * computed (a full computation each run: the cache is keyed by the query, so each run asks another min GP)
 * against a floor measured in the same run (one full scan of the player-season rows on a direct connection:
 * the rows the computation reads), and comparables at the host, p50 and p95 over player-seasons of draft
 * ages 17 to 19; then (unless `BENCH_PAINT=0`) the player page of twenty of them painted with NHLe and
 * comparables in the app on that store (player-page-paint.ts; `BENCH_DB`: the service's database the store
 * was synced from, default `bench/.data/large.db`). Runs alternate floor and computation; figures are
 * medians. The machine is shared: the ratios to the floor are what count.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { openStoreClient } from '../store/index.ts';
import { paintedPlayerPage } from './player-page-paint.ts';

const REPO = resolve(import.meta.dirname, '..');
const FILE = process.env.BENCH_STORE ?? resolve(REPO, 'bench/.data/offline-large.sqlite');
const ROUNDS = Number(process.env.BENCH_ROUNDS) || 5;
/** The service's database the store was synced from (the app serves it while its page is timed). */
const WORLD_DB = process.env.BENCH_DB ?? resolve(REPO, 'bench/.data/large.db');

const quantile = (v: number[], p: number) => {
  const s = [...v].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(p * s.length))] as number;
};
const median = (v: number[]) => quantile(v, 0.5);
const ms = (v: number) => `${v.toFixed(1)} ms`;

/** One full scan of the skater rows the factors read, on a direct connection; milliseconds and rows. */
function scanFloor(db: DatabaseSync): { ms: number; rows: number } {
  const t = performance.now();
  let rows = 0;
  for (const _ of db
    .prepare('SELECT playerId, leagueSlug, endYear, regularStats_GP, regularStats_PTS FROM player_seasons')
    .iterate())
    rows++;
  return { ms: performance.now() - t, rows };
}

async function main() {
  if (!existsSync(FILE)) throw new Error(`${FILE} does not exist: run BENCH_WORLD=large npm run bench:players first.`);
  const store = await openStoreClient({ file: FILE });
  let open = true;
  const closeStore = async () => {
    if (open) await store.close();
    open = false;
  };
  try {
    const t0 = performance.now();
    await store.prepareLeaders();
    console.log(`store ready (opened, migrated, rows derived): ${ms(performance.now() - t0)}`);
    const db = new DatabaseSync(FILE, { readOnly: true });
    const total = (db.prepare('SELECT COUNT(*) AS n FROM player_seasons').get() as { n: number }).n;
    console.log(`player-season rows: ${total.toLocaleString('en')}`);

    const floors: number[] = [];
    const computes: number[] = [];
    let edges = 0;
    let leagues = 0;
    for (let i = 0; i < ROUNDS; i++) {
      floors.push(scanFloor(db).ms);
      const t = performance.now();
      const r = await store.leagueFactors({ minGP: String(20 + i) }, []);
      computes.push(performance.now() - t);
      if (!r.ok) throw new Error(r.issue.message);
      edges = r.value.edges.length;
      leagues = r.value.leagues.filter((l) => l.computed !== null).length;
    }
    const f = median(floors);
    const c = median(computes);
    console.log(
      `factors (${leagues} leagues with a factor, ${edges} pairs, 1,000 bootstrap draws each): p50 ${ms(c)} · floor (one full scan) p50 ${ms(f)} · ratio ${(c / f).toFixed(2)}× (target ≤ 2×)`,
    );

    // Comparables: player-seasons of draft ages 17-19 in leagues with a factor (the default computation's).
    const d = await store.leagueFactors({}, []);
    if (!d.ok) throw new Error(d.issue.message);
    const withFactor = d.value.leagues.filter((l) => l.factor !== null).map((l) => l.league);
    const sample = db
      .prepare(
        `SELECT playerId, leagueSlug AS league, seasonSlug AS season FROM player_seasons
         WHERE goalieLine = 0 AND draftAge BETWEEN 17 AND 19 AND regularStats_GP >= 20 AND id % 97 = 0
           AND leagueSlug IN (SELECT value FROM json_each(?)) LIMIT 60`,
      )
      .all(JSON.stringify(withFactor)) as { playerId: number; league: string; season: string }[];
    if (sample.length === 0) throw new Error('no player-season of draft age 17-19 in a league with a factor');
    const times: number[] = [];
    let candidates = 0;
    for (const s of sample) {
      const t = performance.now();
      const r = await store.comparables(s, []);
      times.push(performance.now() - t);
      if (r.ok) candidates = Math.max(candidates, r.value.candidates);
    }
    console.log(
      `comparables (${sample.length} player-seasons, k = 10, up to ${candidates.toLocaleString('en')} candidates): p50 ${ms(median(times))} · p95 ${ms(quantile(times, 0.95))} · slowest (a draft age read first) ${ms(Math.max(...times))} (target p50 ≤ 50 ms)`,
    );
    db.close();
    if (process.env.BENCH_PAINT === '0') return;
    // Closed first, so the copy the app opens holds everything.
    await closeStore();
    // The page of each of twenty of those players, in the app on a copy of the store.
    const ids = [...new Set(sample.map((s) => s.playerId))].slice(0, 20);
    const p = await paintedPlayerPage({ repo: REPO, storeFile: FILE, db: WORLD_DB, playerIds: ids });
    const extra = p.paint.map((v, i) => v - (p.bridge[i] ?? 0));
    console.log(
      `player page with NHLe and comparables (${ids.length} players): painted p50 ${ms(median(p.paint))} · bridge span p50 ${ms(median(p.bridge))} · painted minus bridge p50 ${ms(median(extra))}, p95 ${ms(quantile(extra, 0.95))} (target ≤ 80 ms)`,
    );
  } finally {
    await closeStore();
  }
}

await main();
