import type {
  Assignment,
  AssignmentEdit,
  AssignmentInput,
  AssignmentQuery,
  Coverage,
  CoverageQuery,
  DepartmentScout,
  ViewingLog,
  ViewingLogQuery,
  WhatsNew,
} from '../../../../shared/department/desk.ts';
import type { BoardDepartment } from '../../../../shared/domain/board-facts.ts';

/**
 * The lists worker's calls of the director's desk (part of `ListsApi`): assignments and the department's
 * settings (written by directors, queued for the department in the transaction of the change), and the
 * coverage of every player by the department's final reports, all over this laptop's copy, offline. Bad
 * input throws `ListInputError` naming the field (a scout who is no director assigning is one); an
 * unknown assignment `ListNotFoundError`.
 */
export interface DeskApi {
  /** The assignments here in date order (shared/department/desk.ts `AssignmentQuery`), each with `doneOn`. */
  departmentAssignments(query: AssignmentQuery): Assignment[];
  /** A director assigns a player to a scout. */
  departmentAssign(input: AssignmentInput): Assignment;
  /** A director changes an assignment's due date, note and game. */
  departmentEditAssignment(edit: AssignmentEdit): Assignment;
  /** The department's scouts a director assigns to (the roster of his last sync, else the logins known here). */
  departmentScouts(): DepartmentScout[];
  /** Keeps the roster the server gave (`[{login, director}]`), read at a director's sync. */
  departmentSetRoster(scouts: { login: string; director: boolean }[]): void;
  /** A director takes an assignment back (its tombstone goes to the department). */
  departmentUnassign(uid: string): void;
  /** The grade range over which the department's scouts disagree (the directors' setting, else 2). */
  departmentThreshold(): number;
  /** A director sets that range (0.5 to 9 in half points); returns it. */
  departmentSetThreshold(threshold: number): number;
  /** The players of these draft boards with the department's viewings, mean grade, projection and last viewing. */
  departmentBoardFacts(boardIds: number[]): BoardDepartment;
  /** Every player's coverage by the department's final reports, filtered and sorted. */
  departmentCoverage(query: CoverageQuery): Coverage;
  /** Colleagues' new final reports on his lists' and boards' players, and his new assignments, since his last look. */
  departmentWhatsNew(): WhatsNew;
  /** He has looked: nothing of what is here now is new any more. */
  departmentMarkSeen(): void;
  /** Per week, the games each scout saw and his open assignments planned: his own, or a director's `all`. */
  departmentViewingLog(query: ViewingLogQuery): ViewingLog;
}
