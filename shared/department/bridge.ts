import { z } from 'zod';
import { IdSchema } from '../contract/id.ts';
import { DateOfBirthSchema, type ScoutingList } from '../domain/lists.ts';
import type { Projection, ReportsSummary, ScoutingReport } from '../domain/reports.ts';
import { PlayerNameSchema } from '../domain/text-schemas.ts';
import {
  type DepartmentConfigured,
  type DepartmentConflict,
  DepartmentSetupSchema,
  type NotSentRecord,
  type RefusedChange,
  type ReportVersion,
} from './laptop.ts';

/**
 * The bridge operations of a scouting department (merged into shared/bridge/bridge.ts): the page sets the
 * department up (Settings → Department), reads the sync's status for the top bar, asks for a sync, keeps or
 * drops conflicts, marks lists shared, and reads the department's final reports on a player. The host's
 * driver (electron/host/department/) does the work; the password never comes back from any of them, and
 * no error, status or log line carries it.
 */

/** An absolute path (POSIX, or Windows with a drive letter or a share). */
const ABSOLUTE_PATH = /^(\/|[A-Za-z]:[\\/]|\\\\)/;

/**
 * The department as the scout sets it up and the settings file keeps it (never the password): the server
 * (a host name or address, no spaces) and its port, the database, his login role, the CA file (PEM) that
 * signs the server's certificate (null: none named; a server off this computer is then verified against the
 * CAs the system trusts), and his name as the department shows it on his reports.
 */
export const DepartmentConfigSchema = DepartmentSetupSchema.omit({ director: true })
  .extend({
    server: DepartmentSetupSchema.shape.server.refine(
      // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this refuses
      (s) => !/[\s\u0000-\u001f\u007f]/.test(s),
      'a host name or address, without spaces',
    ),
    caFile: z
      .string({ error: 'a file path' })
      .trim()
      .max(4096, 'at most 4096 characters')
      .refine((p) => p === '' || ABSOLUTE_PATH.test(p), 'the full path of a PEM file, from the root')
      .nullable()
      .transform((p) => (p === '' ? null : p)),
  })
  .strict();
export type DepartmentConfig = z.output<typeof DepartmentConfigSchema>;

/** A password as typed: 1-1000 characters, no NUL (PostgreSQL cannot take one). Never trimmed. */
export const DepartmentPasswordSchema = z
  .string({ error: 'a text' })
  .min(1, 'empty')
  .max(1000, 'at most 1000 characters')
  .refine((p) => !p.includes('\u0000'), 'a NUL character');

/** A player of the data in use, as the player page names him to find the department's reports on him. */
export const DepartmentPlayerArgsSchema = z
  .object({ playerId: IdSchema, name: PlayerNameSchema, dateOfBirth: DateOfBirthSchema.default(null) })
  .strict();

/** Arguments of the department's bridge operations. */
export const DEPARTMENT_ARGS = {
  /** What is set up (never the password) and whether a password is stored for it. */
  departmentSettings: z.object({}).strict().default({}),
  /**
   * Tries the set-up (connects, checks the login is a scout of a server whose schema this Rinkside knows),
   * then keeps it: the password in the OS keychain, the rest in the settings file. `password` absent: the
   * one stored for the same server, port, database and user (to change the CA file or the scout's name).
   */
  departmentSave: DepartmentConfigSchema.extend({ password: DepartmentPasswordSchema.optional() }).strict(),
  /** Stops syncing, forgets the set-up and removes the password from the keychain. */
  departmentForget: z.object({}).strict().default({}),
  /** The sync's state for the top bar and Settings. */
  departmentStatus: z.object({}).strict().default({}),
  /** Runs a sync round now (after the one running, if any) and answers the status after it. */
  departmentSyncNow: z.object({}).strict().default({}),
  /** The conflicts kept for the scout (his states another change overwrote), newest first. */
  departmentConflicts: z.object({}).strict().default({}),
  /** Keeps (its state is the record's again, sent with the next sync) or drops one conflict. */
  departmentResolveConflict: z.object({ id: z.uuid(), choice: z.enum(['keep', 'drop']) }).strict(),
  /** The department's final reports on one player of the data in use, with their grades summed up. */
  departmentReports: DepartmentPlayerArgsSchema,
  /** The versions the server kept of one of the scout's reports (its author's history), oldest first. */
  departmentReportHistory: z.object({ id: IdSchema }).strict(),
  /** Shares one of the scout's lists with the department (its entries readable by every scout), or not. */
  scoutingListShare: z.object({ id: IdSchema, shared: z.boolean() }).strict(),
} as const;

/** What the page may know of the set-up: never the password. */
export interface DepartmentSettings {
  /** The department set up, or null: everything works on this computer alone. */
  config: DepartmentConfig | null;
  /** A password for exactly this server, port, database and user is in the OS keychain. */
  passwordStored: boolean;
  /** Whether the OS keychain answered; `keychainMessage` says why not. The password is kept nowhere else. */
  keychainAvailable: boolean;
  keychainMessage?: string;
  /**
   * How the connection goes: `plain` only to this computer (loopback) with no CA file named; `tls` with
   * the server's certificate verified (against `config.caFile`, or the CAs the system trusts). Null: none set.
   */
  transport: 'plain' | 'tls' | null;
  /** The server says the login is a director (the department board is his to edit); null before it said. */
  director: boolean | null;
}

