import type { RowData } from '@tanstack/react-table';
import { type CSSProperties, type ReactNode, useRef } from 'react';
import { BodyRow, type CellRenderers, GroupRow, SkeletonRows, SpacerRow } from './BodyRow.tsx';
import { titleCutCell } from './cutText.ts';
import { Pager } from './Pager.tsx';
import { useRevealedColumns } from './revealedColumns.ts';
import { SameValueNote } from './SameValueNote.tsx';
import { sortingFromTokens } from './sorting.ts';
import { TableFrame } from './TableFrame.tsx';
import { TableHead } from './TableHead.tsx';
import { useRegisterTable } from './tablesOnPage.ts';
import { useFrozenWidths } from './useFrozenWidths.ts';
import { useGridKeyboard } from './useGridKeyboard.ts';
import { type BodyItem, type RowWindow, useRowWindow } from './useRowWindow.ts';
import { type ServerTable, type ServerTableInput, useServerTable } from './useServerTable.ts';
import { useStableOpen } from './useStableOpen.ts';
import './table.css';

/**
 * The shared server-driven table (DESIGN.md, "Server-driven tables"): TanStack Table v9 with manual
 * sorting and pagination, `rowCount` from `_meta.totalRecords` (useServerTable.ts). A header click
 * becomes a new `sort` for the URL; the pager changes `offset`/`limit`. Columns come from the catalog
 * (`shared/columns/index.ts`). Above VIRTUAL_THRESHOLD rows (rowMetrics.ts) the body is virtualised so 100 and
 * 1000 rows stay fast (useRowWindow.ts).
 *
 * Columns that hold one value on every row of the page are left out, said in a line under the table with
 * that value, and shown on request (SameValueNote.tsx); the Export menu's files keep them, having no such
 * line (shared/columns/visibility.ts `fileColumns`).
 *
 * Body rows render straight from the catalog (`renderCell` or the column's formatter) in a memoised
 * BodyRow: TanStack Table owns the header, sorting and paging state, not the cells. A header click first
 * re-renders the table with the old page dimmed (the new page is on its way); memoised rows make that
 * render nearly free, and virtualising keeps the next one to the rows on screen.
 *
 * Columns keep their widths while the scout sorts and pages one list (useFrozenWidths.ts): the widths the
 * first page of its columns and filters is laid out at, until those or the table's width change. A cell
 * whose text a kept width cuts shows the whole text on hover (cutText.ts).
 *
 * A table wider than its card scrolls sideways: a column the scout adds or sorts by is scrolled into view,
 * and while columns lie past the right edge, the edge is shaded and a "N more columns →" button shows the
 * next of them (TableFrame.tsx).
 *
 * Keyboard: the header row is one Tab stop, its arrows move along the sort buttons (useHeaderKeyboard.ts);
 * the body is one Tab stop, arrows, PageUp/PageDown and Home/End move the active row, Enter opens it, and
 * Back puts focus on the row that was opened (useGridKeyboard.ts). Down from the header enters the body,
 * Up from its first row goes back. The app's skip link reaches the first table of a view (tablesOnPage.ts).
 */

/** Placeholder rows shown while the first page loads. */
const SKELETON_ROWS = 8;
const EMPTY: never[] = [];

