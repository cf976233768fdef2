/**
 * `npm run bench:department [-- --runs 5 --reuse]`: a scouting department of 50 scouts on a real
 * PostgreSQL (a throwaway cluster in bench/.data/department/, department/cluster/), each scout his own
 * login role and connection: 2,000 final reports each (100,000), three lists each (two shared, with
 * entries), a board each and a department board by a director, loaded through the real push
 * (department/sync/push.ts). `--reuse` keeps the loaded cluster of an earlier run of the same shape
 * (otherwise it is made and loaded again, and the load is timed). Then, each the median of `--runs`:
 *   - a new laptop's first full pull (department/sync/pull.ts, one scout, start cursor, every page)
 *     against its floor, a bare SELECT of the same rows and columns as the same scout with row-level
 *     security on, over the same connection, in the same run (target ≤ 1.5×);
 *   - a pull of N changes: the same scout's laptop back after the department wrote its last 100, 1,000 and
 *     10,000 reports (the cursor of the N-th newest), against the same floor from that cursor;
 *   - steady state: every scout pushes 10 changes, then pulls everyone's; the whole round with 50 scouts
 *     at once (a connection each) against its floor, the same pushes and pulls one after another on one
 *     connection (target ≤ 1.5×); one scout's sync (push + pull), p50/p95, at 1, 10, 25 and 50 at once;
 *     and the server's load per round: its processes' CPU (from /proc), the cores it kept busy, the
 *     bench's own CPU, changes pushed per second;
 *   - nothing lost or duplicated: rows per owner on the server (the changes log and every record table)
 *     counted against what each scout pushed and was acknowledged, after every scout repeated his last
 *     push as if its answer was lost. Exits 1 when the check fails.
 * `--scouts N --reports N` make a smaller department (to try the bench). The machine is shared: the
 * ratios, measured in the same run, are what count.
 */
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { stopCluster } from '../department/cluster/local-cluster.ts';
import {
  type BenchCluster,
  freshRunDatabase,
  markLoaded,
  newCluster,
  RUN_DB,
  reuseCluster,
  SERIAL_ROLE,
  serverCpu,
} from './department/cluster.ts';
import { cursorBefore, pairedReads } from './department/first-pull.ts';
import { countAgainst } from './department/ledger.ts';
import { loadDepartment, loadedLedger } from './department/load.ts';
import { type CatchUp, printCatchUp, printFirstPull, printLoad, printSteady } from './department/report.ts';
import { CHANGES_PER_ROUND, scoutSims } from './department/scouts.ts';
import { FULL_SHAPE, scoutName } from './department/shape.ts';
import { type RoundMode, type RoundResult, repeatLastPushes, runRound } from './department/steady.ts';

const { values: flags } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    reuse: { type: 'boolean', default: false },
    scouts: { type: 'string' },
    reports: { type: 'string' },
  },
});
const runs = Number(flags.runs);
const shape = {
  ...FULL_SHAPE,
  scouts: Number(flags.scouts ?? FULL_SHAPE.scouts),
  reportsPerScout: Number(flags.reports ?? FULL_SHAPE.reportsPerScout),
};
const dir = fileURLToPath(new URL('./.data/department', import.meta.url));
const LOAD_WIDTH = 8;
/** How many reports the catch-up pulls missed. */
const CATCH_UP = [100, 1_000, 10_000];
const FLOOR = 'serial, one connection';

/** The cluster with the department loaded: kept from an earlier run (--reuse), or made and loaded now. */
async function loadedCluster(): Promise<BenchCluster> {
  const kept = flags.reuse ? await reuseCluster(dir, shape) : null;
  if (kept && loadedLedger(dir)) {
    console.log(`reusing the department loaded in ${dir} (--reuse; load not timed)`);
    return kept;
  }
  console.log(
    `loading ${shape.scouts} scouts × ${shape.reportsPerScout} reports through the push, ${LOAD_WIDTH} scouts at once …`,
  );
  const cluster = await newCluster(dir, shape);
  const loaded = await loadDepartment(cluster, shape, LOAD_WIDTH);
  await markLoaded(cluster, shape);
  const s = loaded.ms / 1000;
  console.log(`load: ${loaded.changes} changes in ${s.toFixed(1)} s (${(loaded.changes / s).toFixed(0)} changes/s)`);
  return cluster;
}

