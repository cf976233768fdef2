import type { ListEntryRecord } from '../../shared/domain/lists.ts';
import { type CacheReader, NO_STATS } from '../cache/read-only.ts';
import { samePlayer } from './identity.ts';

/**
 * An entry's row in the lists file and its reading into the record the page shows: the player as kept,
 * joined to the player cache only when he is its player (identity.ts), with his latest season then.
 */

/** One row of `scouting_list_entries`: the entry's own columns, and the rating, notes and times as its record has them. */
export interface EntryRow
  extends Pick<ListEntryRecord, 'rating' | 'note' | 'previousNote' | 'previousNoteAt' | 'addedAt' | 'updatedAt'> {
  id: number;
  /** Its global id (a UUID), and the department's owner and rev (store/lists/department/). */
  uid: string;
  owner: string;
  rev: string | null;
  listId: number;
  source: string;
  playerId: number;
  playerName: string;
  dateOfBirth: string | null;
  position: string | null;
}

/** Reads entry rows for the source in use: `cacheSource` is the cache's (read once per answer). */
export function entryReader(cache: CacheReader, inUse: string): (row: EntryRow) => ListEntryRecord {
  const cacheSource = cache.source();
  return (e) => {
    const ofInUse = e.source === inUse;
    const cached = ofInUse && cacheSource === e.source ? cache.player(e.playerId) : null;
    // Another player under the same id (a database replaced under one identity): kept apart.
    const linked =
      ofInUse && (cached === null || samePlayer({ name: e.playerName, dateOfBirth: e.dateOfBirth }, cached));
    const joined = linked ? cached : null;
    const position = joined?.position ?? e.position;
    return {
      id: e.playerId,
      entryId: e.id,
      listId: e.listId,
      source: e.source,
      linked,
      name: joined?.name ?? e.playerName,
      position,
      dateOfBirth: joined?.dateOfBirth ?? e.dateOfBirth,
      ...((joined !== null ? cache.latest(e.playerId, position === 'G') : null) ?? NO_STATS),
      rating: e.rating,
      note: e.note,
      previousNote: e.previousNote,
      previousNoteAt: e.previousNoteAt,
      addedAt: e.addedAt,
      updatedAt: e.updatedAt,
    };
  };
}
