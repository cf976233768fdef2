import type { StatementSync } from 'node:sqlite';
import type { ListEnvelope } from '../../../shared/envelope.ts';
import {
  type EntryQuery,
  EntryQuerySchema,
  type EntrySave,
  EntrySaveSchema,
  IdSchema,
  type ListEntriesPage,
  type ListEntryRecord,
  ListInputError,
  ListNameSchema,
  ListNotFoundError,
  type PlayerListing,
  parseListInput,
  type ScoutingList,
} from '../../../shared/lists.ts';
import { teamGoaltending } from '../../../shared/rates.ts';

/**
 * The scouting lists of the offline store (tables `scouting_lists` and `scouting_list_entries`, made by
 * their own migration in schema.ts). Synchronous, inside the store worker like the rest of the store. Every input is parsed
 * again here with the schemas of shared/lists.ts; bad input throws {@link ListInputError} naming the
 * field, a missing list {@link ListNotFoundError}. Each write is one transaction.
 */
export interface ListsStore {
  lists(): ScoutingList[];
  /** Creates a list named `name` (trimmed); throws when a list has that name already (any case). */
  createList(name: string): ScoutingList;
  renameList(id: number, name: string): ScoutingList;
  /** Deletes a list and every entry of it. */
  deleteList(id: number): void;
  /** One list and a page of its players, sorted by `query.sort`, with their latest stats. */
  listEntries(id: number, query?: Partial<Record<keyof EntryQuery, unknown>>): ListEntriesPage;
  /** Adds a player to a list or updates his entry (absent rating/note: kept, or none/empty when new). */
  saveEntry(entry: EntrySave): ListEntryRecord;
  removeEntry(listId: number, playerId: number): void;
  /** The lists `playerId` is in, by list name. */
  listsOfPlayer(playerId: number): PlayerListing[];
  /** Ids of every player in any list, ascending. */
  listedPlayers(): number[];
}

/** The names of the list operations, for the store client (store-client.ts). */
export const LIST_METHODS = [
  'lists',
  'createList',
  'renameList',
  'deleteList',
  'listEntries',
  'saveEntry',
  'removeEntry',
  'listsOfPlayer',
  'listedPlayers',
] as const satisfies readonly (keyof ListsStore)[];

interface ListRow {
  id: number;
  name: string;
  createdAt: string;
  updatedAt: string;
  entryCount: number;
}

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

type StatsRow = Record<string, number | string | null>;

const sum = (rows: readonly StatsRow[], col: string): number | null => {
  let out: number | null = null;
  for (const r of rows) {
    const v = r[col];
    if (typeof v === 'number') out = (out ?? 0) + v;
  }
  return out;
};

/**
 * The lists over the store's open database, through its prepared statements (`stmt`, prepared once per
 * SQL text). `tx` runs a function in one immediate transaction (the store's own), so list writes and sync
 * writes never interleave inside a transaction.
 */
