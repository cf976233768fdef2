import { columnValue } from './format.ts';
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
