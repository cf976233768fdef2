import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { BridgeArgs, SavedKey } from '../../shared/bridge/bridge.ts';
import { DEFAULT_SETTINGS } from '../../shared/bridge/settings-defaults.ts';
import type { EndpointName, ItemEndpointName, ListEndpointName } from '../../shared/contract/endpoints.ts';
import { ServiceErrorException } from '../../shared/contract/errors.ts';
import { type ListQuery, listQueryToServiceQuery, nextPageQuery } from '../../shared/query/query.ts';
import { call, request } from './client.ts';

/**
 * TanStack Query hooks over the bridge. Server state lives only in the query cache;
 * views read it through these hooks and never copy it into component state.
 */

/** How long after a page arrives the next one is prefetched, in ms. */
const PREFETCH_DELAY_MS = 300;

/** Path parameters of an endpoint (`{id}`, `{slug}`, `{season}`). */
export type PathParams = Record<string, string | number>;

/** Cache keys, one place. */
export const queryKeys = {
  list: (endpoint: EndpointName, path: PathParams, query: Record<string, string>) =>
    ['list', endpoint, path, query] as const,
  item: (endpoint: EndpointName, path: PathParams) => ['item', endpoint, path] as const,
  appInfo: ['appInfo'] as const,
  about: ['about'] as const,
  settings: ['settings'] as const,
  keyStatus: ['keyStatus'] as const,
  savedKeys: ['savedKeys'] as const,
  localServiceStatus: ['localServiceStatus'] as const,
};

/** The host already retries 429/5xx/network with backoff; the page retries nothing it got as a value. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ServiceErrorException) return false;
  return failureCount < 1;
}

/** Query options of one list page; shared by the hook and the prefetch so both hit one cache entry. */
export function listQueryOptions<E extends ListEndpointName>(endpoint: E, path: PathParams, query: ListQuery) {
  const serviceQuery = listQueryToServiceQuery(query);
  return queryOptions({
    queryKey: queryKeys.list(endpoint, path, serviceQuery),
    queryFn: () => request({ endpoint, path, query: serviceQuery }),
  });
}

/**
 * One page of a list endpoint. The previous page stays on screen while the next
 * loads (`placeholderData: keepPreviousData`; `isPlaceholderData` tells the view to
 * dim it) and the following page is prefetched once this one arrives.
 * `enabled: false` holds the request until its inputs (a season, say) are known.
 */
export function useList<E extends ListEndpointName>(
  endpoint: E,
  path: PathParams,
  query: ListQuery,
  options: { enabled?: boolean; prefetchNext?: boolean } = {},
) {
  const client = useQueryClient();
  const enabled = options.enabled ?? true;
  const result = useQuery({
    ...listQueryOptions(endpoint, path, query),
    placeholderData: keepPreviousData,
    enabled,
  });
  const total = result.data?._meta.totalRecords;
  const isPlaceholder = result.isPlaceholderData;
  useEffect(() => {
    if (!enabled || options.prefetchNext === false || total === undefined || isPlaceholder) return;
    const next = nextPageQuery(query, total);
    if (!next) return;
    // After the page just arrived is painted: parsing the next page (up to 1000 rows) on the main
    // thread at once delayed that paint (first Teams row at launch, a re-sort).
    const t = setTimeout(() => void client.prefetchQuery(listQueryOptions(endpoint, path, next)), PREFETCH_DELAY_MS);
    return () => clearTimeout(t);
  }, [client, endpoint, path, query, total, enabled, isPlaceholder, options.prefetchNext]);
  return result;
}

/** Query options of a single item (`/teams/{id}`); shared by {@link useItem} and views that read several. */
export function itemQueryOptions<E extends ItemEndpointName>(endpoint: E, path: PathParams) {
  return queryOptions({
    queryKey: queryKeys.item(endpoint, path),
    queryFn: () => request({ endpoint, path }),
  });
}

/** A single-item endpoint (`/teams/{id}`): `{_meta, data}` with `data` the endpoint's record. */
export function useItem<E extends ItemEndpointName>(
  endpoint: E,
  path: PathParams,
  options: { enabled?: boolean } = {},
) {
  return useQuery({ ...itemQueryOptions(endpoint, path), enabled: options.enabled ?? true });
}

