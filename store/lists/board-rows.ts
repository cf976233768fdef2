import type { DepartmentIdentity } from '../../shared/department/laptop.ts';
import type { BoardDetail, BoardEntry, BoardVersion, DraftBoard, VersionEntry } from '../../shared/domain/boards.ts';
import { versionEntriesOf } from '../../shared/domain/boards.ts';
import { ListNotFoundError } from '../../shared/domain/lists.ts';
import type { WritableDB } from '../common/db.ts';
import { departmentOf, isMine, writable } from './department/identity.ts';

/**
 * A draft board's rows in the lists file (tables `draft_boards`, `draft_board_entries`,
 * `draft_board_versions`) read into shared/domain/boards.ts's shapes and written back: the board with its players
 * in order and its versions, a board found by name, its players written in order, a dated version kept.
 * Used by the boards' calls (boards.ts), the `rinkside-lists` import and the department's sync.
 */

/** A board's row as SQLite keeps it (tiers as JSON text), with its count of players. */
export interface BoardRow extends Omit<DraftBoard, 'tiers' | 'readOnly'> {
  tiers: string;
}
/** A player's row on a board. */
interface EntryRow {
  source: string;
  playerId: number;
  playerName: string;
  playerPosition: string | null;
  dateOfBirth: string | null;
  tier: number;
  noInterest: number;
}

/**
 * SQL for the name the department shows for the login in column `owner`: the name on his newest report,
 * else the login itself (department/write-records.ts `displayName`).
 */
const SHOWN_NAME = (owner: string) => `coalesce((SELECT r.scout FROM scouting_reports r
    WHERE r.owner = ${owner} AND r.scout <> '' ORDER BY r.updatedAt DESC LIMIT 1), ${owner})`;

/**
 * The SELECT of {@link BoardRow}s (alias `b`), to which a WHERE or ORDER BY is added. The department board's
 * `lastWriter` is its owner's name as the department shows it (department/write-records.ts `displayName`).
 */
export const BOARD_SELECT = `SELECT b.id, b.uid, b.name, b.scout, b.owner, b.kind, b.tiers, b.createdAt, b.updatedAt,
  (SELECT COUNT(*) FROM draft_board_entries e WHERE e.boardId = b.id) AS players,
  CASE WHEN b.kind = 'department' THEN ${SHOWN_NAME('b.owner')} ELSE '' END AS lastWriter
  FROM draft_boards b`;

/**
 * A row as the page reads it: `readOnly` by the ownership rules of department/identity.ts, the department
 * board's `lastWriter` blank when it is this computer's scout.
 */
export const boardOf = (r: BoardRow, dep: DepartmentIdentity | null): DraftBoard => ({
  ...r,
  tiers: JSON.parse(r.tiers) as string[],
  readOnly: !writable(r, dep),
  lastWriter: isMine(r.owner, dep) ? '' : r.lastWriter,
});

/**
 * The board of `name` and `scout` (name in any case) this computer's scout may write (his own, or one an
 * imported file gave), or undefined; a colleague's copy from the department does not count.
 */
export function boardNamed(db: WritableDB, name: string, scout: string): { id: number; uid: string } | undefined {
  const boards = db
    .query<{ id: number; uid: string; owner: string }, [string, string]>(
      "SELECT id, uid, owner FROM draft_boards WHERE name = ? COLLATE NOCASE AND scout = ? AND kind = 'scout'",
    )
    .all(name, scout);
  const dep = departmentOf(db);
  const found = boards.find((b) => isMine(b.owner, dep));
  return found && { id: found.id, uid: found.uid };
}

/** One board with its players in order and its versions, newest first; throws when there is none. */
export function boardDetail(db: WritableDB, id: number): BoardDetail {
  const r = db.query<BoardRow, [number]>(`${BOARD_SELECT} WHERE b.id = ?`).get(id);
  if (r === undefined) throw new ListNotFoundError('id', `There is no draft board with id ${id}.`);
  const entries = db
    .query<EntryRow, [number]>(
      `SELECT source, playerId, playerName, playerPosition, dateOfBirth, tier, noInterest
       FROM draft_board_entries WHERE boardId = ? ORDER BY noInterest, tier, rank`,
    )
    .all(id)
    .map(
      (e): BoardEntry => ({
        source: e.source,
        playerId: e.playerId,
        name: e.playerName,
        position: e.playerPosition,
        dateOfBirth: e.dateOfBirth,
        tier: e.tier,
        noInterest: e.noInterest === 1,
      }),
    );
  const dep = departmentOf(db);
  const versions = db
    .query<{ id: number; label: string; savedAt: string; entries: string; author: string; savedBy: string }, [number]>(
      `SELECT v.id, v.label, v.savedAt, v.entries, v.author, ${SHOWN_NAME('v.author')} AS savedBy
       FROM draft_board_versions v WHERE v.boardId = ? ORDER BY v.savedAt DESC, v.id DESC`,
    )
    .all(id)
    .map(
      (v): BoardVersion => ({
        id: v.id,
        label: v.label,
        savedAt: v.savedAt,
        savedBy: v.author === '' || isMine(v.author, dep) ? '' : v.savedBy,
        entries: JSON.parse(v.entries) as VersionEntry[],
      }),
    );
  return { board: boardOf({ ...r }, dep), entries, versions };
}

/** Writes a board's players in the order given (rank from 1), replacing the ones it had. */
export function writeEntries(db: WritableDB, boardId: number, entries: readonly BoardEntry[]): void {
  db.query<never, [number]>('DELETE FROM draft_board_entries WHERE boardId = ?').run(boardId);
  const ins = db.query(
    `INSERT INTO draft_board_entries (boardId, source, playerId, playerName, playerPosition, dateOfBirth, rank, tier, noInterest)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  entries.forEach((e, i) => {
    ins.run(boardId, e.source, e.playerId, e.name, e.position, e.dateOfBirth, i + 1, e.tier, e.noInterest ? 1 : 0);
  });
}

/** Keeps a dated version of a board's order as it is now; returns its id. */
export function keepVersion(db: WritableDB, boardId: number, label: string, at: string): number {
  const entries = versionEntriesOf(boardDetail(db, boardId));
  return db
    .query<never, [number, string, string, string]>(
      'INSERT INTO draft_board_versions (boardId, label, savedAt, entries) VALUES (?, ?, ?, ?)',
    )
    .run(boardId, label, at, JSON.stringify(entries)).lastInsertRowid;
}
