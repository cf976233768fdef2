/**
 * `npm run bench:export [-- ROWS:FORMAT …]`: exports 10k and 100k goalie-stat rows of the `large` synthetic world to CSV and
 * XLSX through the host's export engine (electron/host/export/run-export.ts: service client with the key,
 * paging, writer, atomic rename), and prints time and the host process's peak RSS growth, beside a floor:
 * papaparse / exceljs writing the same rows from memory, no service.
 *
 * The service runs in its own process (so the RSS measured is the host's alone) on
 * `bench/.data/large.db`, seeded like bench/service.ts when absent. No single team has 10k goalie rows,
 * so the export pages through one list made of the busiest teams' goaltending leaders (see
 * {@link virtualList}): 1000-row pages at real offsets, each built from one keyed service request per team.
 *
 * Columns: host s is the export; paging s is the same pages read with nothing written; floor s is the
 * writer alone on those rows from memory; CPU is what the host and the service process used during the
 * export. The export and the paging pass each get a new service process, warmed up on other rows first.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { fileURLToPath } from 'node:url';
import { createCsvWriter } from '../electron/host/export/csv-writer.ts';
import { runExport } from '../electron/host/export/run-export.ts';
import { createXlsxWriter } from '../electron/host/export/xlsx-writer.ts';
import { createServiceClient } from '../electron/host/service-client/service-client.ts';
import { seedDatabase } from '../service/data/seed.ts';
import { type ExportColumn, rowOf } from '../shared/columns/cells.ts';
import { GOALTENDING_COLUMNS, GOALTENDING_SEASON_COLUMN } from '../shared/columns/index.ts';
import type { Result } from '../shared/contract/errors.ts';

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const DB_FILE = resolve(REPO, 'bench/.data/large.db');
const SIZES = [10_000, 100_000];
const TARGET_S = { csv: { 10000: 1 }, xlsx: { 10000: 2, 100000: 12 } } as Record<string, Record<number, number>>;
const RSS_TARGET_MB = 300;
/** The least busy teams, exported once before the timed cases. */
const WARM_UP_TEAMS = 40;
/** `npm run bench:export -- 100000:xlsx 10000:csv` runs only those cases. */
const ONLY = process.argv.slice(2);

const COLUMNS: ExportColumn[] = [GOALTENDING_SEASON_COLUMN, ...GOALTENDING_COLUMNS.regularStats].map((column) => ({
  column,
  header: column.abbr,
}));

async function ensureDatabase(): Promise<void> {
  if (existsSync(DB_FILE)) return;
  mkdirSync(dirname(DB_FILE), { recursive: true });
  console.log(`Seeding size large (seed 1) into ${DB_FILE} …`);
  await seedDatabase(DB_FILE, { size: 'large', seed: 1, onProgress: () => {} });
}

/** Team ids with goalie rows, busiest first, with their counts (read from the file). */
function teamsWithGoalies(): { teamId: number; n: number; seasons: string }[] {
  const db = new DatabaseSync(DB_FILE, { readOnly: true });
  try {
    return db
      .prepare(
        'SELECT teamId, COUNT(*) AS n, GROUP_CONCAT(DISTINCT seasonSlug) AS seasons FROM player_stats WHERE isGoalie = 1 GROUP BY teamId ORDER BY n DESC, teamId',
      )
      .all() as { teamId: number; n: number; seasons: string }[];
  } finally {
    db.close();
  }
}

/** A key file with one key of full access, written to `dir`. */
function writeKeyFile(dir: string): { key: string; keys: string } {
  const key = `bench-${randomBytes(12).toString('hex')}`;
  const keys = join(dir, 'keys.json');
  writeFileSync(
    keys,
    JSON.stringify({ keys: [{ key, organisation: 'Bench', leagues: '*', seasons: '*', categories: '*' }] }),
    { mode: 0o600 },
  );
  return { key, keys };
}

