import type { ColumnSpec } from '../../shared/columns/index.ts';
import './column-chooser.css';

/**
 * A table's "Columns" menu: a checkbox per column of its catalog (shared/columns), in the catalog's order,
 * each named by its header with its full title beside; and "Defaults". A `<details>` disclosure, so it
 * opens and closes with Enter or Space and every checkbox is reached by Tab. `onChange` gets the ids
 * chosen, in the catalog's order.
 */
export function ColumnChooser(props: {
  columns: readonly ColumnSpec[];
  chosen: readonly string[];
  onChange: (ids: string[]) => void;
  onDefaults?: () => void;
  /** A line under the checkboxes (why some columns are empty). */
  note?: string | null;
}) {
  const { columns, chosen, onChange } = props;
  const toggle = (id: string, on: boolean) =>
    onChange(columns.filter((c) => (c.id === id ? on : chosen.includes(c.id))).map((c) => c.id));
  return (
    <details className="column-chooser">
      <summary className="btn ghost">Columns ({chosen.length})</summary>
      <fieldset className="column-chooser-pop">
        <legend className="visually-hidden">Columns shown</legend>
        {columns.map((c) => (
          <label key={c.id} className="column-chooser-item">
            <input
              type="checkbox"
              checked={chosen.includes(c.id)}
              onChange={(e) => toggle(c.id, e.currentTarget.checked)}
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
