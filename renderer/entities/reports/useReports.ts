import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BridgeArgs } from '../../../shared/bridge/bridge.ts';
import type { ReportQuery } from '../../../shared/domain/reports.ts';
import { call } from '../../bridge/client.ts';
import { formatGrade } from '../../format/index.ts';

/*
 * TanStack Query hooks over the scouting reports' bridge operations (shared/bridge/scouting-bridge.ts). Every key
 * starts with `scouting`, so a saved report refreshes the player's file, the reports list and the boards.
 */

export const scoutingKeys = {
  all: ['scouting'] as const,
  reports: (q: ReportQuery) => ['scouting', 'reports', q] as const,
  prefs: ['scouting', 'prefs'] as const,
  boards: ['scouting', 'boards'] as const,
  board: (id: number) => ['scouting', 'board', id] as const,
};

/** Reports matching `query` (one player's, or all; searched, sorted). */
export function useReports(query: ReportQuery, enabled = true) {
  return useQuery({
    queryKey: scoutingKeys.reports(query),
    queryFn: () => call('scoutingReports', { query }),
    enabled,
  });
}

/** The scout's name on exports and his "not seen enough" threshold. */
export function useScoutingPrefs() {
  return useQuery({ queryKey: scoutingKeys.prefs, queryFn: () => call('scoutingPrefs', {}) });
}

/** A write of reports, prefs or boards; on success every scouting query is refetched. */
export function useScoutingWrite<A, R>(fn: (args: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => client.invalidateQueries({ queryKey: scoutingKeys.all }),
  });
}

export const useSaveReport = () =>
  useScoutingWrite((args: BridgeArgs<'scoutingReportSave'>) => call('scoutingReportSave', args));
export const useDeleteReport = () =>
  useScoutingWrite((args: BridgeArgs<'scoutingReportDelete'>) => call('scoutingReportDelete', args));
export const useSavePrefs = () =>
  useScoutingWrite((args: BridgeArgs<'scoutingPrefsSave'>) => call('scoutingPrefsSave', args));

/** A grade as scouts write it: `7`, `7.5`; `—` for not seen (the format module's {@link formatGrade}). */
export const gradeText = formatGrade;

/** The mean of a report's graded areas, or null when it grades none. */
export function reportMean(grades: Readonly<Record<string, number | null | undefined>>): number | null {
  const gs = Object.values(grades).filter((g): g is number => typeof g === 'number');
  return gs.length === 0 ? null : gs.reduce((a, b) => a + b, 0) / gs.length;
}
