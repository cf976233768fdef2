import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { IdSchema, ListInputError, ListNotFoundError, parseListInput } from '../../shared/domain/lists.ts';
import {
  DEFAULT_PREFS,
  finalProblem,
  ReportQuerySchema,
  ReportSaveSchema,
  type ScoutingPrefs,
  ScoutingPrefsSchema,
} from '../../shared/domain/reports.ts';
import type { WritableDB } from '../common/db.ts';
import type { ListsApi } from './api.ts';
import { departmentOf, refuseForeign, writable } from './department/identity.ts';
import { createTracker } from './department/track.ts';
import { getMeta, setMeta } from './meta.ts';
import { insertReport, type ReportRow, reportOf, updateReport } from './report-rows.ts';

/**
 * Scouting reports (table `scouting_reports` of the lists file) and the scout's own settings of reports
 * and boards (`lists_meta`). Synchronous, inside the lists worker; inputs parsed again here with the
 * schemas of shared/domain/reports.ts (bad input throws `ListInputError` naming the field); each write is one
 * transaction, in the file when the call returns, so a draft saved at the rink survives a crash. A report
 * marked final, and one taken back from final, is queued for the department in the same transaction when
 * one is set (department/track.ts); a colleague's report is read-only.
 */

/** Text for the reports' search: lower case, accents dropped. */
export const folded = (s: string) => s.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();

export type ReportCalls = Pick<
  ListsApi,
  'reports' | 'saveReport' | 'deleteReport' | 'scoutingPrefs' | 'setScoutingPrefs'
>;

export function createReportCalls(db: WritableDB): ReportCalls {
  const track = createTracker(db);
  const row = (id: number): ReportRow => {
    const r = db.query<ReportRow, [number]>('SELECT * FROM scouting_reports WHERE id = ?').get(id);
    if (r === undefined) throw new ListNotFoundError('id', `There is no scouting report with id ${id}.`);
    return r;
  };
  const read = (r: ReportRow, dep = departmentOf(db)) => reportOf(r, !writable(r, dep));
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
      const dep = departmentOf(db);
      return found.map((r) => read(r, dep));
    },

    saveReport(raw, source) {
      const r = parseListInput(ReportSaveSchema, raw, '');
      const problem = finalProblem(r);
      if (problem !== null) throw new ListInputError(problem.key, `Invalid ${problem.key}: ${problem.message}`);
      const at = new Date().toISOString();
      const fields = { ...r, grades: JSON.stringify(r.grades), updatedAt: at };
      const id = db.tx(() => {
        if (r.id !== undefined) {
          refuseForeign(row(r.id), departmentOf(db), 'report');
          updateReport(db, r.id, fields);
          track.report(r.id);
          return r.id;
        }
        const made = insertReport(db, {
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
        track.report(made);
        return made;
      });
      return read({ ...row(id) });
    },

    deleteReport(rawId) {
      const id = parseListInput(IdSchema, rawId, 'id');
      db.tx(() => {
        refuseForeign(row(id), departmentOf(db), 'report');
        track.reportDeleted(id);
        db.query<never, [number]>('DELETE FROM scouting_reports WHERE id = ?').run(id);
      });
    },

    scoutingPrefs() {
      const raw = getMeta(db, 'scoutingPrefs');
      // Read as stored: a name kept before the rule of shared/domain/text-safety.ts stays his name (shown isolated).
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
