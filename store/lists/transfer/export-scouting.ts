import type { VersionEntry } from '../../../shared/domain/boards.ts';
import type { WritableDB } from '../../common/db.ts';
import { boardDetail } from '../board-rows.ts';
import { bodyFieldsOf, type ReportRow, reportOf } from '../report-rows.ts';
import type { FileBoard, FileReport } from './format.ts';

/**
 * The scouting reports and draft boards of a `rinkside-lists` document (version 3): every report by game
 * date, every board by scout and name with its players in order, its tiers by name and its versions.
 * This computer's scout is written as an empty `scout` (the file's own `scout` names him). A colleague's
 * report the department took back is not written; a board's global id is, with a department set up.
 */

/** Every report, oldest game first. */
export function exportReports(db: WritableDB): FileReport[] {
  return db
    .query<ReportRow, []>('SELECT * FROM scouting_reports WHERE retracted = 0 ORDER BY gameDate, createdAt, id')
    .all()
    .map((r) => reportOf(r))
    .map((r) => ({
      uid: r.uid,
      player: {
        source: r.source,
        id: r.playerId,
        name: r.playerName,
        dateOfBirth: r.dateOfBirth,
        position: r.playerPosition,
      },
      scout: r.scout,
      ...bodyFieldsOf(r),
      status: r.status,
      createdAt: r.createdAt,
      updatedAt: r.updatedAt,
    }));
}

const fileVersionEntry = (e: VersionEntry) => ({
  player: { source: e.source, id: e.playerId, name: e.name },
  tier: e.tier,
  rank: e.rank,
});

/**
 * Every scout's board, this computer's first, then by scout and name; `ids`: with their global ids (version
 * 4). The department board stays out: it is the department's, reaches every laptop by sync, and under its
 * one global id an imported copy would stand in the way of the real one on a laptop that has not pulled it.
 */
export function exportBoards(db: WritableDB, withIds: boolean): FileBoard[] {
  const ids = db
    .query<{ id: number }, []>(
      "SELECT id FROM draft_boards WHERE kind = 'scout' ORDER BY scout = '' DESC, scout, name COLLATE NOCASE, id",
    )
    .all();
  return ids.map(({ id }) => {
    const d = boardDetail(db, id);
    return {
      ...(withIds ? { uid: d.board.uid } : {}),
      name: d.board.name,
      scout: d.board.scout,
      tiers: d.board.tiers,
      createdAt: d.board.createdAt,
      updatedAt: d.board.updatedAt,
      players: d.entries.map((e) => ({
        player: { source: e.source, id: e.playerId, name: e.name, dateOfBirth: e.dateOfBirth, position: e.position },
        tier: d.board.tiers[e.tier] ?? d.board.tiers[0] ?? 'A',
        noInterest: e.noInterest,
      })),
      versions: [...d.versions]
        .reverse()
        .map((v) => ({ label: v.label, savedAt: v.savedAt, entries: v.entries.map(fileVersionEntry) })),
    };
  });
}
