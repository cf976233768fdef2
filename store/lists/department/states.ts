import type { BoardState, EntryState, ListState, ReportState } from '../../../shared/department/changes.ts';
import type { Db } from '../../db.ts';
import type { EntryRow } from '../rows.ts';

/**
 * A record's state as a change carries it (shared/department/changes.ts), read from its row in the lists
 * file: the whole state, so a change replayed or kept in a conflict stands on its own. A player is named by
 * his source and id and his identity as kept (colleagues match him by name and birth date across sources).
 */

/** A report's row as far as its state goes. */
export interface ReportStateRow {
  source: string;
  playerId: number;
  playerName: string;
  playerPosition: string | null;
  dateOfBirth: string | null;
  gameDate: string;
  homeTeam: string;
  awayTeam: string;
  league: string;
  score: string;
  positionPlayed: string;
  kind: 'skater' | 'goalie';
  grades: string;
  projection: string | null;
  strengths: string;
  weaknesses: string;
  notes: string;
}

/** A final report's state; `scoutName` is how the department shows its author. */
export function reportState(r: ReportStateRow, scoutName: string): ReportState {
  return {
    status: 'final',
    player: {
      source: r.source,
      playerId: r.playerId,
      name: r.playerName,
      dateOfBirth: r.dateOfBirth,
      position: r.playerPosition,
    },
    body: {
      gameDate: r.gameDate,
      homeTeam: r.homeTeam,
      awayTeam: r.awayTeam,
      league: r.league,
      score: r.score,
      positionPlayed: r.positionPlayed,
      kind: r.kind,
      grades: JSON.parse(r.grades),
      projection: r.projection as ReportState['body']['projection'],
      strengths: r.strengths,
      weaknesses: r.weaknesses,
      notes: r.notes,
      scoutName,
    },
    deleted: false,
  };
}

export const listState = (r: { name: string; shared: number }, deleted = false): ListState => ({
  name: r.name,
  shared: r.shared === 1,
  deleted,
});

export const entryState = (e: EntryRow, listUid: string, deleted = false): EntryState => ({
  listId: listUid,
  player: {
    source: e.source,
    playerId: e.playerId,
    name: e.playerName,
    dateOfBirth: e.dateOfBirth,
    position: e.position,
  },
  rating: e.rating,
  note: e.note,
  deleted,
});

interface BoardRow {
  name: string;
  kind: 'scout' | 'department';
  tiers: string;
}
interface PlaceRow {
  source: string;
  playerId: number;
  playerName: string;
  playerPosition: string | null;
  dateOfBirth: string | null;
  tier: number;
  noInterest: number;
}

/** Board `id`'s state: its players top to bottom as the board shows them, `label` for a saved version. */
export function boardState(db: Db, id: number, board: BoardRow, label = '', deleted = false): BoardState {
  const places = db
    .query<PlaceRow, [number]>(
      `SELECT source, playerId, playerName, playerPosition, dateOfBirth, tier, noInterest
       FROM draft_board_entries WHERE boardId = ? ORDER BY noInterest, tier, rank`,
    )
    .all(id);
  return {
    kind: board.kind,
    name: board.name,
    tiers: JSON.parse(board.tiers) as string[],
    entries: places.map((p) => ({
      source: p.source,
      playerId: p.playerId,
      name: p.playerName,
      dateOfBirth: p.dateOfBirth,
      position: p.playerPosition,
      tier: p.tier,
      noInterest: p.noInterest === 1,
    })),
    label,
    deleted,
  };
}
