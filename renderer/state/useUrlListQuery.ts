import { useCallback, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import {
  type ListQuery,
  type ListQueryOptions,
  listQueryFromSearchParams,
  listQueryToSearchParams,
} from '../../shared/query/query.ts';

/** How a list query is written: `replace` the history entry; `extra` view params set in the same navigation. */
export interface SetQueryOptions {
  replace?: boolean;
  extra?: Record<string, string | null>;
}

/**
 * A view's list query, held in the URL search params (DESIGN.md: a view can be
 * reloaded, linked and restored). Returns the parsed query and a setter that
 * writes a new one (`replace` for keystroke-level changes such as search text).
 * Other search params (a view's `block`, say) pass through untouched.
 */
export function useUrlListQuery(
  options: ListQueryOptions,
): [ListQuery, (next: ListQuery, opts?: SetQueryOptions) => void] {
  const [params, setParams] = useSearchParams();
  // `params` keeps its identity until the location's search string changes.
  const parsed = useMemo(() => listQueryFromSearchParams(params, options), [params, options]);
  const filters = useSameEntries(parsed.filters);
  const query = useMemo(() => (filters === parsed.filters ? parsed : { ...parsed, filters }), [parsed, filters]);
  const setQuery = useCallback(
    (next: ListQuery, opts: SetQueryOptions = {}) => {
      setParams(
        (prev) => {
          const out = listQueryToSearchParams(next, options, prev);
          for (const [k, v] of Object.entries(opts.extra ?? {})) {
            if (v === null || v === '') out.delete(k);
            else out.set(k, v);
          }
          out.sort();
          return out;
        },
        { replace: opts.replace ?? false },
      );
    },
    [setParams, options],
  );
  return [query, setQuery];
}

/** One plain search param of a view (not part of the list query), with a setter. */
export function useSearchParam(name: string): [string | null, (value: string | null, replace?: boolean) => void] {
  const [params, setParams] = useSearchParams();
  const value = params.get(name);
  const set = useCallback(
    (next: string | null, replace = false) => {
      setParams(
        (prev) => {
          const out = new URLSearchParams(prev);
          if (next === null || next === '') out.delete(name);
          else out.set(name, next);
          out.sort();
          return out;
        },
        { replace },
      );
    },
    [name, setParams],
  );
  return [value, set];
}

/**
 * `record`, or the one an earlier render returned while it holds the same entries: a sort or a page
 * leaves the filters' object as it was, so what a view builds from its filters (its columns, its filter
 * controls, every row a memoised body row draws with them) is not rebuilt at each header click. The
 * records are never mutated, so the one kept is as good as the new one.
 */
function useSameEntries(record: Record<string, string>): Record<string, string> {
  const kept = useRef(record);
  if (kept.current !== record && !sameEntries(kept.current, record)) kept.current = record;
  return kept.current;
}

function sameEntries(a: Record<string, string>, b: Record<string, string>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => Object.hasOwn(b, k) && a[k] === b[k]);
}
