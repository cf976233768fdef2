import type pg from 'pg';
import { push } from '../../department/sync/push.ts';
import type { Change, PushOutcome } from '../../shared/department/changes.ts';
import type { FeedPage } from '../../shared/department/feed.ts';
import { timedPull } from './first-pull.ts';
import type { Ledger } from './ledger.ts';
import { inPool } from './pool.ts';
import { keepRevs, roundChanges, type ScoutSim } from './scouts.ts';

/**
 * One steady-state round: every scout pushes his ten changes, then pulls everyone's from his cursor. All
 * pushes are answered before the first pull starts, so each pull brings every colleague's changes of the
 * round, the same rows whatever the concurrency. Run on each scout's own connection, `width` scouts at a
 * time; or, for the floor, the same push calls and pulls one after another on one connection that becomes
 * each scout in turn (SET ROLE: his role, his row-level security). Each scout's pull is checked to bring
 * every record changed in the round exactly once.
 */

/** How a round runs: `width` scouts at once on their own connections, or all in turn on `serial`. */
export type RoundMode = { width: number } | { serial: pg.Client };

/** What a round took and found. */
export interface RoundResult {
  ms: number;
  /** CPU the server's processes used in the round, and this bench's own (the scouts' laptops' side), ms. */
  serverCpuMs: number;
  benchCpuMs: number;
  /** Changes pushed in the round. */
  pushed: number;
  /** Per scout: his push plus his pull, ms. */
  syncMs: number[];
  rowsPulled: number;
  bytesPulled: number;
  /** Records of the round a scout's pull missed (brought by a pull after the round) or brought twice. */
  late: number;
  twice: number;
  problems: string[];
}

const RECORD_TABLES: ReadonlySet<FeedPage['table']> = new Set(['reports', 'list_entries', 'boards']);

/**
 * Runs one round `round` of `sims` in `mode`, booking every answer in `ledger`; `serverCpu` reads the CPU
 * ms the server's processes have used so far.
 */
export async function runRound(
  sims: ScoutSim[],
  round: number,
  mode: RoundMode,
  ledger: Ledger,
  serverCpu: () => number,
): Promise<RoundResult> {
  const changes = new Map(sims.map((s) => [s.name, roundChanges(s, round)]));
  const changed = new Set([...changes.values()].flatMap((cs) => cs.map((c) => c.recordId)));
  const pushMs = new Map<string, number>();
  const seen = new Map<string, Map<string, number>>();
  const pushed = [...changes.values()].reduce((n, cs) => n + cs.length, 0);
  const result: RoundResult = {
    ms: 0,
    serverCpuMs: 0,
    benchCpuMs: 0,
    pushed,
    syncMs: [],
    rowsPulled: 0,
    bytesPulled: 0,
    late: 0,
    twice: 0,
    problems: [],
  };
  const asScout = async (s: ScoutSim) => {
    if ('serial' in mode) await mode.serial.query(`SET ROLE ${s.name}`);
    return 'serial' in mode ? mode.serial : s.client;
  };
  const pushOne = async (s: ScoutSim) => {
    const t0 = performance.now();
    const mine = changes.get(s.name) as Change[];
    const outcomes: PushOutcome[] = await push(await asScout(s), mine);
    pushMs.set(s.name, performance.now() - t0);
    ledger.acknowledge(s.name, mine, outcomes);
    keepRevs(s, mine, outcomes);
  };
  const pullOne = async (s: ScoutSim) => {
    const t0 = performance.now();
    const ids = new Map<string, number>();
    seen.set(s.name, ids);
    const pulled = await timedPull(await asScout(s), s.cursor, (page) => countIds(page, ids));
    result.syncMs.push((pushMs.get(s.name) ?? 0) + performance.now() - t0);
    result.rowsPulled += pulled.rows;
    result.bytesPulled += pulled.bytes;
    s.cursor = pulled.cursor;
  };
  const [t0, server0, bench0] = [performance.now(), serverCpu(), process.cpuUsage()];
  const width = 'serial' in mode ? 1 : mode.width;
  await inPool(sims, width, pushOne);
  await inPool(sims, width, pullOne);
  result.ms = performance.now() - t0;
  result.serverCpuMs = serverCpu() - server0;
  const bench = process.cpuUsage(bench0);
  result.benchCpuMs = (bench.user + bench.system) / 1000;
  if ('serial' in mode) await mode.serial.query('RESET ROLE');
  await checkPulled(sims, changed, seen, result);
  return result;
}

/** Counts the record ids of a page (records only: histories and versions are their own rows). */
function countIds(page: FeedPage, ids: Map<string, number>): void {
  if (!RECORD_TABLES.has(page.table)) return;
  for (const row of page.rows) ids.set(row.id, (ids.get(row.id) ?? 0) + 1);
}

/**
 * Every scout must have pulled each record changed in the round once: one his pull missed is pulled now
 * (late: held back, not lost) and, if still missing, is lost; one brought twice is a duplicate.
 */
async function checkPulled(
  sims: ScoutSim[],
  changed: ReadonlySet<string>,
  seen: Map<string, Map<string, number>>,
  result: RoundResult,
): Promise<void> {
  for (const s of sims) {
    const ids = seen.get(s.name) ?? new Map<string, number>();
    const missing = [...changed].filter((id) => !ids.has(id));
    if (missing.length > 0) {
      const later = new Map<string, number>();
      const catchUp = await timedPull(s.client, s.cursor, (page) => countIds(page, later));
      s.cursor = catchUp.cursor;
      result.late += missing.filter((id) => later.has(id)).length;
      const lost = missing.filter((id) => !later.has(id));
      if (lost.length > 0) result.problems.push(`${s.name}: ${lost.length} changed records never pulled`);
    }
    const twice = [...ids.values()].filter((n) => n > 1).length;
    const stray = [...ids.keys()].filter((id) => !changed.has(id)).length;
    result.twice += twice;
    if (twice > 0) result.problems.push(`${s.name}: ${twice} records pulled twice in one pull`);
    if (stray > 0) result.problems.push(`${s.name}: ${stray} records pulled that the round did not change`);
  }
}

/**
 * Every scout pushes his last changes again, as a laptop does when a push's answer was lost: each must be
 * answered `duplicate` and leave nothing new (the ledger does not move; the loss check then counts).
 */
export async function repeatLastPushes(sims: ScoutSim[], ledger: Ledger): Promise<number> {
  let repeated = 0;
  await inPool(sims, sims.length, async (s) => {
    ledger.acknowledge(s.name, s.lastPushed, await push(s.client, s.lastPushed), 'duplicate');
    repeated += s.lastPushed.length;
  });
  return repeated;
}
