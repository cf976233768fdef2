import { z } from 'zod';
import { IdSchema, NoteSchema, ShownPlayerSchema } from './lists.ts';
import {
  areasOf,
  GOALIE_AREAS,
  type GradeArea,
  PROJECTIONS,
  type Projection,
  REPORT_SORT_KEYS,
  SKATER_AREAS,
} from './report-areas.ts';
import { refuseUnsafeText } from './text-schemas.ts';

/**
 * Scouting reports: one per game a scout viewed a player, as NHL Central Scouting and RinkNet keep them:
 * the game, the position he played that night, grades from 1 to 10 (half points allowed, `null` for "not
 * seen") on six areas (a goalie's six are his own), a projected role, strengths, weaknesses, free text, and
 * a status (`draft` while the scout is still at the rink, `final` when finished). Kept only in the scouting
 * lists' file on this computer (store/lists/reports.ts); never sent to the service.
 */

export * from './report-areas.ts';

/** A grade: 1 to 10 in half points. */
export const GradeSchema = z
  .number({ error: 'a grade from 1 to 10 (half points allowed), or null for not seen' })
  .min(1, 'a grade from 1 to 10')
  .max(10, 'a grade from 1 to 10')
  .refine((g) => Number.isInteger(g * 2), 'a grade in half points (7 or 7.5)')
  .nullable();

/** The grades of a report: every area of its kind, `null` for not seen. */
export const GradesSchema = z.partialRecord(
  z.enum([...SKATER_AREAS, ...GOALIE_AREAS] as [GradeArea, ...GradeArea[]], { error: 'a graded area' }),
  GradeSchema,
);

const ShortText = (max: number) =>
  z.string({ error: 'a text' }).trim().max(max, `longer than ${max} characters`).superRefine(refuseUnsafeText);
const GameDateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date as YYYY-MM-DD');

/** The fields of a report the scout writes (the page's form and the `rinkside-lists` file share them). */
export const ReportFieldsSchema = z.object({
  gameDate: GameDateSchema,
  homeTeam: ShortText(120),
  awayTeam: ShortText(120),
  league: ShortText(80),
  /** The final score as the scout noted it (`4-2`, `3-2 OT`); empty when not known. */
  score: ShortText(20),
  /** The position he played that night (C, LW, RW, D, G …). */
  positionPlayed: ShortText(8),
  kind: z.enum(['skater', 'goalie'], { error: 'skater or goalie' }),
  grades: GradesSchema,
  projection: z
    .enum(Object.keys(PROJECTIONS) as [Projection, ...Projection[]], { error: 'one of the projected roles' })
    .nullable(),
  strengths: NoteSchema,
  weaknesses: NoteSchema,
  notes: NoteSchema,
  status: z.enum(['draft', 'final'], { error: 'draft or final' }),
});
export type ReportFields = z.output<typeof ReportFieldsSchema>;

/** Why a final report is not complete yet, naming the field; null when it is. Drafts may be anything. */
export function finalProblem(r: ReportFields): { key: string; message: string } | null {
  if (r.status !== 'final') return null;
  if (r.homeTeam === '' && r.awayTeam === '') return { key: 'homeTeam', message: 'a final report names the game' };
  const areas = areasOf(r.kind);
  if (!areas.some((a) => typeof r.grades[a] === 'number'))
    return { key: 'grades', message: 'a final report grades at least one area' };
  const stray = Object.keys(r.grades).find((k) => !areas.includes(k as GradeArea));
  if (stray !== undefined) return { key: `grades.${stray}`, message: `not an area of a ${r.kind} report` };
  return null;
}

/**
 * What the page sends to save a report: a new one (no `id`) of a player of the data in use (`playerId`,
 * and his identity as shown), or an existing one by `id`. The host adds the source.
 */
export const ReportSaveSchema = ReportFieldsSchema.extend({
  id: IdSchema.optional(),
  playerId: IdSchema,
  player: ShownPlayerSchema,
}).strict();
export type ReportSave = z.input<typeof ReportSaveSchema>;

/** A report as kept. Times are ISO 8601 UTC. */
export interface ScoutingReport extends ReportFields {
  id: number;
  /** Its identity across files (a UUID): an import merges the same report, never duplicates it. */
  uid: string;
  source: string;
  playerId: number;
  playerName: string;
  playerPosition: string | null;
  dateOfBirth: string | null;
  /**
   * Who wrote it: empty for the scout of this computer, else the name an imported file gave, or the
   * colleague's name as the department shows it.
   */
  scout: string;
  /** The login role that wrote it ('' for this computer's scout before a department is set, or an imported file's). */
  owner: string;
  /** A colleague's report from the department: the store refuses every change to it. */
  readOnly: boolean;
  /** A colleague's report taken back (set back to draft or deleted on his laptop): kept, counted nowhere as final. */
  retracted: boolean;
  createdAt: string;
  updatedAt: string;
}

/** The reports query: one report (`id`), one player's (of the data in use), or all; free-text search; sort. */
export const ReportQuerySchema = z
  .object({
    id: IdSchema.optional(),
    playerId: IdSchema.optional(),
    search: z.string().max(200).default(''),
    sort: z.enum(REPORT_SORT_KEYS, { error: `one of ${REPORT_SORT_KEYS.join(', ')}` }).default('gameDate'),
    descending: z.boolean().default(true),
  })
  .strict();
export type ReportQuery = z.input<typeof ReportQuerySchema>;

/** The scout's own settings of reports and boards, kept in the lists file. */
export const ScoutingPrefsSchema = z
  .object({
    /** His name, written on the reports and boards he exports (empty: not given). */
    scoutName: z.string().trim().max(80).superRefine(refuseUnsafeText),
    /** Fewer final viewings than this flag a player as "not seen enough" (1-20). */
    minViewings: z.number().int().min(1).max(20),
  })
  .strict();
export type ScoutingPrefs = z.output<typeof ScoutingPrefsSchema>;
export const DEFAULT_PREFS: ScoutingPrefs = { scoutName: '', minViewings: 3 };
