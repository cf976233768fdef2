import {
  type ColumnDef,
  createColumnHelper,
  type PaginationState,
  type RowData,
  rowPaginationFeature,
  rowSortingFeature,
  type SortingState,
  tableFeatures,
  type Updater,
  useTable,
} from '@tanstack/react-table';
import { useMemo } from 'react';
import { type ColumnSpec, columnValue, visibleColumns } from '../../shared/columns/index.ts';
import { type ListQuery, sortKeyOf } from '../../shared/query/query.ts';
import { sortingFromTokens, tokensFromSorting } from './sorting.ts';

const features = tableFeatures({ rowSortingFeature, rowPaginationFeature });
type Features = typeof features;

const EMPTY: never[] = [];

function applyUpdater<T>(updater: Updater<T>, old: T): T {
  return typeof updater === 'function' ? (updater as (o: T) => T)(old) : updater;
}

/** What {@link useServerTable} reads: the catalog columns, the page, its total and the URL's list query. */
export interface ServerTableInput<Row extends RowData> {
  /** The catalog's columns of the view, in order. */
  columns: readonly ColumnSpec[];
  /** The page's rows; undefined while the first page loads. */
  rows: Row[] | undefined;
  /** `_meta.totalRecords` of the page shown. */
  totalRecords: number;
  query: ListQuery;
  onQueryChange: (next: ListQuery) => void;
  getRowId: (row: Row, index: number) => string;
  /** Ids of columns to show although they hold one value on every row (revealedColumns.ts). */
  reveal?: readonly string[];
}

/**
 * TanStack Table v9 with manual sorting and pagination (DESIGN.md, "Server-driven tables"): `rowCount`
 * from `_meta.totalRecords`, the sort and page read from the list query and written back to it (a
 * header click sorts from the first page). It owns the header and the paging, not the cells.
 *
 * Returns the table and the columns shown: optional columns without a value on this page are left out
 * (MHR on data without ratings), and so are columns with one value on every row (Views 0 on a Databank
 * page; `hidden`, with that value), unless the table is sorted by them or the scout asked for them
 * (`reveal`; `revealed`).
 */
export function useServerTable<Row extends RowData>(p: ServerTableInput<Row>) {
  const { query, onQueryChange, getRowId } = p;
  const sortText = (query.sort ?? []).join(',');
  const visible = useMemo(
    () =>
      visibleColumns(p.columns, p.rows, sortText === '' ? [] : sortText.split(',').map((t) => sortKeyOf(t)), p.reveal),
    [p.columns, p.rows, sortText, p.reveal],
  );
  const columns = visible.shown;

  // Header and sorting only: body cells render from the catalog in BodyRow.
  const defs = useMemo(() => {
    const helper = createColumnHelper<Features, Row>();
    return columns.map((c) =>
      helper.accessor((row: Row) => columnValue(c, row) as never, {
        id: c.id,
        header: c.abbr,
        enableSorting: c.sortKey !== undefined,
        sortDescFirst: c.sortDescFirst,
      }),
    ) as ColumnDef<Features, Row, unknown>[];
  }, [columns]);

  const sorting = useMemo(() => sortingFromTokens(query.sort ?? [], columns), [query.sort, columns]);
  const pageSize = Math.max(1, query.limit);
  const pagination: PaginationState = { pageIndex: Math.floor(query.offset / pageSize), pageSize };

  const table = useTable({
    features,
    columns: defs,
    data: p.rows ?? (EMPTY as Row[]),
    getRowId: (row, index) => getRowId(row, index),
    rowCount: p.totalRecords,
    manualSorting: true,
    manualPagination: true,
    enableSortingRemoval: false,
    enableMultiSort: false,
    state: { sorting, pagination },
    onSortingChange: (updater: Updater<SortingState>) => {
      const next = applyUpdater(updater, sorting);
      onQueryChange({ ...query, sort: tokensFromSorting(next, columns), offset: 0 });
    },
    onPaginationChange: (updater: Updater<PaginationState>) => {
      const next = applyUpdater(updater, pagination);
      onQueryChange({ ...query, offset: next.pageIndex * next.pageSize, limit: next.pageSize });
    },
  });
  return { table, columns, hidden: visible.hidden, revealed: visible.revealed };
}

/** The table {@link useServerTable} makes. */
export type ServerTable<Row extends RowData> = ReturnType<typeof useServerTable<Row>>['table'];
