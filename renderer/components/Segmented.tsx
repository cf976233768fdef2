/** A segmented switch (radio group look): one of a few values, keyboard-operable as radios. */
export function Segmented<T extends string>(props: {
  label: string;
  value: T;
  options: readonly { value: T; label: string }[];
  onChange: (value: T) => void;
}) {
  return (
    <fieldset className="segmented">
      <legend className="visually-hidden">{props.label}</legend>
      {props.options.map((o) => (
        <label key={o.value} className={o.value === props.value ? 'seg on' : 'seg'}>
          <input
            type="radio"
            name={props.label}
            value={o.value}
            checked={o.value === props.value}
            onChange={() => props.onChange(o.value)}
          />
          {o.label}
        </label>
      ))}
    </fieldset>
  );
}
