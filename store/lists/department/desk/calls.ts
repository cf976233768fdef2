import type { CacheReader } from '../../../cache/read-only.ts';
import type { WritableDB } from '../../../common/db.ts';
import type { DeskApi } from './api.ts';
import { assign, editAssignment, listAssignments, unassign } from './assignments.ts';
import { boardDepartment } from './board-department.ts';
import { coverage } from './coverage.ts';
import { departmentScouts, setRoster } from './roster.ts';
import { disagreementThreshold, setDisagreementThreshold } from './settings.ts';
import { viewingLog } from './viewing-log.ts';
import { markSeen, whatsNew } from './whats-new.ts';

/** The calls of {@link DeskApi} on the lists file `db`, reading leagues from the player cache `cache`. */
export function createDeskCalls(db: WritableDB, cache: CacheReader): DeskApi {
  return {
    departmentAssignments: (query) => listAssignments(db, query),
    departmentAssign: (input) => assign(db, input),
    departmentEditAssignment: (edit) => editAssignment(db, edit),
    departmentScouts: () => departmentScouts(db),
    departmentSetRoster: (scouts) => setRoster(db, scouts),
    departmentUnassign: (uid) => unassign(db, uid),
    departmentThreshold: () => disagreementThreshold(db),
    departmentSetThreshold: (t) => setDisagreementThreshold(db, t),
    departmentCoverage: (query) => coverage(db, cache, query),
    departmentBoardFacts: (boardIds) => boardDepartment(db, boardIds),
    departmentWhatsNew: () => whatsNew(db),
    departmentMarkSeen: () => markSeen(db),
    departmentViewingLog: (query) => viewingLog(db, query),
  };
}
