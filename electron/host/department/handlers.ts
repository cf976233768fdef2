import type { BridgeHandlers } from '../../../shared/bridge/bridge.ts';
import type { DepartmentReports, DepartmentResults, ProjectionCount } from '../../../shared/department/bridge.ts';
import { PROJECTIONS, type Projection, type ScoutingReport, summarizeReports } from '../../../shared/domain/reports.ts';
import { listsAccess, run } from '../lists/handlers.ts';
import type { ListsHost } from '../lists/lists-host.ts';
import type { DepartmentHost } from './department-host.ts';

/**
 * The department's bridge operations (shared/department/bridge.ts): the set-up and the sync through the
 * department host (department-host.ts), conflicts, reports and the shared mark through the lists' worker
 * (whose errors become the page's as the lists' do: lists/handlers.ts `run`). None answers the password.
 */
export type DepartmentOp = keyof DepartmentResults;

export interface DepartmentHandlerDeps {
  department: DepartmentHost | undefined;
  lists: ListsHost | undefined;
}

/** The projected roles `reports` give, in the order of `PROJECTIONS`, each with how many give it. */
export function projectionCounts(reports: readonly ScoutingReport[]): ProjectionCount[] {
  const counts = new Map<Projection, number>();
  for (const r of reports) if (r.projection !== null) counts.set(r.projection, (counts.get(r.projection) ?? 0) + 1);
  return (Object.keys(PROJECTIONS) as Projection[]).flatMap((projection) => {
    const count = counts.get(projection) ?? 0;
    return count === 0 ? [] : [{ projection, count }];
  });
}

export function createDepartmentHandlers(deps: DepartmentHandlerDeps): Pick<BridgeHandlers, DepartmentOp> {
  const { host, lists, write } = listsAccess(deps.lists);
  const department = (): DepartmentHost => {
    if (deps.department === undefined) throw new Error('the department is not set up in this shell.');
    return deps.department;
  };
  return {
    departmentSettings: () => run(() => department().settings()),
    departmentSave: async (input) => {
      const d = await run(async () => department());
      return d.ok ? d.value.save(input) : d;
    },
    departmentForget: async () => {
      const d = await run(async () => department());
      return d.ok ? d.value.forget() : d;
    },
    departmentStatus: () => run(() => department().status()),
    departmentSyncNow: () => run(() => department().syncNow()),
    departmentConflicts: () => run(async () => (await lists()).departmentConflicts()),
    // A kept state is queued: the lists host's change reaches the driver, which sends it shortly.
    departmentResolveConflict: ({ id, choice }) =>
      write(async () => (await lists()).departmentResolveConflict(id, choice)),
    departmentReports: ({ playerId, name, dateOfBirth }) =>
      run(async (): Promise<DepartmentReports> => {
        const l = await lists();
        const department = (await l.departmentStatus()).identity !== null;
        const reports = await l.departmentPlayerReports({ source: host().source(), playerId, name, dateOfBirth });
        const { minViewings } = await l.scoutingPrefs();
        return {
          department,
          reports,
          summary: summarizeReports(reports, minViewings),
          projections: projectionCounts(reports),
          scouts: new Set(reports.map((r) => r.owner)).size,
        };
      }),
    departmentReportHistory: ({ id }) => run(async () => (await lists()).departmentReportHistory(id)),
    scoutingListShare: ({ id, shared }) => write(async () => (await lists()).setListShared(id, shared)),
  };
}
