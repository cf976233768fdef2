import {
  EntryEditSchema,
  EntryQuerySchema,
  EntrySaveSchema,
  IdSchema,
  KeptPlayersSchema,
  type ListEntryRecord,
  ListInputError,
  ListNotFoundError,
  type PlayerListing,
  parseListInput,
  type ScoutingList,
} from '../../shared/domain/lists.ts';
import { closeUnpaired } from '../../shared/domain/text-safety.ts';
import { compareByTerms, type SortTerm } from '../../shared/query/list-engine.ts';
import type { CacheReader } from '../cache/read-only.ts';
import type { WritableDB } from '../common/db.ts';
import { envelope } from '../common/envelope.ts';
import type { ListsApi } from './api.ts';
import { departmentOf } from './department/identity.ts';
import type { Tracker } from './department/track.ts';
import { type EntryRow, entryReader, inUseReader } from './rows.ts';

/**
 * The entries of the scouting lists (table `scouting_list_entries`): a player of a source starred into
 * a list with his rating and note, answered with his latest stats from the player cache when he is the
 * data in use's player (rows.ts). Inputs are parsed again here (shared/domain/lists.ts); each write is one
 * transaction, which queues the change for the department when one is set; a colleague's list is read-only.
 */

const now = () => new Date().toISOString();

const UPSERT_ENTRY = `INSERT INTO scouting_list_entries
    (listId, source, playerId, playerName, dateOfBirth, position, rating, note, addedAt, updatedAt)
  VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
  ON CONFLICT (listId, source, playerId) DO UPDATE SET playerName = excluded.playerName,
    dateOfBirth = coalesce(excluded.dateOfBirth, dateOfBirth), position = coalesce(excluded.position, position),
    rating = CASE WHEN ? THEN excluded.rating ELSE rating END,
    note = CASE WHEN ? THEN excluded.note ELSE note END,
    updatedAt = excluded.updatedAt
  RETURNING id`;

/**
 * The order of a list's table: each sort term in turn, missing values last both ways, text compared
 * case-insensitively, ties by name then player id so paging is stable (shared/query/list-engine.ts). The
 * terms' keys are fields of the entry record (EntryQuerySchema allows no other; read as own keys only).
 */
export function compareEntries(sort: readonly SortTerm[]): (a: ListEntryRecord, b: ListEntryRecord) => number {
  const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
  return compareByTerms<ListEntryRecord>(
    sort,
    (r, key) => (Object.hasOwn(r, key) ? r[key as keyof ListEntryRecord] : undefined),
    (a, b) => collator.compare(a.name, b.name) || a.id - b.id || a.entryId - b.entryId,
    collator,
  );
}

/**
 * What the entries need of the lists: the list (or a not-found error), the list refused when it is a
 * colleague's, marking it changed, and the department's hooks.
 */
export interface ListAccess {
  mustList(id: number): ScoutingList;
  ownList(id: number): ScoutingList;
  touch(listId: number, at: string): void;
  track: Tracker;
}

/** The entry operations of {@link ListsApi}. */
export type EntryCalls = Pick<
  ListsApi,
  'listEntries' | 'saveEntry' | 'editEntry' | 'removeEntry' | 'listsOfPlayer' | 'listedPlayers' | 'playersInUse'
>;

