import { useEffect, useState } from 'react';
import type { ColumnSpec } from '../../shared/columns/index.ts';
import './column-chooser.css';

/**
 * A table's "Columns" menu: a checkbox per column of its catalog (shared/columns), in the catalog's order,
 * each named by its header with its full title beside; and "Defaults". A `<details>` disclosure, so it
 * opens and closes with Enter or Space and every checkbox is reached by Tab. `onToggle` gets one column
 * shown or left out (the owner applies it to the choice as it is then, so quick clicks never undo each other).
 */
export function ColumnChooser(props: {
  columns: readonly ColumnSpec[];
  chosen: readonly string[];
  onToggle: (id: string, on: boolean) => void;
  onDefaults?: () => void;
  /** A line under the checkboxes (why some columns are empty). */
  note?: string | null;
}) {
  const { columns, chosen } = props;
  // The box shows the click at once; the owner's choice (a URL the router commits a moment later) follows.
  const [shown, setShown] = useState(chosen);
  const key = chosen.join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the choice's ids, not its array's identity
  useEffect(() => setShown(chosen), [key]);
  return (
    <details className="column-chooser">
      <summary className="btn ghost">Columns ({chosen.length})</summary>
      <fieldset className="column-chooser-pop">
        <legend className="visually-hidden">Columns shown</legend>
        {columns.map((c) => (
          <label key={c.id} className="column-chooser-item">
            <input
              type="checkbox"
              checked={shown.includes(c.id)}
              onChange={(e) => {
                const on = e.currentTarget.checked;
                setShown((s) => (on ? [...s, c.id] : s.filter((x) => x !== c.id)));
                props.onToggle(c.id, on);
              }}
            />
            <span>{c.abbr}</span>
            <span className="muted small">{c.title}</span>
          </label>
        ))}
        {props.note ? <p className="muted small column-chooser-note">{props.note}</p> : null}
        {props.onDefaults ? (
          <button type="button" className="btn ghost small" onClick={props.onDefaults}>
            Defaults
          </button>
        ) : null}
      </fieldset>
    </details>
  );
}
