import {
  IdSchema,
  ListInputError,
  ListNameSchema,
  ListNotFoundError,
  parseListInput,
  type ScoutingList,
} from '../../shared/lists.ts';
import type { CacheReader } from '../cache/read-only.ts';
import type { WritableDB } from '../common/db.ts';
import type { ListsApi } from './api.ts';
import { createEntryCalls } from './entries.ts';

/**
 * The scouting lists themselves (table `scouting_lists` of the lists file); entries.ts keeps the players
 * in them. Synchronous, inside the lists worker. Every input is parsed again here with the schemas of
 * shared/lists.ts; bad input throws {@link ListInputError} naming the field, a missing list
 * {@link ListNotFoundError}. Each write is one transaction.
 */

const LIST_SELECT = `SELECT l.id, l.name, l.createdAt, l.updatedAt,
    (SELECT COUNT(*) FROM scouting_list_entries e WHERE e.listId = l.id) AS entryCount
  FROM scouting_lists l`;

/** The calls of {@link ListsApi} that read and write lists and entries. */
export type ListCalls = Pick<
  ListsApi,
  | 'lists'
  | 'createList'
  | 'renameList'
  | 'deleteList'
  | 'listEntries'
  | 'saveEntry'
  | 'editEntry'
  | 'removeEntry'
  | 'listsOfPlayer'
  | 'listedPlayers'
>;

/** The list named `name` (any case), or undefined. */
export function listNamed(db: WritableDB, name: string): { id: number } | undefined {
  return db.query<{ id: number }, [string]>('SELECT id FROM scouting_lists WHERE name = ? COLLATE NOCASE').get(name);
}

export function createListCalls(db: WritableDB, cache: CacheReader): ListCalls {
  const now = () => new Date().toISOString();
  const mustList = (id: number): ScoutingList => {
    const r = db.query<ScoutingList, [number]>(`${LIST_SELECT} WHERE l.id = ?`).get(id);
    if (r === undefined) throw new ListNotFoundError('id', `There is no scouting list with id ${id}.`);
    return { ...r };
  };
  const refuseTaken = (name: string, except: number | null) => {
    const r = listNamed(db, name);
    if (r !== undefined && r.id !== except)
      throw new ListInputError('name', `Invalid name: a list named “${name}” already exists.`);
  };
  const touch = (listId: number, at: string) => {
    db.query<never, [string, number]>('UPDATE scouting_lists SET updatedAt = ? WHERE id = ?').run(at, listId);
  };

  return {
    lists() {
      return db
        .query<ScoutingList, []>(`${LIST_SELECT} ORDER BY l.name COLLATE NOCASE, l.id`)
        .all()
        .map((r) => ({ ...r }));
    },

    createList(rawName) {
      const name = parseListInput(ListNameSchema, rawName, 'name');
      const id = db.tx(() => {
        refuseTaken(name, null);
        const at = now();
        return db
          .query<never, [string, string, string]>(
            'INSERT INTO scouting_lists (name, createdAt, updatedAt) VALUES (?, ?, ?)',
          )
          .run(name, at, at).lastInsertRowid;
      });
      return mustList(id);
    },

    renameList(rawId, rawName) {
      const id = parseListInput(IdSchema, rawId, 'id');
      const name = parseListInput(ListNameSchema, rawName, 'name');
      db.tx(() => {
        mustList(id);
        refuseTaken(name, id);
        db.query<never, [string, string, number]>('UPDATE scouting_lists SET name = ?, updatedAt = ? WHERE id = ?').run(
          name,
          now(),
          id,
        );
      });
      return mustList(id);
    },

    deleteList(rawId) {
      const id = parseListInput(IdSchema, rawId, 'id');
      db.tx(() => {
        mustList(id);
        // Its entries go with it (foreign key ON DELETE CASCADE).
        db.query<never, [number]>('DELETE FROM scouting_lists WHERE id = ?').run(id);
      });
    },

    ...createEntryCalls(db, cache, { mustList, touch }),
  };
}
