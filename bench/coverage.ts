/**
 * `npm run bench:coverage`: the director's coverage (store/lists/department/desk/coverage.ts) over a
 * department's 100,000 final reports (`BENCH_REPORTS`), against a bare SELECT of the same aggregation
 * (`COVERAGE_SQL`, run straight on the same file with node:sqlite), in the same run. The lists file is made
 * by the lists worker (its migrations), then filled with made-up final reports of 30 scouts on 8,000
 * players (`BENCH_PLAYERS`): skaters and a tenth goalies, every area graded, a projection on most. Each
 * measure runs `BENCH_RUNS` times (at least 3), interleaved; medians are printed, and the ratio of the
 * store's answers to the bare SELECT, both through the lists worker as the host asks: the first page of
 * 100 rows of the whole sorted table (what the view shows), and every row (what an export gets). CPU time
 * counts every thread of the process (the worker's too), so it is less moved by a busy machine than wall
 * time. Target: the answers within 1.5x the bare SELECT. Also timed: the department's side of a draft board
 * of `BENCH_BOARD` players (`departmentBoardFacts`, the viewings, mean grade and projection of every row in
 * one call), which reads the same totals.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { createRng } from '../service/data/synthetic/prng.ts';
import { GOALIE_AREAS, PROJECTIONS, SKATER_AREAS } from '../shared/domain/report-areas.ts';
import { COVERAGE_SQL, openListsClient } from '../store/index.ts';

const REPORTS = Number(process.env.BENCH_REPORTS ?? 100_000);
const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 8_000);
const RUNS = Math.max(3, Number(process.env.BENCH_RUNS ?? 5));
const SCOUTS = 30;
const SOURCE = 'embedded:bench';
const BOARD = Number(process.env.BENCH_BOARD ?? 300);

function fill(file: string): void {
  const db = new DatabaseSync(file);
  const rng = createRng(45);
  const rnd = rng.next;
  const grade = () => Math.round((3 + rnd() * 6) * 2) / 2;
  const projections = Object.keys(PROJECTIONS);
  const insert = db.prepare(
    `INSERT INTO scouting_reports (uid, source, playerId, playerName, playerPosition, dateOfBirth, scout, owner, rev,
       gameDate, homeTeam, awayTeam, league, score, positionPlayed, kind, grades, projection, strengths, weaknesses,
       notes, status, retracted, createdAt, updatedAt)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'Home', 'Away', ?, '', ?, ?, ?, ?, '', '', 'seen', 'final', 0, ?, ?)`,
  );
  db.exec('BEGIN');
  for (let i = 0; i < REPORTS; i++) {
    const player = 1 + Math.floor(rnd() * PLAYERS);
    const goalie = player % 10 === 0;
    const scout = Math.floor(rnd() * SCOUTS);
    const areas = goalie ? GOALIE_AREAS : SKATER_AREAS;
    const grades = Object.fromEntries(areas.map((a) => [a, grade()]));
    const day = new Date(Date.UTC(2025, 8, 1) + Math.floor(rnd() * 270) * 86_400_000).toISOString();
    const born = `${2005 + (player % 3)}-${String(1 + (player % 12)).padStart(2, '0')}-${String(1 + (player % 28)).padStart(2, '0')}`;
    insert.run(
      crypto.randomUUID(),
      SOURCE,
      player,
      `Player ${player}`,
      goalie ? 'G' : 'C',
      born,
      scout === 0 ? '' : `Scout ${scout}`,
      `scout_${scout}`,
      crypto.randomUUID(),
      day.slice(0, 10),
      `League ${player % 12}`,
      goalie ? 'G' : 'C',
      goalie ? 'goalie' : 'skater',
      JSON.stringify(grades),
      rnd() < 0.85 ? (projections[Math.floor(rnd() * projections.length)] as string) : null,
      day,
      day,
    );
  }
  db.exec('COMMIT');
  db.close();
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
};

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'rinkside-bench-coverage-'));
  try {
    const file = join(dir, 'lists.sqlite');
    const open = () =>
      openListsClient({ file, backupsDir: join(dir, 'backups'), cacheFile: join(dir, 'cache.sqlite'), record: null });
    await (await open()).close();
    const t0 = performance.now();
    fill(file);
    console.log(
      `filled ${REPORTS} final reports on ${PLAYERS} players by ${SCOUTS} scouts in ${(performance.now() - t0).toFixed(0)} ms`,
    );

    const bare = new DatabaseSync(file, { readOnly: true });
    const lists = await open();
    const board = (await lists.createBoard('Bench board')).id;
    for (let p = 1; p <= BOARD; p++)
      await lists.addToBoard({ boardId: board, playerId: p * 7, player: { name: `Player ${p * 7}` }, tier: 0 }, SOURCE);
    const times = { bare: [] as number[], firstPage: [] as number[], everyRow: [] as number[], board: [] as number[] };
    const cpu = { bare: [] as number[], firstPage: [] as number[], everyRow: [] as number[], board: [] as number[] };
    /** Wall and CPU milliseconds of `work` (CPU: every thread of this process, the worker's included). */
    const measure = async (k: keyof typeof times, work: () => unknown) => {
      const c = process.cpuUsage();
      const t = performance.now();
      await work();
      times[k].push(performance.now() - t);
      const d = process.cpuUsage(c);
      cpu[k].push((d.user + d.system) / 1000);
    };
    const rows = { bare: 0, firstPage: 0, everyRow: 0, board: 0 };
    // One warm-up each (statements prepared, pages cached), then interleaved runs.
    bare.prepare(COVERAGE_SQL).all();
    await lists.departmentCoverage({});
    for (let run = 0; run < RUNS; run++) {
      await measure('bare', () => {
        rows.bare = bare.prepare(COVERAGE_SQL).all().length;
      });
      await measure('firstPage', async () => {
        rows.firstPage = (await lists.departmentCoverage({})).total;
      });
      await measure('everyRow', async () => {
        rows.everyRow = (await lists.departmentCoverage({ limit: 100_000 })).rows.length;
      });
      await measure('board', async () => {
        rows.board = (await lists.departmentBoardFacts([board])).players.length;
      });
    }
    await lists.close();
    bare.close();
    const keys = ['bare', 'firstPage', 'everyRow', 'board'] as const;
    const what = {
      bare: 'bare SELECT of the aggregation (node:sqlite)',
      everyRow: 'departmentCoverage via the worker, every row',
      firstPage: 'departmentCoverage via the worker, first page',
      board: `departmentBoardFacts, a board of ${BOARD} players`,
    };
    console.log(`runs: ${RUNS} each, interleaved; medians in ms, every run in brackets; ${rows.bare} players`);
    for (const [label, xs] of [
      ['wall', times],
      ['CPU (all threads)', cpu],
    ] as const) {
      console.log(`${label}:`);
      for (const k of keys)
        console.log(
          `  ${what[k].padEnd(46)} ${median(xs[k]).toFixed(1).padStart(8)}  (${xs[k].map((x) => x.toFixed(0)).join(', ')})`,
        );
      const ratio = (k: 'everyRow' | 'firstPage') => (median(xs[k]) / median(xs.bare)).toFixed(2);
      console.log(
        `  ratio to the bare SELECT: first page ${ratio('firstPage')}x, every row ${ratio('everyRow')}x (target <= 1.5x)`,
      );
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
