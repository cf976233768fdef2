/** What the parts of the Databank import share: the parsed files, the writers and the report. */

import type { Row } from '../store.ts';
import type { CsvFile } from './csv.ts';
import type { DatabankFile } from './layout.ts';

/** A row that was not imported, or imported with a caveat. Lines are 1-based; line 1 is the header. */
export interface RowReport {
  file: string;
  line: number;
  reason: string;
}

/** What an import did: rows written per table, rows skipped, rows kept with a caveat. */
export interface ImportReport {
  counts: Record<string, number>;
  skipped: RowReport[];
  /** Rows imported in part, e.g. playoff-only goalie stints with no regular-season games. */
  notes: RowReport[];
}

/** The parsed files and the sinks each import step writes to. */
export interface ImportContext {
  /** A required file, parsed. */
  get(file: DatabankFile): CsvFile;
  /** Scoring.csv, parsed, or null when the directory has none. */
  scoring: CsvFile | null;
  /** Writes a row (its `updatedAt` defaults to the Databank's date). */
  put(table: string, row: Row): void;
  /** Reports a row as skipped. */
  skip(file: string, line: number, reason: string): void;
  /** Reports a row as imported with a caveat. */
  note(file: string, line: number, reason: string): void;
  progress(msg: string): void;
}

/** A team-season of Teams.csv: the franchise team it belongs to and where it played. */
export interface TeamSeasonKey {
  teamId: number;
  leagueSlug: string;
  season: string;
  year: number;
}

/** The key of a team-season in the other files: `year|lgID|tmID`. */
export const teamSeasonKey = (year: number | string, lgID: string | undefined, tmID: string | undefined) =>
  `${year}|${lgID}|${tmID}`;
