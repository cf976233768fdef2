/** The toolbar's "Clear filters" button: every filter off, disabled while none is set. */
export function ClearFilters(props: { filtered: boolean; onClear: () => void }) {
  return (
    <button type="button" className="btn ghost toolbar-clear" onClick={props.onClear} disabled={!props.filtered}>
      Clear filters
    </button>
  );
}
