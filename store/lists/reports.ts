import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { IdSchema, ListInputError, ListNotFoundError, parseListInput } from '../../shared/lists.ts';
import {
  DEFAULT_PREFS,
  finalProblem,
  type Grades,
  ReportQuerySchema,
  ReportSaveSchema,
  type ScoutingPrefs,
  ScoutingPrefsSchema,
  type ScoutingReport,
} from '../../shared/reports.ts';
import type { WritableDB } from '../common/db.ts';
import type { ListsApi } from './api.ts';
import { getMeta, setMeta } from './meta.ts';

/**
 * Scouting reports (table `scouting_reports` of the lists file) and the scout's own settings of reports
 * and boards (`lists_meta`). Synchronous, inside the lists worker; inputs parsed again here with the
 * schemas of shared/reports.ts (bad input throws `ListInputError` naming the field); each write is one
 * transaction, in the file when the call returns, so a draft saved at the rink survives a crash.
 */

/** A report's row as SQLite keeps it (grades as JSON text). */
export type ReportRow = Omit<ScoutingReport, 'grades'> & { grades: string };

/** A row as the page reads it. */
export const reportOf = (r: ReportRow): ScoutingReport => ({ ...r, grades: JSON.parse(r.grades) as Grades });

/** Text for the reports' search: lower case, accents dropped. */
export const folded = (s: string) => s.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();

export type ReportCalls = Pick<
  ListsApi,
  'reports' | 'saveReport' | 'deleteReport' | 'scoutingPrefs' | 'setScoutingPrefs'
>;

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

/** Inserts a report row (all columns given) and returns its id. */
export function insertReport(db: WritableDB, r: Omit<ReportRow, 'id'>): number {
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

export function createReportCalls(db: WritableDB): ReportCalls {
  const row = (id: number): ReportRow => {
    const r = db.query<ReportRow, [number]>('SELECT * FROM scouting_reports WHERE id = ?').get(id);
    if (r === undefined) throw new ListNotFoundError('id', `There is no scouting report with id ${id}.`);
    return r;
  };
  return {
    reports(rawQuery, inUse) {
      const q = parseListInput(ReportQuerySchema, rawQuery ?? {}, 'query');
      const rows =
        q.id !== undefined
          ? db.query<ReportRow, [number]>('SELECT * FROM scouting_reports WHERE id = ?').all(q.id)
          : q.playerId === undefined
            ? db.query<ReportRow, []>('SELECT * FROM scouting_reports').all()
            : db
                .query<ReportRow, [string, number]>('SELECT * FROM scouting_reports WHERE source = ? AND playerId = ?')
                .all(inUse, q.playerId);
      const terms = folded(q.search).split(/\s+/).filter(Boolean);
      const hay = (r: ReportRow) =>
        folded([r.playerName, r.homeTeam, r.awayTeam, r.league, r.scout, r.strengths, r.weaknesses, r.notes].join(' '));
      const found = terms.length === 0 ? rows : rows.filter((r) => terms.every((t) => hay(r).includes(t)));
      const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
      const dir = q.descending ? -1 : 1;
      found.sort(
        (a, b) =>
          dir * collator.compare(String(a[q.sort]), String(b[q.sort])) ||
          -collator.compare(a.gameDate, b.gameDate) ||
          b.id - a.id,
      );
      return found.map(reportOf);
    },

    saveReport(raw, source) {
      const r = parseListInput(ReportSaveSchema, raw, '');
      const problem = finalProblem(r);
      if (problem !== null) throw new ListInputError(problem.key, `Invalid ${problem.key}: ${problem.message}`);
      const at = new Date().toISOString();
      const fields = { ...r, grades: JSON.stringify(r.grades), updatedAt: at };
      const id = db.tx(() => {
        if (r.id !== undefined) {
          row(r.id);
          updateReport(db, r.id, fields);
          return r.id;
        }
        return insertReport(db, {
          ...fields,
          uid: randomUUID(),
          source,
          playerId: r.playerId,
          playerName: r.player.name,
          playerPosition: r.player.position,
          dateOfBirth: r.player.dateOfBirth,
          scout: '',
          createdAt: at,
        });
      });
      return reportOf({ ...row(id) });
    },

    deleteReport(rawId) {
      const id = parseListInput(IdSchema, rawId, 'id');
      db.tx(() => {
        row(id);
        db.query<never, [number]>('DELETE FROM scouting_reports WHERE id = ?').run(id);
      });
    },

    scoutingPrefs() {
      const raw = getMeta(db, 'scoutingPrefs');
      // Read as stored: a name kept before the rule of shared/text-safety.ts stays his name (shown isolated).
      const stored = ScoutingPrefsSchema.extend({ scoutName: z.string().trim().max(80) });
      const parsed = raw === null ? null : stored.safeParse(JSON.parse(raw));
      return parsed?.success ? parsed.data : { ...DEFAULT_PREFS };
    },

    setScoutingPrefs(raw) {
      const prefs: ScoutingPrefs = parseListInput(ScoutingPrefsSchema, raw, '');
      db.tx(() => setMeta(db, 'scoutingPrefs', JSON.stringify(prefs)));
      return prefs;
    },
  };
}
