import { useRef } from 'react';
import { Field } from './Field.tsx';
import { useSearchShortcut } from './useSearchShortcut.ts';

/**
 * A view's search-by-name box in its toolbar: `/` focuses it (useSearchShortcut), Enter submits at once
 * rather than after the view's pause.
 */
export function SearchBox(props: {
  value: string;
  placeholder: string;
  onChange: (text: string) => void;
  onSubmit: () => void;
}) {
  const ref = useRef<HTMLInputElement>(null);
  useSearchShortcut(ref);
  return (
    <Field label="Search by name" grow>
      <input
        ref={ref}
        type="search"
        aria-keyshortcuts="/"
        value={props.value}
        placeholder={props.placeholder}
        onChange={(e) => props.onChange(e.currentTarget.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') props.onSubmit();
        }}
      />
    </Field>
  );
}
