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
import { useVirtualizer } from '@tanstack/react-virtual';
import { type KeyboardEvent, memo, type ReactNode, useCallback, useMemo, useRef } from 'react';
import { type ColumnSpec, columnsWithData, formatValue, getField } from '../../shared/columns.ts';
import { type ListQuery, sortKeyOf } from '../../shared/query.ts';
import { Pager } from './Pager.tsx';
import { ariaSort, sortingFromTokens, tokensFromSorting } from './sorting.ts';

/**
 * The shared server-driven table (DESIGN.md, "Server-driven tables"): TanStack
 * Table v9 with manual sorting and pagination, `rowCount` from
 * `_meta.totalRecords`. A header click becomes a new `sort` for the URL; the pager
 * changes `offset`/`limit`. Columns come from the catalog (`shared/columns.ts`).
 * Above {@link VIRTUAL_THRESHOLD} rows, the body is virtualised so 100 and 1000 rows stay fast.
 *
 * Body rows render straight from the catalog (`renderCell` or the column's formatter) in a memoised
 * {@link BodyRow}: TanStack Table owns the header, sorting and paging state, not the cells. A header
 * click first re-renders the table with the old page dimmed (the new page is on its way); memoised rows
 * make that render nearly free, and virtualising keeps the next one to the rows on screen.
 */

const features = tableFeatures({ rowSortingFeature, rowPaginationFeature });
type Features = typeof features;

/** Row height in px; CSS `--row-h` must match (virtual rows are positioned by it). */
export const ROW_HEIGHT = 30;
/**
 * Bodies with more rows than this are virtualised. A window shows about 15-25 rows; painting 100 (the
 * default page) cost ~230 ms per re-sort in bench:app, so anything beyond a couple of screens is
 * virtualised.
 */
export const VIRTUAL_THRESHOLD = 40;
/** Rows rendered beyond each edge of the visible ones (keyboard and wheel scrolling stay smooth). */
const OVERSCAN = 10;

const EMPTY: never[] = [];

export interface DataTableProps<Row extends RowData> {
  /** Accessible name of the table (`Goaltending leaders, 2019-2020`). */
  label: string;
  columns: readonly ColumnSpec[];
  /** The page's rows; undefined while the first page loads. */
  rows: Row[] | undefined;
  /** `_meta.totalRecords` of the page shown. */
  totalRecords: number;
  query: ListQuery;
  onQueryChange: (next: ListQuery) => void;
  getRowId: (row: Row, index: number) => string;
  /** Opens a row (click or Enter); rows are focusable when given. */
  onOpenRow?: (row: Row) => void;
  /** Cell renderers by column id, for links and badges; default is the catalog's formatter. */
  renderCell?: Partial<Record<string, (row: Row) => ReactNode>>;
  /** True while a new page loads with the previous one still shown: the rows are dimmed. */
  stale?: boolean;
  /** An extra class for a body row (`row-dim` for a goalie without games in the block shown). Keep it stable. */
  rowClass?: (row: Row) => string | undefined;
  /** Shown instead of the body when set (an error panel). */
  error?: ReactNode;
  /** Shown when the page has no rows. */
  empty: ReactNode;
  /** When the first sort key groups rows (standings by `group`), a header row starts each group. */
  groupOf?: (row: Row) => string | null | undefined;
  pageSizes?: readonly number[];
  /** Extra class on the scroll container (`fill` makes the table take the rest of the view). */
  className?: string;
}

type Item<Row> = { kind: 'group'; label: string; key: string } | { kind: 'row'; row: Row; index: number };

function applyUpdater<T>(updater: Updater<T>, old: T): T {
  return typeof updater === 'function' ? (updater as (o: T) => T)(old) : updater;
}

interface BodyRowProps<Row> {
  row: Row;
  /** `aria-rowindex` (1 is the header row). */
  ariaIndex: number;
  columns: readonly ColumnSpec[];
  renderCell: DataTableProps<Row & RowData>['renderCell'];
  /** Stable across renders (see `useStableOpen`), so memoised rows are not re-rendered for it. */
  onOpen: ((row: Row) => void) | undefined;
  rowClass: ((row: Row) => string | undefined) | undefined;
}

