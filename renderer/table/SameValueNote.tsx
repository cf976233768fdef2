import { Fragment, type ReactNode } from 'react';
import type { SameValueColumn } from '../../shared/columns/index.ts';
import { revealColumns } from './revealedColumns.ts';

/**
 * The line under a table that names the columns left out for holding one value on every row, with that
 * value as the table would show it (`Views: 0 · Updated: 2026-05-02`; `valueOf`: the cell's own rendering,
 * default the formatted text), and shows them on request; once shown, it offers to leave them out again.
 * Nothing when no column says nothing.
 */
export function SameValueNote(props: {
  hidden: readonly SameValueColumn[];
  revealed: readonly SameValueColumn[];
  valueOf?: (s: SameValueColumn) => ReactNode;
}) {
  const { hidden, revealed } = props;
  if (hidden.length === 0 && revealed.length === 0) return null;
  const words = (cols: readonly SameValueColumn[]) =>
    cols.map((s, i) => (
      <Fragment key={s.column.id}>
        {i > 0 ? ' · ' : ''}
        {s.column.label}: <span className="same-value">{props.valueOf?.(s) ?? s.value}</span>
      </Fragment>
    ));
  const ids = (cols: readonly SameValueColumn[]) => cols.map((s) => s.column.id);
  return (
    <p className="small muted same-value-note">
      {hidden.length > 0 ? (
        <>
          Same on every row, not shown: {words(hidden)}.{' '}
          <button type="button" className="link-btn" onClick={() => revealColumns(ids(hidden), true)}>
            Show {hidden.length === 1 ? 'it' : 'them'}
          </button>
        </>
      ) : (
        <>
          Same on every row: {words(revealed)}.{' '}
          <button type="button" className="link-btn" onClick={() => revealColumns(ids(revealed), false)}>
            Leave {revealed.length === 1 ? 'it' : 'them'} out
          </button>
        </>
      )}
    </p>
  );
}
