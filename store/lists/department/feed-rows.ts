import { z } from 'zod';
import {
  AssignmentStateSchema,
  BoardPlaceSchema,
  BoardStateSchema,
  CHANGE_KINDS,
  type ChangeKind,
  EntryStateSchema,
  ListStateSchema,
  ReportBodySchema,
  ReportStateSchema,
  SettingStateSchema,
} from '../../../shared/department/changes.ts';
import type { FeedPage } from '../../../shared/department/feed.ts';
import { TiersSchema, VersionLabelSchema } from '../../../shared/domain/boards.ts';

/**
 * A pulled row checked before it is stored: a colleague's laptop wrote its state, and the server keeps
 * what it was sent (its own checks are the tables' types). Each table's row as shared/department/feed.ts
 * describes it, its state by the schemas of changes.ts. Extra columns of a newer server are dropped.
 */

const Head = {
  id: z.uuid(),
  owner: z.string().min(1).max(63),
  rev: z.uuid(),
  xid: z.string().regex(/^\d{1,20}$/),
  committedAt: z.iso.datetime({ offset: true }),
};

/** The state schema of each kind of record. */
export const STATE_SCHEMAS = {
  report: ReportStateSchema,
  list: ListStateSchema,
  entry: EntryStateSchema,
  board: BoardStateSchema,
  assignment: AssignmentStateSchema,
  setting: SettingStateSchema,
} as const satisfies Record<ChangeKind, z.ZodType>;

const record = <K extends ChangeKind>(kind: K) =>
  z.object({ kind: z.literal(kind), ...Head, version: z.number().int().optional(), state: STATE_SCHEMAS[kind] });

/** The schema of a row of each table of the feed. */
export const FEED_ROWS = {
  reports: record('report'),
  lists: record('list'),
  list_entries: record('entry'),
  boards: record('board'),
  assignments: record('assignment'),
  department_settings: record('setting'),
  report_versions: z.object({
    ...Head,
    reportId: z.uuid(),
    version: z.number().int().min(1),
    status: z.enum(['final', 'retracted']),
    body: ReportBodySchema,
  }),
  board_versions: z.object({
    id: z.uuid(),
    boardId: z.uuid(),
    rev: z.uuid(),
    author: z.string().min(1).max(63),
    base: z.uuid().nullable(),
    tiers: TiersSchema,
    entries: z.array(BoardPlaceSchema).max(5000),
    label: VersionLabelSchema,
    xid: Head.xid,
    committedAt: Head.committedAt,
  }),
  conflicts: z
    .object({
      id: z.uuid(),
      kind: z.enum(CHANGE_KINDS),
      recordId: z.uuid(),
      author: z.string().min(1).max(63),
      changeId: z.uuid(),
      state: z.unknown(),
      winner: z.uuid(),
      resolved: z.boolean(),
      xid: Head.xid,
      committedAt: Head.committedAt,
    })
    .transform((c, ctx) => {
      const state = STATE_SCHEMAS[c.kind].safeParse(c.state);
      if (!state.success) {
        for (const issue of state.error.issues) ctx.addIssue({ ...issue, path: ['state', ...issue.path] });
        return z.NEVER;
      }
      return { ...c, state: state.data };
    }),
  withdrawals: z.object({
    id: z.uuid(),
    kind: z.enum(['list', 'entry']),
    recordId: z.uuid(),
    owner: Head.owner,
    xid: Head.xid,
  }),
} as const satisfies Record<FeedPage['table'], z.ZodType>;

/** What applying one row did (shared/department/laptop.ts `ApplyReport` counts them). */
export type RowOutcome = 'applied' | 'unchanged' | 'deferred';

/** A checked row of `table`. */
export type FeedRow<T extends FeedPage['table']> = z.output<(typeof FEED_ROWS)[T]>;

/** The kind of record of each table that holds records. */
export const KIND_OF_TABLE = {
  reports: 'report',
  lists: 'list',
  list_entries: 'entry',
  boards: 'board',
  assignments: 'assignment',
  department_settings: 'setting',
} as const;

/**
 * Checks a row of `table`; throws an Error naming the first field that is wrong and why
 * (`state.body.grades.skating: a grade from 1 to 10`).
 */
export function checkRow<T extends FeedPage['table']>(table: T, row: unknown): FeedRow<T> {
  if (!Object.hasOwn(FEED_ROWS, table)) throw new Error(`no table ${String(table)} in the feed`);
  const schema = FEED_ROWS[table] as unknown as z.ZodType<FeedRow<T>>;
  const r = schema.safeParse(row);
  if (r.success) return r.data;
  const issue = r.error.issues[0];
  throw new Error(`${issue?.path.join('.') || '(the row)'}: ${issue?.message ?? 'malformed'}`);
}
