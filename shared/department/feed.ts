import type { z } from 'zod';
import type { BoardPlaceSchema, ChangeKind, StateOf } from './changes.ts';

/**
 * What a pull brings from the department's server (department/sync/pull.ts): every row the scout may read
 * that changed since his cursor, as pages of one table each. Rows are current states, applied by `rev`:
 * reading one twice is harmless. They come as the server holds them; a laptop checks each `state` against
 * the schemas of changes.ts before storing it (a colleague's laptop wrote it). `xid` is the server
 * transaction that wrote the row (a 64-bit number in digits); `committedAt` the server's clock (ISO 8601),
 * for display only.
 */

/** The cursor of a laptop that never pulled: everything. */
export const CURSOR_START = '0';

/** A shared record's current state, with who owns it and which change made it. */
export interface FeedRecord<K extends ChangeKind = ChangeKind> {
  kind: K;
  id: string;
  /** The login role that created it (for the department board: the director who last wrote it). */
  owner: string;
  rev: string;
  xid: string;
  committedAt: string;
  /** Reports only: 1 for the first final state, one more per change since. */
  version?: number;
  state: StateOf<K>;
}

/** One version of a report in its author's history (readable by the author only). */
export interface ReportVersionRow {
  id: string;
  reportId: string;
  version: number;
  rev: string;
  owner: string;
  status: 'final' | 'retracted';
  body: StateOf<'report'>['body'];
  xid: string;
  committedAt: string;
}

/** One version of a board: every pushed state is one (`label` non-empty: a version the scout saved). */
export interface BoardVersionRow {
  id: string;
  boardId: string;
  rev: string;
  author: string;
  /** The rev this version replaced on the server; null for the first. */
  base: string | null;
  tiers: string[];
  entries: z.infer<typeof BoardPlaceSchema>[];
  label: string;
  xid: string;
  committedAt: string;
}

/** A state overwritten by a later change, kept for its author to keep (push it again) or drop. */
export interface ConflictRow {
  id: string;
  kind: ChangeKind;
  recordId: string;
  author: string;
  /** The change that made the overwritten state. */
  changeId: string;
  state: StateOf<ChangeKind>;
  /** The change whose state the server shows instead. */
  winner: string;
  resolved: boolean;
  xid: string;
  committedAt: string;
}

/** A record the reader may no longer read (a list made private, and its entries): drop the copy. Sent
 * only to readers who cannot read the record any more, never to its owner. */
export interface WithdrawalRow {
  id: string;
  kind: 'list' | 'entry';
  recordId: string;
  owner: string;
  xid: string;
}

/** One page of a pull: rows of one table, in the server's (xid, id) order. */
export type FeedPage =
  | { table: 'reports'; rows: FeedRecord<'report'>[] }
  | { table: 'lists'; rows: FeedRecord<'list'>[] }
  | { table: 'list_entries'; rows: FeedRecord<'entry'>[] }
  | { table: 'boards'; rows: FeedRecord<'board'>[] }
  | { table: 'assignments'; rows: FeedRecord<'assignment'>[] }
  | { table: 'department_settings'; rows: FeedRecord<'setting'>[] }
  | { table: 'report_versions'; rows: ReportVersionRow[] }
  | { table: 'board_versions'; rows: BoardVersionRow[] }
  | { table: 'conflicts'; rows: ConflictRow[] }
  | { table: 'withdrawals'; rows: WithdrawalRow[] };
