import type { Assignment, WhatsNew } from '../../../../shared/department/desk.ts';
import type { WritableDB } from '../../../common/db.ts';
import { getMeta, setMeta } from '../../meta.ts';
import { type ReportRow, reportOf } from '../../report-rows.ts';
import { folded } from '../../reports.ts';
import { departmentOf } from '../identity.ts';
import { listAssignments } from './assignments.ts';

/**
 * What is new for the scout since he last looked: colleagues' final reports on players of his lists and
 * boards, and assignments made to him. "Since" is by the server's clock on both sides: a pulled record keeps
 * the time the server committed it, and his look keeps the newest such time he had then (so a laptop's
 * clock running wrong neither hides nor repeats anything).
 */

const SEEN = 'departmentSeenUpTo';

/** The players of the scout's own lists and boards: by source and id, and by name and birth date. */
function watched(
  db: WritableDB,
  me: string,
): (r: { source: string; playerId: number; playerName: string; dateOfBirth: string | null }) => boolean {
  const rows = db
    .query<{ source: string; playerId: number; name: string; dateOfBirth: string | null }, [string, string]>(
      `SELECT e.source, e.playerId, e.playerName AS name, e.dateOfBirth FROM scouting_list_entries e
         JOIN scouting_lists l ON l.id = e.listId WHERE l.owner IN ('', ?) AND l.scout = ''
       UNION SELECT e.source, e.playerId, e.playerName, e.dateOfBirth FROM draft_board_entries e
         JOIN draft_boards b ON b.id = e.boardId WHERE b.owner IN ('', ?) AND b.scout = '' AND b.kind = 'scout'`,
    )
    .all(me, me);
  const ids = new Set(rows.map((r) => `${r.source}\u001f${r.playerId}`));
  const names = new Set(
    rows.flatMap((r) => (r.dateOfBirth === null ? [] : [`${folded(r.name).trim()}\u001f${r.dateOfBirth}`])),
  );
  return (r) =>
    ids.has(`${r.source}\u001f${r.playerId}`) ||
    (r.dateOfBirth !== null && names.has(`${folded(r.playerName).trim()}\u001f${r.dateOfBirth}`));
}

/** The newest server time among what the scout could see now (reports and assignments), or ''. */
function newest(db: WritableDB): string {
  return (
    db
      .query<{ at: string | null }, []>(
        `SELECT max(at) AS at FROM (SELECT max(updatedAt) AS at FROM scouting_reports WHERE owner <> '' AND scout <> ''
           UNION ALL SELECT max(createdAt) FROM department_assignments)`,
      )
      .get()?.at ?? ''
  );
}

/**
 * What is new since the scout's last look ({@link markSeen}): colleagues' final reports (not taken back) on
 * his lists' and boards' players, grouped by player (newest first), and his assignments made since. Empty
 * when no department is set.
 */
export function whatsNew(db: WritableDB): WhatsNew {
  const dep = departmentOf(db);
  if (dep === null) return { count: 0, players: [], assignments: [] };
  const since = getMeta(db, SEEN) ?? '';
  const mine = watched(db, dep.user);
  const reports = db
    .query<ReportRow, [string, string]>(
      `SELECT * FROM scouting_reports WHERE status = 'final' AND retracted = 0 AND owner NOT IN ('', ?) AND updatedAt > ?
        ORDER BY updatedAt DESC, id DESC`,
    )
    .all(dep.user, since)
    .filter(mine);
  const players = new Map<string, WhatsNew['players'][number]>();
  for (const r of reports) {
    const key = `${r.source}\u001f${r.playerId}`;
    const group = players.get(key) ?? { source: r.source, playerId: r.playerId, name: r.playerName, reports: [] };
    group.reports.push(reportOf(r, true));
    players.set(key, group);
  }
  const createdSince = new Set(
    db
      .query<{ uid: string }, [string, string]>(
        'SELECT uid FROM department_assignments WHERE assignee = ? AND createdAt > ?',
      )
      .all(dep.user, since)
      .map((r) => r.uid),
  );
  const assignments: Assignment[] = listAssignments(db, { who: 'mine' }).filter((a) => createdSince.has(a.uid));
  return { count: reports.length + assignments.length, players: [...players.values()], assignments };
}

/** The scout has looked: what is there now is no longer new. */
export function markSeen(db: WritableDB): void {
  const at = newest(db);
  if (at !== '') db.tx(() => setMeta(db, SEEN, at));
}
