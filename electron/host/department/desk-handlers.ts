import type { BridgeHandlers } from '../../../shared/bridge/bridge.ts';
import type { DeskResults } from '../../../shared/department/desk-bridge.ts';
import { listsAccess, run } from '../lists/handlers.ts';
import type { ListsHost } from '../lists/lists-host.ts';

/**
 * The director's desk's bridge operations (shared/department/desk-bridge.ts), answered by the lists'
 * worker from this computer's copy (a player picked from the offline store gets the source of the data in use); a director's change is written as the lists' are (`write`), so the
 * department's driver sends it shortly.
 */
export type DeskOp = keyof DeskResults;

export function createDeskHandlers(listsHost: ListsHost | undefined): Pick<BridgeHandlers, DeskOp> {
  const { host, lists, write } = listsAccess(listsHost);
  const source = () => host().source();
  return {
    // One player's coverage (his page) is of the data in use, as his page's department reports are.
    departmentCoverage: ({ player, ...query }) =>
      run(async () =>
        (await lists()).departmentCoverage(
          player ? { ...query, player: { ...player, source: player.source ?? source() } } : query,
        ),
      ),
    departmentAssignments: (query) => run(async () => (await lists()).departmentAssignments(query)),
    departmentAssign: (input) =>
      write(async () =>
        (await lists()).departmentAssign({
          ...input,
          player: { ...input.player, source: input.player.source ?? source() },
        }),
      ),
    departmentEditAssignment: (edit) => write(async () => (await lists()).departmentEditAssignment(edit)),
    departmentScouts: () => run(async () => (await lists()).departmentScouts()),
    departmentThreshold: () => run(async () => (await lists()).departmentThreshold()),
    departmentUnassign: ({ uid }) =>
      write(async () => {
        await (await lists()).departmentUnassign(uid);
        return null;
      }),
    departmentSetThreshold: ({ threshold }) => write(async () => (await lists()).departmentSetThreshold(threshold)),
    departmentWhatsNew: () => run(async () => (await lists()).departmentWhatsNew()),
    departmentViewingLog: (query) => run(async () => (await lists()).departmentViewingLog(query)),
    departmentMarkSeen: () =>
      run(async () => {
        await (await lists()).departmentMarkSeen();
        return null;
      }),
  };
}
