import type { ListEntryRecord } from '../../shared/domain/lists.ts';
import { type CachedPlayer, type CacheReader, NO_STATS } from '../cache/read-only.ts';
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

/** A player as a record of the lists file keeps him: his source and id there, his name and birth date then. */
export interface KeptPlayer {
  source: string;
  playerId: number;
  name: string;
  dateOfBirth: string | null;
}

/**
 * Whether a kept player is the data in use's player of his id (of the source in use `inUse`, and not
 * another player under the same id: his kept name and birth date agree with the cache's, identity.ts),
 * and that player as the cache holds him (null: not him, or not held). The cache's source is read once.
 */
export function inUseReader(
  cache: CacheReader,
  inUse: string,
): (kept: KeptPlayer) => { linked: boolean; held: CachedPlayer | null } {
  const cacheSource = cache.source();
  return (kept) => {
    const ofInUse = kept.source === inUse;
    const cached = ofInUse && cacheSource === kept.source ? cache.player(kept.playerId) : null;
    // Another player under the same id (a database replaced under one identity): kept apart.
    const linked = ofInUse && (cached === null || samePlayer(kept, cached));
    return { linked, held: linked ? cached : null };
  };
}

/** Reads entry rows for the source in use (`inUse`). */
export function entryReader(cache: CacheReader, inUse: string): (row: EntryRow) => ListEntryRecord {
  const inUsePlayer = inUseReader(cache, inUse);
  return (e) => {
    const { linked, held: joined } = inUsePlayer({ ...e, name: e.playerName });
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
