import { compareByTerms, type SortTerm } from '../../shared/list-engine.ts';
import {
  EntryQuerySchema,
  EntrySaveSchema,
  IdSchema,
  type ListEntryRecord,
  ListInputError,
  ListNotFoundError,
  type PlayerListing,
  parseListInput,
  type ScoutingList,
} from '../../shared/lists.ts';
import type { ListCalls } from '../api.ts';
import type { Db } from '../db.ts';
import { envelope } from '../players/read.ts';
import { latestStats } from './latest-stats.ts';

/**
 * The entries of the scouting lists (table `scouting_list_entries`): a player starred into a list with
 * his rating and note, answered with his latest stats from the store. Inputs are parsed again here
 * (shared/lists.ts); each write is one transaction.
 */

interface EntryRow {
  listId: number;
  playerId: number;
  playerName: string;
  position: string | null;
  rating: number | null;
  note: string;
  addedAt: string;
  updatedAt: string;
  /** From the players table when the store has him (his name as synced, which wins over the snapshot). */
  storeName: string | null;
  storePosition: string | null;
}

const now = () => new Date().toISOString();

const ENTRY_SELECT = `SELECT e.*, p.name AS storeName, p.position AS storePosition
  FROM scouting_list_entries e LEFT JOIN players p ON p.id = e.playerId`;

const UPSERT_ENTRY = `INSERT INTO scouting_list_entries (listId, playerId, playerName, position, rating, note, addedAt, updatedAt)
  VALUES (?, ?, ?, ?, ?, ?, ?, ?)
  ON CONFLICT (listId, playerId) DO UPDATE SET playerName = excluded.playerName, position = excluded.position,
    rating = CASE WHEN ? THEN excluded.rating ELSE rating END,
    note = CASE WHEN ? THEN excluded.note ELSE note END,
    updatedAt = excluded.updatedAt`;

/**
 * The order of a list's table: each sort term in turn, missing values last both ways, text compared
 * case-insensitively, ties by name then player id so paging is stable (shared/list-engine.ts). The
 * terms' keys are fields of the entry record (EntryQuerySchema allows no other; read as own keys only).
 */
export function compareEntries(sort: readonly SortTerm[]): (a: ListEntryRecord, b: ListEntryRecord) => number {
  const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
  return compareByTerms<ListEntryRecord>(
    sort,
    (r, key) => (Object.hasOwn(r, key) ? r[key as keyof ListEntryRecord] : undefined),
    (a, b) => collator.compare(a.name, b.name) || a.id - b.id,
    collator,
  );
}

/** What the entries need of the lists: the list (or a not-found error) and marking it changed. */
export interface ListAccess {
  mustList(id: number): ScoutingList;
  touch(listId: number, at: string): void;
}

/** The entry operations of {@link ListCalls}. */
export type EntryCalls = Pick<
  ListCalls,
  'listEntries' | 'saveEntry' | 'removeEntry' | 'listsOfPlayer' | 'listedPlayers'
>;

export function createEntryCalls(db: Db, lists: ListAccess): EntryCalls {
  const { mustList, touch } = lists;
  const record = (e: EntryRow): ListEntryRecord => {
    const position = e.storePosition ?? e.position;
    return {
      id: e.playerId,
      listId: e.listId,
      name: e.storeName ?? e.playerName,
      position,
      ...latestStats(db, e.playerId, position === 'G'),
      rating: e.rating,
      note: e.note,
      addedAt: e.addedAt,
      updatedAt: e.updatedAt,
    };
  };
  const entry = (listId: number, playerId: number): ListEntryRecord | null => {
    const e = db
      .query<EntryRow, [number, number]>(`${ENTRY_SELECT} WHERE e.listId = ? AND e.playerId = ?`)
      .get(listId, playerId);
    return e === undefined ? null : record(e);
  };

  return {
    listEntries(rawId, rawQuery = {}) {
      const id = parseListInput(IdSchema, rawId, 'id');
      const query = parseListInput(EntryQuerySchema, rawQuery, 'query');
      const list = mustList(id);
      const all = db.query<EntryRow, [number]>(`${ENTRY_SELECT} WHERE e.listId = ?`).all(id).map(record);
      all.sort(compareEntries(query.sort));
      const page = all.slice(query.offset, query.offset + query.limit);
      return { ...envelope(page, query.offset, query.limit, all.length), list };
    },

    saveEntry(raw) {
      const e = parseListInput(EntrySaveSchema, raw, '');
      db.tx(() => {
        mustList(e.listId);
        const stored = db
          .query<{ name: string; position: string | null }, [number]>('SELECT name, position FROM players WHERE id = ?')
          .get(e.playerId);
        const name = stored?.name ?? e.player?.name;
        if (name === undefined) {
          throw new ListInputError('player', 'Invalid player: this player is not in the offline store; give his name.');
        }
        const position = stored?.position ?? e.player?.position ?? null;
        const at = now();
        db.query(UPSERT_ENTRY).run(
          e.listId,
          e.playerId,
          name,
          position,
          e.rating ?? null,
          e.note ?? '',
          at,
          at,
          e.rating !== undefined ? 1 : 0,
          e.note !== undefined ? 1 : 0,
        );
        touch(e.listId, at);
      });
      const saved = entry(e.listId, e.playerId);
      if (saved === null) throw new ListNotFoundError('playerId', 'The entry was not saved.');
      return saved;
    },

    removeEntry(rawListId, rawPlayerId) {
      const listId = parseListInput(IdSchema, rawListId, 'listId');
      const playerId = parseListInput(IdSchema, rawPlayerId, 'playerId');
      db.tx(() => {
        mustList(listId);
        const r = db
          .query<never, [number, number]>('DELETE FROM scouting_list_entries WHERE listId = ? AND playerId = ?')
          .run(listId, playerId);
        if (r.changes === 0) throw new ListNotFoundError('playerId', 'This player is not in that list.');
        touch(listId, now());
      });
    },

    listsOfPlayer(rawPlayerId): PlayerListing[] {
      const playerId = parseListInput(IdSchema, rawPlayerId, 'playerId');
      return db
        .query<PlayerListing, [number]>(
          `SELECT e.listId, l.name AS listName, e.rating, e.note, e.addedAt
           FROM scouting_list_entries e JOIN scouting_lists l ON l.id = e.listId
           WHERE e.playerId = ? ORDER BY l.name COLLATE NOCASE, l.id`,
        )
        .all(playerId)
        .map((r) => ({ ...r }));
    },

    listedPlayers() {
      return db
        .query<{ playerId: number }, []>('SELECT DISTINCT playerId FROM scouting_list_entries ORDER BY playerId')
        .all()
        .map((r) => r.playerId);
    },
  };
}
