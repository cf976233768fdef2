import type { ChangeKind } from '../../../shared/department/changes.ts';
import type { WritableDB } from '../../common/db.ts';
import { departmentOf } from './identity.ts';
import { createTracker } from './track.ts';

/**
 * Changes made in bulk (an import of a `rinkside-lists` file, the legacy lists bound to a source) queued
 * for the department: what each shareable record of the scout's looked like before, against after, both
 * inside the bulk change's own transaction, and a change queued for each record that differs or is new.
 */

/** What each shareable record of the scout's holds, as text: key `kind:id`. In the order they are queued. */
function signatures(db: WritableDB, me: string): Map<string, string> {
  const out = new Map<string, string>();
  const sets: [ChangeKind, string][] = [
    ['list', "SELECT id, name || char(0) || shared AS sig FROM scouting_lists WHERE owner IN ('', ?)"],
    [
      'entry',
      `SELECT e.id, json_array(l.uid, e.source, e.playerId, e.playerName, e.dateOfBirth, e.position, e.rating, e.note) AS sig
       FROM scouting_list_entries e JOIN scouting_lists l ON l.id = e.listId WHERE e.owner IN ('', ?)`,
    ],
    [
      'report',
      `SELECT id, json_array(uid, status, source, playerId, playerName, playerPosition, dateOfBirth, gameDate, homeTeam,
         awayTeam, league, score, positionPlayed, kind, grades, projection, strengths, weaknesses, notes) AS sig
       FROM scouting_reports WHERE scout = '' AND owner IN ('', ?)`,
    ],
    [
      'board',
      `SELECT b.id, json_array(b.name, b.tiers, (SELECT json_group_array(json_array(source, playerId, playerName,
         playerPosition, dateOfBirth, tier, noInterest)) FROM (SELECT * FROM draft_board_entries e WHERE e.boardId = b.id
         ORDER BY noInterest, tier, rank))) AS sig
       FROM draft_boards b WHERE b.scout = '' AND b.kind = 'scout' AND b.owner IN ('', ?)`,
    ],
  ];
  for (const [kind, sql] of sets)
    for (const r of db.query<{ id: number; sig: string }, [string]>(sql).all(me)) out.set(`${kind}:${r.id}`, r.sig);
  return out;
}

/**
 * Marks the start of a bulk change inside its transaction; `finish()` (in the same transaction, after it)
 * queues what changed and returns how many changes it queued. Without a department: nothing to do.
 */
export function bulkChanges(db: WritableDB): { finish(): number } {
  const dep = departmentOf(db);
  if (dep === null) return { finish: () => 0 };
  const before = signatures(db, dep.user);
  return {
    finish() {
      const track = createTracker(db);
      let n = 0;
      for (const [key, sig] of signatures(db, dep.user)) {
        if (before.get(key) === sig) continue;
        const [kind, id] = [
          key.slice(0, key.indexOf(':')) as 'list' | 'entry' | 'report' | 'board',
          Number(key.slice(key.indexOf(':') + 1)),
        ];
        if (kind === 'board') track.board(id);
        else track[kind](id);
        n++;
      }
      return n;
    },
  };
}
