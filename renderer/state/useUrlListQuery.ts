import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import {
  type ListQuery,
  type ListQueryOptions,
  listQueryFromSearchParams,
  listQueryToSearchParams,
} from '../../shared/query.ts';

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
  const query = useMemo(() => listQueryFromSearchParams(params, options), [params, options]);
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
