import { memo, type ReactNode } from 'react';
import { type ColumnSpec, columnValue, formatValue } from '../../shared/columns/index.ts';

/** Renders a cell of a column from the row (links, badges); the default is the catalog's formatter. */
export type CellRenderers<Row> = Partial<Record<string, (row: Row) => ReactNode>>;

interface BodyRowProps<Row> {
  row: Row;
  /** `aria-rowindex` (1 is the header row). */
  ariaIndex: number;
  /** The row's id (`getRowId`), on `data-row-id` for the keyboard code to find the row. */
  rowId: string;
  /** The table's one Tab stop: `tabIndex` 0, every other row -1. */
  active: boolean;
  columns: readonly ColumnSpec[];
  renderCell: CellRenderers<Row> | undefined;
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
      onClick={
        onOpen
          ? (e) => {
              // A link in the row (a player's name) navigates by itself: opening the row too would add a
              // second history entry, and Back would land on the same page.
              if ((e.target as Element).closest('a[href]')) return;
              onOpen(row);
            }
          : undefined
      }
    >
      {columns.map((c) => {
        const custom = renderCell?.[c.id];
        return (
          <td key={c.id} className={c.numeric ? 'num' : undefined}>
            {custom ? custom(row) : formatValue(c, columnValue(c, row))}
          </td>
        );
      })}
    </tr>
  );
}
export const BodyRow = memo(BodyRowImpl) as typeof BodyRowImpl;

/** The header row that starts a group (standings by `group`). */
export function GroupRow(props: { label: string; span: number }) {
  return (
    <tr className="group-row">
      <th colSpan={props.span} scope="colgroup">
        {props.label}
      </th>
    </tr>
  );
}

/** Placeholder rows while the first page loads, one shimmer per cell. */
export function SkeletonRows(props: { columns: readonly ColumnSpec[]; count: number }) {
  return Array.from({ length: props.count }, (_, i) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity and never reorder
    // biome-ignore lint/a11y/noAriaHiddenOnFocusable: a placeholder row has no tabIndex and no focusable content; Biome counts every tr as interactive
    <tr key={i} className="skeleton-row" aria-hidden="true">
      {props.columns.map((c) => (
        <td key={c.id} className={c.numeric ? 'num' : undefined}>
          <span className="skeleton" />
        </td>
      ))}
    </tr>
  ));
}

/** An empty row of a virtualised body standing in for the rows above or below the rendered window. */
export function SpacerRow(props: { height: number; span: number }) {
  if (props.height <= 0) return null;
  return (
    // biome-ignore lint/a11y/noAriaHiddenOnFocusable: a spacer row has no tabIndex and no focusable content; Biome counts every tr as interactive
    <tr className="spacer" aria-hidden="true">
      <td colSpan={props.span} style={{ height: props.height }} />
    </tr>
  );
}
