import { useCallback, useEffect, useRef, useState } from 'react';
import { useUrlEcho } from '../state/useUrlEcho.ts';
import { Field } from './Field.tsx';
import { useSearchShortcut } from './useSearchShortcut.ts';

/** The URL (and the request) follow the box after this pause, in ms; Enter sends at once. */
const DEBOUNCE_MS = 300;

/**
 * A search box that types into its own state and hands the trimmed text to `onSearch` after a pause (or
 * on Enter), so a list is not asked for at every keystroke; it follows `value` when the URL changes (Back).
 * `/` focuses it. `onSearch(text, true)`: the change replaces the history entry.
 */
export function SearchField(props: {
  label: string;
  value: string;
  placeholder?: string;
  onSearch: (text: string, replace: boolean) => void;
}) {
  const { value, onSearch } = props;
  const [text, setText] = useState(value);
  // The latest callback, so a parent's new function on each render does not restart the pause.
  const latest = useRef(onSearch);
  latest.current = onSearch;
  const ref = useRef<HTMLInputElement>(null);
  useSearchShortcut(ref);
  // The URL catching up with text the box has since moved on from is not put back in the box (useUrlEcho).
  const { wrote } = useUrlEcho(value, setText);
  const search = useCallback(
    (q: string) => {
      wrote(q);
      latest.current(q, true);
    },
    [wrote],
  );
  useEffect(() => {
    if (text.trim() === value) return;
    const t = setTimeout(() => search(text.trim()), DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [text, value, search]);
  return (
    <Field label={props.label} grow>
      <input
        ref={ref}
        type="search"
        aria-keyshortcuts="/"
        value={text}
        placeholder={props.placeholder}
        onChange={(e) => setText(e.currentTarget.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') search(text.trim());
        }}
      />
    </Field>
  );
}
