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
import {
  type FocusEvent,
  type KeyboardEvent,
  memo,
  type ReactNode,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { type ColumnSpec, columnsWithData, columnValue, formatValue } from '../../shared/columns.ts';
import { type ListQuery, sortKeyOf } from '../../shared/query.ts';
import { nextRowIndex, rowsPerPage } from './gridKeys.ts';
import { Pager } from './Pager.tsx';
import { historyEntryKey, openedRow, rememberOpenedRow } from './rowMemory.ts';
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
 *
 * Keyboard: the table is one Tab stop (roving tabindex: only the active body row is tabbable). Arrow
 * keys, PageUp/PageDown and Home/End move the active row (renderer/table/gridKeys.ts), scrolling it into
 * view (virtualised bodies too); Enter opens it when `onOpenRow` is given. The opened row is remembered
 * per history entry (rowMemory.ts), and Back to that entry puts focus on it again.
 */

const features = tableFeatures({ rowSortingFeature, rowPaginationFeature });
type Features = typeof features;

/** Row height in px; CSS `--row-h` must match (virtual rows are positioned by it). */
export const ROW_HEIGHT = 30;
/**
 * Bodies with more rows than this are virtualised. A window shows about 15-25 rows; painting a whole default
 * page on every re-sort is slow (bench:app measures it), so anything beyond a couple of screens is
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
  /** `false`: a table computed whole in the page (no pages), shown without the pager. */
  paging?: boolean;
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
  /** The row's id (`getRowId`), on `data-row-id` for the keyboard code to find the row. */
  rowId: string;
  /** The table's one Tab stop: `tabIndex` 0, every other row -1. */
  active: boolean;
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
function BodyRowImpl<Row>({ row, ariaIndex, rowId, active, columns, renderCell, onOpen, rowClass }: BodyRowProps<Row>) {
  const cls = [onOpen ? 'row-open' : '', rowClass?.(row) ?? ''].join(' ').trim();
  return (
    <tr
      aria-rowindex={ariaIndex}
      data-row-id={rowId}
      tabIndex={active ? 0 : -1}
      className={cls || undefined}
      onClick={onOpen ? () => onOpen(row) : undefined}
    >
      {columns.map((c) => {
        const custom = renderCell?.[c.id];
        return (
          <td key={c.id} className={c.numeric ? 'num' : undefined}>
            {custom ? custom(row as Row & RowData) : formatValue(c, columnValue(c, row))}
          </td>
        );
      })}
    </tr>
  );
}
const BodyRow = memo(BodyRowImpl) as typeof BodyRowImpl;

/**
 * A stable function that remembers the row as this history entry's opened row, then calls the latest
 * `open` (views pass a new arrow on every render; memoised rows must not re-render for it).
 */
function useStableOpen<Row>(
  open: ((row: Row) => void) | undefined,
  table: string,
  idOf: (row: Row) => string,
): ((row: Row) => void) | undefined {
  const ref = useRef({ open, table, idOf });
  ref.current = { open, table, idOf };
  const stable = useCallback((row: Row) => {
    const { open: latest, table: name, idOf: id } = ref.current;
    rememberOpenedRow(historyEntryKey(), name, id(row));
    latest?.(row);
  }, []);
  return open ? stable : undefined;
}

/** Focuses a body row without the browser's own scroll, then scrolls it just into view (below the sticky header). */
function focusRow(tr: HTMLElement): void {
  tr.focus({ preventScroll: true });
  tr.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
}

/** The rendered body row with this id, if it is in the DOM (a virtualised body renders only some). */
function findRow(body: HTMLTableSectionElement | null, id: string): HTMLTableRowElement | undefined {
  if (!body) return undefined;
  for (const tr of body.rows) if (tr.dataset.rowId === id) return tr;
  return undefined;
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
    // The item index of each row (group header rows sit between rows), for scrolling to a row.
    const itemOfRow: number[] = [];
    let last: string | null | undefined;
    rows.forEach((row, index) => {
      if (groupOf) {
        const g = groupOf(row) ?? null;
        if (index === 0 || g !== last) out.push({ kind: 'group', label: g ?? 'No group', key: `group:${g}:${index}` });
        last = g;
      }
      itemOfRow.push(out.length);
      out.push({ kind: 'row', row, index });
    });
    return { list: out, itemOfRow };
  }, [rows, groupOf]);
  const { itemOfRow } = items;
  const rowIds = rows.map((row, index) => getRowId(row, index));

  const scrollRef = useRef<HTMLDivElement>(null);
  const virtual = items.list.length > VIRTUAL_THRESHOLD;
  const virtualizer = useVirtualizer({
    count: items.list.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: OVERSCAN,
    enabled: virtual,
  });

  const headerGroups = table.getHeaderGroups();
  const visibleCount = columns.length;
  const loading = props.rows === undefined && !props.error;
  const onOpen = useStableOpen(props.onOpenRow, props.label, (row: Row) => {
    const i = rows.indexOf(row);
    return getRowId(row, i < 0 ? 0 : i);
  });

  // The active row (the one Tab stop). After Back, the row opened from this history entry, which also
  // gets focus once it is on screen.
  const bodyRef = useRef<HTMLTableSectionElement>(null);
  const [activeId, setActiveId] = useState<string | undefined>(() => openedRow(historyEntryKey(), props.label));
  const pendingFocus = useRef<string | undefined>(activeId);
  // True while that focus after Back is pending: it gives way if the scout has focused something else.
  const restoring = useRef(activeId !== undefined);
  const activeIndex = Math.max(0, activeId === undefined ? 0 : rowIds.indexOf(activeId));
  let tabbableId = rowIds[activeIndex];
  if (virtual && !loading) {
    // The active row scrolled out of the rendered window: the first rendered row takes the Tab stop, so
    // Tab never skips the table.
    const rendered = virtualizer.getVirtualItems().map((v) => v.index);
    if (!rendered.includes(itemOfRow[activeIndex] ?? -1)) {
      const first = rendered.map((i) => items.list[i]).find((it) => it?.kind === 'row');
      if (first?.kind === 'row') tabbableId = rowIds[first.index];
    }
  }

  // Focus a row asked for by a key or by Back once it is rendered (a virtualised body renders it after
  // scrolling to it).
  useEffect(() => {
    const id = pendingFocus.current;
    if (id === undefined || props.rows === undefined) return;
    const index = rowIds.indexOf(id);
    const focused = document.activeElement;
    const elsewhere = focused !== null && focused !== document.body && !scrollRef.current?.contains(focused);
    if (index < 0 || (restoring.current && elsewhere)) {
      pendingFocus.current = undefined;
      restoring.current = false;
      return;
    }
    const tr = findRow(bodyRef.current, id);
    if (tr) {
      pendingFocus.current = undefined;
      restoring.current = false;
      focusRow(tr);
    } else if (virtual) {
      virtualizer.scrollToIndex(itemOfRow[index] ?? index, { align: 'center' });
    }
  });

  const moveTo = (index: number) => {
    const id = rowIds[index];
    if (id === undefined) return;
    setActiveId(id);
    restoring.current = false;
    const tr = findRow(bodyRef.current, id);
    if (tr) {
      focusRow(tr);
    } else {
      pendingFocus.current = id;
      if (virtual) virtualizer.scrollToIndex(itemOfRow[index] ?? index, { align: 'auto' });
    }
  };

  const onBodyKeyDown = (e: KeyboardEvent<HTMLTableSectionElement>) => {
    const tr = e.target as HTMLElement;
    // Keys typed inside a cell's own control (a link) keep their meaning; Alt/Meta combinations are the
    // browser's (Alt+Left is Back).
    if (e.altKey || e.metaKey || tr.tagName !== 'TR' || tr.dataset.rowId === undefined) return;
    const index = rowIds.indexOf(tr.dataset.rowId);
    const row = rows[index];
    if (row === undefined) return;
    if (e.key === 'Enter') {
      if (onOpen) {
        e.preventDefault();
        onOpen(row);
      }
      return;
    }
    const scroller = scrollRef.current;
    const headerPx = scroller?.querySelector('thead')?.getBoundingClientRect().height ?? 0;
    const page = rowsPerPage(scroller?.clientHeight ?? 0, headerPx, ROW_HEIGHT);
    const next = nextRowIndex(e.key, index, rows.length, page);
    if (next === null) return;
    e.preventDefault();
    moveTo(next);
  };

  const onBodyFocus = (e: FocusEvent<HTMLTableSectionElement>) => {
    const id = (e.target as HTMLElement).closest<HTMLElement>('tr[data-row-id]')?.dataset.rowId;
    if (id !== undefined && id !== activeId) setActiveId(id);
  };

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
    const id = rowIds[item.index] ?? String(item.index);
    return (
      <BodyRow<Row>
        key={id}
        row={item.row}
        ariaIndex={query.offset + item.index + 2}
        rowId={id}
        active={id === tabbableId}
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
      // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity and never reorder
      // biome-ignore lint/a11y/noAriaHiddenOnFocusable: a placeholder row has no tabIndex and no focusable content; Biome counts every tr as interactive
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
          // biome-ignore lint/a11y/noAriaHiddenOnFocusable: a spacer row has no tabIndex and no focusable content; Biome counts every tr as interactive
          <tr className="spacer" aria-hidden="true">
            <td colSpan={visibleCount} style={{ height: top }} />
          </tr>
        )}
        {vItems.map((v) => {
          const item = items.list[v.index];
          return item ? renderItem(item) : null;
        })}
        {bottom > 0 && (
          // biome-ignore lint/a11y/noAriaHiddenOnFocusable: a spacer row has no tabIndex and no focusable content; Biome counts every tr as interactive
          <tr className="spacer" aria-hidden="true">
            <td colSpan={visibleCount} style={{ height: bottom }} />
          </tr>
        )}
      </>
    );
  } else {
    body = items.list.map(renderItem);
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
            <tbody ref={bodyRef} onKeyDown={onBodyKeyDown} onFocus={onBodyFocus}>
              {body}
            </tbody>
          </table>
        ) : (
          props.empty
        )}
      </div>
      {props.paging !== false && !props.error && (props.totalRecords > 0 || query.offset > 0) && (
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