/** The local service on the large database, as its own process; resolves once it answers. */
async function startServiceProcess(keys: string): Promise<{ base: string; child: ChildProcess }> {
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const child = spawn(
    process.execPath,
    [join(REPO, 'service/cli/serve.ts'), '--db', DB_FILE, '--keys', keys, '--port', String(port)],
    { stdio: 'ignore' },
  );
  const base = `http://127.0.0.1:${port}/v1`;
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${base}/about`)).ok) return { base, child };
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill();
  throw new Error('the local service did not start');
}

/** Stops a service process and waits until it is gone. */
async function stopServiceProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const gone = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await gone;
}

/** CPU time (user + system) a child process has used so far, in seconds, from /proc (Linux); NaN elsewhere. */
function cpuSecondsOf(child: ChildProcess): number {
  try {
    const fields = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    // utime and stime are fields 14 and 15 of the whole line, in clock ticks (100 per second on Linux).
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Number.NaN;
  }
}

/** Samples this process's RSS until stopped; returns the peak in bytes. */
function rssSampler(): { stop(): number } {
  let peak = process.memoryUsage.rss();
  const t = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 10);
  return {
    stop() {
      clearInterval(t);
      return Math.max(peak, process.memoryUsage.rss());
    },
  };
}

const mb = (b: number) => (b / 1024 / 1024).toFixed(0);

/** Reads `rows` records page by page (1000 a page), keeping them and writing nothing; the seconds it took. */
async function readPages(
  list: ReturnType<typeof virtualList>,
  rows: number,
): Promise<{ records: unknown[]; seconds: number }> {
  const records: unknown[] = [];
  const started = performance.now();
  while (records.length < rows) {
    const p = await list.fetchPage({ offset: String(records.length), limit: '1000' });
    if (!p.ok) throw new Error(p.error.message);
    const d = (p.value as { data: unknown[] }).data;
    if (d.length === 0) break;
    for (const r of d) records.push(r);
  }
  return { records, seconds: (performance.now() - started) / 1000 };
}

/** Writes records already in memory to `file` through the export's own writer; the seconds it took. */
async function writeFloor(records: readonly unknown[], format: 'csv' | 'xlsx', file: string, source: string) {
  const started = performance.now();
  const w = format === 'csv' ? createCsvWriter(file, COLUMNS) : createXlsxWriter(file, COLUMNS);
  await w.start();
  for (let i = 0; i < records.length; i += 1000) {
    await w.rows(records.slice(i, i + 1000).map((r, j) => rowOf(COLUMNS, r, i + j + 1)));
  }
  await w.finish({ source, query: 'floor', generatedAt: new Date().toISOString(), records: records.length });
  return (performance.now() - started) / 1000;
}

async function main() {
  await ensureDatabase();
  const dir = mkdtempSync(join(tmpdir(), 'rinkside-bench-export-'));
  const { key, keys } = writeKeyFile(dir);
  const client = createServiceClient();
  const teams = teamsWithGoalies();
  const warmTeams = teams.slice(-WARM_UP_TEAMS);
  let service: { base: string; child: ChildProcess } | null = null;

  /**
   * Exports the least busy teams (rows no timed pass reads) to CSV and XLSX: in the app the service and
   * the host have served the table before it is exported, so both processes are warmed up first.
   */
  /** The host's export of the first `rows` rows of `list` to `target`, as the app runs it. */
  const exportList = (base: string, format: 'csv' | 'xlsx', target: string, list: typeof teams, rows: number) =>
    runExport({
      target,
      format,
      columns: COLUMNS,
      query: {},
      scope: 'all',
      fetchPage: virtualList(client, base, key, list, rows).fetchPage,
      about: async () => ({ source: base, query: 'bench: goaltending leaders of the busiest teams' }),
      signal: new AbortController().signal,
      onProgress: () => {},
    });
  const warmUp = async (base: string) => {
    let n = 0;
    for (const format of ['csv', 'xlsx'] as const) {
      const target = join(dir, `warm-up.${format}`);
      const out = await exportList(base, format, target, warmTeams, Number.POSITIVE_INFINITY);
      if (!out.ok) throw new Error(`warm-up export failed: ${out.error.message}`);
      n += out.value;
      rmSync(target, { force: true });
    }
    return n;
  };
  /**
   * A new service process, warmed up: each timed pass (export, paging) reads rows the service has not
   * built yet, so neither gains from the other's work kept in the service's caches.
   */
  const freshService = async () => {
    if (service) await stopServiceProcess(service.child);
    service = await startServiceProcess(keys);
    await warmUp(service.base);
    return service;
  };

  try {
    const first = await freshService();
    const warmStart = performance.now();
    const warmRows = await warmUp(first.base);
    console.log(`Service on ${DB_FILE}; ${teams.length} teams with goalie rows.`);
    console.log(
      `Warm-up before each timed pass, on a new service process: ${warmRows} rows of the ${WARM_UP_TEAMS} least busy teams to CSV and XLSX (${((performance.now() - warmStart) / 1000).toFixed(2)} s once warm).`,
    );
    console.log('');
    console.log(
      'rows     format  host s  paging s  floor s  CPU host s  CPU service s  peak RSS growth MB  file MB   target',
    );
    for (const rows of SIZES) {
      for (const format of ['csv', 'xlsx'] as const) {
        if (ONLY.length > 0 && !ONLY.includes(`${rows}:${format}`)) continue;
        const { base, child } = await freshService();
        globalThis.gc?.();
        const target = join(dir, `export-${rows}.${format}`);
        const baseline = process.memoryUsage.rss();
        const sampler = rssSampler();
        const hostCpu = process.cpuUsage();
        const serviceCpu = cpuSecondsOf(child);
        const started = performance.now();
        const out = await exportList(base, format, target, teams, rows);
        const hostS = (performance.now() - started) / 1000;
        const { user, system } = process.cpuUsage(hostCpu);
        const hostCpuS = (user + system) / 1e6;
        const serviceCpuS = cpuSecondsOf(child) - serviceCpu;
        const peak = sampler.stop();
        if (!out.ok) throw new Error(`export failed: ${out.error.message}`);
        const size = statSync(target).size;

        // Paging: the same pages, from a new service process, read and kept, nothing written.
        const again = await freshService();
        const { records, seconds: pagingS } = await readPages(virtualList(client, again.base, key, teams, rows), rows);
        // Floor: the same rows, already in memory, through the same writer; no service.
        const floorFile = join(dir, `floor-${rows}.${format}`);
        const floorS = await writeFloor(records, format, floorFile, base);

        const limit = TARGET_S[format]?.[rows];
        const verdicts: string[] = [];
        if (limit !== undefined) verdicts.push(`${hostS <= limit ? 'ok' : 'MISS'} ≤ ${limit} s`);
        if (rows === 100_000)
          verdicts.push(`${(peak - baseline) / 1048576 <= RSS_TARGET_MB ? 'ok' : 'MISS'} RSS ≤ ${RSS_TARGET_MB} MB`);
        verdicts.push(`${hostS <= 1.5 * floorS + pagingS ? 'ok' : 'MISS'} ≤ 1.5×floor+paging`);
        console.log(
          [
            String(out.value).padEnd(8),
            format.padEnd(6),
            hostS.toFixed(2).padStart(6),
            pagingS.toFixed(2).padStart(9),
            floorS.toFixed(2).padStart(8),
            hostCpuS.toFixed(2).padStart(11),
            serviceCpuS.toFixed(2).padStart(14),
            mb(peak - baseline).padStart(19),
            (size / 1048576).toFixed(1).padStart(8),
            `  ${verdicts.join(', ')}`,
          ].join(' '),
        );
        rmSync(target, { force: true });
        rmSync(floorFile, { force: true });
      }
    }
  } finally {
    if (service) await stopServiceProcess((service as { child: ChildProcess }).child);
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * One list of goalie-stat rows, paged like a service list: `fetchPage({offset, limit})` gives rows
 * [offset, offset + limit) of the busiest teams' goaltending leaders (every season of each, as the view's
 * "All seasons" asks; the service's default is the latest) one after the other, cut at `rows`, with `rows`
 * as `totalRecords`. A page is read as one keyed service request per team it covers, one after the other,
 * from the moment the page is asked for: like one request for the page, the service builds while the
 * host waits, and only pages the export has asked for are built. A team split between two pages is
 * read once.
 */
function virtualList(
  client: ReturnType<typeof createServiceClient>,
  base: string,
  key: string,
  teams: readonly { teamId: number; n: number; seasons: string }[],
  rows: number,
) {
  const total = Number.isFinite(rows) ? rows : teams.reduce((sum, t) => sum + t.n, 0);
  // Where each team's rows start in the list (from the counts read from the file).
  const starts: number[] = [];
  teams.reduce((at, t) => {
    starts.push(at);
    return at + t.n;
  }, 0);
  const asked = new Map<number, Promise<Result<unknown[]>>>();
  const team = (i: number): Promise<Result<unknown[]>> => {
    let p = asked.get(i);
    if (!p) {
      const t = teams[i] as { teamId: number; seasons: string };
      p = client
        .request(
          base,
          {
            endpoint: 'teamGoaltendingLeaders',
            path: { id: t.teamId },
            query: {
              limit: '1000',
              offset: '0',
              season: t.seasons,
              sort: '-regularStats.SVP',
              fields: 'id,player,season,regularStats',
            },
          },
          key,
        )
        .then((r) => (r.ok ? { ok: true, value: (r.value as { data: unknown[] }).data } : r));
      asked.set(i, p);
    }
    return p;
  };
  return {
    async fetchPage(query: Record<string, string>): Promise<Result<unknown>> {
      const offset = Number(query.offset ?? 0);
      const end = Math.min(total, offset + Number(query.limit ?? 1000));
      const data: unknown[] = [];
      for (let i = 0; i < teams.length && (starts[i] as number) < end; i++) {
        const from = starts[i] as number;
        if (from + (teams[i] as { n: number }).n <= offset) {
          asked.delete(i);
          continue;
        }
        const r = await team(i);
        if (!r.ok) return r;
        for (const row of r.value.slice(Math.max(0, offset - from), end - from)) data.push(row);
      }
      return { ok: true, value: envelope(data, total, offset) };
    },
  };
}

/** A list envelope of one page of the bench's list. */
function envelope(data: unknown[], total: number, offset: number) {
  return {
    _meta: { generatedAt: new Date().toISOString(), offset, limit: 1000, totalRecords: total },
    _links: { first: null, last: null, prev: null, next: null },
    data,
  };
}

await main();
