import { z } from 'zod';
import { TiersSchema, VersionLabelSchema } from '../domain/boards.ts';
import { DateOfBirthSchema, ListNameSchema, NoteSchema, RatingSchema } from '../domain/lists.ts';
import { ReportFieldsSchema } from '../domain/reports.ts';
import { refuseUnsafeText } from '../domain/text-schemas.ts';

/**
 * What a laptop sends to the department's server (department/sync/push.ts, `rinkside.push`): changes, each
 * the whole new state of one shared record. A record has a global id (UUID v4, made on the laptop that
 * creates it) and belongs to the login role that created it. `base` is the change id of the state the
 * laptop last had (null for a new record): the server compares it with the record's `rev` to tell a plain
 * update from a conflict. A delete is a state with `deleted: true`; a report is never deleted, it is
 * retracted. Defined once here for the laptop's outbox, the host's driver and the server's tests.
 */

/** The most changes one push takes: each change runs in a subtransaction, and PostgreSQL keeps up to 64
 * subtransaction ids per transaction in shared memory before every other session's snapshots slow down. */
export const PUSH_BATCH_MAX = 50;

/** The kinds of shared records, as the server's push names them. */
export const CHANGE_KINDS = ['report', 'list', 'entry', 'board', 'assignment', 'setting'] as const;
export type ChangeKind = (typeof CHANGE_KINDS)[number];

/** A player as a shared record names him: where he is from (shared/domain/sources.ts), his id there, and his
 * identity as the scout's laptop had it (colleagues match players by name and birth date across sources). */
export const DepartmentPlayerSchema = z
  .object({
    source: z.string().min(1).max(4096),
    playerId: z
      .number()
      .int()
      .min(1)
      .max(2 ** 31 - 1),
    name: z.string().trim().min(1).max(200),
    dateOfBirth: DateOfBirthSchema,
    position: z.string().max(8).nullable(),
  })
  .strict();
export type DepartmentPlayer = z.infer<typeof DepartmentPlayerSchema>;

const deleted = z.boolean().default(false);

/** A report's body: the fields the scout wrote (shared/domain/reports.ts) and his display name. */
export const ReportBodySchema = ReportFieldsSchema.omit({ status: true })
  .extend({ scoutName: z.string().trim().max(80) })
  .strict();

/** A finished report (`final`), or one taken back (`retracted`: set back to draft or deleted on the laptop;
 * the body stays for the author's history). */
export const ReportStateSchema = z
  .object({
    status: z.enum(['final', 'retracted']),
    player: DepartmentPlayerSchema,
    body: ReportBodySchema,
    deleted,
  })
  .strict();

/** A list; `shared` makes it and its entries readable by the department. */
export const ListStateSchema = z.object({ name: ListNameSchema, shared: z.boolean(), deleted }).strict();

/** A player in a list (`listId`: the list's record id), with the scout's rating (1-5) and note. */
export const EntryStateSchema = z
  .object({ listId: z.uuid(), player: DepartmentPlayerSchema, rating: RatingSchema, note: NoteSchema, deleted })
  .strict();

/** A player's place on a board: his tier (an index into `tiers`) or no interest, top to bottom. */
export const BoardPlaceSchema = DepartmentPlayerSchema.extend({
  tier: z.number().int().min(0).max(11),
  noInterest: z.boolean(),
}).strict();

/** A board version: a scout's own board, or the department's board (written by directors only). */
export const BoardStateSchema = z
  .object({
    kind: z.enum(['scout', 'department']),
    name: ListNameSchema,
    tiers: TiersSchema,
    entries: z.array(BoardPlaceSchema).max(5000),
    /** A saved version's label; empty for a plain save. */
    label: VersionLabelSchema,
    deleted,
  })
  .strict();

/** A date as `YYYY-MM-DD`. */
const DaySchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date as YYYY-MM-DD');

/** A team as an assignment's game names it (text, as the director wrote it). */
const TeamTextSchema = z.string().trim().max(80).superRefine(refuseUnsafeText);

/**
 * A director's assignment: scout `assignee` (his login role) is to see `player` by `dueDate`, optionally at
 * a game (its date and the two teams, as text). `assignedOn` is the day it was made: a final report of the
 * assignee on the player dated on or after it (on or after the game's date, when given) fulfils it. Written
 * by directors only; read by directors and its assignee (department/migrations/007-assignments.sql).
 */
export const AssignmentStateSchema = z
  .object({
    assignee: z.string().min(1).max(63),
    player: DepartmentPlayerSchema,
    assignedOn: DaySchema,
    dueDate: DaySchema,
    note: z.string().max(2000).superRefine(refuseUnsafeText),
    game: z.object({ date: DaySchema, homeTeam: TeamTextSchema, awayTeam: TeamTextSchema }).strict().nullable(),
    deleted,
  })
  .strict()
  .refine((a) => a.dueDate >= a.assignedOn, {
    path: ['dueDate'],
    message: 'the due date is on or after the day it is assigned',
  });

/** The department's settings record has this id on every laptop and the server: one record, written by
 * directors, so two of them meet on it. */
export const DEPARTMENT_SETTINGS_ID = '00000000-0000-4000-8000-000000000001';

/** The grade range (highest minus lowest, in grade points) over which scouts disagree, when no director
 * has set one. */
export const DEFAULT_DISAGREEMENT_THRESHOLD = 2;

/** The department's settings: the disagreement threshold, 0.5 to 9 in half points. */
export const SettingStateSchema = z
  .object({
    disagreementThreshold: z
      .number()
      .min(0.5, 'from 0.5 to 9')
      .max(9, 'from 0.5 to 9')
      .refine((t) => Number.isInteger(t * 2), 'in half points (2 or 2.5)'),
    deleted,
  })
  .strict();

const changeOf = <K extends ChangeKind, S extends z.ZodType>(kind: K, state: S) =>
  z
    .object({ changeId: z.uuid(), kind: z.literal(kind), recordId: z.uuid(), base: z.uuid().nullable(), state })
    .strict();

/** One change: the new state of one record, made on a laptop. */
export const ChangeSchema = z.discriminatedUnion('kind', [
  changeOf('report', ReportStateSchema),
  changeOf('list', ListStateSchema),
  changeOf('entry', EntryStateSchema),
  changeOf('board', BoardStateSchema),
  changeOf('assignment', AssignmentStateSchema),
  changeOf('setting', SettingStateSchema),
]);
export type Change = z.infer<typeof ChangeSchema>;
export type ReportState = z.infer<typeof ReportStateSchema>;
export type ListState = z.infer<typeof ListStateSchema>;
export type EntryState = z.infer<typeof EntryStateSchema>;
export type BoardState = z.infer<typeof BoardStateSchema>;
export type AssignmentState = z.infer<typeof AssignmentStateSchema>;
export type SettingState = z.infer<typeof SettingStateSchema>;
/** The state of a record of one kind. */
export type StateOf<K extends ChangeKind> = Extract<Change, { kind: K }>['state'];

/**
 * The server's answer to one change: `applied`; `conflict` (applied, and the state it overwrote kept for
 * that state's author); `duplicate` (this change id was pushed before: nothing done again; `reason` says
 * what it was first answered, `first answered: applied`); `refused` (the server would not apply it:
 * `reason` is its error, SQLSTATE first, and the rest of the batch goes on). `rev` is the record's rev on
 * the server after it (null when refused or when the record is not readable).
 */
export interface PushOutcome {
  changeId: string;
  outcome: 'applied' | 'conflict' | 'duplicate' | 'refused';
  rev: string | null;
  reason: string | null;
}
