import { z } from 'zod';
import { DepartmentPlayerSchema } from './changes.ts';
import {
  type Assignment,
  AssignmentEditSchema,
  AssignmentInputSchema,
  AssignmentQuerySchema,
  type Coverage,
  CoverageQuerySchema,
  type DepartmentScout,
  type ViewingLog,
  ViewingLogQuerySchema,
  type WhatsNew,
} from './desk.ts';

/**
 * The bridge operations of the director's desk (merged into shared/bridge/bridge.ts): coverage of every
 * player by the department's final reports, assignments (a director makes and takes back; everyone reads his
 * own, a director every one), and the department's disagreement threshold. All answered from this
 * computer's copy, offline; a director's change is sent with the next sync.
 */
export const DESK_ARGS = {
  /** One page of the coverage table, filtered and sorted (shared/department/desk.ts `CoverageQuery`). */
  departmentCoverage: CoverageQuerySchema.prefault({}),
  /** The assignments here in date order: `mine` (the default) or, for a director, `all`. */
  departmentAssignments: AssignmentQuerySchema.prefault({}),
  /**
   * A director assigns a player to a scout; a player picked from the offline store comes without `source`,
   * and the host adds the source of the data in use.
   */
  departmentAssign: AssignmentInputSchema.extend({ player: DepartmentPlayerSchema.partial({ source: true }) }),
  /** A director changes an assignment's due date, note and game. */
  departmentEditAssignment: AssignmentEditSchema,
  /** The department's scouts a director assigns to, by name. */
  departmentScouts: z.object({}).strict().default({}),
  /** The department's disagreement threshold (the directors' setting, else the default). */
  departmentThreshold: z.object({}).strict().default({}),
  /** A director takes an assignment back. */
  departmentUnassign: z.object({ uid: z.uuid() }).strict(),
  /** A director sets the grade range over which the department's scouts disagree (0.5 to 9). */
  departmentSetThreshold: z.object({ threshold: z.number() }).strict(),
  /** What is new for the scout since he last looked: the navigation's count and the list by player. */
  departmentWhatsNew: z.object({}).strict().default({}),
  /** The scout has looked at what is new. */
  departmentMarkSeen: z.object({}).strict().default({}),
  /** Per week, the games seen and the assignments planned: the scout's own, or for a director `all`. */
  departmentViewingLog: ViewingLogQuerySchema.prefault({}),
} as const;

/** Result types of the desk's bridge operations. */
export interface DeskResults {
  departmentCoverage: Coverage;
  departmentAssignments: Assignment[];
  departmentAssign: Assignment;
  departmentEditAssignment: Assignment;
  departmentScouts: DepartmentScout[];
  departmentThreshold: number;
  departmentUnassign: null;
  departmentSetThreshold: number;
  departmentWhatsNew: WhatsNew;
  departmentMarkSeen: null;
  departmentViewingLog: ViewingLog;
}
