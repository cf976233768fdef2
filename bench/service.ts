/**
 * `npm run bench:service`: load test of the local Hockey Data Service on the `large` synthetic world.
 *
 * 1. Seeds `large` (seed 1) into `bench/.data/large.db` if it is absent; otherwise reuses it and adds
 *    any index the current schema has that the file lacks (the schema is idempotent).
 * 2. Starts the service as a child process on 127.0.0.1 (its own core, apart from the load generator).
 * 3. For each case — every operation at `limit=100` with several sort keys and filters, and many at
 *    `limit=1000` — warms up, then drives it with autocannon at concurrency 8 for a few seconds.
 * 4. Floor: drives a bare `node:http` child (bench/floor-server.ts) that serves the case's own captured
 *    response body, with the same autocannon settings (for `BENCH_FLOOR_SECONDS`, default 2 s). Its
 *    p50/p99 is what moving that many bytes through HTTP and autocannon's parser costs on this machine;
 *    the service's latency above the floor is the service's own work.
 * 5. Prints one table: case, response size (KiB), the first (cold) request's latency, requests/s, median
 *    (p50) and p99 latency in ms under load, the floor's p50/p99, and PASS/FAIL against the
 *    targets for `limit=100` cases (`TARGET`): median ≤ 10 ms and p99 ≤ 50 ms. `limit=1000` cases have
 *    no target and show "—". A case whose responses are not all 200 fails.
 *
 * Environment: `BENCH_SECONDS` (default 3) per case; `BENCH_FLOOR_SECONDS` (default 2) per floor run
 * (0 skips the floor); `BENCH_ONLY` a substring to run matching cases only; `BENCH_LIST=1` prints the
 * cases' paths and exits.
 * Speed is measured here, never asserted in tests (TEAM-RULES, "Testing").
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus } from 'node:os';
import { dirname, resolve } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { fileURLToPath } from 'node:url';
import { seedDatabase } from '../service/data/seed.ts';
import { SCHEMA_SQL } from '../service/db/schema.ts';

/** The subset of autocannon's programmatic API used here (it ships no types). */
interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}
type Autocannon = (opts: {
  url: string;
  connections: number;
  pipelining: number;
  duration: number;
}) => Promise<AutocannonResult>;

const require = createRequire(import.meta.url);
const autocannon = require('autocannon') as Autocannon;

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const DATA_DIR = resolve(REPO, 'bench/.data');
const DB_FILE = resolve(DATA_DIR, 'large.db');
const CONCURRENCY = 8;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const FLOOR_SECONDS = Number(process.env.BENCH_FLOOR_SECONDS ?? 2);
const BODY_FILE = resolve(DATA_DIR, 'floor-body.json');
const ONLY = process.env.BENCH_ONLY ?? '';
/** Targets at limit 100. */
const TARGET = { p50: 10, p99: 50 };

interface Case {
  name: string;
  /** Path and query under `/v1` (the key is added). */
  path: string;
  /** Whether the case is held to the targets (limit 100 and single items). */
  target: boolean;
}

