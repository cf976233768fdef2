import { useMemo, useRef } from 'react';
import { type ColumnSpec, fieldsFor, type ResourceCatalog } from '../../shared/columns/index.ts';
import type { EndpointRecord, ListEndpointName } from '../../shared/contract/endpoints.ts';
import type { ListQuery, ListQueryOptions } from '../../shared/query/query.ts';
import type { TableSpec } from '../../shared/query/table-spec.ts';
import { type PathParams, useList, usePageSize } from '../bridge/queries.ts';
import { usePrefixedListQuery } from '../state/usePrefixedListQuery.ts';

/** What a list table is: its endpoint and path, its catalog, and what the page fixes or lets the scout set. */
export interface ListTableArgs<E extends ListEndpointName> {
  endpoint: E;
  path: PathParams;
  /** The catalog of the resource (shared/columns): columns, default sort, `fields`. */
  resource: ResourceCatalog;
  /** The columns shown, when not every column of the catalog. */
  columns?: readonly ColumnSpec[];
  /** Where the table's state sits in the URL (shared/query/query-prefix.ts); `''` for a view's one table. */
  prefix: string;
  /** Filters the page fixes (the team, the season): sent, never written to the URL. */
  fixed?: Readonly<Record<string, string>>;
  /** Filters the scout sets, read from and written to the URL under the prefix. */
  filterKeys?: readonly string[];
  /** Rows per page by default; the settings' page size when absent. */
  pageSize?: number;
  /** What the table is, in words, for exports (`{view: 'Affiliates', team: 'Boston Bruins'}`). */
  context: Readonly<Record<string, string>>;
  /** `false` holds the request until the page knows its inputs. */
  enabled?: boolean;
}

/** A list table's state and data, as {@link useListTable} gives them. */
export type ListTable<E extends ListEndpointName> = ReturnType<typeof useListTable<E>>;

/**
 * A server-driven list table's state and data (DESIGN.md, "Server-driven tables"): the URL's list query
 * under the table's prefix, the table spec (endpoint, path, the query with the page's fixed filters and
 * the catalog's `fields`, columns, context) that the table and its Export menu share, and the page of
 * records. `setQuery` takes the table's query and keeps the fixed filters out of the URL.
 */
export function useListTable<E extends ListEndpointName>(args: ListTableArgs<E>) {
  const settingsPageSize = usePageSize();
  const { resource, prefix, filterKeys } = args;
  // Callers may pass new objects on every render: the table's inputs keep their identity while equal, so
  // the spec, the request and the prefetch do not start over on each render.
  const fixed = useStable(args.fixed);
  const path = useStable(args.path);
  const context = useStable(args.context);
  const options = useMemo<ListQueryOptions>(
    () => ({
      filterKeys: filterKeys ?? [],
      defaultSort: resource.defaultSort,
      defaultLimit: args.pageSize ?? settingsPageSize,
      sortKeys: resource.columns.flatMap((c) => (c.sortKey ? [c.sortKey] : [])),
    }),
    [filterKeys, resource, args.pageSize, settingsPageSize],
  );
  const [urlQuery, setUrlQuery] = usePrefixedListQuery(prefix, options);
  const columns = args.columns ?? resource.columns;
  const spec = useMemo<TableSpec>(() => {
    const query: ListQuery = { ...urlQuery, filters: { ...urlQuery.filters, ...fixed } };
    const fields = fieldsFor(resource, columns);
    if (fields) query.fields = fields;
    if (query.sort?.length === 0) delete query.sort;
    return { endpoint: args.endpoint, path, query, columns, context };
  }, [urlQuery, fixed, resource, columns, args.endpoint, path, context]);
  const list = useList(args.endpoint, path, spec.query, { enabled: args.enabled ?? true });
  const rows: EndpointRecord<E>[] | undefined = list.data?.data;
  const setQuery = (next: ListQuery, opts?: { replace?: boolean }) => {
    const filters: Record<string, string> = {};
    for (const key of filterKeys ?? []) {
      const v = next.filters[key];
      if (v) filters[key] = v;
    }
    setUrlQuery({ ...next, filters }, opts);
  };
  /** Sets one of the scout's filters (an empty value removes it), back to the first page. */
  const setFilter = (key: string, value: string, replace = false) => {
    const filters = { ...urlQuery.filters };
    if (value) filters[key] = value;
    else delete filters[key];
    setQuery({ ...urlQuery, filters, offset: 0 }, { replace });
  };
  const clearFilters = () => setQuery({ ...urlQuery, filters: {}, offset: 0 });
  return { urlQuery, setQuery, setFilter, clearFilters, spec, list, rows, total: list.data?._meta.totalRecords ?? 0 };
}

/** `value`, or the earlier value while it is equal as JSON (small objects: paths, filters, context words). */
function useStable<T>(value: T): T {
  const ref = useRef({ key: JSON.stringify(value), value });
  const key = JSON.stringify(value);
  if (ref.current.key !== key) ref.current = { key, value };
  return ref.current.value;
}
