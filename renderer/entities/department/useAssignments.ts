import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BridgeArgs } from '../../../shared/bridge/bridge.ts';
import { call } from '../../bridge/client.ts';

/*
 * TanStack Query hooks over the desk's assignments and "What's new" (shared/department/desk-bridge.ts). The
 * keys start with `department`, so a sync that brought rows reads them again (useDepartment.ts).
 */

export const deskKeys = {
  all: ['department', 'desk'] as const,
  assignments: (who: 'mine' | 'all') => ['department', 'desk', 'assignments', who] as const,
  whatsNew: ['department', 'desk', 'whatsNew'] as const,
  players: ['department', 'desk', 'players'] as const,
  scouts: ['department', 'desk', 'scouts'] as const,
  threshold: ['department', 'desk', 'threshold'] as const,
};

/** The assignments on this computer in date order: the scout's own (`mine`) or, for a director, `all`. */
export function useAssignments(who: 'mine' | 'all', enabled = true) {
  return useQuery({
    queryKey: deskKeys.assignments(who),
    queryFn: () => call('departmentAssignments', { who }),
    enabled,
  });
}

/** What is new for the scout since he last looked (the navigation's count and the list by player). */
export function useWhatsNew(enabled = true) {
  return useQuery({ queryKey: deskKeys.whatsNew, queryFn: () => call('departmentWhatsNew', {}), enabled });
}

/** A write of the desk; on success every desk query reads again. */
function useDeskWrite<A, R>(fn: (args: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => client.invalidateQueries({ queryKey: deskKeys.all }) });
}

/** A director assigns a player to a scout (sent with the next sync). */
export const useAssign = () => useDeskWrite((a: BridgeArgs<'departmentAssign'>) => call('departmentAssign', a));

/** A director changes an assignment's due date, note and game (sent with the next sync). */
export const useEditAssignment = () =>
  useDeskWrite((e: BridgeArgs<'departmentEditAssignment'>) => call('departmentEditAssignment', e));

/** The department's scouts a director assigns to, by name (the roster of his last sync). */
export function useDepartmentScouts(enabled = true) {
  return useQuery({ queryKey: deskKeys.scouts, queryFn: () => call('departmentScouts', {}), enabled });
}

/** The grade range over which the department's scouts disagree (the directors' setting). */
export function useThreshold(enabled = true) {
  return useQuery({ queryKey: deskKeys.threshold, queryFn: () => call('departmentThreshold', {}), enabled });
}

/** A director sets the threshold; every department query (coverage's flags too) reads again. */
export function useSetThreshold() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (threshold: number) => call('departmentSetThreshold', { threshold }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['department'] }),
  });
}

/** A director takes an assignment back. */
export const useUnassign = () => useDeskWrite((uid: string) => call('departmentUnassign', { uid }));

/** The scout has looked at what is new: the count starts again from now. */
export const useMarkSeen = () => useDeskWrite(() => call('departmentMarkSeen', {}));

/**
 * The players a director can assign: every player the department has a final report on (the coverage's
 * players, as their newest reports name them), by name.
 */
export function useDepartmentPlayers(enabled = true) {
  return useQuery({
    queryKey: deskKeys.players,
    queryFn: () => call('departmentCoverage', { sort: 'name', desc: false, limit: 100_000 }),
    select: (c) => c.rows.map((r) => r.player),
    enabled,
  });
}
