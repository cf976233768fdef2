import {
  BoardAddSchema,
  type BoardDetail,
  type BoardEntry,
  BoardSaveSchema,
  type BoardVersion,
  DEFAULT_TIERS,
  type DraftBoard,
  playerKey,
  type VersionEntry,
  VersionLabelSchema,
  versionEntriesOf,
} from '../../shared/boards.ts';
import { IdSchema, ListInputError, ListNameSchema, ListNotFoundError, parseListInput } from '../../shared/lists.ts';
import type { WritableDB } from '../common/db.ts';
import type { ListsApi } from './api.ts';

/**
 * Draft boards (tables `draft_boards`, `draft_board_entries`, `draft_board_versions` of the lists file).
 * Synchronous, inside the lists worker; inputs parsed again here (shared/boards.ts); each write one
 * transaction. A board's order is saved whole (the page sends every player after a drag or a keyboard
 * move), so a move is never half-applied.
 */

export type BoardCalls = Pick<
  ListsApi,
  'boards' | 'board' | 'createBoard' | 'saveBoard' | 'addToBoard' | 'deleteBoard' | 'saveBoardVersion'
>;

interface BoardRow extends Omit<DraftBoard, 'tiers'> {
  tiers: string;
}
interface EntryRow {
  source: string;
  playerId: number;
  playerName: string;
  playerPosition: string | null;
  dateOfBirth: string | null;
  tier: number;
  noInterest: number;
}

const BOARD_SELECT = `SELECT b.id, b.name, b.scout, b.tiers, b.createdAt, b.updatedAt,
  (SELECT COUNT(*) FROM draft_board_entries e WHERE e.boardId = b.id) AS players FROM draft_boards b`;

const boardOf = (r: BoardRow): DraftBoard => ({ ...r, tiers: JSON.parse(r.tiers) as string[] });

/** The board of `name` and `scout` (name in any case), or undefined. */
export function boardNamed(db: WritableDB, name: string, scout: string): { id: number } | undefined {
  return db
    .query<{ id: number }, [string, string]>('SELECT id FROM draft_boards WHERE name = ? COLLATE NOCASE AND scout = ?')
    .get(name, scout);
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
  const versions = db
    .query<{ id: number; label: string; savedAt: string; entries: string }, [number]>(
      'SELECT id, label, savedAt, entries FROM draft_board_versions WHERE boardId = ? ORDER BY savedAt DESC, id DESC',
    )
    .all(id)
    .map(
      (v): BoardVersion => ({
        id: v.id,
        label: v.label,
        savedAt: v.savedAt,
        entries: JSON.parse(v.entries) as VersionEntry[],
      }),
    );
  return { board: boardOf({ ...r }), entries, versions };
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

/** Keeps a dated version of a board's order as it is now. */
export function keepVersion(db: WritableDB, boardId: number, label: string, at: string): void {
  const entries = versionEntriesOf(boardDetail(db, boardId));
  db.query<never, [number, string, string, string]>(
    'INSERT INTO draft_board_versions (boardId, label, savedAt, entries) VALUES (?, ?, ?, ?)',
  ).run(boardId, label, at, JSON.stringify(entries));
}

export function createBoardCalls(db: WritableDB): BoardCalls {
  const now = () => new Date().toISOString();
  const touch = (id: number, at: string) =>
    db.query<never, [string, number]>('UPDATE draft_boards SET updatedAt = ? WHERE id = ?').run(at, id);
  return {
    boards() {
      return db
        .query<BoardRow, []>(
          `${BOARD_SELECT} ORDER BY b.scout = '' DESC, b.scout COLLATE NOCASE, b.name COLLATE NOCASE`,
        )
        .all()
        .map((r) => boardOf({ ...r }));
    },

    board(rawId) {
      return boardDetail(db, parseListInput(IdSchema, rawId, 'id'));
    },

    createBoard(rawName) {
      const name = parseListInput(ListNameSchema, rawName, 'name');
      const id = db.tx(() => {
        if (boardNamed(db, name, '') !== undefined)
          throw new ListInputError('name', `Invalid name: a board named “${name}” already exists.`);
        const at = now();
        return db
          .query<never, [string, string, string, string]>(
            "INSERT INTO draft_boards (name, scout, tiers, createdAt, updatedAt) VALUES (?, '', ?, ?, ?)",
          )
          .run(name, JSON.stringify(DEFAULT_TIERS), at, at).lastInsertRowid;
      });
      return boardDetail(db, id).board;
    },

    saveBoard(raw) {
      const s = parseListInput(BoardSaveSchema, raw, '');
      db.tx(() => {
        const have = boardDetail(db, s.id);
        const byKey = new Map(have.entries.map((e) => [playerKey(e), e]));
        const seen = new Set<string>();
        const next = s.entries.map((e, i): BoardEntry => {
          const k = playerKey(e);
          const kept = byKey.get(k);
          if (kept === undefined || seen.has(k))
            throw new ListInputError(
              `entries.${i}`,
              `Invalid entries.${i}: ${kept ? 'listed twice' : 'not a player of this board'}`,
            );
          if (e.tier >= s.tiers.length)
            throw new ListInputError(`entries.${i}.tier`, `Invalid entries.${i}.tier: no such tier`);
          seen.add(k);
          return { ...kept, tier: e.tier, noInterest: e.noInterest };
        });
        if (s.name !== undefined && s.name !== have.board.name) {
          const other = boardNamed(db, s.name, have.board.scout);
          if (other !== undefined && other.id !== s.id)
            throw new ListInputError('name', `Invalid name: a board named “${s.name}” already exists.`);
          db.query<never, [string, number]>('UPDATE draft_boards SET name = ? WHERE id = ?').run(s.name, s.id);
        }
        db.query<never, [string, number]>('UPDATE draft_boards SET tiers = ? WHERE id = ?').run(
          JSON.stringify(s.tiers),
          s.id,
        );
        writeEntries(db, s.id, next);
        touch(s.id, now());
      });
      return boardDetail(db, s.id);
    },

    addToBoard(raw, source) {
      const a = parseListInput(BoardAddSchema, raw, '');
      db.tx(() => {
        const have = boardDetail(db, a.boardId);
        if (have.entries.some((e) => e.source === source && e.playerId === a.playerId)) return;
        const tier = Math.min(a.tier ?? have.board.tiers.length - 1, have.board.tiers.length - 1);
        const entry: BoardEntry = { source, playerId: a.playerId, ...a.player, tier, noInterest: false };
        const ranked = have.entries.filter((e) => !e.noInterest);
        const at = ranked.filter((e) => e.tier <= tier).length;
        writeEntries(db, a.boardId, [
          ...ranked.slice(0, at),
          entry,
          ...ranked.slice(at),
          ...have.entries.filter((e) => e.noInterest),
        ]);
        touch(a.boardId, now());
      });
      return boardDetail(db, a.boardId);
    },

    deleteBoard(rawId) {
      const id = parseListInput(IdSchema, rawId, 'id');
      db.tx(() => {
        boardDetail(db, id);
        db.query<never, [number]>('DELETE FROM draft_boards WHERE id = ?').run(id);
      });
    },

    saveBoardVersion(rawId, rawLabel) {
      const id = parseListInput(IdSchema, rawId, 'id');
      const label = parseListInput(VersionLabelSchema, rawLabel ?? '', 'label');
      const at = now();
      db.tx(() => keepVersion(db, id, label === '' ? 'Saved' : label, at));
      return boardDetail(db, id);
    },
  };
}
