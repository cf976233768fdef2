import type { Cell } from '../../../shared/columns/cells.ts';

/** What the About sheet says (XLSX only; CSV has no second sheet). */
export interface AboutFacts {
  /** Service base URL, never with a key. */
  source: string;
  /** The query in words: view, team, season, block, sort, filters. */
  query: string;
  generatedAt: string;
  records: number;
  /** The Hockey Databank attribution statement, in full, when the data is from the Databank. */
  attribution?: string;
}

/**
 * A number with the decimals its table showed it with: a cell of a table the page computed (a Compare
 * chart's), where each cell may have its own (`.713` beside `57`).
 */
export interface ShownNumber {
  value: number;
  decimals: number;
}

/** A cell as a writer takes it: a file cell, or a number with its own decimals. */
export type WriterCell = Cell | ShownNumber;

/**
 * A streaming file writer of one export: header first, then rows in batches, then `finish` (which closes
 * the file) or `abort` (which closes it without completing; the caller deletes it).
 */
export interface TableWriter {
  start(): Promise<void>;
  rows(rows: WriterCell[][]): Promise<void>;
  finish(about: AboutFacts): Promise<void>;
  abort(): Promise<void>;
}
