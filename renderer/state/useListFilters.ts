import { useCallback, useEffect, useRef, useState } from 'react';
import type { ListQuery } from '../../shared/query/query.ts';
import { useUrlEcho } from './useUrlEcho.ts';
import type { SetQueryOptions } from './useUrlListQuery.ts';

/**
 * A view's filters, kept in its URL list query (see useUrlListQuery), and its search box. A filter change
 * starts from the first page. The search box types into local `text`; the URL's `q` (and so the request)
 * follows after `debounceMs` without a new history entry, and a URL change (Back, a link) puts its `q`
 * back in the box; the URL catching up with text the box has since moved on from does not. `filtered`:
 * whether any of `filterKeys` is set.
 */
export function useListFilters(
  query: ListQuery,
  setQuery: (next: ListQuery, opts?: SetQueryOptions) => void,
  filterKeys: readonly string[],
  debounceMs: number,
) {
  const setFilter = (key: string, value: string, replace = false) => {
    const filters = { ...query.filters };
    if (value) filters[key] = value;
    else delete filters[key];
    setQuery({ ...query, filters, offset: 0 }, { replace });
  };
  const urlQ = query.filters.q ?? '';
  const [text, setText] = useState(urlQ);
  const { wrote } = useUrlEcho(urlQ, setText);
  // The latest setter, so a render that is not a keystroke (a page of results arriving) does not restart the pause.
  const latest = useRef(setFilter);
  latest.current = setFilter;
  const writeQ = useCallback(
    (q: string) => {
      wrote(q);
      latest.current('q', q, true);
    },
    [wrote],
  );
  useEffect(() => {
    if (text.trim() === urlQ) return;
    const t = setTimeout(() => writeQ(text.trim()), debounceMs);
    return () => clearTimeout(t);
  }, [text, urlQ, debounceMs, writeQ]);
  /** Every filter off (and the search box emptied), back to the first page. */
  const clear = () => {
    setText('');
    wrote('');
    setQuery({ ...query, filters: {}, offset: 0 });
  };
  /** Applies the typed search now (Enter), without waiting for the pause. */
  const submit = () => writeQ(text.trim());
  const filtered = filterKeys.some((k) => Boolean(query.filters[k]));
  return { setFilter, text, setText, urlQ, clear, submit, filtered };
}
