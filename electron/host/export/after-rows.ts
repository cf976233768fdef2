import type { ExportColumn } from '../../../shared/columns/cells.ts';
import type { Result } from '../../../shared/contract/errors.ts';
import { afterMark, afterMarkerColumn } from '../../../shared/query/after-marker.ts';
import { envelopeRows, type RowsPage } from './run-export.ts';

/**
 * An export of a table that lists rows after its query's own (a team's goalies under Min GP after those
 * it ranks; shared/query/table-spec.ts, `TableSpecAfter`): both parts paged as one list, each row marked
 * in a last column.
 */

/** The second part of an export spec, as the bridge checked it. */
export interface AfterPart {
  query: Readonly<Record<string, string>>;
  marker: { header: string; first: string; after: string };
}

/** The marker column (shared/query/after-marker.ts), its header not trusted: text the page wrote. */
export function markerColumn(after: AfterPart): ExportColumn {
  return { column: afterMarkerColumn(after.marker), header: after.marker.header, trustedHeader: false };
}

/**
 * Pages of the two parts as one list, as the rows of `columns` plus the marker: the first query's rows
 * of the page asked for, then, once those run out within the page, the second query's rows from there
 * (its rows before the first query's total are the first query's own). The total is the larger of the two
 * totals. `fetchPage` is one keyed GET of the endpoint; its failure is the page's.
 */
export function twoPartRows(
  columns: readonly ExportColumn[],
  after: AfterPart,
  fetchPage: (query: Record<string, string>) => Promise<Result<unknown>>,
): (query: Record<string, string>) => Promise<Result<RowsPage>> {
  let afterTotal: number | undefined;
  return async (query) => {
    const offset = Number(query.offset ?? 0);
    const limit = Number(query.limit ?? 100);
    const first = envelopeRows(columns, await fetchPage(query), offset);
    if (!first.ok) return first;
    const ranked = first.value.totalRecords;
    const rows = first.value.rows.map((r, i) => [...r, afterMark(after.marker, offset + i, ranked)]);
    // Only once the first part is done within this page: a page cut short by the service is not its end.
    const from = offset + rows.length;
    const want = from >= ranked ? offset + limit - from : 0;
    if (want > 0 || afterTotal === undefined) {
      const at = Math.max(from, ranked);
      const q = { ...after.query, offset: String(at), limit: String(Math.max(want, 1)) };
      const second = envelopeRows(columns, await fetchPage(q), at);
      if (!second.ok) return second;
      afterTotal = second.value.totalRecords;
      const marked = second.value.rows.slice(0, want).map((r, i) => [...r, afterMark(after.marker, at + i, ranked)]);
      if (want > 0) rows.push(...marked);
    }
    return { ok: true, value: { rows, totalRecords: Math.max(ranked, afterTotal) } };
  };
}
