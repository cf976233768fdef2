import { ListNotFoundError } from '../../../shared/lists.ts';
import type { Db } from '../../db.ts';
import type { EntryRow } from '../rows.ts';
import { exportBoards, exportReports } from './export-scouting.ts';
import { LISTS_FORMAT, LISTS_FORMAT_VERSION, type ListsDocument } from './format.ts';

/**
 * Writing the lists as a `rinkside-lists` document (format.ts): lists by name, each with its entries in
 * the order they were added; every entry with the player's identity as kept, his rating, note and
 * previous note, and its times; with all the lists, the scout's reports and boards too
 * (export-scouting.ts), and his name as `scout`.
 */

interface ListRow {
  id: number;
  name: string;
  createdAt: string;
  updatedAt: string;
}

/** The lists `listIds` (all when null) as a document; an id of no list throws, naming `listIds`. */
export function exportDocument(
  db: Db,
  listIds: readonly number[] | null,
  app: string,
  at: Date,
  scout: string,
): ListsDocument {
  const all = db
    .query<ListRow, []>('SELECT id, name, createdAt, updatedAt FROM scouting_lists ORDER BY name COLLATE NOCASE, id')
    .all();
  if (listIds !== null) {
    const missing = listIds.find((id) => !all.some((l) => l.id === id));
    if (missing !== undefined) throw new ListNotFoundError('listIds', `There is no scouting list with id ${missing}.`);
  }
  const chosen = listIds === null ? all : all.filter((l) => listIds.includes(l.id));
  const entries = db.query<EntryRow, [number]>(
    'SELECT * FROM scouting_list_entries WHERE listId = ? ORDER BY addedAt, id',
  );
  return {
    format: LISTS_FORMAT,
    version: LISTS_FORMAT_VERSION,
    exportedAt: at.toISOString(),
    app,
    scout,
    lists: chosen.map((l) => ({
      name: l.name,
      createdAt: l.createdAt,
      updatedAt: l.updatedAt,
      entries: entries.all(l.id).map((e) => ({
        player: {
          source: e.source,
          id: e.playerId,
          name: e.playerName,
          dateOfBirth: e.dateOfBirth,
          position: e.position,
        },
        rating: e.rating,
        note: e.note,
        previousNote: e.previousNote === null ? null : { text: e.previousNote, at: e.previousNoteAt ?? e.updatedAt },
        addedAt: e.addedAt,
        updatedAt: e.updatedAt,
      })),
    })),
    // Reports and boards are of the scout, not of a list: they travel with a file of all the lists.
    ...(listIds === null ? { reports: exportReports(db), boards: exportBoards(db) } : {}),
  };
}