export function createEntryCalls(db: WritableDB, cache: CacheReader, lists: ListAccess): EntryCalls {
  const { mustList, ownList, touch, track } = lists;
  const me = () => departmentOf(db)?.user ?? '';
  const row = (entryId: number): EntryRow => {
    const e = db.query<EntryRow, [number]>('SELECT * FROM scouting_list_entries WHERE id = ?').get(entryId);
    if (e === undefined) throw new ListNotFoundError('entryId', 'This entry is not in any list.');
    return e;
  };

  return {
    listEntries(rawId, rawQuery, inUse) {
      const id = parseListInput(IdSchema, rawId, 'id');
      const query = parseListInput(EntryQuerySchema, rawQuery ?? {}, 'query');
      const list = mustList(id);
      const read = entryReader(cache, inUse);
      const all = db
        .query<EntryRow, [number]>('SELECT * FROM scouting_list_entries WHERE listId = ?')
        .all(id)
        .map(read);
      all.sort(compareEntries(query.sort));
      const page = all.slice(query.offset, query.offset + query.limit);
      return { ...envelope(page, query.offset, query.limit, all.length), list };
    },

    saveEntry(raw, source) {
      const e = parseListInput(EntrySaveSchema, raw, '');
      const entryId = db.tx(() => {
        ownList(e.listId);
        const cacheSource = cache.source();
        const stored = cacheSource === source ? cache.player(e.playerId) : null;
        // The data's own name, its unpaired controls closed as the page's is (shared/domain/text-safety.ts).
        const name = stored ? closeUnpaired(stored.name) : e.player?.name;
        if (name === undefined) {
          throw new ListInputError('player', 'Invalid player: this player is not in the offline store; give his name.');
        }
        const at = now();
        const r = db
          .query<{ id: number }>(UPSERT_ENTRY)
          .get(
            e.listId,
            source,
            e.playerId,
            name,
            stored?.dateOfBirth ?? e.player?.dateOfBirth ?? null,
            stored?.position ?? e.player?.position ?? null,
            e.rating ?? null,
            e.note ?? '',
            at,
            at,
            e.rating !== undefined ? 1 : 0,
            e.note !== undefined ? 1 : 0,
          );
        touch(e.listId, at);
        track.entry(r?.id as number);
        return r?.id as number;
      });
      return entryReader(cache, source)(row(entryId));
    },

    editEntry(raw, inUse) {
      const e = parseListInput(EntryEditSchema, raw, '');
      db.tx(() => {
        const current = row(e.entryId);
        ownList(current.listId);
        const at = now();
        db.query<never, [number | null, string, string, number]>(
          'UPDATE scouting_list_entries SET rating = ?, note = ?, updatedAt = ? WHERE id = ?',
        ).run(e.rating === undefined ? current.rating : e.rating, e.note ?? current.note, at, e.entryId);
        touch(current.listId, at);
        track.entry(e.entryId);
      });
      return entryReader(cache, inUse)(row(e.entryId));
    },

    removeEntry(rawEntryId) {
      const entryId = parseListInput(IdSchema, rawEntryId, 'entryId');
      db.tx(() => {
        const current = row(entryId);
        ownList(current.listId);
        track.entryDeleted(entryId);
        db.query<never, [number]>('DELETE FROM scouting_list_entries WHERE id = ?').run(entryId);
        touch(current.listId, now());
      });
    },

    // The scout's own lists only: these are where he stars players (a colleague's shared list is read).
    listsOfPlayer(rawPlayerId, source): PlayerListing[] {
      const playerId = parseListInput(IdSchema, rawPlayerId, 'playerId');
      return db
        .query<PlayerListing, [string, number, string]>(
          `SELECT e.id AS entryId, e.listId, l.name AS listName, e.rating, e.note, e.addedAt
           FROM scouting_list_entries e JOIN scouting_lists l ON l.id = e.listId
           WHERE e.source = ? AND e.playerId = ? AND l.owner IN ('', ?) ORDER BY l.name COLLATE NOCASE, l.id`,
        )
        .all(source, playerId, me())
        .map((r) => ({ ...r }));
    },

    listedPlayers(source) {
      return db
        .query<{ playerId: number }, [string, string]>(
          `SELECT DISTINCT e.playerId FROM scouting_list_entries e JOIN scouting_lists l ON l.id = e.listId
           WHERE e.source = ? AND l.owner IN ('', ?) ORDER BY e.playerId`,
        )
        .all(source, me())
        .map((r) => r.playerId);
    },

    playersInUse(raw, inUse) {
      const { players } = parseListInput(KeptPlayersSchema, { players: raw }, '');
      const inUsePlayer = inUseReader(cache, inUse);
      return players.map((p) => inUsePlayer(p).linked);
    },
  };
}
