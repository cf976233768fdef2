import type { BoardDepartment, BoardDepartmentLine } from '../../../../shared/domain/board-facts.ts';
import type { WritableDB } from '../../../common/db.ts';
import { departmentOf } from '../identity.ts';
import { coverageKey, coverageTotals, topProjection } from './coverage.ts';
import { boardsCoverageSqlRows, type PlayerTotals } from './coverage-sql.ts';

/**
 * The department's side of some draft boards' rows (shared/domain/board-facts.ts): each of their players
 * once, with what coverage counts of him (coverage.ts: the department's final reports as this laptop last
 * pulled them, one player under two sources joined by name and birth date): his viewings, the mean of
 * every grade given him, his most common projection and his latest viewing. Read in two statements for
 * every player of the boards together, the second over their candidate reports only (their source and id,
 * or their birth dates).
 */

interface EntryRow {
  source: string;
  playerId: number;
  name: string;
  dateOfBirth: string | null;
  position: string | null;
}

/** The mean of every grade of a player's reports, all areas together; null when none was graded. */
function meanGrade(t: PlayerTotals): number | null {
  let n = 0;
  let sum = 0;
  for (const a of t.areas.values()) {
    n += a.n;
    sum += a.sum;
  }
  return n === 0 ? null : sum / n;
}

/** The players of boards `boardIds` with the department's reports on them; unknown boards have none. */
export function boardDepartment(db: WritableDB, boardIds: readonly number[]): BoardDepartment {
  const entries = db
    .query<EntryRow, [string]>(
      `SELECT source, playerId, max(playerName) AS name, max(dateOfBirth) AS dateOfBirth, max(playerPosition) AS position
       FROM draft_board_entries WHERE boardId IN (SELECT value FROM json_each(?)) GROUP BY source, playerId`,
    )
    .all(JSON.stringify(boardIds));
  const totals =
    entries.length === 0 ? new Map<string, PlayerTotals>() : coverageTotals(db, boardsCoverageSqlRows(db, boardIds));
  const players = entries.map((e): BoardDepartmentLine => {
    const t = totals.get(coverageKey(e));
    return {
      ...e,
      viewings: t?.reports ?? 0,
      meanGrade: t === undefined ? null : meanGrade(t),
      projection: t === undefined ? null : topProjection(t.projections),
      lastSeen: t?.lastSeen ?? null,
    };
  });
  return { configured: departmentOf(db) !== null, players };
}
