import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { ListQuery, ListQueryOptions } from '../../shared/query/query.ts';
import { prefixedListQuery, withPrefixedListQuery } from '../../shared/query/query-prefix.ts';

/**
 * The list query of one table of a page that shows several, held in the URL under `prefix`
 * (shared/query/query-prefix.ts): the parsed query and a setter (`replace` for keystroke-level changes).
 */
export function usePrefixedListQuery(
  prefix: string,
  options: ListQueryOptions,
): [ListQuery, (next: ListQuery, opts?: { replace?: boolean }) => void] {
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => prefixedListQuery(params, prefix, options), [params, prefix, options]);
  const setQuery = useCallback(
    (next: ListQuery, opts: { replace?: boolean } = {}) =>
      setParams((prev) => withPrefixedListQuery(prev, prefix, next, options), { replace: opts.replace ?? false }),
    [setParams, prefix, options],
  );
  return [query, setQuery];
}
