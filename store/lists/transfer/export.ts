import { ListNotFoundError } from '../../../shared/domain/lists.ts';
import { closeUnpairedIn } from '../../../shared/domain/text-safety.ts';
import type { WritableDB } from '../../common/db.ts';
import { departmentOf } from '../department/identity.ts';
import { pinnedFactors } from '../factors.ts';
import type { EntryRow } from '../rows.ts';
import { exportBoards, exportReports } from './export-scouting.ts';
import { LISTS_FORMAT, type ListsDocument } from './format.ts';

/**
 * Writing the lists as a `rinkside-lists` document (format.ts): lists by name, each with its entries in
 * the order they were added; every entry with the player's identity as kept, his rating, note and
 * previous note, and its times; the league factors the scout pinned (version 2), every one of them; and
 * with all the lists, the scout's name, reports and boards (version 3, export-scouting.ts); with a
 * department set up, his login and the global ids of his lists, entries and boards (version 4), so that a
 * file he imports back keeps each record one record on the server. A colleague's shared list is his, not
 * the scout's: it is not written. Text stored before the rule of shared/domain/text-safety.ts is written with its
 * unpaired controls closed, so that a file Rinkside writes is always one it reads.
 */

interface ListRow {
  id: number;
  uid: string;
  name: string;
  createdAt: string;
  updatedAt: string;
}

/** The lists `listIds` (all when null) as a document; an id of no list throws, naming `listIds`. */
export function exportDocument(
  db: WritableDB,
  listIds: readonly number[] | null,
  app: string,
  at: Date,
  scout: string,
): ListsDocument {
  const dep = departmentOf(db);
  const all = db
    .query<ListRow, [string]>(
      "SELECT id, uid, name, createdAt, updatedAt FROM scouting_lists WHERE owner IN ('', ?) ORDER BY name COLLATE NOCASE, id",
    )
    .all(dep?.user ?? '');
  // The ids matter to a department's server only; without one the file stays readable by older versions.
  const ids = dep !== null;
  const uid = (u: string) => (ids ? { uid: u } : {});
  if (listIds !== null) {
    const missing = listIds.find((id) => !all.some((l) => l.id === id));
    if (missing !== undefined) throw new ListNotFoundError('listIds', `There is no scouting list with id ${missing}.`);
  }
  const chosen = listIds === null ? all : all.filter((l) => listIds.includes(l.id));
  const entries = db.query<EntryRow, [number]>(
    'SELECT * FROM scouting_list_entries WHERE listId = ? ORDER BY addedAt, id',
  );
  const pins = pinnedFactors(db);
  // Reports and boards are of the scout, not of a list: they travel with a file of all the lists, as
  // version 3, when there are any (or a scout's name): the lowest version that holds the document.
  const reports = listIds === null ? exportReports(db) : [];
  const boards = listIds === null ? exportBoards(db, ids) : [];
  const withScouting = listIds === null && (scout !== '' || reports.length > 0 || boards.length > 0);
  return closeUnpairedIn({
    format: LISTS_FORMAT,
    // The lowest version that holds the document: a file without pins stays readable by version-1 readers.
    version: ids ? 4 : withScouting ? 3 : pins.length > 0 ? 2 : 1,
    exportedAt: at.toISOString(),
    app,
    ...(withScouting || ids ? { scout: scout || (dep?.scoutName ?? '') } : {}),
    ...(dep !== null ? { owner: dep.user } : {}),
    lists: chosen.map((l) => ({
      ...uid(l.uid),
      name: l.name,
      createdAt: l.createdAt,
      updatedAt: l.updatedAt,
      entries: entries.all(l.id).map((e) => ({
        ...uid(e.uid),
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
    ...(pins.length > 0 ? { leagueFactors: pins } : {}),
    ...(withScouting ? { reports, boards } : {}),
  });
}
