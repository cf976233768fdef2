import type { BoardState, EntryState, ListState, ReportState } from '../../../shared/department/changes.ts';
import type { WritableDB } from '../../common/db.ts';
import { boardDetail } from '../board-rows.ts';
import { bodyFieldsOf } from '../report-rows.ts';
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
      ...bodyFieldsOf(r),
      grades: JSON.parse(r.grades),
      projection: r.projection as ReportState['body']['projection'],
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

/** Board `id`'s state: its players top to bottom as the board shows them, `label` for a saved version. */
export function boardState(
  db: WritableDB,
  id: number,
  kind: 'scout' | 'department',
  label = '',
  deleted = false,
): BoardState {
  const d = boardDetail(db, id);
  return {
    kind,
    name: d.board.name,
    tiers: d.board.tiers,
    entries: d.entries.map((e) => ({
      source: e.source,
      playerId: e.playerId,
      name: e.name,
      dateOfBirth: e.dateOfBirth,
      position: e.position,
      tier: e.tier,
      noInterest: e.noInterest,
    })),
    label,
    deleted,
  };
}
