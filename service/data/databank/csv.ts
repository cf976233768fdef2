/**
 * Reading one Databank CSV with papaparse: checks the header against the known layout, then hands each
 * data row to the caller as an object with its 1-based line number (the header is line 1).
 */

import fs from 'node:fs';
import path from 'node:path';
import Papa from 'papaparse';
import type { DatabankFile } from './layout.ts';
import { DATABANK_HEADERS } from './layout.ts';

/** Thrown when a required file is missing or a file does not have the expected header. The import stops. */
export class DatabankImportError extends Error {
  override name = 'DatabankImportError';
}

/** A data row: column name → raw text (empty string for an empty field). */
export type CsvRow = Record<string, string>;

/** A parsed file: its rows and their line numbers, plus the rows whose field count is wrong. */
export interface CsvFile {
  rows: { line: number; row: CsvRow }[];
  /** Rows that cannot be read as a whole: `{line, reason}`. */
  bad: { line: number; reason: string }[];
  /**
   * Non-empty physical lines after the header. More lines than `rows` + `bad` means lines were swallowed
   * into one record (an unbalanced `"` quotes everything up to the next one).
   */
  dataLines: number;
  /** The text ends without a newline inside a row of the wrong field count: the file was cut short. */
  endsMidRow: boolean;
}

/**
 * Reads `file` from `dir`. Returns null when the file does not exist and `optional` is set.
 * @throws DatabankImportError when a required file is missing or the header differs from the Databank layout.
 */
export function readDatabankCsv(dir: string, file: DatabankFile, optional = false): CsvFile | null {
  const full = path.join(dir, file);
  if (!fs.existsSync(full)) {
    if (optional) return null;
    throw new DatabankImportError(`${file} is missing in ${dir}: not a Hockey Databank directory?`);
  }
  const text = fs.readFileSync(full, 'utf8').replace(/^\uFEFF/, '');
  const parsed = Papa.parse<string[]>(text, { header: false, skipEmptyLines: false });
  const header = parsed.data[0] ?? [];
  const expected = DATABANK_HEADERS[file].split(',');
  if (header.join(',') !== expected.join(',')) {
    throw new DatabankImportError(
      `${file}: the header does not match the Hockey Databank layout.\n  expected: ${expected.join(',')}\n  found:    ${header.join(',')}`,
    );
  }
  let dataLines = 0;
  for (const l of text.split(/\r?\n/).slice(1)) if (l !== '') dataLines++;
  const out: CsvFile = { rows: [], bad: [], dataLines, endsMidRow: false };
  for (let i = 1; i < parsed.data.length; i++) {
    const fields = parsed.data[i] as string[];
    const line = i + 1;
    if (fields.length === 1 && fields[0] === '') continue; // blank line (e.g. the final newline)
    if (fields.length !== expected.length) {
      out.bad.push({ line, reason: `${fields.length} fields, expected ${expected.length}` });
      if (i === parsed.data.length - 1 && !/\n$/.test(text)) out.endsMidRow = true;
      continue;
    }
    const row: CsvRow = {};
    for (let c = 0; c < expected.length; c++) row[expected[c] as string] = (fields[c] ?? '').trim();
    out.rows.push({ line, row });
  }
  return out;
}

/** Thrown by the field readers; the importer turns it into a skipped row with this reason. */
export class RowError extends Error {}

/** An integer field: empty → null. @throws RowError when the text is not an integer (or below `min`). */
export function intField(row: CsvRow, col: string, min = 0): number | null {
  const s = row[col] ?? '';
  if (s === '') return null;
  if (!/^-?\d+$/.test(s)) throw new RowError(`${col} "${s}" is not an integer`);
  const n = Number(s);
  if (n < min) throw new RowError(`${col} ${n} is below ${min}`);
  return n;
}

/** A required integer field. @throws RowError when empty or not an integer. */
export function requiredInt(row: CsvRow, col: string, min = 0): number {
  const n = intField(row, col, min);
  if (n === null) throw new RowError(`${col} is empty`);
  return n;
}
