import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { BridgeArgs } from '../../../shared/bridge/bridge.ts';
import type { DepartmentSyncStatus } from '../../../shared/department/bridge.ts';
import { call } from '../../bridge/client.ts';
import { listKeys } from '../lists/useLists.ts';
import { scoutingKeys } from '../reports/useReports.ts';

/*
 * TanStack Query hooks over the department's bridge operations (shared/department/bridge.ts). Every key
 * starts with `department`; a sync that brought rows, a save or a resolved conflict refetches the lists
 * and the reports too, since colleagues' records live there.
 */

export const departmentKeys = {
  all: ['department'] as const,
  settings: ['department', 'settings'] as const,
  status: ['department', 'status'] as const,
  conflicts: ['department', 'conflicts'] as const,
  reports: (playerId: number) => ['department', 'reports', playerId] as const,
  history: (id: number) => ['department', 'history', id] as const,
};

/** How often the top bar asks the host for the sync's state, in ms (the host syncs by itself). */
const STATUS_POLL_MS = 5_000;
/** …and with no department set up, where only another window's set-up could change it. */
const STATUS_POLL_OFF_MS = 60_000;

/** The set-up as Settings shows it (never the password). */
export function useDepartmentSettings() {
  return useQuery({ queryKey: departmentKeys.settings, queryFn: () => call('departmentSettings', {}) });
}

/** The sync's status, asked again every few seconds while the page is open. */
export function useDepartmentStatus() {
  return useQuery({
    queryKey: departmentKeys.status,
    queryFn: () => call('departmentStatus', {}),
    refetchInterval: (q) => (q.state.data?.state === 'off' ? STATUS_POLL_OFF_MS : STATUS_POLL_MS),
  });
}

/** Refetches what a sync may have changed: the department's queries, the lists and the reports. */
function useRefreshSynced() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: departmentKeys.all }),
      client.invalidateQueries({ queryKey: listKeys.all }),
      client.invalidateQueries({ queryKey: scoutingKeys.all }),
    ]);
}

/** The last round's time as the status last said it: a new one means rows may have arrived. */
export function roundOf(s: DepartmentSyncStatus | undefined): string | null {
  return s?.lastRound?.at ?? s?.syncedAt ?? null;
}

/** "Test and save": tries the set-up on the server, then keeps it (a refused one keeps what was). */
export function useSaveDepartment() {
  const refresh = useRefreshSynced();
  return useMutation({
    mutationFn: (args: BridgeArgs<'departmentSave'>) => call('departmentSave', args),
    onSuccess: () => void refresh(),
  });
}

/** "Forget": stops syncing, forgets the set-up and its password. */
export function useForgetDepartment() {
  const refresh = useRefreshSynced();
  return useMutation({ mutationFn: () => call('departmentForget', {}), onSuccess: () => void refresh() });
}

/** "Sync now": a round now, then every view that shows synced records reads again. */
export function useSyncNow() {
  const refresh = useRefreshSynced();
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => call('departmentSyncNow', {}),
    onSuccess: (status) => {
      client.setQueryData(departmentKeys.status, status);
      void refresh();
    },
  });
}

/** The conflicts kept for the scout, newest first. */
export function useDepartmentConflicts(enabled = true) {
  return useQuery({
    queryKey: departmentKeys.conflicts,
    queryFn: () => call('departmentConflicts', {}),
    enabled,
  });
}

/** Keeps ("keep mine") or drops ("take theirs") one conflict. */
export function useResolveConflict() {
  const refresh = useRefreshSynced();
  return useMutation({
    mutationFn: (args: BridgeArgs<'departmentResolveConflict'>) => call('departmentResolveConflict', args),
    onSuccess: () => void refresh(),
  });
}

/** The department's final reports on one player of the data in use. */
export function useDepartmentReports(
  args: { playerId: number; name: string; dateOfBirth: string | null },
  enabled: boolean,
) {
  return useQuery({
    queryKey: [...departmentKeys.reports(args.playerId), args.name, args.dateOfBirth],
    queryFn: () => call('departmentReports', args),
    enabled,
  });
}

/** The versions the server kept of one of the scout's reports, oldest first. */
export function useReportHistory(id: number, enabled: boolean) {
  return useQuery({
    queryKey: departmentKeys.history(id),
    queryFn: () => call('departmentReportHistory', { id }),
    enabled,
  });
}

/** Shares a list with the department or makes it private again. */
export function useShareList() {
  const refresh = useRefreshSynced();
  return useMutation({
    mutationFn: (args: BridgeArgs<'scoutingListShare'>) => call('scoutingListShare', args),
    onSuccess: () => void refresh(),
  });
}

/**
 * Refetches the lists and the reports when a sync round that brought rows (or kept a conflict) ends: the
 * status is polled, so a round the host ran by itself shows in every view without a click.
 */
export function useRefreshAfterRounds(status: DepartmentSyncStatus | undefined) {
  const refresh = useRefreshSynced();
  const round = status?.lastRound;
  const brought = round ? round.pulled.applied + round.pushed.conflict + round.resolutionsSent > 0 : false;
  const at = round?.at ?? null;
  const seen = useRef<string | null>(null);
  useEffect(() => {
    if (at === null || at === seen.current) return;
    const first = seen.current === null;
    seen.current = at;
    if (brought && !first) void refresh();
  }, [at, brought, refresh]);
}