/** The table's props: what the server table reads (useServerTable.ts), and how the table looks and behaves. */
export interface DataTableProps<Row extends RowData> extends ServerTableInput<Row> {
  /** Accessible name of the table (`Goaltending leaders, 2019-2020`). */
  label: string;
  /** Opens a row (click or Enter); rows are focusable when given. */
  onOpenRow?: (row: Row) => void;
  /** Cell renderers by column id, for links and badges; default is the catalog's formatter. */
  renderCell?: CellRenderers<Row>;
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

export function DataTable<Row extends RowData>(props: DataTableProps<Row>) {
  const { query, getRowId } = props;
  const reveal = useRevealedColumns();
  const { table, columns, hidden, revealed } = useServerTable({ ...props, reveal });
  const rows = props.rows ?? (EMPTY as Row[]);
  const rowIds = rows.map((row, index) => getRowId(row, index));
  const scrollRef = useRef<HTMLDivElement>(null);
  const rowWindow = useRowWindow(rows, props.groupOf, scrollRef);
  const loading = props.rows === undefined && !props.error;
  const onOpen = useStableOpen(props.onOpenRow, props.label, (row: Row) => {
    const i = rows.indexOf(row);
    return getRowId(row, i < 0 ? 0 : i);
  });
  const keys = useGridKeyboard({
    label: props.label,
    rows,
    rowIds,
    loading,
    awaitingRows: props.rows === undefined,
    window: rowWindow,
    scrollRef,
    onOpen,
    onUpFromTop: () => scrollRef.current?.querySelector<HTMLElement>('thead [tabindex="0"]')?.focus(),
  });
  useRegisterTable();

  const renderItem = (item: BodyItem<Row>) => {
    if (item.kind === 'group') return <GroupRow key={item.key} label={item.label} span={columns.length} />;
    const id = rowIds[item.index] ?? String(item.index);
    return (
      <BodyRow<Row>
        key={id}
        row={item.row}
        ariaIndex={query.offset + item.index + 2}
        rowId={id}
        active={id === keys.tabbableId}
        columns={columns}
        renderCell={props.renderCell}
        onOpen={onOpen}
        rowClass={props.rowClass}
      />
    );
  };
  const body = loading ? (
    <SkeletonRows columns={columns} count={SKELETON_ROWS} />
  ) : rowWindow.virtual ? (
    <VirtualBody window={rowWindow} span={columns.length} renderItem={renderItem} />
  ) : (
    rowWindow.items.map(renderItem)
  );

  const showTable = !props.error && (loading || rows.length > 0);
  const widths = useFrozenWidths(scrollRef, widthsKey(columns, query.filters), showTable && !loading && !props.stale);
  // Numbered by rank: the column after the rank (the player, the team) stays put beside it once the
  // columns' widths are kept, since a rank alone says nothing when the names have scrolled away.
  const rankFirst = widths !== null && columns[0]?.rowNumber === true && columns.length > 1;
  return (
    <div
      className="data-table"
      // For e2e tests and the benchmark: the sort asked for, and whether the rows shown are its answer.
      data-state={props.error ? 'error' : loading ? 'loading' : props.stale ? 'stale' : 'ready'}
      data-sort={(query.sort ?? []).join(',')}
      data-offset={query.offset}
      data-limit={query.limit}
    >
      <TableFrame
        scrollRef={scrollRef}
        asked={props.columns}
        shown={columns}
        sortedId={sortingFromTokens(query.sort ?? [], columns)[0]?.id}
        ready={showTable && !loading && !props.stale}
      >
        <div ref={scrollRef} className={`table-scroll ${props.className ?? ''}`}>
          {props.error ? (
            props.error
          ) : showTable ? (
            <table
              className={['grid', props.stale ? 'stale' : '', rankFirst ? 'rank-first' : ''].join(' ').trim()}
              aria-label={props.label}
              aria-busy={loading || props.stale ? true : undefined}
              aria-rowcount={props.totalRecords + 1}
              style={widths ? fixedLayout(widths, rankFirst) : undefined}
            >
              {widths ? (
                <colgroup>
                  {widths.map((w, i) => (
                    <col key={columns[i]?.id ?? i} style={{ width: w }} />
                  ))}
                </colgroup>
              ) : null}
              <TableHead table={table} columns={columns} onDown={keys.focusActive} />
              <tbody ref={keys.bodyRef} onKeyDown={keys.onKeyDown} onFocus={keys.onFocus} onMouseOver={titleCutCell}>
                {body}
              </tbody>
            </table>
          ) : (
            props.empty
          )}
        </div>
      </TableFrame>
      {!props.error && !loading ? (
        <SameValueNote
          hidden={hidden}
          revealed={revealed}
          renderValue={(s) => (rows[0] === undefined ? undefined : props.renderCell?.[s.column.id]?.(rows[0]))}
        />
      ) : null}
      {props.paging !== false && !props.error && (props.totalRecords > 0 || query.offset > 0) && (
        <TablePager {...props} table={table} shown={rows.length} />
      )}
    </div>
  );
}

/** The pager under a table: its page of the rows and the page size, through the table's paging state. */
function TablePager<Row extends RowData>(props: DataTableProps<Row> & { table: ServerTable<Row>; shown: number }) {
  const { query, table } = props;
  return (
    <Pager
      label={props.label}
      offset={query.offset}
      limit={query.limit}
      shown={props.shown}
      total={props.totalRecords}
      canPrev={query.offset > 0}
      canNext={query.offset + query.limit < props.totalRecords}
      onFirst={() => table.firstPage()}
      onPrev={() => props.onQueryChange({ ...query, offset: Math.max(0, query.offset - query.limit) })}
      onNext={() => table.nextPage()}
      onLast={() => table.lastPage()}
      onPageSize={(size) => table.setPageSize(size)}
      {...(props.pageSizes ? { pageSizes: props.pageSizes } : {})}
    />
  );
}

/**
 * The table laid out at its kept `widths` (px); `rankFirst`: the rank column's width as `--rank-w`, where
 * the column after it sticks (table.css).
 */
function fixedLayout(widths: readonly number[], rankFirst: boolean): CSSProperties {
  return rankFirst
    ? ({ tableLayout: 'fixed', '--rank-w': `${widths[0] ?? 0}px` } as CSSProperties)
    : { tableLayout: 'fixed' };
}

/** What the columns' kept widths hold for: the columns shown and the filters (a new sort or page keeps them). */
function widthsKey(columns: readonly { id: string }[], filters: Readonly<Record<string, string>>): string {
  const f = Object.entries(filters)
    .filter(([, v]) => v !== '')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `${columns.map((c) => c.id).join(',')}|${JSON.stringify(f)}`;
}

/** The rendered window of a virtualised body, with spacer rows standing in for the lines around it. */
function VirtualBody<Row>(props: {
  window: RowWindow<Row>;
  span: number;
  renderItem: (item: BodyItem<Row>) => ReactNode;
}) {
  const { virtualizer, items } = props.window;
  const shown = virtualizer.getVirtualItems();
  const top = shown[0]?.start ?? 0;
  const bottom = virtualizer.getTotalSize() - (shown[shown.length - 1]?.end ?? 0);
  return (
    <>
      <SpacerRow height={top} span={props.span} />
      {shown.map((v) => {
        const item = items[v.index];
        return item ? props.renderItem(item) : null;
      })}
      <SpacerRow height={bottom} span={props.span} />
    </>
  );
}