/** The first full pull of scout 2 (no director) against its floor, alternating which goes first. */
async function firstPull(cluster: BenchCluster): Promise<number> {
  const client = await cluster.connect(RUN_DB, scoutName(1));
  try {
    const reads = await pairedReads(client, runs);
    console.log(`\nA new laptop's first full pull, as ${scoutName(1)}:`);
    return printFirstPull(reads);
  } finally {
    await client.end();
  }
}

/** Scout 2's laptop back after missing the department's last N reports: its pull against the floor. */
async function catchUp(cluster: BenchCluster): Promise<void> {
  const admin = await cluster.connect(RUN_DB);
  const client = await cluster.connect(RUN_DB, scoutName(1));
  try {
    const sizes: CatchUp[] = [];
    for (const n of CATCH_UP.filter((k) => k < shape.scouts * shape.reportsPerScout)) {
      sizes.push({ n, reads: await pairedReads(client, runs, await cursorBefore(admin, n)) });
    }
    console.log(`\nA pull of N changes: ${scoutName(1)}'s laptop back after the department wrote N reports:`);
    printCatchUp(sizes);
  } finally {
    await client.end();
    await admin.end();
  }
}

/** Steady rounds at every width and the serial floor, each run in a rotated order; then the repeated pushes. */
async function steadyState(cluster: BenchCluster, ledger: NonNullable<ReturnType<typeof loadedLedger>>) {
  const admin = await cluster.connect(RUN_DB);
  const serial = await cluster.connect(RUN_DB, SERIAL_ROLE);
  const sims = await scoutSims(
    cluster,
    admin,
    Array.from({ length: shape.scouts }, (_, i) => scoutName(i)),
  );
  const widths = [...new Set([1, 10, 25, 50].map((w) => Math.min(w, shape.scouts)))];
  const modes: [string, RoundMode][] = [
    [FLOOR, { serial }],
    ...widths.map((w): [string, RoundMode] => [`${w} at once`, { width: w }]),
  ];
  const rounds = new Map<string, RoundResult[]>(modes.map(([n]) => [n, []]));
  const cpu = serverCpu(cluster);
  const problems: string[] = [];
  let round = 0;
  try {
    for (let run = 0; run < runs; run++) {
      for (let k = 0; k < modes.length; k++) {
        const [name, mode] = modes[(run + k) % modes.length] as [string, RoundMode];
        const result = await runRound(sims, round++, mode, ledger, cpu);
        rounds.get(name)?.push(result);
        problems.push(...result.problems);
      }
    }
    console.log(
      `\nSteady state, ${shape.scouts} scouts each pushing ${CHANGES_PER_ROUND} changes, then pulling everyone's:`,
    );
    const ratio = printSteady(rounds, FLOOR, `${widths.at(-1)} at once`);
    printLoad(rounds, availableParallelism());
    const late = [...rounds.values()].flat().reduce((n, r) => n + r.late, 0);
    const repeated = await repeatLastPushes(sims, ledger);
    return { ratio, problems, late, repeated, admin };
  } finally {
    await serial.end();
    await Promise.all(sims.map((s) => s.client.end()));
  }
}

// A load that fails leaves no server running on the shared machine (stopping one that never started is harmless).
const cluster = await loadedCluster().catch(async (e: unknown) => {
  await stopCluster(dir, 'fast').catch(() => undefined);
  throw e;
});
let failed = false;
try {
  const ledger = loadedLedger(dir);
  if (!ledger) throw new Error('the load left no ledger');
  await freshRunDatabase(cluster);
  await firstPull(cluster);
  await catchUp(cluster);
  const steady = await steadyState(cluster, ledger);
  const counted = await countAgainst(steady.admin, ledger);
  await steady.admin.end();
  const problems = [...ledger.problems, ...steady.problems, ...counted.lines];
  console.log(
    `\nLoss check: ${counted.rows} rows on the server counted per owner against each scout's acknowledged outbox`,
  );
  console.log(
    `  (${steady.repeated} changes pushed again as if their answer was lost; records pulled late: ${steady.late})`,
  );
  failed = problems.length > 0;
  console.log(failed ? `FAILED:\n  ${problems.slice(0, 20).join('\n  ')}` : '  0 changes lost, 0 duplicated: passed');
} finally {
  await stopCluster(dir, 'fast');
}
process.exitCode = failed ? 1 : 0;