export function createListsStore(stmt: (sql: string) => StatementSync, tx: (fn: () => void) => void): ListsStore {
  const now = () => new Date().toISOString();

  const LIST_SELECT = `SELECT l.id, l.name, l.createdAt, l.updatedAt,
      (SELECT COUNT(*) FROM scouting_list_entries e WHERE e.listId = l.id) AS entryCount
    FROM scouting_lists l`;

  const listRow = (id: number): ScoutingList | null => {
    const r = stmt(`${LIST_SELECT} WHERE l.id = ?`).get(id) as ListRow | undefined;
    return r === undefined ? null : { ...r };
  };
  const mustList = (id: number): ScoutingList => {
    const l = listRow(id);
    if (l === null) throw new ListNotFoundError('id', `There is no scouting list with id ${id}.`);
    return l;
  };
  const nameTaken = (name: string, except: number | null): boolean => {
    const r = stmt('SELECT id FROM scouting_lists WHERE name = ? COLLATE NOCASE').get(name) as
      | { id: number }
      | undefined;
    return r !== undefined && r.id !== except;
  };
  const refuseTaken = (name: string, except: number | null) => {
    if (nameTaken(name, except))
      throw new ListInputError('name', `Invalid name: a list named “${name}” already exists.`);
  };

  const ENTRY_SELECT = `SELECT e.*, p.name AS storeName, p.position AS storePosition
    FROM scouting_list_entries e LEFT JOIN players p ON p.id = e.playerId`;

  /** The regular-season stats of the player's newest season in the store, summed over its teams. */
  function latestStats(
    playerId: number,
    goalie: boolean,
  ): Pick<ListEntryRecord, 'latestSeason' | 'team' | 'GP' | 'G' | 'A' | 'PTS' | 'GAA' | 'SVP'> {
    const rows = stmt(
      `SELECT seasonSlug, teamName, regularStats_GP AS GP, regularStats_G AS G, regularStats_A AS A,
         regularStats_PTS AS PTS, regularStats_GA AS GA, regularStats_SA AS SA, regularStats_SVS AS SVS,
         regularStats_TOI AS TOI, regularStats_GAA AS GAA, regularStats_SVP AS SVP
       FROM player_stats
       WHERE playerId = ? AND seasonSlug = (SELECT MAX(seasonSlug) FROM player_stats WHERE playerId = ?)
       ORDER BY id`,
    ).all(playerId, playerId) as StatsRow[];
    const first = rows[0];
    if (first === undefined) {
      return { latestSeason: null, team: null, GP: null, G: null, A: null, PTS: null, GAA: null, SVP: null };
    }
    const teams = [...new Set(rows.map((r) => r.teamName).filter((t): t is string => typeof t === 'string'))];
    const out = {
      latestSeason: first.seasonSlug as string,
      team: teams.length > 0 ? teams.join(' / ') : null,
      GP: sum(rows, 'GP'),
      G: null as number | null,
      A: null as number | null,
      PTS: null as number | null,
      GAA: null as number | null,
      SVP: null as number | null,
    };
    if (!goalie) {
      out.G = sum(rows, 'G');
      out.A = sum(rows, 'A');
      out.PTS = sum(rows, 'PTS');
    } else if (rows.length === 1) {
      // One team: the service's own GAA and SV%, as the goalie tables show them.
      out.GAA = typeof first.GAA === 'number' ? first.GAA : null;
      out.SVP = typeof first.SVP === 'number' ? first.SVP : null;
    } else {
      // Several teams: rates from the summed counts, never an average of rates.
      const g = teamGoaltending(
        rows.map((r) => ({
          GP: r.GP as number | null,
          GA: r.GA as number | null,
          SA: r.SA as number | null,
          SVS: r.SVS as number | null,
          TOI: r.TOI as number | null,
        })),
      );
      out.GAA = g.GAA;
      out.SVP = g.SVP;
    }
    return out;
  }

  function record(e: EntryRow): ListEntryRecord {
    const position = e.storePosition ?? e.position;
    return {
      id: e.playerId,
      listId: e.listId,
      name: e.storeName ?? e.playerName,
      position,
      ...latestStats(e.playerId, position === 'G'),
      rating: e.rating,
      note: e.note,
      addedAt: e.addedAt,
      updatedAt: e.updatedAt,
    };
  }

  function entry(listId: number, playerId: number): ListEntryRecord | null {
    const e = stmt(`${ENTRY_SELECT} WHERE e.listId = ? AND e.playerId = ?`).get(listId, playerId) as
      | EntryRow
      | undefined;
    return e === undefined ? null : record(e);
  }

  return {
    lists() {
      return (stmt(`${LIST_SELECT} ORDER BY l.name COLLATE NOCASE, l.id`).all() as unknown as ListRow[]).map((r) => ({
        ...r,
      }));
    },

    createList(rawName) {
      const name = parseListInput(ListNameSchema, rawName, 'name');
      let id = 0;
      tx(() => {
        refuseTaken(name, null);
        const at = now();
        id = Number(
          stmt('INSERT INTO scouting_lists (name, createdAt, updatedAt) VALUES (?, ?, ?)').run(name, at, at)
            .lastInsertRowid,
        );
      });
      return mustList(id);
    },

    renameList(rawId, rawName) {
      const id = parseListInput(IdSchema, rawId, 'id');
      const name = parseListInput(ListNameSchema, rawName, 'name');
      tx(() => {
        mustList(id);
        refuseTaken(name, id);
        stmt('UPDATE scouting_lists SET name = ?, updatedAt = ? WHERE id = ?').run(name, now(), id);
      });
      return mustList(id);
    },

    deleteList(rawId) {
      const id = parseListInput(IdSchema, rawId, 'id');
      tx(() => {
        mustList(id);
        stmt('DELETE FROM scouting_list_entries WHERE listId = ?').run(id);
        stmt('DELETE FROM scouting_lists WHERE id = ?').run(id);
      });
    },

    listEntries(rawId, rawQuery = {}) {
      const id = parseListInput(IdSchema, rawId, 'id');
      const query = parseListInput(EntryQuerySchema, rawQuery, 'query');
      const list = mustList(id);
      const all = (stmt(`${ENTRY_SELECT} WHERE e.listId = ?`).all(id) as unknown as EntryRow[]).map(record);
      all.sort(compareBy(query.sort));
      const page: ListEnvelope<ListEntryRecord> = {
        _meta: { generatedAt: now(), offset: query.offset, limit: query.limit, totalRecords: all.length },
        _links: { first: null, last: null, prev: null, next: null },
        data: all.slice(query.offset, query.offset + query.limit),
      };
      return { ...page, list };
    },

    saveEntry(raw) {
      const e = parseListInput(EntrySaveSchema, raw, '');
      tx(() => {
        mustList(e.listId);
        const stored = stmt('SELECT name, position FROM players WHERE id = ?').get(e.playerId) as
          | { name: string; position: string | null }
          | undefined;
        const name = stored?.name ?? e.player?.name;
        if (name === undefined) {
          throw new ListInputError('player', 'Invalid player: this player is not in the offline store; give his name.');
        }
        const position = stored?.position ?? e.player?.position ?? null;
        const at = now();
        stmt(
          `INSERT INTO scouting_list_entries (listId, playerId, playerName, position, rating, note, addedAt, updatedAt)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?)
           ON CONFLICT (listId, playerId) DO UPDATE SET playerName = excluded.playerName, position = excluded.position,
             rating = CASE WHEN ? THEN excluded.rating ELSE rating END,
             note = CASE WHEN ? THEN excluded.note ELSE note END,
             updatedAt = excluded.updatedAt`,
        ).run(
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
        stmt('UPDATE scouting_lists SET updatedAt = ? WHERE id = ?').run(at, e.listId);
      });
      return entry(e.listId, e.playerId) as ListEntryRecord;
    },

    removeEntry(rawListId, rawPlayerId) {
      const listId = parseListInput(IdSchema, rawListId, 'listId');
      const playerId = parseListInput(IdSchema, rawPlayerId, 'playerId');
      tx(() => {
        mustList(listId);
        const r = stmt('DELETE FROM scouting_list_entries WHERE listId = ? AND playerId = ?').run(listId, playerId);
        if (r.changes === 0) throw new ListNotFoundError('playerId', 'This player is not in that list.');
        stmt('UPDATE scouting_lists SET updatedAt = ? WHERE id = ?').run(now(), listId);
      });
    },

    listsOfPlayer(rawPlayerId) {
      const playerId = parseListInput(IdSchema, rawPlayerId, 'playerId');
      return (
        stmt(
          `SELECT e.listId, l.name AS listName, e.rating, e.note, e.addedAt
           FROM scouting_list_entries e JOIN scouting_lists l ON l.id = e.listId
           WHERE e.playerId = ? ORDER BY l.name COLLATE NOCASE, l.id`,
        ).all(playerId) as unknown as PlayerListing[]
      ).map((r) => ({ ...r }));
    },

    listedPlayers() {
      return (
        stmt('SELECT DISTINCT playerId FROM scouting_list_entries ORDER BY playerId').all() as { playerId: number }[]
      ).map((r) => r.playerId);
    },
  };
}

/**
 * The order of a list's table: each sort token in turn (`-` descending); missing values (null) last both
 * ways, text compared case-insensitively, and ties by name then player id so paging is stable.
 */
export function compareBy(sort: readonly string[]): (a: ListEntryRecord, b: ListEntryRecord) => number {
  const keys = sort.map((t) => ({
    key: (t.startsWith('-') ? t.slice(1) : t) as keyof ListEntryRecord,
    desc: t.startsWith('-'),
  }));
  const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
  return (a, b) => {
    for (const { key, desc } of keys) {
      const x = a[key];
      const y = b[key];
      if (x === y) continue;
      if (x === null || x === undefined || x === '') return 1;
      if (y === null || y === undefined || y === '') return -1;
      const c = typeof x === 'number' && typeof y === 'number' ? x - y : collator.compare(String(x), String(y));
      if (c !== 0) return desc ? -c : c;
    }
    return collator.compare(a.name, b.name) || a.id - b.id;
  };
}
