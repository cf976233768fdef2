import { z } from 'zod';
import type { GradeArea, Projection } from '../domain/report-areas.ts';
import type { ScoutingReport } from '../domain/reports.ts';
import { refuseUnsafeText } from '../domain/text-schemas.ts';
import { DepartmentPlayerSchema } from './changes.ts';
import { DepartmentPlayerQuerySchema } from './laptop.ts';

/**
 * The director's desk (store/lists/department/desk/): assignments as a laptop shows them, and the
 * department's coverage of each player (its final reports summed up). What the views send and get; the
 * records themselves travel as changes (changes.ts: kinds `assignment` and `setting`).
 */

const Day = z.string({ error: 'a date' }).regex(/^\d{4}-\d{2}-\d{2}$/, 'a date as YYYY-MM-DD');
const Team = z.string({ error: 'a text' }).trim().max(80, 'at most 80 characters').superRefine(refuseUnsafeText);

/**
 * What a director sends to assign a player: the scout's login, the player (as the page shows him), the
 * due date, a note, and optionally the game (its date and two teams, as text). `assignedOn` defaults to
 * today (the director's calendar day, UTC).
 */
export const AssignmentInputSchema = z
  .object({
    assignee: z.string({ error: 'a scout' }).trim().min(1, 'a scout').max(63),
    player: DepartmentPlayerSchema,
    assignedOn: Day.optional(),
    dueDate: Day,
    note: z.string({ error: 'a text' }).max(2000, 'at most 2000 characters').superRefine(refuseUnsafeText).default(''),
    game: z.object({ date: Day, homeTeam: Team, awayTeam: Team }).strict().nullable().default(null),
  })
  .strict();
export type AssignmentInput = z.input<typeof AssignmentInputSchema>;

/**
 * What a director sends to change an assignment: its id and its new due date, note and game (the scout
 * and the player stay: a reassignment is a take-back and a new assignment).
 */
export const AssignmentEditSchema = AssignmentInputSchema.pick({ dueDate: true, note: true, game: true })
  .extend({ uid: z.uuid({ error: 'an assignment id' }) })
  .strict();
export type AssignmentEdit = z.input<typeof AssignmentEditSchema>;

/** A scout of the department a director may assign to: his login, his name as the department shows it. */
export interface DepartmentScout {
  login: string;
  name: string;
  director: boolean;
}

/** An assignment as the views show it, with whether it is done. */
export interface Assignment {
  uid: string;
  /** The director who last wrote it (his login). */
  director: string;
  assignee: string;
  /** The assignee's name as his reports give it (else his login). */
  assigneeName: string;
  player: z.infer<typeof DepartmentPlayerSchema>;
  assignedOn: string;
  dueDate: string;
  note: string;
  game: { date: string; homeTeam: string; awayTeam: string } | null;
  /** The day from which a final report of the assignee fulfils it: the game's date, else `assignedOn`. */
  from: string;
  /** The game date of the earliest report that fulfils it, or null while it is open. */
  doneOn: string | null;
  /** Not synced yet (made on this laptop, waiting in the outbox). */
  waiting: boolean;
}

/** Which assignments: `mine` (the signed-in scout's, the default) or `all` (a director's view). */
export const AssignmentQuerySchema = z
  .object({ who: z.enum(['mine', 'all']).default('mine'), open: z.boolean().default(false) })
  .strict();
export type AssignmentQuery = z.input<typeof AssignmentQuerySchema>;

/** The columns a coverage table sorts by (`mean:<area>`: that grade area's mean). */
export const COVERAGE_SORTS = [
  'name',
  'league',
  'draftYear',
  'tier',
  'reports',
  'scouts',
  'firstSeen',
  'lastSeen',
  'projection',
  'disagree',
] as const;
export type CoverageSort = (typeof COVERAGE_SORTS)[number] | `mean:${GradeArea}`;

/**
 * The coverage table's filters and order. `league`: the player's league (his latest season in the offline
 * store, else the league written on his latest report); `draftYear`: the year of his first eligible NHL
 * draft (shared/domain/draft.ts); `tier`: his tier's name on the department board; `notSeenSince`: last
 * final report dated before this day (or never); `fewerScoutsThan`: seen by fewer scouts than this.
 */
