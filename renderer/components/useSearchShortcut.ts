import { type RefObject, useEffect } from 'react';
import { isSearchShortcut } from '../table/gridKeys.ts';

/**
 * `/` focuses (and selects) the view's search box, as on many sites, unless keys go into a text field
 * at the moment or a modal dialog is open (the page behind it is inert).
 */
export function useSearchShortcut(ref: RefObject<HTMLInputElement | null>): void {
  useEffect(() => {
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.defaultPrevented || !isSearchShortcut(e, document.activeElement)) return;
      if (document.querySelector('dialog[open]')) return;
      const input = ref.current;
      if (!input) return;
      e.preventDefault();
      input.focus();
      input.select();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [ref]);
}
