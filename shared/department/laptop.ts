import { z } from 'zod';
import { IdSchema } from '../contract/id.ts';
import { DateOfBirthSchema } from '../domain/lists.ts';
import { PlayerNameSchema, refuseUnsafeText } from '../domain/text-schemas.ts';
import type { ChangeKind, StateOf } from './changes.ts';

/**
 * The laptop's side of a scouting department (store/lists/department/): what the host's sync driver and the
 * views exchange with the lists worker. The server's shapes are in changes.ts and feed.ts; these are the
 * laptop's own. Times are ISO 8601 UTC.
 */

/** A PostgreSQL name (a database or a login role): 1-63 characters, no NUL. */
const PgName = z
  .string({ error: 'a text' })
  .min(1, 'empty')
  .max(63, 'at most 63 characters')
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this refuses
  .refine((s) => !/[\u0000-\u001f\u007f]/.test(s), 'control characters');

/**
 * A department as the scout sets it up: its server (a host name or address, and port), the database, his
 * login role there, and his name as the department shows it on his reports. `director`: the server says
 * he is one (department/sync/server-check.ts), so the department board is his to edit too.
 */
export const DepartmentSetupSchema = z
  .object({
    server: z.string({ error: 'a text' }).trim().min(1, 'empty').max(253, 'at most 253 characters'),
    port: z.number({ error: 'a port number' }).int('a whole number').min(1).max(65535),
    database: PgName,
    user: PgName,
    scoutName: z.string({ error: 'a text' }).trim().max(80).superRefine(refuseUnsafeText),
    director: z.boolean().default(false),
  })
  .strict();
/** What `departmentConfigure` takes. */
export type DepartmentSetup = z.input<typeof DepartmentSetupSchema>;
/** The department this computer syncs with, as kept in the lists file. */
export type DepartmentIdentity = z.output<typeof DepartmentSetupSchema>;

/** A record of the scout's that could not be queued (a state the shared schemas refuse), and why. */
export interface UnqueuedRecord {
  kind: ChangeKind;
  recordId: string;
  reason: string;
}

/** What setting up a department did. */
export interface DepartmentConfigured {
  /**
   * Another department (or login) than the one set before: its colleagues' copies were dropped, every
   * record's rev forgotten, the outbox and the cursor started over.
   */
  startedOver: boolean;
  /** Changes queued: one per existing shareable record (none when the department was already this one). */
  queued: number;
  unqueued: UnqueuedRecord[];
}

/** One of the scout's records as this laptop last synced it: its kind, id and the server's rev it has. */
export interface OwnRecordRev {
  kind: ChangeKind;
  recordId: string;
  rev: string;
}

/** A change the server refused (its SQLSTATE and message), kept in the outbox until a newer state replaces it. */
export interface RefusedChange {
  changeId: string;
  kind: ChangeKind;
  recordId: string;
  reason: string;
  madeAt: string;
}

/**
 * A record written on this laptop under another login of the department that the server never got (the
 * laptop was handed to another scout): kept, read-only, not sent until the laptop is set up for `owner` again.
 */
export interface NotSentRecord {
  /** The login it was written under. */
  owner: string;
  kind: ChangeKind;
  recordId: string;
  /** The record in a few words (a list's or board's name, a player's name). */
  title: string;
  /** When its last held change was made; null when none was queued. */
  madeAt: string | null;
}

/** The sync's state as the top bar and Settings show it. */
export interface DepartmentStatus {
  /** null: no department set; everything works on this computer alone. */
  identity: DepartmentIdentity | null;
  /** Changes waiting to be pushed (refused ones not counted). */
  waiting: number;
  refused: RefusedChange[];
  /** Records written here under another login of the department, never sent (store/lists/department/held.ts). */
  notSent: NotSentRecord[];
  /** The pull cursor (feed.ts: digits; `CURSOR_START` before the first pull). */
  cursor: string;
  /** Conflicts kept for the scout, neither kept nor dropped yet. */
  conflicts: number;
  /** Conflicts resolved here whose server row the host has not marked resolved yet. */
  resolutionsToSend: number;
  /** As the host recorded them (`departmentRecordSync`). */
  lastPullAt: string | null;
  lastPushAt: string | null;
  /** The last sync's error in one sentence, or null after one that worked. */
  lastError: string | null;
}

/** What the host records after a push or a pull (absent: unchanged). */
export interface SyncRecord {
  pushedAt?: string;
  pulledAt?: string;
  error?: string | null;
}

/** What acknowledging a push's outcomes did. */
export interface AcknowledgeReport {
  /** Changes the server took (applied, conflict, duplicate): gone from the outbox. */
  removed: number;
  /** Changes it refused: kept, with the reason. */
  refused: number;
  /** Outcomes of no change in the outbox (acknowledged before): ignored. */
  unknown: number;
  /**
   * The server holds a newer state of one of the scout's records than this laptop has seen (a change
   * pushed twice, the second time after another laptop's): the cursor went back to the start, so the next
   * pull brings it.
   */
  repull: boolean;
}

/** What applying a pull did, row by row. */
export interface ApplyReport {
  /** Rows written (records, versions, conflicts, withdrawals). */
  applied: number;
  /** Rows this laptop had already (the same rev), or that it keeps nothing of. */
  unchanged: number;
  /** The scout's own records with a change still waiting: kept aside until it is pushed. */
  deferred: number;
  /** Rows refused (a state the shared schemas refuse, a record whose list is not here): not written. */
  skipped: number;
  /** Why rows were skipped, the first few: `reports 1b0c…: body.grades.skating: a grade from 1 to 10`. */
  problems: string[];
}

/** A state of the scout's that the server kept when another change won (feed.ts `ConflictRow`). */
export interface DepartmentConflict {
  id: string;
  kind: ChangeKind;
  recordId: string;
  /** What it is, in a few words: a list's or board's name, a report's player and game, an entry's player. */
  title: string;
  /** The change that made the kept state, and the one the server shows instead. */
  changeId: string;
  winner: string;
  committedAt: string;
  state: StateOf<ChangeKind>;
  resolution: 'keep' | 'drop' | null;
  resolvedAt: string | null;
}

/** One version of one of the scout's reports on the server (its author's history). */
export interface ReportVersion {
  version: number;
  rev: string;
  status: 'final' | 'retracted';
  body: StateOf<'report'>['body'];
  committedAt: string;
}

/**
 * A player whose department reports the player page asks for (`departmentPlayerReports`): his source and id
 * there, and his name and birth date, by which colleagues' reports of another source are matched.
 */
export const DepartmentPlayerQuerySchema = z
  .object({
    source: z.string().min(1).max(4096),
    playerId: IdSchema,
    name: PlayerNameSchema,
    dateOfBirth: DateOfBirthSchema,
  })
  .strict();
export type DepartmentPlayerQuery = z.input<typeof DepartmentPlayerQuerySchema>;
