import { type DepartmentPlayerQuery, DepartmentPlayerQuerySchema } from '../../../shared/department/laptop.ts';
import { parseListInput } from '../../../shared/domain/lists.ts';
import type { ScoutingReport } from '../../../shared/domain/reports.ts';
import type { WritableDB } from '../../common/db.ts';
import { type ReportRow, reportOf } from '../report-rows.ts';
import { folded } from '../reports.ts';
import { departmentOf, writable } from './identity.ts';

/**
 * The department's final reports on one player, for his page: every report the department holds of him
 * here (the scout's own, synced or waiting, and colleagues' copies), final and not taken back. A report
 * is his when it names his source and id, or, from another source, his name (accents and case aside) and
 * birth date, as the merged board matches players. Imported files' reports (no department login) and
 * drafts are not the department's. Newest game first. Empty when no department is set.
 * @throws ListInputError naming a bad field of `raw`.
 */
export function playerReports(db: WritableDB, raw: DepartmentPlayerQuery): ScoutingReport[] {
  const q = parseListInput(DepartmentPlayerQuerySchema, raw, '');
  const dep = departmentOf(db);
  if (dep === null) return [];
  const name = folded(q.name).trim();
  return db
    .query<ReportRow, [string, number, string | null]>(
      `SELECT * FROM scouting_reports
        WHERE status = 'final' AND retracted = 0 AND owner <> ''
          AND ((source = ? AND playerId = ?) OR (dateOfBirth IS NOT NULL AND dateOfBirth = ?))
        ORDER BY gameDate DESC, id DESC`,
    )
    .all(q.source, q.playerId, q.dateOfBirth)
    .filter((r) => (r.source === q.source && r.playerId === q.playerId) || folded(r.playerName).trim() === name)
    .map((r) => reportOf(r, !writable(r, dep)));
}