/** Seeds `large` if absent; otherwise adds the current schema's indexes the file may lack. */
async function ensureDatabase(): Promise<void> {
  mkdirSync(DATA_DIR, { recursive: true });
  if (!existsSync(DB_FILE)) {
    console.log(`Seeding size large (seed 1) into ${DB_FILE} …`);
    const started = Date.now();
    await seedDatabase(DB_FILE, { size: 'large', seed: 1, onProgress: () => {} });
    console.log(`  seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    return;
  }
  console.log(`Reusing ${DB_FILE}`);
  const db = new DatabaseSync(DB_FILE);
  try {
    db.exec('PRAGMA busy_timeout = 10000');
    const started = Date.now();
    db.exec(SCHEMA_SQL);
    // Self-contained file again (no -wal beside it), as the seeder leaves it; the service opens it read-only.
    db.exec('PRAGMA journal_mode = DELETE');
    const ms = Date.now() - started;
    if (ms > 500) console.log(`  added missing indexes in ${(ms / 1000).toFixed(1)} s`);
  } finally {
    db.close();
  }
}

/** Ids and slugs for the cases, read from the database (the busiest entities, so no case is trivial). */
function pickCases(): Case[] {
  const db = new DatabaseSync(DB_FILE, { readOnly: true });
  const one = <T>(sql: string, ...p: (string | number)[]): T => {
    const row = db.prepare(sql).get(...p) as T | undefined;
    if (row === undefined) throw new Error(`bench: no row for ${sql}`);
    return row;
  };
  try {
    const gl = one<{ id: number; season: string; arenaId: number }>(
      "SELECT t.id, t.defaultSeason AS season, t.arenaId FROM teams t WHERE t.leagueSlug = 'nhl' AND t.arenaId IS NOT NULL ORDER BY (SELECT COUNT(*) FROM player_stats ps WHERE ps.teamId = t.id AND ps.isGoalie = 1) DESC, t.id LIMIT 1",
    );
    const affiliated = one<{ id: number }>(
      'SELECT teamId AS id FROM team_affiliates GROUP BY teamId ORDER BY COUNT(*) DESC, teamId LIMIT 1',
    );
    const rights = one<{ id: number }>(
      'SELECT rightsTeamId AS id FROM players WHERE rightsTeamId IS NOT NULL GROUP BY rightsTeamId ORDER BY COUNT(*) DESC LIMIT 1',
    );
    const moves = one<{ id: number }>(
      'SELECT toTeamId AS id FROM transfers WHERE toTeamId IS NOT NULL GROUP BY toTeamId ORDER BY COUNT(*) DESC LIMIT 1',
    );
    const nhl = one<{ season: string }>(
      "SELECT COALESCE(activeSeason, defaultSeason) AS season FROM leagues WHERE slug = 'nhl'",
    );
    const player = one<{ id: number }>(
      'SELECT playerId AS id FROM player_images GROUP BY playerId ORDER BY COUNT(*) DESC, playerId LIMIT 1',
    );
    const seasons = (
      db.prepare('SELECT DISTINCT seasonSlug AS s FROM player_stats WHERE teamId = ? ORDER BY s').all(gl.id) as {
        s: string;
      }[]
    ).map((r) => r.s);
    const all = seasons.join(',');
    const glPath = `/teams/${gl.id}/goaltending-leaders`;
    const c = (name: string, path: string, target = true): Case => ({ name, path, target });
    return [
      c('teams', '/teams?limit=100'),
      c('teams sort=name q=an', '/teams?limit=100&sort=name&q=an'),
      c('teams sort=-views status=active', '/teams?limit=100&sort=-views&status=active'),
      c('teams league=nhl sort=-mhrRating', '/teams?limit=100&league=nhl&sort=-mhrRating'),
      // The columns the app's Teams view asks for (shared/columns/index.ts): league and country stay embedded.
      c(
        "teams, the app's Teams view fields",
        '/teams?limit=100&sort=name&fields=id,name,league,country,city,teamClass,teamType,status,founded,views,mhrRating',
      ),
      c('teams limit=1000', '/teams?limit=1000', false),
      c('teams/{id}', `/teams/${gl.id}`),
      c('arenas/{id}/teams', `/arenas/${gl.arenaId}/teams?limit=100`),
      c('teams/{id}/affiliates', `/teams/${affiliated.id}/affiliates?limit=100`),
      c('teams/{id}/seasons', `/teams/${gl.id}/seasons?limit=100`),
      c('teams/{id}/seasons limit=1000', `/teams/${gl.id}/seasons?limit=1000`, false),
      c('goaltending-leaders sort=-regularStats.SVP', `${glPath}?limit=100&sort=-regularStats.SVP`),
      c('goaltending-leaders sort=regularStats.GAA', `${glPath}?limit=100&sort=regularStats.GAA`),
      c('goaltending-leaders sort=-totalStats.W', `${glPath}?limit=100&sort=-totalStats.W`),
      c(
        'goaltending-leaders all seasons sort=-regularStats.SVP',
        `${glPath}?limit=100&season=${all}&sort=-regularStats.SVP`,
      ),
      c('goaltending-leaders all seasons sort=player', `${glPath}?limit=100&season=${all}&sort=player`),
      c(
        'goaltending-leaders all seasons limit=1000',
        `${glPath}?limit=1000&season=${all}&sort=-regularStats.GAA`,
        false,
      ),
      c('teams/{id}/player-stats', `/teams/${gl.id}/player-stats?limit=100`),
      c('teams/{id}/player-stats sort=player', `/teams/${gl.id}/player-stats?limit=100&sort=player`),
      c(
        'teams/{id}/player-stats fields=id,player,regularStats',
        `/teams/${gl.id}/player-stats?limit=100&fields=id,player,regularStats&sort=-regularStats.G`,
      ),
      c(
        'teams/{id}/player-stats all seasons limit=1000 fields=id,player,regularStats',
        `/teams/${gl.id}/player-stats?limit=1000&season=${all}&fields=id,player,regularStats`,
        false,
      ),
      c('teams/{id}/in-the-system/leagues', `/teams/${rights.id}/in-the-system/leagues?limit=100`),
      c('teams/{id}/transfers/years', `/teams/${moves.id}/transfers/years?limit=100`),
      c('leagues', '/leagues?limit=100'),
      c('leagues/{slug}', '/leagues/nhl'),
      c('leagues/{slug}/seasons', '/leagues/nhl/seasons?limit=100'),
      c('standings sort=position', `/leagues/nhl/standings?limit=100&season=${nhl.season}&sort=position`),
      c('standings sort=-stats.PTS', `/leagues/nhl/standings?limit=100&season=${nhl.season}&sort=-stats.PTS`),
      c('standings group,position', `/leagues/nhl/standings?limit=100&sort=group,position`),
      c('team-comparison', `/leagues/nhl/${nhl.season}/team-comparison?limit=100`),
      c('team-comparison sort=-averageAge', `/leagues/nhl/${nhl.season}/team-comparison?limit=100&sort=-averageAge`),
      c('where-are-they-now nhl', '/leagues/nhl/where-are-they-now?limit=100'),
      c('where-are-they-now nhl sort=player', '/leagues/nhl/where-are-they-now?limit=100&sort=player'),
      c('where-are-they-now nhl season', `/leagues/nhl/where-are-they-now?limit=100&season=${seasons.at(-6)}`),
      c('where-are-they-now nhl limit=1000', '/leagues/nhl/where-are-they-now?limit=1000', false),
      c('staff-stats/teams', '/staff-stats/teams?limit=100'),
      c('staff-stats/teams sort=team', '/staff-stats/teams?limit=100&sort=team'),
      c(
        'staff-stats/teams rostered, league, seasons',
        '/staff-stats/teams?limit=100&status=rostered&league=nhl&season:from=2010-2011',
      ),
      c('staff-stats/teams limit=1000', '/staff-stats/teams?limit=1000', false),
      c('agencies', '/agencies?limit=100'),
      c('agencies sort=-updatedAt verified=true', '/agencies?limit=100&sort=-updatedAt&verified=true'),
      c('agencies limit=1000', '/agencies?limit=1000', false),
      c('players/{id}', `/players/${player.id}`),
      c('players/{id}/images', `/players/${player.id}/images?limit=100`),
      c('stars-and-cult-players', '/stars-and-cult-players?limit=100'),
      c('stars-and-cult-players league=nhl sort=player', '/stars-and-cult-players?limit=100&league=nhl&sort=player'),
      c('stars-and-cult-players limit=1000', '/stars-and-cult-players?limit=1000', false),
      c('game-log-aggregate', '/game-log-aggregate?limit=100'),
      c('game-log-aggregate league=nhl sort=-teamScore', '/game-log-aggregate?limit=100&league=nhl&sort=-teamScore'),
      c('game-log-aggregate limit=1000', '/game-log-aggregate?limit=1000', false),
    ];
  } finally {
    db.close();
  }
}

/** Starts `npm run service` on the bench database as a child; resolves its base URL. */
function startChild(keysFile: string): Promise<{ child: ChildProcess; base: string }> {
  const child = spawn(
    process.execPath,
    [resolve(REPO, 'service/cli/serve.ts'), '--db', DB_FILE, '--port', '0', '--keys', keysFile],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  return new Promise((ok, fail) => {
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const m = /Hockey Data Service: (http:\/\/\S+\/v1)/.exec(out);
      if (m) ok({ child, base: m[1] as string });
    });
    child.once('exit', (code) => fail(new Error(`the service exited (${code}) before printing its URL`)));
  });
}

/** Starts the floor server (bench/floor-server.ts) as a child; resolves its origin. */
function startFloor(): Promise<{ child: ChildProcess; origin: string }> {
  const child = spawn(process.execPath, [resolve(REPO, 'bench/floor-server.ts')], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((ok, fail) => {
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const m = /Floor server: (http:\/\/\S+)/.exec(out);
      if (m) ok({ child, origin: m[1] as string });
    });
    child.once('exit', (code) => fail(new Error(`the floor server exited (${code}) before printing its URL`)));
  });
}

const pad = (s: string, n: number) => (s.length >= n ? s : s + ' '.repeat(n - s.length));
const lpad = (s: string, n: number) => (s.length >= n ? s : ' '.repeat(n - s.length) + s);

async function main(): Promise<void> {
  const started = Date.now();
  await ensureDatabase();
  const cases = pickCases().filter((c) => c.name.includes(ONLY));
  if (process.env.BENCH_LIST) {
    // The cases' paths only (e.g. to compare two builds' responses), no load.
    for (const c of cases) console.log(c.path);
    return;
  }
  const key = `bench-${randomBytes(12).toString('hex')}`;
  const keysFile = resolve(DATA_DIR, 'bench-keys.json');
  writeFileSync(
    keysFile,
    JSON.stringify({ keys: [{ key, organisation: 'Bench', leagues: '*', seasons: '*', categories: '*' }] }),
  );
  const { child, base } = await startChild(keysFile);
  const floor = FLOOR_SECONDS > 0 ? await startFloor() : null;
  const stop = () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    if (floor && floor.child.exitCode === null) floor.child.kill('SIGTERM');
  };
  process.on('exit', stop);
  console.log(
    `Service ${base} · ${cases.length} cases · concurrency ${CONCURRENCY} · ${SECONDS} s each · ` +
      (floor ? `floor (bare node:http serving the same body) ${FLOOR_SECONDS} s each · ` : 'no floor · ') +
      `node ${process.version} · ${cpus().length} CPUs`,
  );
  const rows: string[][] = [];
  let peakRss = '';
  try {
    for (const c of cases) {
      const url = `${base}${c.path}${c.path.includes('?') ? '&' : '?'}apiKey=${key}`;
      // Warm-up: first-use caches (nested records, materialised views, prepared statements, counts).
      // The first request's latency is printed too: it is what a cold cache costs.
      let status = 0;
      let first = 0;
      let bytes = 0;
      let body = new ArrayBuffer(0);
      for (let i = 0; i < 5; i++) {
        const t = performance.now();
        const res = await fetch(url);
        body = await res.arrayBuffer();
        bytes = body.byteLength;
        if (i === 0) first = performance.now() - t;
        status = res.status;
      }
      const r = await autocannon({ url, connections: CONCURRENCY, pipelining: 1, duration: SECONDS });
      const bad = status !== 200 || r.non2xx > 0 || r.errors > 0 || r.timeouts > 0 || r.requests.total === 0;
      const meets = r.latency.p50 <= TARGET.p50 && r.latency.p99 <= TARGET.p99;
      const verdict = bad
        ? `FAIL (status ${status}, ${r.requests.total} done, non2xx ${r.non2xx}, errors ${r.errors}, timeouts ${r.timeouts})`
        : c.target
          ? meets
            ? 'PASS'
            : 'FAIL'
          : '—';
      // Floor: the same bytes from a bare server, same load (the service child idles meanwhile).
      let floorP50 = '';
      let floorP99 = '';
      if (floor) {
        writeFileSync(BODY_FILE, Buffer.from(body));
        await fetch(`${floor.origin}/__floor/load?file=${encodeURIComponent(BODY_FILE)}`);
        const f = await autocannon({
          url: `${floor.origin}/floor`,
          connections: CONCURRENCY,
          pipelining: 1,
          duration: FLOOR_SECONDS,
        });
        floorP50 = f.latency.p50.toFixed(1);
        floorP99 = f.latency.p99.toFixed(1);
      }
      rows.push([
        c.name,
        (bytes / 1024).toFixed(0),
        first.toFixed(1),
        r.requests.average.toFixed(0),
        r.latency.p50.toFixed(1),
        r.latency.p99.toFixed(1),
        floorP50,
        floorP99,
        verdict,
      ]);
      console.error(`  ${c.name}: ${rows.at(-1)?.slice(1).join(' · ')}`);
    }
    // Peak resident memory of the service child (Linux), to keep an eye on its per-connection caches.
    const status = existsSync(`/proc/${child.pid}/status`) ? readFileSync(`/proc/${child.pid}/status`, 'utf8') : '';
    const peak = /VmHWM:\s+(\d+) kB/.exec(status)?.[1];
    if (peak) peakRss = `service peak RSS ${(Number(peak) / 1024).toFixed(0)} MB · `;
  } finally {
    stop();
  }
  const head = [
    'operation / case',
    'KiB',
    'first ms',
    'req/s',
    'p50 ms',
    'p99 ms',
    'floor p50',
    'floor p99',
    `target p50≤${TARGET.p50} p99≤${TARGET.p99}`,
  ];
  const numeric = (i: number) => i >= 1 && i <= 7;
  const w = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] as string).length)));
  const line = (r: string[]) =>
    `| ${r.map((v, i) => (numeric(i) ? lpad(v, w[i] as number) : pad(v, w[i] as number))).join(' | ')} |`;
  console.log('');
  console.log(line(head));
  console.log(`|${w.map((n, i) => (numeric(i) ? `${'-'.repeat(n + 1)}:` : '-'.repeat(n + 2))).join('|')}|`);
  for (const r of rows) console.log(line(r));
  const targeted = cases.filter((c) => c.target).length;
  const passed = rows.filter((r) => r[8] === 'PASS').length;
  if (floor)
    console.log(
      `\nfloor = a bare node:http child serving the case's captured body (same headers), autocannon at the same concurrency for ${FLOOR_SECONDS} s`,
    );
  console.log(
    `${floor ? '' : '\n'}${passed} of ${targeted} targeted cases pass · ${peakRss}${((Date.now() - started) / 1000).toFixed(0)} s in all`,
  );
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
});