/**
 * One body row. Memoised: its props only change when its record, position or columns do, so a render
 * of the table for other reasons (the dimmed old page while the sorted one loads, a pager change)
 * skips the row.
 */
function BodyRowImpl<Row>({ row, ariaIndex, columns, renderCell, onOpen, rowClass }: BodyRowProps<Row>) {
  const cls = [onOpen ? 'row-open' : '', rowClass?.(row) ?? ''].join(' ').trim();
  return (
    <tr
      aria-rowindex={ariaIndex}
      tabIndex={onOpen ? 0 : undefined}
      className={cls || undefined}
      onClick={onOpen ? () => onOpen(row) : undefined}
      onKeyDown={
        onOpen
          ? (e: KeyboardEvent<HTMLTableRowElement>) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                onOpen(row);
              }
            }
          : undefined
      }
    >
      {columns.map((c) => {
        const custom = renderCell?.[c.id];
        return (
          <td key={c.id} className={c.numeric ? 'num' : undefined}>
            {custom ? custom(row as Row & RowData) : formatValue(c, getField(row, c.field))}
          </td>
        );
      })}
    </tr>
  );
}
const BodyRow = memo(BodyRowImpl) as typeof BodyRowImpl;

/** A stable function that calls the latest `open` (views pass a new arrow on every render). */
function useStableOpen<Row>(open: ((row: Row) => void) | undefined): ((row: Row) => void) | undefined {
  const ref = useRef(open);
  ref.current = open;
  const stable = useCallback((row: Row) => ref.current?.(row), []);
  return open ? stable : undefined;
}