export const CoverageQuerySchema = z
  .object({
    league: z.string().max(120).optional(),
    draftYear: z.number().int().min(1900).max(2200).optional(),
    tier: z.string().max(40).optional(),
    notSeenSince: Day.optional(),
    fewerScoutsThan: z.number().int().min(1).max(1000).optional(),
    /**
     * One player only (his page's section): his source and id, or his name (accents and case aside) and
     * birth date under another source, as his page matches the department's reports; all of them make
     * one row. `source` absent: the data in use (the host fills it in).
     */
    player: DepartmentPlayerQuerySchema.partial({ source: true }).optional(),
    sort: z
      .string()
      .regex(
        /^(name|league|draftYear|tier|reports|scouts|firstSeen|lastSeen|projection|disagree|mean:[a-zA-Z]+)$/,
        'a coverage column',
      )
      .default('lastSeen'),
    desc: z.boolean().default(true),
    /** The page: rows `offset` to `offset + limit` of the sorted table (an export asks for all of them). */
    offset: z.number().int().min(0).default(0),
    limit: z.number().int().min(1).max(100_000).default(100),
  })
  .strict();
export type CoverageQuery = z.input<typeof CoverageQuerySchema>;

/** One grade area over the department's final reports on a player. */
export interface CoverageArea {
  graded: number;
  mean: number;
  min: number;
  max: number;
}

/** One player's coverage by the department. */
export interface CoverageRow {
  /** The player as his newest reports name him (the source and id of the newest, when two sources do). */
  player: z.infer<typeof DepartmentPlayerSchema>;
  league: string | null;
  draftYear: number | null;
  /** His tier's name on the department board, or null (not on it, or no such board). */
  tier: string | null;
  reports: number;
  /** The scouts (logins) who wrote them, and their names as the department shows them. */
  scouts: number;
  scoutNames: string[];
  firstSeen: string;
  lastSeen: string;
  areas: Partial<Record<GradeArea, CoverageArea>>;
  /** How many reports gave each projection (projections no report gave are left out). */
  projections: Partial<Record<Projection, number>>;
  /** The projection most reports gave (ties: the higher role, in PROJECTIONS' order); null when none did. */
  topProjection: Projection | null;
  /** The areas whose range (max - min) is over the department's threshold. */
  disagreeAreas: GradeArea[];
}

/** A coverage answer: one page of rows, how many the filters keep in all, and the threshold used. */
export interface Coverage {
  rows: CoverageRow[];
  total: number;
  threshold: number;
}

/** What is new for a scout since he last looked (a count for the navigation, and the list). */
export interface WhatsNew {
  count: number;
  /** Colleagues' new final reports on players of his lists and boards, by player, newest first. */
  players: { source: string; playerId: number; name: string; reports: ScoutingReport[] }[];
  /** Assignments made to him since. */
  assignments: Assignment[];
}

/** Which viewing log: `mine` (the default) or, for a director, `all` scouts'; days `from`..`to` inclusive. */
export const ViewingLogQuerySchema = z
  .object({
    who: z.enum(['mine', 'all']).default('mine'),
    from: Day.default('0000-01-01'),
    to: Day.default('9999-12-31'),
  })
  .strict();
export type ViewingLogQuery = z.input<typeof ViewingLogQuerySchema>;

/** A game a scout saw: its date, the player his final report is on, the teams and league as written. */
export interface GameSeen {
  date: string;
  source: string;
  playerId: number;
  playerName: string;
  homeTeam: string;
  awayTeam: string;
  league: string;
}

/** The viewing log: weeks, newest first; each with every scout's games seen and assignments planned. */
export type ViewingLog = {
  /** ISO 8601 week (`2026-W48`) and its Monday. */
  week: string;
  monday: string;
  scouts: {
    owner: string;
    name: string;
    /** His final reports of the week, by game date. */
    seen: GameSeen[];
    /** His open assignments whose game (else due date) falls in the week. */
    planned: Assignment[];
  }[];
}[];

export { PROJECTION_ORDER } from '../domain/report-areas.ts';
