import { textColumn } from '../columns/build.ts';
import type { ColumnSpec } from '../columns/index.ts';
import type { TableSpecAfter } from './table-spec.ts';

/**
 * How a table with rows listed after its query's own (table-spec.ts, `TableSpecAfter`: a team's goalies
 * under Min GP) marks each row when it leaves the page: an export's file and "Copy this page" alike end
 * with this column, so the two say the same of every row.
 */

/** The marker column: text the page wrote (a CSV treats its header and cells as data), `marker.header` over it. */
export function afterMarkerColumn(marker: TableSpecAfter['marker']): ColumnSpec {
  const { header } = marker;
  return textColumn({ id: 'listedAs', field: 'listedAs', label: header, abbr: header, title: header, fields: '' });
}

/**
 * A row's mark: `marker.first` at a position (0-based, in the whole list as shown: the first query's rows,
 * then those listed after) before `ranked`, the first query's total; `marker.after` from there on.
 */
export function afterMark(marker: TableSpecAfter['marker'], position: number, ranked: number): string {
  return position < ranked ? marker.first : marker.after;
}
