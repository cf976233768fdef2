/**
 * A small Hockey Databank directory made of rows copied as they are from the real Databank CSVs
 * (`../shared/data/hockey-databank` beside the repository, read only, never copied into it), for tests that check the
 * importer against the source's own numbers. The real files hold no quoted fields, so a line splits on ','.
 */
import fs from 'node:fs';
import path from 'node:path';

/** The real Databank directory: `../shared/data/hockey-databank` beside the repository, or `RINKSIDE_DATABANK_DIR`. */
export const DATABANK_DIR =
  process.env.RINKSIDE_DATABANK_DIR ?? path.resolve(import.meta.dirname, '../../../../shared/data/hockey-databank');

/** A real file as header + data lines (no trailing blank line). */
export function readLines(file: string): { header: string; lines: string[] } {
  const all = fs
    .readFileSync(path.join(DATABANK_DIR, file), 'utf8')
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/);
  const [header = '', ...rest] = all;
  return { header, lines: rest.filter((l) => l !== '') };
}

/** A data line as a column → value record. */
export function fieldsOf(header: string, line: string): Record<string, string> {
  const cols = header.split(',');
  const vals = line.split(',');
  return Object.fromEntries(cols.map((c, i) => [c, vals[i] ?? '']));
}

/** The team-seasons of the sample: `[year, tmID]` (the Databank's year is the season's first year). */
export type TeamSeasonPick = readonly [number, string];

/** What {@link writeSample} wrote: the data lines per file, as copied. */
export type Sample = Record<string, string[]>;

/**
 * Writes a Databank directory into `dir` with the real rows of the given team-seasons: their Teams.csv,
 * Goalies.csv, Scoring.csv and Coaches.csv rows, the Master.csv rows of everyone in them, and abbrev.csv whole.
 */
export function writeSample(dir: string, picks: readonly TeamSeasonPick[]): Sample {
  const isPicked = (f: Record<string, string>) => picks.some(([y, tm]) => f.year === String(y) && f.tmID === tm);
  const sample: Sample = {};
  const people = new Set<string>();
  for (const file of ['Teams.csv', 'Goalies.csv', 'Scoring.csv', 'Coaches.csv']) {
    const { header, lines } = readLines(file);
    sample[file] = lines.filter((l) => {
      const f = fieldsOf(header, l);
      if (!isPicked(f)) return false;
      if (f.playerID) people.add(f.playerID);
      if (f.coachID) people.add(f.coachID);
      return true;
    });
  }
  const master = readLines('Master.csv');
  sample['Master.csv'] = master.lines.filter((l) => {
    const f = fieldsOf(master.header, l);
    return people.has(f.playerID ?? '') || people.has(f.coachID ?? '');
  });
  sample['abbrev.csv'] = readLines('abbrev.csv').lines;
  for (const [file, lines] of Object.entries(sample)) writeFile(dir, file, readLines(file).header, lines);
  return sample;
}

/** Writes one CSV file: header, lines, final newline. */
export function writeFile(dir: string, file: string, header: string, lines: readonly string[]): void {
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, file), `${[header, ...lines].join('\n')}\n`);
}
