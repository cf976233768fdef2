import type { z } from 'zod';
import {
  BoardAddSchema,
  type BoardDetail,
  type BoardEntry,
  BoardKindSchema,
  BoardSaveSchema,
  DEFAULT_TIERS,
  playerKey,
  VersionLabelSchema,
} from '../../shared/domain/boards.ts';
import { IdSchema, ListInputError, ListNameSchema, parseListInput } from '../../shared/domain/lists.ts';
import type { WritableDB } from '../common/db.ts';
import type { ListsApi } from './api.ts';
import {
  BOARD_SELECT,
  type BoardRow,
  boardDetail,
  boardNamed,
  boardOf,
  keepVersion,
  writeEntries,
} from './board-rows.ts';
import { departmentBoard } from './department/department-board.ts';
import { departmentOf, refuseForeign } from './department/identity.ts';
import { createTracker } from './department/track.ts';

/**
 * Draft boards (tables `draft_boards`, `draft_board_entries`, `draft_board_versions` of the lists file).
 * Synchronous, inside the lists worker; inputs parsed again here (shared/domain/boards.ts); each write one
 * transaction. A board's order is saved whole (the page sends every player after a drag or a keyboard
 * move), so a move is never half-applied. With a department set, every save of the scout's board is queued
 * as one version of it (department/track.ts), a saved version with its label; a colleague's board is
 * read-only, and the department's board (department/department-board.ts) is its directors' to make and
 * write. Boards are listed the department's first, then this computer's scout's, then others by scout.
 */

export type BoardCalls = Pick<
  ListsApi,
  'boards' | 'board' | 'createBoard' | 'saveBoard' | 'addToBoard' | 'deleteBoard' | 'saveBoardVersion'
>;

/**
 * The board's players in the order `s` gives, each with his new tier and mark.
 * @throws ListInputError naming the entry that is no player of the board, is listed twice, or names no tier.
 */
function reordered(have: BoardDetail, s: z.output<typeof BoardSaveSchema>): BoardEntry[] {
  const byKey = new Map(have.entries.map((e) => [playerKey(e), e]));
  const seen = new Set<string>();
  return s.entries.map((e, i): BoardEntry => {
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
}

export function createBoardCalls(db: WritableDB): BoardCalls {
  const now = () => new Date().toISOString();
  const track = createTracker(db);
  /** Board `id` as it is, refused (naming `key`) when it is not the scout's to change. */
  const ownBoard = (id: number, key = 'id'): BoardDetail => {
    const d = boardDetail(db, id);
    refuseForeign(d.board, departmentOf(db), 'board', key);
    return d;
  };
  const touch = (id: number, at: string) =>
    db.query<never, [string, number]>('UPDATE draft_boards SET updatedAt = ? WHERE id = ?').run(at, id);
  return {
    boards() {
      const dep = departmentOf(db);
      return db
        .query<BoardRow, []>(
          `${BOARD_SELECT} ORDER BY b.kind = 'department' DESC, b.scout = '' DESC, b.scout COLLATE NOCASE,
             b.name COLLATE NOCASE`,
        )
        .all()
        .map((r) => boardOf({ ...r }, dep));
    },

    board(rawId) {
      return boardDetail(db, parseListInput(IdSchema, rawId, 'id'));
    },

    createBoard(rawName, rawKind = 'scout') {
      const name = parseListInput(ListNameSchema, rawName, 'name');
      const kind = parseListInput(BoardKindSchema, rawKind, 'kind');
      const id = db.tx(() => {
        if (kind === 'department') return departmentBoard(db, track, name, now());
        if (boardNamed(db, name, '') !== undefined)
          throw new ListInputError('name', `Invalid name: a board named “${name}” already exists.`);
        const at = now();
        const made = db
          .query<never, [string, string, string, string]>(
            "INSERT INTO draft_boards (name, scout, tiers, createdAt, updatedAt) VALUES (?, '', ?, ?, ?)",
          )
          .run(name, JSON.stringify(DEFAULT_TIERS), at, at).lastInsertRowid;
        track.board(made);
        return made;
      });
      return boardDetail(db, id).board;
    },

    saveBoard(raw) {
      const s = parseListInput(BoardSaveSchema, raw, '');
      db.tx(() => {
        const have = ownBoard(s.id);
        const next = reordered(have, s);
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
        track.board(s.id);
      });
      return boardDetail(db, s.id);
    },

    addToBoard(raw, source) {
      const a = parseListInput(BoardAddSchema, raw, '');
      db.tx(() => {
        const have = ownBoard(a.boardId, 'boardId');
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
        track.board(a.boardId);
      });
      return boardDetail(db, a.boardId);
    },

    deleteBoard(rawId) {
      const id = parseListInput(IdSchema, rawId, 'id');
      db.tx(() => {
        ownBoard(id);
        track.boardDeleted(id);
        db.query<never, [number]>('DELETE FROM draft_boards WHERE id = ?').run(id);
      });
    },

    saveBoardVersion(rawId, rawLabel) {
      const id = parseListInput(IdSchema, rawId, 'id');
      const label = parseListInput(VersionLabelSchema, rawLabel ?? '', 'label');
      const at = now();
      db.tx(() => {
        ownBoard(id);
        const kept = keepVersion(db, id, label === '' ? 'Saved' : label, at);
        // The version is the one the department gets: its change id ties the two together.
        const changeId = track.board(id, label === '' ? 'Saved' : label);
        if (changeId !== null)
          db.query<never, [string, number]>('UPDATE draft_board_versions SET rev = ? WHERE id = ?').run(changeId, kept);
      });
      return boardDetail(db, id);
    },
  };
}
