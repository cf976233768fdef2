import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { BridgeArgs } from '../../shared/bridge/bridge.ts';
import type { SyncProgress } from '../../shared/domain/offline.ts';
import { call, toServiceError } from '../bridge/client.ts';

/**
 * The offline store's state, shared by every view that reads it: the download status (polled while a
 * download runs), starting and cancelling a download, and whether the service answers at all. TanStack
 * Query hooks over the store's bridge operations (shared/bridge/offline-bridge.ts).
 */

/** How often a running download's status is polled, in ms. */
const POLL_MS = 500;

/** Cache keys of the offline store's queries: one prefix, so a finished download refetches them all. */
export const offlineKeys = {
  players: (query: Record<string, string>) => ['offline', 'players', query] as const,
  leaders: (query: Record<string, string>) => ['offline', 'leaders', query] as const,
  status: ['offline', 'status'] as const,
  estimate: (args: BridgeArgs<'offlineSyncEstimate'>) => ['offline', 'estimate', args] as const,
};

/** Query keys of NHLe (league factors, comparables, career arcs): all read the store and the scout's pins. */
export const nhleKeys = {
  all: ['offline', 'nhle'] as const,
  factors: (query: Record<string, string>) => ['offline', 'nhle', 'factors', query] as const,
  comparables: (args: unknown) => ['offline', 'nhle', 'comparables', args] as const,
  arcs: (args: unknown) => ['offline', 'nhle', 'arcs', args] as const,
};

/**
 * The size of a download before it starts (`offlineSyncEstimate`: team-seasons per league and those on
 * this computer already); asked once the scout has picked a league, kept for a minute.
 */
export function useSyncEstimate(args: BridgeArgs<'offlineSyncEstimate'> | null) {
  return useQuery({
    queryKey: offlineKeys.estimate(args ?? { leagues: [] }),
    queryFn: () => call('offlineSyncEstimate', args ?? { leagues: [] }),
    enabled: args !== null && args.leagues.length > 0,
    staleTime: 60_000,
    retry: false,
  });
}

/** While a download runs, the players lists are refetched at most this often (ms), as team-seasons arrive. */
const REFRESH_LISTS_MS = 3000;

/** Whether a download runs, or its end is being prepared for the stats browser (the store answers nothing else). */
export function downloadBusy(p: SyncProgress | undefined): boolean {
  return p !== undefined && (p.state === 'running' || p.preparing === true);
}

/**
 * The download status (`offlineSyncStatus`), polled every 500 ms while a download runs or the store
 * prepares the stats browser's rows after it. As team-seasons are committed, and when all of that has
 * ended, the players lists and the leaders are refetched (they hold what it committed); not while the
 * store prepares, when they would only wait for it.
 */
export function useOfflineStatus() {
  const client = useQueryClient();
  const status = useQuery({
    queryKey: offlineKeys.status,
    queryFn: () => call('offlineSyncStatus', {}),
    refetchInterval: (q) => (downloadBusy(q.state.data?.progress) ? POLL_MS : false),
  });
  const progress = status.data?.progress;
  const running = progress?.state === 'running';
  const working = downloadBusy(progress);
  const done = progress?.unitsDone ?? 0;
  const prev = useRef(working);
  const refreshed = useRef(0);
  useEffect(() => {
    const stopped = prev.current && !working;
    const arriving = running && done > 0 && performance.now() - refreshed.current >= REFRESH_LISTS_MS;
    if (stopped || arriving) {
      refreshed.current = performance.now();
      void client.invalidateQueries({ queryKey: ['offline', 'players'] });
      void client.invalidateQueries({ queryKey: ['offline', 'leaders'] });
      void client.invalidateQueries({ queryKey: nhleKeys.all });
    }
    prev.current = working;
  }, [client, running, working, done]);
  return status;
}

/** Starts a download (`offlineSync`); its answer is the first status, which starts the polling. */
export function useStartSync() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (args: BridgeArgs<'offlineSync'>) => call('offlineSync', args),
    onSuccess: (status) => client.setQueryData(offlineKeys.status, status),
  });
}

/** Cancels the running download (`offlineSyncCancel`); what was committed stays. */
export function useCancelSync() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => call('offlineSyncCancel', {}),
    onSuccess: (status) => {
      client.setQueryData(offlineKeys.status, status);
      void client.invalidateQueries({ queryKey: ['offline'] });
    },
  });
}

/** How often the Players view checks that the service answers, in ms. */
const REACH_MS = 15_000;

/**
 * Whether the service in use answers (its `/about`, checked every 15 s and on focus): `offline` when it
 * cannot be reached (network error or timeout, or the host's answer is the one it kept, marked `kept`),
 * with the reason in words. Other errors (a 401, say) are not "offline": the service is there.
 */
export function useServiceReachable(): { offline: boolean; reason: string } {
  const about = useQuery({
    queryKey: ['offline', 'reach'],
    queryFn: () => call('about', {}),
    refetchInterval: REACH_MS,
    retry: false,
  });
  const kept = about.data?.kept;
  if (kept !== undefined) return { offline: true, reason: kept.reason };
  if (!about.isError) return { offline: false, reason: '' };
  const error = toServiceError(about.error);
  const offline = error.kind === 'network' || error.kind === 'timeout';
  return { offline, reason: offline ? error.message : '' };
}
