import type { Grades, ScoutingReport } from '../../shared/domain/reports.ts';
import type { WritableDB } from '../common/db.ts';

/**
 * A scouting report's row in the lists file (table `scouting_reports`) read into shared/domain/reports.ts's
 * shape and written: used by the reports' calls (reports.ts), the `rinkside-lists` files and the
 * department's sync.
 */

/** A report's row as SQLite keeps it (grades as JSON text), with the department's columns. */
export type ReportRow = Omit<ScoutingReport, 'grades' | 'readOnly' | 'retracted'> & {
  grades: string;
  retracted: number;
  rev: string | null;
  sentState: string | null;
};

/** A row as the page reads it (`readOnly` by the ownership rules of department/identity.ts). */
export const reportOf = (r: ReportRow, readOnly = false): ScoutingReport => {
  const { rev: _rev, sentState: _sent, ...rest } = r;
  return { ...rest, grades: JSON.parse(r.grades) as Grades, retracted: r.retracted === 1, readOnly };
};

/** The columns a new report is written with (the department's take their defaults). */
export type NewReport = Omit<ReportRow, 'id' | 'owner' | 'rev' | 'retracted' | 'sentState'>;

/** The columns a report's fields are written to, in the order {@link writeReport} binds them. */
const FIELDS = [
  'gameDate',
  'homeTeam',
  'awayTeam',
  'league',
  'score',
  'positionPlayed',
  'kind',
  'grades',
  'projection',
  'strengths',
  'weaknesses',
  'notes',
  'status',
] as const;

/** The fields of a report's body (all but its status), as a row holds them. */
const BODY_FIELDS = FIELDS.filter((f): f is Exclude<(typeof FIELDS)[number], 'status'> => f !== 'status');

/** A report's body fields picked from `r` (a row, or a report as kept), in the order of {@link FIELDS}. */
export function bodyFieldsOf<R extends Record<(typeof BODY_FIELDS)[number], unknown>>(
  r: R,
): Pick<R, (typeof BODY_FIELDS)[number]> {
  return Object.fromEntries(BODY_FIELDS.map((f) => [f, r[f]])) as Pick<R, (typeof BODY_FIELDS)[number]>;
}

/** Inserts a report row (all columns given) and returns its id. */
export function insertReport(db: WritableDB, r: NewReport): number {
  const cols = [
    'uid',
    'source',
    'playerId',
    'playerName',
    'playerPosition',
    'dateOfBirth',
    'scout',
    ...FIELDS,
    'createdAt',
    'updatedAt',
  ] as const;
  return db
    .query(`INSERT INTO scouting_reports (${cols.join(', ')}) VALUES (${cols.map(() => '?').join(', ')})`)
    .run(...cols.map((c) => r[c])).lastInsertRowid;
}

/** Replaces a report's fields (and the times) by id. */
export function updateReport(
  db: WritableDB,
  id: number,
  r: Pick<ReportRow, (typeof FIELDS)[number] | 'updatedAt'>,
): void {
  const cols = [...FIELDS, 'updatedAt'] as const;
  db.query(`UPDATE scouting_reports SET ${cols.map((c) => `${c} = ?`).join(', ')} WHERE id = ?`).run(
    ...cols.map((c) => r[c]),
    id,
  );
}
