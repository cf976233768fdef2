import { Fragment, type ReactNode } from 'react';
import type { SameValueColumn } from '../../shared/columns/index.ts';
import { revealColumns } from './revealedColumns.ts';

/** How {@link SameValueColumn.value} reads a column blank on every row. */
const BLANK = '—';

/**
 * The line under a table that names the columns left out for holding one value on every row, with that
 * value as the table would show it (`Views: 0 · Updated: 2026-05-02`; `renderValue`: the cell's own rendering,
 * default the formatted text), and shows them on request; once shown, it offers to leave them out again.
 * Columns blank on every row are named apart, without a dash each ("Blank on every row: Pos, GP"): a row of
 * "GP: — · G: —" reads as figures. Nothing when no column says nothing.
 */
export function SameValueNote(props: {
  hidden: readonly SameValueColumn[];
  revealed: readonly SameValueColumn[];
  renderValue?: (s: SameValueColumn) => ReactNode;
}) {
  const { hidden, revealed } = props;
  if (hidden.length === 0 && revealed.length === 0) return null;
  const shown = hidden.length > 0 ? hidden : revealed;
  const valued = shown.filter((s) => s.value !== BLANK);
  const blank = shown.filter((s) => s.value === BLANK);
  const tail = hidden.length > 0 ? ', not shown' : '';
  const words = valued.map((s, i) => (
    <Fragment key={s.column.id}>
      {i > 0 ? ' · ' : ''}
      <span className="same-value-label">{s.column.label}</span>:{' '}
      <span className="same-value">{props.renderValue?.(s) ?? s.value}</span>
    </Fragment>
  ));
  const ids = shown.map((s) => s.column.id);
  const them = shown.length === 1 ? 'it' : 'them';
  return (
    <p className="small muted same-value-note">
      {valued.length > 0 ? (
        <>
          Same on every row{tail}: {words}.{' '}
        </>
      ) : null}
      {blank.length > 0 ? (
        <>
          Blank on every row{tail}:{' '}
          {blank.map((s, i) => (
            <Fragment key={s.column.id}>
              {i > 0 ? ', ' : ''}
              <span className="same-value-label">{s.column.label}</span>
            </Fragment>
          ))}
          .{' '}
        </>
      ) : null}
      <button type="button" className="link-btn" onClick={() => revealColumns(ids, hidden.length > 0)}>
        {hidden.length > 0 ? `Show ${them}` : `Leave ${them} out`}
      </button>
    </p>
  );
}
