import { useCallback, useEffect, useRef } from 'react';

/**
 * Keeps a search box's own text in step with the URL's value of it, telling the URL's echo of the box's
 * own write from a navigation. The box writes the URL after a pause, and the router commits that write a
 * moment later; a keystroke in between (the box emptied, say) must not be undone when the older value
 * arrives. So a URL value equal to the last one the box wrote is taken as that write's echo and left alone,
 * once; any other change of the URL (Back, a link, Clear) is put in the box with `setText`.
 * Call `wrote(value)` just before writing `value` to the URL.
 */
export function useUrlEcho(urlValue: string, setText: (text: string) => void): { wrote: (value: string) => void } {
  const pending = useRef<string | null>(null);
  const current = useRef(urlValue);
  current.current = urlValue;
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (pending.current === urlValue) {
      pending.current = null;
      return;
    }
    pending.current = null;
    setText(urlValue);
  }, [urlValue, setText]);
  // A write of the value the URL already holds changes nothing, so no echo will come to be left alone.
  const wrote = useCallback((value: string) => {
    pending.current = value === current.current ? null : value;
  }, []);
  return { wrote };
}
