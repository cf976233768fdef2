import { median, quantile, table } from '../app/report.ts';
import type { PairedReads, ReadSample } from './first-pull.ts';
import type { RoundResult } from './steady.ts';

/** bench:department's printed tables: every run, then the median, and each ratio against its target. */

export const TARGET_RATIO = 1.5;

const msText = (n: number) => `${n.toFixed(0)} ms`;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const ratioText = (r: number) => `${r.toFixed(2)}×`;
const verdict = (r: number) => `${ratioText(r)} (target ≤ ${TARGET_RATIO}×: ${r <= TARGET_RATIO ? 'met' : 'MISSED'})`;

/** The first pull against its floor, run by run: returns the median ratio. */
export function printFirstPull({ pulls, floors }: PairedReads): number {
  const ratios = pulls.map((p, i) => p.ms / (floors[i] as ReadSample).ms);
  const runs = pulls.map((_, i) => `run ${i + 1}`);
  const row = (name: string, xs: number[], f: (n: number) => string) => [name, ...xs.map(f), f(median(xs))];
  console.log(
    table(
      ['', ...runs, 'median'],
      [
        row(
          'pull (pull.ts)',
          pulls.map((p) => p.ms),
          msText,
        ),
        row(
          'floor (bare SELECT)',
          floors.map((f) => f.ms),
          msText,
        ),
        row('pull / floor', ratios, ratioText),
      ],
    ),
  );
  const p = pulls[0] as ReadSample & { pages: number };
  const f = floors[0] as ReadSample;
  console.log(
    `rows: pull ${p.rows} in ${p.pages} pages, floor ${f.rows}; bytes from the server: pull ${mb(p.bytes)}, floor ${mb(f.bytes)}`,
  );
  const r = median(ratios);
  console.log(`first pull / floor, median of ${ratios.length} runs: ${verdict(r)}`);
  return r;
}

/** The steady state's rounds, run by run, per mode: returns the median ratio of 50 at once to the floor. */
export function printSteady(rounds: Map<string, RoundResult[]>, floorName: string, topName: string): number {
  const names = [...rounds.keys()];
  const runs = (rounds.get(floorName) ?? []).map((_, i) => `run ${i + 1}`);
  const rows = names.map((n) => {
    const ms = (rounds.get(n) ?? []).map((r) => r.ms);
    return [n, ...ms.map(msText), msText(median(ms))];
  });
  const floor = rounds.get(floorName) ?? [];
  const ratios = (rounds.get(topName) ?? []).map((r, i) => r.ms / (floor[i] as RoundResult).ms);
  rows.push([`${topName} / floor`, ...ratios.map(ratioText), ratioText(median(ratios))]);
  console.log(table(['whole round', ...runs, 'median'], rows));
  const sync = names.map((n) => {
    const rs = rounds.get(n) ?? [];
    const p50 = rs.map((r) => quantile(r.syncMs, 0.5));
    const p95 = rs.map((r) => quantile(r.syncMs, 0.95));
    return [
      n,
      ...rs.map((_, i) => `${msText(p50[i] as number)} / ${msText(p95[i] as number)}`),
      `${msText(median(p50))} / ${msText(median(p95))}`,
    ];
  });
  console.log(`\none scout's sync (his push + his pull), p50 / p95 of the round's scouts:`);
  console.log(table(['', ...runs, 'median'], sync));
  const one = floor[0] as RoundResult;
  console.log(`each round: ${one.rowsPulled} rows pulled in all (${mb(one.bytesPulled)} from the server)`);
  const r = median(ratios);
  console.log(`${topName} round / floor, median of ${ratios.length} runs: ${verdict(r)}`);
  return r;
}

/** One catch-up size: the laptop missed about `n` reports. */
export interface CatchUp {
  n: number;
  reads: PairedReads;
}

/** Pulls of a laptop that missed the last N reports against their floors: medians per N. */
export function printCatchUp(sizes: CatchUp[]): void {
  const rows = sizes.map(({ n, reads: { pulls, floors } }) => {
    const ratios = pulls.map((p, i) => p.ms / (floors[i] as ReadSample).ms);
    const first = pulls[0] as ReadSample & { pages: number };
    return [
      n.toLocaleString('en-US'),
      `${first.rows} in ${first.pages} pages`,
      msText(median(pulls.map((p) => p.ms))),
      msText(median(floors.map((f) => f.ms))),
      ratioText(median(ratios)),
    ];
  });
  const runs = sizes[0]?.reads.pulls.length ?? 0;
  console.log(table(['reports missed', 'rows pulled', 'pull', `floor (SELECT xid >= cursor)`, 'pull / floor'], rows));
  console.log(`(medians of ${runs} runs each)`);
}

/**
 * The server's load per round and mode (medians): the CPU its processes used, that CPU over the round's
 * wall time (cores kept busy; this machine has `cores`), the bench's own CPU (the scouts' side), and
 * changes pushed per second of the round.
 */
export function printLoad(rounds: Map<string, RoundResult[]>, cores: number): void {
  const rows = [...rounds.entries()].map(([name, rs]) => {
    const m = (f: (r: RoundResult) => number) => median(rs.map(f));
    return [
      name,
      msText(m((r) => r.ms)),
      msText(m((r) => r.serverCpuMs)),
      m((r) => r.serverCpuMs / r.ms).toFixed(2),
      msText(m((r) => r.benchCpuMs)),
      m((r) => (r.pushed * 1000) / r.ms).toFixed(0),
    ];
  });
  console.log(`\nThe server's load per round (medians; ${cores} cores on this machine, shared with the bench):`);
  console.log(table(['', 'round', 'server CPU', 'server cores busy', 'bench CPU', 'changes pushed/s'], rows));
}
