import { columnValue, formatValue, NULL_TEXT } from './format.ts';
import type { ColumnSpec } from './types.ts';

/** Whether a value counts as missing for {@link ColumnSpec.hideWhenEmpty}: null, undefined or blank text. */
export function isEmptyValue(value: unknown): boolean {
  return value === null || value === undefined || (typeof value === 'string' && value.trim() === '');
}

/**
 * The columns a page shows: every column, minus `hideWhenEmpty` ones that no row has a value in and the
 * table is not sorted by (`sortKeys`: the sort keys in use, without `-`). Before the rows arrive
 * (`rows` undefined), the optional columns stay out, so the loading skeleton does not shrink on arrival.
 */
export function columnsWithData(
  columns: readonly ColumnSpec[],
  rows: readonly unknown[] | undefined,
  sortKeys: readonly string[] = [],
): readonly ColumnSpec[] {
  if (!columns.some((c) => c.hideWhenEmpty)) return columns;
  const shown = columns.filter(
    (c) =>
      !c.hideWhenEmpty ||
      (c.sortKey !== undefined && sortKeys.includes(c.sortKey)) ||
      (rows ?? []).some((r) => !isEmptyValue(columnValue(c, r))),
  );
  return shown.length === columns.length ? columns : shown;
}

/** Fewest rows on which one value in a column tells something: on fewer, rows agree by chance. */
export const SAME_VALUE_MIN_ROWS = 3;

/** A column that shows one value on every row of a page, with that value as the table writes it. */
export interface SameValueColumn {
  column: ColumnSpec;
  /** The value as shown: `0`, `2026-05-02`, `—` (blank on every row). */
  value: string;
}

/**
 * Columns that say nothing on this page: the same value as shown (blank included) on every one of at
 * least {@link SAME_VALUE_MIN_ROWS} rows, such as Views 0 and one import date on every row of a Databank
 * page, or League on a list filtered to one league. Never the first column (the row's name), a
 * row-number column, a column marked {@link ColumnSpec.keepWhenSame}, or a column the table is sorted by
 * (`sortKeys`).
 */
export function sameValueColumns(
  columns: readonly ColumnSpec[],
  rows: readonly unknown[] | undefined,
  sortKeys: readonly string[] = [],
): SameValueColumn[] {
  if (rows === undefined || rows.length < SAME_VALUE_MIN_ROWS) return [];
  return columns.flatMap((c, i) => {
    if (i === 0 || c.rowNumber || c.keepWhenSame || (c.sortKey !== undefined && sortKeys.includes(c.sortKey)))
      return [];
    const value = formatValue(c, columnValue(c, rows[0]));
    for (const r of rows) if (formatValue(c, columnValue(c, r)) !== value) return [];
    return [{ column: c, value }];
  });
}

/** The columns a table shows, and those it leaves out or shows on request for saying nothing. */
export interface VisibleColumns {
  shown: readonly ColumnSpec[];
  /** Same on every row and not asked for: left out. */
  hidden: readonly SameValueColumn[];
  /** Same on every row, shown because the scout asked (`reveal`). */
  revealed: readonly SameValueColumn[];
}

/**
 * The columns a page shows: {@link columnsWithData}, less the {@link sameValueColumns} whose ids are not
 * in `reveal` (the columns the scout chose to show anyway). A file of the page has these and the ones
 * left out ({@link fileColumns}).
 */
export function visibleColumns(
  columns: readonly ColumnSpec[],
  rows: readonly unknown[] | undefined,
  sortKeys: readonly string[] = [],
  reveal: readonly string[] = [],
): VisibleColumns {
  const withData = columnsWithData(columns, rows, sortKeys);
  const same = sameValueColumns(withData, rows, sortKeys);
  if (same.length === 0) return { shown: withData, hidden: [], revealed: [] };
  const hidden = same.filter((s) => !reveal.includes(s.column.id));
  const revealed = same.filter((s) => reveal.includes(s.column.id));
  const out = new Set(hidden.map((s) => s.column.id));
  return { shown: out.size === 0 ? withData : withData.filter((c) => !out.has(c.id)), hidden, revealed };
}

/**
 * The columns a file of a page (CSV, XLSX, the clipboard) carries: {@link columnsWithData}, those that
 * hold one value on every row included (one season, one league, Views 0). The table leaves them out and
 * says their value in a line under it; a file has no such line, and must say what it holds without its
 * name. Only columns blank on every row stay out: they say nothing anywhere.
 */
export function fileColumns(
  columns: readonly ColumnSpec[],
  rows: readonly unknown[] | undefined,
  sortKeys: readonly string[] = [],
): readonly ColumnSpec[] {
  const withData = columnsWithData(columns, rows, sortKeys);
  const blank = new Set(
    sameValueColumns(withData, rows, sortKeys)
      .filter((s) => s.value === NULL_TEXT)
      .map((s) => s.column.id),
  );
  return blank.size === 0 ? withData : withData.filter((c) => !blank.has(c.id));
}
