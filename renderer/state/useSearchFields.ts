import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/**
 * The address's search params and a setter of several fields at once (a view's filters): each field set
 * to its value, or removed when the value is ''. The address is replaced, not pushed: a filter typed a
 * keystroke at a time is one step of the browser's history.
 */
export function useSearchFields(): [URLSearchParams, (fields: Record<string, string>) => void] {
  const [params, setParams] = useSearchParams();
  const set = useCallback(
    (fields: Record<string, string>) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const [k, v] of Object.entries(fields)) {
            if (v === '') next.delete(k);
            else next.set(k, v);
          }
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  return [params, set];
}
