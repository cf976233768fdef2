import { DAY_PATTERN_HINT } from '../format/index.ts';

/**
 * A day's text box, typed as the app writes days (`YYYY-MM-DD`; a browser's date box shows the system's
 * order, such as 11/30/2026): the order as its placeholder, a digits keyboard, no spell check. The text is
 * the caller's to read, strictly, with `parseDay` (renderer/format/).
 */
export function DayInput(props: {
  value: string;
  onChange: (v: string) => void;
  required?: boolean;
  invalid?: boolean;
  /** What an empty box means (`empty: today`); else the order to type. */
  placeholder?: string;
}) {
  return (
    <input
      type="text"
      inputMode="numeric"
      placeholder={props.placeholder ?? DAY_PATTERN_HINT}
      maxLength={10}
      autoComplete="off"
      spellCheck={false}
      required={props.required}
      aria-invalid={props.invalid || undefined}
      value={props.value}
      onChange={(e) => props.onChange(e.currentTarget.value)}
    />
  );
}
