import { columnValue, formatCountry } from './format.ts';
import type { ColumnSpec } from './types.ts';

/**
 * A table's records as the cells of a file (DESIGN.md, "Export"): what the host's writers write, and what
 * the offline store gives an export of its own tables directly.
 */

/** A cell as files hold it: numbers stay numbers, text stays text, missing is null. */
export type Cell = string | number | null;

/** A catalog column with the header the table shows for it. */
export interface ExportColumn {
  column: ColumnSpec;
  header: string;
  /**
   * The header is the catalog's own text for the column (its `abbr` or `label`), trusted as written
   * (`+/-`); any other header (a relabel or a chart's team name) is treated as data in a CSV.
   */
  trustedHeader?: boolean;
}

/**
 * The file value of one column of a record: numeric columns give numbers (TOI written `m:ss` becomes
 * minutes), a country its name with its code, other objects with a name give the name, dates give their
 * ISO text; null/undefined/blank give null.
 * A {@link ColumnSpec.rowNumber} column gives `place`. Never a pre-formatted string, so spreadsheets can
 * compute with the numbers.
 */
export function cellValue(column: ColumnSpec, record: unknown, place: number): Cell {
  if (column.rowNumber) return place;
  const v = columnValue(column, record);
  if (v === null || v === undefined || v === '') return null;
  if (column.numeric) {
    if (typeof v === 'number') return Number.isFinite(v) ? v : null;
    if (typeof v === 'string') {
      const toi = /^(\d+):([0-5]\d)$/.exec(v.trim());
      if (toi) return Number(toi[1]) + Number(toi[2]) / 60;
      if (v.trim() !== '' && Number.isFinite(Number(v))) return Number(v);
    }
  }
  // A nationality reads as the table shows it: `Canada (CAN)`.
  if (column.format === 'country') return formatCountry(v);
  if (typeof v === 'object' && 'name' in v && typeof v.name === 'string') return v.name;
  if (typeof v === 'object') return JSON.stringify(v);
  return typeof v === 'number' ? v : String(v);
}

/** One record as a file row, in the export's column order; `place` is its 1-based place in the whole list. */
export function rowOf(columns: readonly ExportColumn[], record: unknown, place: number): Cell[] {
  return columns.map((c) => cellValue(c.column, record, place));
}