/** What saving a set-up did: the settings as they are now, and what the lists queued for the department. */
export interface DepartmentSaved extends DepartmentSettings {
  configured: DepartmentConfigured;
}

/**
 * The sync's state in one word, for the top bar:
 * - `off`: no department set up; nothing is sent anywhere.
 * - `syncing`: a round runs now.
 * - `synced`: the last round worked (`syncedAt`).
 * - `offline`: the server cannot be reached (since `offlineSince`); changes wait here and the host tries
 *   again by itself (`nextTryAt`).
 * - `password`: the server refused the password, or none is stored: Settings → Department asks for it.
 * - `tls`: the server's certificate was refused (or the CA file cannot be read): Settings → Department.
 * - `paused`: the server cannot be synced with as set up (a newer or older schema, a login that is no
 *   scout): sync is paused, everything works on this computer; checked again every few minutes.
 * - `error`: anything else; tried again every few minutes.
 */
export type DepartmentSyncState = 'off' | 'syncing' | 'synced' | 'offline' | 'password' | 'tls' | 'paused' | 'error';

/** What the last finished sync round did. */
export interface SyncRound {
  /** When it ended (this computer's clock, ISO 8601). */
  at: string;
  /** The server's answers to the changes pushed: applied, conflict (applied, the state overwritten kept for its
   * author), duplicate (pushed before: nothing done again), refused (kept here with the server's reason). */
  pushed: { applied: number; conflict: number; duplicate: number; refused: number };
  /** The rows pulled: written here, already here, kept aside for a change of the scout's still waiting, skipped. */
  pulled: { applied: number; unchanged: number; deferred: number; skipped: number };
  /** Conflicts the scout resolved here, marked resolved on the server. */
  resolutionsSent: number;
  /**
   * The scout's records queued again because the server was restored from an older backup and had lost
   * them or held an older state (each older state kept there as a conflict); absent or 0: none.
   */
  resent?: number;
}

/** The sync's status (`departmentStatus`, `departmentSyncNow`). Never carries the password. */
export interface DepartmentSyncStatus {
  state: DepartmentSyncState;
  /** One plain sentence for the states that need one (offline, password, tls, paused, error); else null. */
  message: string | null;
  /** The view should open Settings → Department for the scout to fix it (`password`, `tls`, a login that is no scout). */
  openSettings: boolean;
  /** Where it syncs: `host:port`, the database and the login; null when off. */
  server: string | null;
  database: string | null;
  user: string | null;
  /** When a round last worked to its end (ISO 8601); null before the first. */
  syncedAt: string | null;
  /** Changes of the scout's waiting to be sent (refused ones not counted). */
  waiting: number;
  /** Changes the server refused, with its reason: kept here until a newer state replaces them. */
  refused: RefusedChange[];
  /** Records written on this computer under another login of the department, never sent (kept, read-only). */
  notSent: NotSentRecord[];
  /** Conflicts waiting for the scout to keep or drop them (`departmentConflicts`). */
  conflicts: number;
  /** Offline since (ISO 8601): the first failed attempt of this run of failures; null when not offline. */
  offlineSince: string | null;
  /** When the host tries again by itself (ISO 8601); null when nothing is planned but the regular sync. */
  nextTryAt: string | null;
  lastRound: SyncRound | null;
}

/** One projected role and how many of the reports give it. */
export interface ProjectionCount {
  projection: Projection;
  count: number;
}

/**
 * The department's final reports on one player (`departmentReports`): those of every scout of the
 * department (colleagues' read-only, `readOnly`; the scout's own shared ones too), matched by source and
 * id, or by name and birth date across sources; taken-back and draft reports are never among them.
 */
export interface DepartmentReports {
  /** A department is set up; false: `reports` is empty. */
  department: boolean;
  /** Newest game first: scout (`scout`, empty for the scout's own), date, game, grades, projection. */
  reports: ScoutingReport[];
  /** Each area's mean and range over them, and how many graded it (shared/domain/reports.ts). */
  summary: ReportsSummary;
  /** The projected roles they give, in the order of shared/domain/report-areas.ts `PROJECTIONS`; none: not given. */
  projections: ProjectionCount[];
  /** How many scouts wrote them. */
  scouts: number;
}

/** Result types of the department's bridge operations. */
export interface DepartmentResults {
  departmentSettings: DepartmentSettings;
  departmentSave: DepartmentSaved;
  departmentForget: DepartmentSettings;
  departmentStatus: DepartmentSyncStatus;
  departmentSyncNow: DepartmentSyncStatus;
  departmentConflicts: DepartmentConflict[];
  departmentResolveConflict: DepartmentConflict;
  departmentReports: DepartmentReports;
  departmentReportHistory: ReportVersion[];
  scoutingListShare: ScoutingList;
}
