/**
 * Checks that a Databank directory was read whole before its import may replace a database: a stray `"`,
 * an empty file or a file cut short otherwise import "successfully" with most of the data gone.
 * Each check returns the problems per file; the importer fails with all of them and writes nothing.
 */

import type { RowReport } from './context.ts';
import { teamSeasonKey } from './context.ts';
import type { CsvFile } from './csv.ts';

/** The largest share of a file's data lines that may be skipped (or lost) before the import fails. */
export const DEFAULT_MAX_SKIPPED_SHARE = 0.01;

/** One problem: the file and what is wrong with it, in words a person can act on. */
export interface FileProblem {
  file: string;
  problem: string;
}

const pct = (n: number, of: number) => `${((100 * n) / Math.max(of, 1)).toFixed(1)} %`;

/**
 * Shape checks on the parsed files, before anything is written: every file has data rows, every data
 * line was read as a row of its own, and no file ends in the middle of a row.
 */
export function checkFiles(files: ReadonlyMap<string, CsvFile>): FileProblem[] {
  const out: FileProblem[] = [];
  for (const [file, csv] of files) {
    if (csv.dataLines === 0) {
      out.push({ file, problem: 'has no data rows (only its header): the file is empty or was not copied whole' });
      continue;
    }
    const read = csv.rows.length + csv.bad.length;
    if (read < csv.dataLines) {
      out.push({
        file,
        problem: `${csv.dataLines} data lines but only ${read} rows could be read (${csv.dataLines - read} lines merged into others; an unbalanced " quote?)`,
      });
    }
    if (csv.endsMidRow) {
      out.push({ file, problem: 'ends in the middle of a row: the file was cut short' });
    }
  }
  return out;
}

/**
 * The skipped share per file, after the import ran: more than `maxShare` of a file's data lines
 * skipped fails the import.
 */
export function checkSkipped(
  files: ReadonlyMap<string, CsvFile>,
  skipped: readonly RowReport[],
  maxShare: number,
): FileProblem[] {
  const perFile = new Map<string, number>();
  for (const s of skipped) perFile.set(s.file, (perFile.get(s.file) ?? 0) + 1);
  const out: FileProblem[] = [];
  for (const [file, csv] of files) {
    const n = perFile.get(file) ?? 0;
    if (csv.dataLines > 0 && n / csv.dataLines > maxShare) {
      out.push({
        file,
        problem: `${n} of ${csv.dataLines} rows skipped (${pct(n, csv.dataLines)}, more than ${pct(maxShare, 1)})`,
      });
    }
  }
  return out;
}

/**
 * Every team-season of Teams.csv has a goalie in Goalies.csv in the whole Databank; a Goalies.csv cut at
 * a line boundary shows up as team-seasons without one.
 */
export function checkGoalieCoverage(teams: CsvFile, goalies: CsvFile, maxShare: number): FileProblem[] {
  const withGoalie = new Set(goalies.rows.map(({ row }) => teamSeasonKey(row.year ?? '', row.lgID, row.tmID)));
  const keys = new Set(teams.rows.map(({ row }) => teamSeasonKey(row.year ?? '', row.lgID, row.tmID)));
  let missing = 0;
  for (const k of keys) if (!withGoalie.has(k)) missing++;
  if (keys.size === 0 || missing / keys.size <= maxShare) return [];
  return [
    {
      file: 'Goalies.csv',
      problem: `${missing} of ${keys.size} team-seasons of Teams.csv have no goalie row (${pct(missing, keys.size)}): the file looks cut short`,
    },
  ];
}

/** The message of a failed check: one line per problem, and what happened to the database. */
export function problemsMessage(dir: string, problems: readonly FileProblem[]): string {
  return [
    `the Hockey Databank at ${dir} looks damaged; the database was not replaced:`,
    ...problems.map((p) => `  ${p.file}: ${p.problem}`),
    'Copy the files again (or fix the lines named) and re-run the import.',
  ].join('\n');
}
