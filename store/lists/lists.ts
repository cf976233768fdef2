import { z } from 'zod';
import {
  IdSchema,
  ListInputError,
  ListNameSchema,
  ListNotFoundError,
  parseListInput,
  type ScoutingList,
} from '../../shared/domain/lists.ts';
import type { CacheReader } from '../cache/read-only.ts';
import type { WritableDB } from '../common/db.ts';
import type { ListsApi } from './api.ts';
import { departmentOf, refuseForeign, writable } from './department/identity.ts';
import { createTracker } from './department/track.ts';
import { createEntryCalls } from './entries.ts';

/**
 * The scouting lists themselves (table `scouting_lists` of the lists file); entries.ts keeps the players
 * in them. Synchronous, inside the lists worker. Every input is parsed again here with the schemas of
 * shared/domain/lists.ts; bad input throws {@link ListInputError} naming the field, a missing list
 * {@link ListNotFoundError}. Each write is one transaction, and queues the change for the department when
 * one is set (department/track.ts); a colleague's shared list is read-only ({@link ListInputError}).
 */

const LIST_SELECT = `SELECT l.id, l.uid, l.name, l.owner, l.scout, l.shared, l.createdAt, l.updatedAt,
    (SELECT COUNT(*) FROM scouting_list_entries e WHERE e.listId = l.id) AS entryCount
  FROM scouting_lists l`;

type ListRow = Omit<ScoutingList, 'shared' | 'readOnly'> & { shared: number };

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
  | 'playersInUse'
  | 'setListShared'
>;

/** The scout's own list named `name` (any case), or undefined (a colleague's of that name does not count). */
export function listNamed(db: WritableDB, name: string): { id: number; uid: string } | undefined {
  return db
    .query<{ id: number; uid: string }, [string, string]>(
      "SELECT id, uid FROM scouting_lists WHERE name = ? COLLATE NOCASE AND owner IN ('', ?)",
    )
    .get(name, departmentOf(db)?.user ?? '');
}

export function createListCalls(db: WritableDB, cache: CacheReader): ListCalls {
  const now = () => new Date().toISOString();
  const track = createTracker(db);
  const listOf = (r: ListRow, dep = departmentOf(db)): ScoutingList => ({
    ...r,
    shared: r.shared === 1,
    readOnly: !writable(r, dep),
  });
  const mustList = (id: number): ScoutingList => {
    const r = db.query<ListRow, [number]>(`${LIST_SELECT} WHERE l.id = ?`).get(id);
    if (r === undefined) throw new ListNotFoundError('id', `There is no scouting list with id ${id}.`);
    return listOf(r);
  };
  /** The list, refused when it is a colleague's. */
  const ownList = (id: number): ScoutingList => {
    const l = mustList(id);
    refuseForeign(l, departmentOf(db), 'list');
    return l;
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
      const dep = departmentOf(db);
      return db
        .query<ListRow, []>(`${LIST_SELECT} ORDER BY l.name COLLATE NOCASE, l.id`)
        .all()
        .map((r) => listOf(r, dep));
    },

    createList(rawName) {
      const name = parseListInput(ListNameSchema, rawName, 'name');
      const id = db.tx(() => {
        refuseTaken(name, null);
        const at = now();
        const made = db
          .query<never, [string, string, string]>(
            'INSERT INTO scouting_lists (name, createdAt, updatedAt) VALUES (?, ?, ?)',
          )
          .run(name, at, at).lastInsertRowid;
        track.list(made);
        return made;
      });
      return mustList(id);
    },

    renameList(rawId, rawName) {
      const id = parseListInput(IdSchema, rawId, 'id');
      const name = parseListInput(ListNameSchema, rawName, 'name');
      db.tx(() => {
        ownList(id);
        refuseTaken(name, id);
        db.query<never, [string, string, number]>('UPDATE scouting_lists SET name = ?, updatedAt = ? WHERE id = ?').run(
          name,
          now(),
          id,
        );
        track.list(id);
      });
      return mustList(id);
    },

    setListShared(rawId, rawShared) {
      const id = parseListInput(IdSchema, rawId, 'id');
      const shared = parseListInput(z.boolean({ error: 'true or false' }), rawShared, 'shared');
      db.tx(() => {
        if (ownList(id).shared === shared) return;
        db.query<never, [number, string, number]>(
          'UPDATE scouting_lists SET shared = ?, updatedAt = ? WHERE id = ?',
        ).run(shared ? 1 : 0, now(), id);
        track.list(id);
      });
      return mustList(id);
    },

    deleteList(rawId) {
      const id = parseListInput(IdSchema, rawId, 'id');
      db.tx(() => {
        ownList(id);
        track.listDeleted(id);
        // Its entries go with it (foreign key ON DELETE CASCADE).
        db.query<never, [number]>('DELETE FROM scouting_lists WHERE id = ?').run(id);
      });
    },

    ...createEntryCalls(db, cache, { mustList, ownList, touch, track }),
  };
}