export function DataTable<Row extends RowData>(props: DataTableProps<Row>) {
  const { query, onQueryChange, renderCell, getRowId } = props;
  // Optional columns without a value on this page are left out (MHR on data without ratings).
  const sortText = (query.sort ?? []).join(',');
  const columns = useMemo(
    () =>
      columnsWithData(props.columns, props.rows, sortText === '' ? [] : sortText.split(',').map((t) => sortKeyOf(t))),
    [props.columns, props.rows, sortText],
  );
  const byId = useMemo(() => new Map(columns.map((c) => [c.id, c])), [columns]);

  // Header and sorting only: body cells render from the catalog in BodyRow.
  const defs = useMemo(() => {
    const helper = createColumnHelper<Features, Row>();
    return columns.map((c) =>
      helper.accessor((row: Row) => getField(row, c.field) as never, {
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
    data: props.rows ?? (EMPTY as Row[]),
    getRowId: (row, index) => getRowId(row, index),
    rowCount: props.totalRecords,
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

  const rows = props.rows ?? (EMPTY as Row[]);
  const { groupOf } = props;
  const items = useMemo(() => {
    const out: Item<Row>[] = [];
    let last: string | null | undefined;
    rows.forEach((row, index) => {
      if (groupOf) {
        const g = groupOf(row) ?? null;
        if (index === 0 || g !== last) out.push({ kind: 'group', label: g ?? 'No group', key: `group:${g}:${index}` });
        last = g;
      }
      out.push({ kind: 'row', row, index });
    });
    return out;
  }, [rows, groupOf]);

  const scrollRef = useRef<HTMLDivElement>(null);
  const virtual = items.length > VIRTUAL_THRESHOLD;
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: OVERSCAN,
    enabled: virtual,
  });

  const headerGroups = table.getHeaderGroups();
  const visibleCount = columns.length;
  const loading = props.rows === undefined && !props.error;
  const onOpen = useStableOpen(props.onOpenRow);

  const renderItem = (item: Item<Row>) => {
    if (item.kind === 'group') {
      return (
        <tr key={item.key} className="group-row">
          <th colSpan={visibleCount} scope="colgroup">
            {item.label}
          </th>
        </tr>
      );
    }
    return (
      <BodyRow<Row>
        key={getRowId(item.row, item.index)}
        row={item.row}
        ariaIndex={query.offset + item.index + 2}
        columns={columns}
        renderCell={renderCell}
        onOpen={onOpen}
        rowClass={props.rowClass}
      />
    );
  };

  let body: ReactNode;
  if (loading) {
    body = Array.from({ length: 8 }, (_, i) => (
      <tr key={i} className="skeleton-row" aria-hidden="true">
        {columns.map((c) => (
          <td key={c.id} className={c.numeric ? 'num' : undefined}>
            <span className="skeleton" />
          </td>
        ))}
      </tr>
    ));
  } else if (virtual) {
    const vItems = virtualizer.getVirtualItems();
    const top = vItems[0]?.start ?? 0;
    const bottom = virtualizer.getTotalSize() - (vItems[vItems.length - 1]?.end ?? 0);
    body = (
      <>
        {top > 0 && (
          <tr className="spacer" aria-hidden="true">
            <td colSpan={visibleCount} style={{ height: top }} />
          </tr>
        )}
        {vItems.map((v) => {
          const item = items[v.index];
          return item ? renderItem(item) : null;
        })}
        {bottom > 0 && (
          <tr className="spacer" aria-hidden="true">
            <td colSpan={visibleCount} style={{ height: bottom }} />
          </tr>
        )}
      </>
    );
  } else {
    body = items.map(renderItem);
  }

  const showTable = !props.error && (loading || rows.length > 0);
  const shown = rows.length;

  return (
    <div
      className="data-table"
      // For e2e tests and the benchmark: the sort asked for, and whether the rows shown are its answer.
      data-state={props.error ? 'error' : loading ? 'loading' : props.stale ? 'stale' : 'ready'}
      data-sort={(query.sort ?? []).join(',')}
      data-offset={query.offset}
      data-limit={query.limit}
    >
      <div ref={scrollRef} className={`table-scroll ${props.className ?? ''}`}>
        {props.error ? (
          props.error
        ) : showTable ? (
          <table
            className={props.stale ? 'grid stale' : 'grid'}
            aria-label={props.label}
            aria-busy={loading || props.stale ? true : undefined}
            aria-rowcount={props.totalRecords + 1}
          >
            <thead>
              {headerGroups.map((group) => (
                <tr key={group.id} aria-rowindex={1}>
                  {group.headers.map((header) => {
                    const spec = byId.get(header.column.id);
                    const sorted = header.column.getIsSorted();
                    const canSort = header.column.getCanSort();
                    const cls = [spec?.numeric ? 'num' : '', sorted ? 'sorted' : ''].join(' ').trim();
                    return (
                      <th
                        key={header.id}
                        scope="col"
                        className={cls || undefined}
                        aria-sort={canSort ? ariaSort(sorted) : undefined}
                        title={spec?.title}
                      >
                        {canSort ? (
                          <button
                            type="button"
                            className="sort-btn"
                            onClick={header.column.getToggleSortingHandler()}
                            aria-label={`${spec?.title ?? header.column.id}: sort`}
                          >
                            <table.FlexRender header={header} />
                            <span className="sort-ind" aria-hidden="true">
                              {sorted === 'desc' ? '▼' : sorted === 'asc' ? '▲' : '↕'}
                            </span>
                          </button>
                        ) : (
                          <span className="th-label">
                            <table.FlexRender header={header} />
                          </span>
                        )}
                      </th>
                    );
                  })}
                </tr>
              ))}
            </thead>
            <tbody>{body}</tbody>
          </table>
        ) : (
          props.empty
        )}
      </div>
      {!props.error && (props.totalRecords > 0 || query.offset > 0) && (
        <Pager
          label={props.label}
          offset={query.offset}
          limit={query.limit}
          shown={shown}
          total={props.totalRecords}
          canPrev={query.offset > 0}
          canNext={query.offset + query.limit < props.totalRecords}
          onFirst={() => table.firstPage()}
          onPrev={() => onQueryChange({ ...query, offset: Math.max(0, query.offset - query.limit) })}
          onNext={() => table.nextPage()}
          onLast={() => table.lastPage()}
          onPageSize={(size) => table.setPageSize(size)}
          {...(props.pageSizes ? { pageSizes: props.pageSizes } : {})}
        />
      )}
    </div>
  );
}
