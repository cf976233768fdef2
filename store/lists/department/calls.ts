import { wholeNumberSchema } from '../../../shared/contract/whole-number.ts';
import { parseListInput } from '../../../shared/domain/lists.ts';
import type { WritableDB } from '../../common/db.ts';
import { acknowledge } from './acknowledge.ts';
import type { DepartmentApi } from './api.ts';
import { applyPages } from './apply.ts';
import { configure } from './configure.ts';
import { openConflicts, resolutionsSent, resolutionsToSend, resolveConflict } from './conflicts.ts';
import { departmentOf } from './identity.ts';
import { waiting } from './outbox.ts';
import { playerReports } from './player-reports.ts';
import { ownRevs, resend } from './resend.ts';
import { departmentStatus, recordSync, reportHistory } from './status.ts';

/** The calls of {@link DepartmentApi} on the lists file `db` (synchronous, inside the lists worker). */
export function createDepartmentCalls(db: WritableDB): DepartmentApi {
  return {
    departmentConfigure: (setup) => configure(db, setup),
    departmentStatus: () => departmentStatus(db),
    departmentOutbox: (limit) => waiting(db, parseListInput(wholeNumberSchema(1, 10_000), limit, 'limit')),
    departmentAcknowledge: (outcomes) => acknowledge(db, departmentOf(db), outcomes),
    departmentApply: (pages, cursor) => applyPages(db, departmentOf(db), pages, cursor),
    departmentRecordSync: (record) => recordSync(db, record),
    departmentConflicts: () => openConflicts(db),
    departmentResolveConflict: (id, choice) => resolveConflict(db, departmentOf(db), id, choice),
    departmentResolutions: () => resolutionsToSend(db),
    departmentResolutionsSent: (ids) => resolutionsSent(db, ids),
    departmentOwnRevs: () => ownRevs(db, departmentOf(db)),
    departmentResend: (records) => resend(db, departmentOf(db), records),
    departmentReportHistory: (id) => reportHistory(db, id),
    departmentPlayerReports: (player) => playerReports(db, player),
  };
}