/** The app-wide queries' options, shared by their hooks and the warm start (app/warmStart.ts). */
export const appQueries = {
  appInfo: queryOptions({ queryKey: queryKeys.appInfo, queryFn: () => call('appInfo', {}), staleTime: 60_000 }),
  about: queryOptions({ queryKey: queryKeys.about, queryFn: () => call('about', {}), staleTime: 5 * 60_000 }),
  settings: queryOptions({ queryKey: queryKeys.settings, queryFn: () => call('getSettings', {}), staleTime: Infinity }),
  keyStatus: queryOptions({ queryKey: queryKeys.keyStatus, queryFn: () => call('keyStatus', {}) }),
};

export function useAppInfo() {
  return useQuery(appQueries.appInfo);
}

export function useAbout() {
  return useQuery(appQueries.about);
}

export function useSettings() {
  return useQuery(appQueries.settings);
}

/**
 * The default rows per page of the tables: the settings' `pageSize`, or the default (100, the spec's
 * default limit) while the settings load. List requests start at once with it instead of waiting for the
 * settings (that wait put a whole bridge round trip before the first page at launch); when the settings
 * say the same, the query key is unchanged and nothing is fetched twice.
 */
export function usePageSize(): number {
  return useSettings().data?.pageSize ?? DEFAULT_SETTINGS.pageSize;
}

export function useKeyStatus() {
  return useQuery(appQueries.keyStatus);
}

/**
 * After a key or base URL change, pages from the old service (or the old key's subscription) must not
 * be shown, even briefly: lists and items are dropped, the rest (app info, about, key status) refetched.
 */
function useInvalidateAll() {
  const client = useQueryClient();
  return () => {
    // reset, not remove: a removed query is not refetched for the observers still mounted, so the view
    // kept the old key's page or 401 until the scout navigated (and a wrong key never reopened the dialog).
    void client.resetQueries({ queryKey: ['list'] });
    void client.resetQueries({ queryKey: ['item'] });
    return client.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'list' && q.queryKey[0] !== 'item' });
  };
}

export function useSetKey() {
  const client = useQueryClient();
  const invalidateAll = useInvalidateAll();
  return useMutation({
    mutationFn: (args: BridgeArgs<'setKey'>) => call('setKey', args),
    // A refused key is answered in the form that sent it, not by opening the key dialog over it.
    meta: { inlineUnauthorized: true },
    onSuccess: (status) => {
      client.setQueryData(queryKeys.keyStatus, status);
      void invalidateAll();
    },
  });
}

export function useClearKey() {
  const client = useQueryClient();
  const invalidateAll = useInvalidateAll();
  return useMutation({
    mutationFn: () => call('clearKey', {}),
    onSuccess: (status) => {
      client.setQueryData(queryKeys.keyStatus, status);
      void invalidateAll();
    },
  });
}

/**
 * The app's own local service: running, restarting or given up, and how often it was restarted. Polled
 * (every 5 s, every second while it restarts or is down) while it is the service in use: a crash happens
 * between requests, and the requests under way simply carry on.
 */
export function useLocalServiceStatus() {
  return useQuery({
    queryKey: queryKeys.localServiceStatus,
    queryFn: () => call('localServiceStatus', {}),
    refetchInterval: (q) => {
      const state = q.state.data?.state;
      return state === 'none' ? false : state === 'running' || state === undefined ? 5_000 : 1_000;
    },
  });
}

/** The services with a key in the keychain (never a key), for Settings. */
export function useSavedKeys() {
  return useQuery({ queryKey: queryKeys.savedKeys, queryFn: () => call('savedKeys', {}) });
}

/** Removes the keychain's key of one service; the service in use losing its key refetches everything. */
export function useRemoveSavedKey() {
  const client = useQueryClient();
  const invalidateAll = useInvalidateAll();
  return useMutation({
    mutationFn: (row: SavedKey) => call('removeSavedKey', { scope: row.scope }),
    onSuccess: (rows, removed) => {
      client.setQueryData(queryKeys.savedKeys, rows);
      // Another service's key: nothing the page shows now depended on it.
      if (removed.inUse) void invalidateAll();
    },
  });
}

export function useUpdateSettings() {
  const client = useQueryClient();
  const invalidateAll = useInvalidateAll();
  return useMutation({
    mutationFn: (args: BridgeArgs<'updateSettings'>) => call('updateSettings', args),
    onSuccess: (settings, args) => {
      client.setQueryData(queryKeys.settings, settings);
      if ('baseUrl' in args) void invalidateAll();
    },
  });
}

export function useTestConnection() {
  return useMutation({ mutationFn: (args: BridgeArgs<'testConnection'>) => call('testConnection', args) });
}

export function useOpenExternal() {
  return useMutation({ mutationFn: (url: string) => call('openExternal', { url }) });
}
