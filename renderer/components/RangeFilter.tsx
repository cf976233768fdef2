import './range-filter.css';

/**
 * A range filter of the Players and stats browser toolbars: two whole-number boxes (min, max) under one label, for the
 * `<key>:min` / `<key>:max` filters of the offline players query. The URL follows each change; an empty
 * box clears its bound. `imperial` renders the chosen bounds in another unit beside the boxes (ft-in for
 * heights, lb for weights), so a scout who thinks in those reads what the range means.
 */
export function RangeFilter(props: {
  /** The filter's name in the URL and the store's query: `age`, `height`, `weight`, `draftAge`. */
  name: string;
  label: string;
  /** The unit after the label, if any: `cm`, `kg`. */
  unit?: string;
  min: string;
  max: string;
  /** Largest value a box takes. */
  limit: number;
  imperial?: (value: number) => string;
  onChange: (key: `${string}:${'min' | 'max'}`, value: string) => void;
}) {
  const digits = String(props.limit).length;
  const box = (bound: 'min' | 'max', value: string) => (
    <input
      type="number"
      min={0}
      max={props.limit}
      inputMode="numeric"
      aria-label={`${props.label} ${bound}${props.unit ? ` (${props.unit})` : ''}`}
      placeholder={bound}
      className="range-input"
      value={value}
      onChange={(e) =>
        props.onChange(`${props.name}:${bound}`, e.currentTarget.value.replace(/\D/g, '').slice(0, digits))
      }
    />
  );
  const shown = (v: string) => (v !== '' && props.imperial ? props.imperial(Number(v)) : null);
  const lo = shown(props.min);
  const hi = shown(props.max);
  return (
    <div className="field range-field">
      <span className="field-label">
        {props.label}
        {props.unit ? <span className="range-unit"> {props.unit}</span> : null}
      </span>
      <span className="range-boxes">
        {box('min', props.min)}
        <span aria-hidden="true">–</span>
        {box('max', props.max)}
        {lo !== null || hi !== null ? (
          <span className="range-imperial muted small" data-testid={`${props.name}-imperial`}>
            {lo !== null && hi !== null ? `${lo}–${hi}` : lo !== null ? `≥ ${lo}` : `≤ ${hi}`}
          </span>
        ) : null}
      </span>
    </div>
  );
}
