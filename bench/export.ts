/**
 * `npm run bench:export [-- ROWS:FORMAT …]`: exports 10k and 100k goalie-stat rows of the `large` synthetic world to CSV and
 * XLSX through the host's export engine (electron/host/export/run-export.ts: service client with the key,
 * paging, writer, atomic rename), and prints time and the host process's peak RSS growth, beside a floor:
 * papaparse / exceljs writing the same rows from memory, no service.
 *
 * The service runs in its own process (so the RSS measured is the host's alone) on
 * `bench/.data/large.db`, seeded like bench/service.ts when absent. No single team has 10k goalie rows,
 * so the host's paging walks teams: each service request is one team's goaltending leaders
 * (`limit=1000`, all its seasons), until the row count is reached.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { fileURLToPath } from 'node:url';
import { type ExportColumn, rowOf } from '../electron/host/export/cells.ts';
import { createCsvWriter } from '../electron/host/export/csv-writer.ts';
import { runExport } from '../electron/host/export/run-export.ts';
import { createXlsxWriter } from '../electron/host/export/xlsx-writer.ts';
import { createServiceClient } from '../electron/host/service-client.ts';
import { seedDatabase } from '../service/data/seed.ts';
import { GOALTENDING_COLUMNS, GOALTENDING_SEASON_COLUMN } from '../shared/columns.ts';

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const DB_FILE = resolve(REPO, 'bench/.data/large.db');
const SIZES = [10_000, 100_000];
const TARGET_S = { csv: { 10000: 1 }, xlsx: { 10000: 2, 100000: 12 } } as Record<string, Record<number, number>>;
const RSS_TARGET_MB = 300;
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

async function startServiceProcess(dir: string): Promise<{ base: string; key: string; child: ChildProcess }> {
  const key = `bench-${randomBytes(12).toString('hex')}`;
  const keys = join(dir, 'keys.json');
  writeFileSync(
    keys,
    JSON.stringify({ keys: [{ key, organisation: 'Bench', leagues: '*', seasons: '*', categories: '*' }] }),
    { mode: 0o600 },
  );
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const child = spawn(
    process.execPath,
    [join(REPO, 'service/cli/serve.ts'), '--db', DB_FILE, '--keys', keys, '--port', String(port)],
    { stdio: 'ignore' },
  );
  const base = `http://127.0.0.1:${port}/v1`;
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${base}/about`)).ok) return { base, key, child };
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill();
  throw new Error('the local service did not start');
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

async function main() {
  await ensureDatabase();
  const dir = mkdtempSync(join(tmpdir(), 'rinkside-bench-export-'));
  const { base, key, child } = await startServiceProcess(dir);
  const client = createServiceClient();
  const teams = teamsWithGoalies();
  console.log(`Service ${base} on ${DB_FILE}; ${teams.length} teams with goalie rows.`);
  console.log('');
  console.log('rows     format  host s  paging s  floor s  peak RSS growth MB  file MB   target');
  try {
    for (const rows of SIZES) {
      for (const format of ['csv', 'xlsx'] as const) {
        if (ONLY.length > 0 && !ONLY.includes(`${rows}:${format}`)) continue;
        globalThis.gc?.();
        const target = join(dir, `export-${rows}.${format}`);
        let pagingMs = 0;
        let team = 0;
        let sent = 0;
        // Host paging over teams: one keyed service request per team, until `rows` records are out.
        const fetchPage = async () => {
          const t = teams[team++];
          if (!t || sent >= rows) {
            return { ok: true as const, value: envelope([], rows) };
          }
          // Every season of the team, as the view's "All seasons" asks (the service's default is the latest).
          const started = performance.now();
          const r = await client.request(
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
          );
          pagingMs += performance.now() - started;
          if (!r.ok) return r;
          const data = (r.value as { data: unknown[] }).data.slice(0, rows - sent);
          sent += data.length;
          return { ok: true as const, value: envelope(data, rows) };
        };
        const baseline = process.memoryUsage.rss();
        const sampler = rssSampler();
        const started = performance.now();
        const out = await runExport({
          target,
          format,
          columns: COLUMNS,
          query: {},
          scope: 'all',
          fetchPage,
          about: async () => ({ source: base, query: 'bench: goaltending leaders of the busiest teams' }),
          signal: new AbortController().signal,
          onProgress: () => {},
        });
        const hostS = (performance.now() - started) / 1000;
        const hostPagingS = pagingMs / 1000;
        const peak = sampler.stop();
        if (!out.ok) throw new Error(`export failed: ${out.error.message}`);
        const size = statSync(target).size;

        // Floor: the same rows, already in memory, through the same writer; no service.
        const records: unknown[] = [];
        team = 0;
        sent = 0;
        for (;;) {
          const p = await fetchPage();
          if (!p.ok) throw new Error(p.error.message);
          const d = (p.value as { data: unknown[] }).data;
          if (d.length === 0) break;
          records.push(...d);
        }
        const floorFile = join(dir, `floor-${rows}.${format}`);
        const floorStart = performance.now();
        const w = format === 'csv' ? createCsvWriter(floorFile, COLUMNS) : createXlsxWriter(floorFile, COLUMNS);
        await w.start();
        for (let i = 0; i < records.length; i += 1000) {
          await w.rows(records.slice(i, i + 1000).map((r, j) => rowOf(COLUMNS, r, i + j + 1)));
        }
        await w.finish({
          source: base,
          query: 'floor',
          generatedAt: new Date().toISOString(),
          records: records.length,
        });
        const floorS = (performance.now() - floorStart) / 1000;

        const limit = TARGET_S[format]?.[rows];
        const verdicts: string[] = [];
        if (limit !== undefined) verdicts.push(`${hostS <= limit ? 'ok' : 'MISS'} ≤ ${limit} s`);
        if (rows === 100_000)
          verdicts.push(`${(peak - baseline) / 1048576 <= RSS_TARGET_MB ? 'ok' : 'MISS'} RSS ≤ ${RSS_TARGET_MB} MB`);
        verdicts.push(`${hostS <= 1.5 * floorS + hostPagingS ? 'ok' : 'MISS'} ≤ 1.5×floor+paging`);
        console.log(
          [
            String(out.value).padEnd(8),
            format.padEnd(6),
            hostS.toFixed(2).padStart(6),
            hostPagingS.toFixed(2).padStart(9),
            floorS.toFixed(2).padStart(8),
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
    child.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A list envelope for the host's paging: the rows of one team, with the export's row count as total. */
function envelope(data: unknown[], total: number) {
  return {
    _meta: { generatedAt: new Date().toISOString(), offset: 0, limit: 1000, totalRecords: total },
    _links: { first: null, last: null, prev: null, next: null },
    data,
  };
}

await main();
