import { DEFAULT_TIERS } from '../../../shared/domain/boards.ts';
import { ListInputError } from '../../../shared/domain/lists.ts';
import type { WritableDB } from '../../common/db.ts';
import { departmentOf } from './identity.ts';
import { dropTombstone, revOf } from './outbox.ts';
import type { Tracker } from './track.ts';

/**
 * The department's board on a laptop: one per department, made and written by its directors (the server's
 * row-level security says the same: department/migrations/004-boards.sql), read by every scout. It is a
 * board like a scout's (tiers, order, saved versions), synced as whole versions; its `scout` is
 * "Department", as a pulled one's is (write-records.ts), and its `owner` the director who last wrote it
 * once the department has it.
 *
 * One per department: every laptop makes it under one global id, {@link DEPARTMENT_BOARD_UID}. A laptop
 * that has one (made here or pulled, whatever its id) answers that one. Two directors who make it while
 * both are offline make one record on the server: the push committed last is shown, and the other
 * director's state is kept as a conflict for him to keep or drop, as for any board edited on two laptops.
 */

/** The department board's global id, one for every department (a department is one database). */
export const DEPARTMENT_BOARD_UID = 'd3a47b0a-7d1e-4b1a-8c2f-0de9a27b0a4d';

/** The name a department board shows as its scout, here and when pulled (write-records.ts `writeBoard`). */
export const DEPARTMENT_SCOUT = 'Department';

/**
 * The id of the department board in the lists file `db`, made now (named `name`, tiers A, B, C, queued for
 * the department by `track` in the caller's transaction) when there is none. A board deleted here comes
 * back under its id, on top of the rev its tombstone kept, so its push is no conflict.
 * @throws ListInputError naming `kind`: no department set up, or its login is no director.
 */
export function departmentBoard(db: WritableDB, track: Tracker, name: string, at: string): number {
  const dep = departmentOf(db);
  if (dep === null)
    throw new ListInputError(
      'kind',
      'Invalid kind: the department board needs a department: set one up in Settings → Department.',
    );
  if (!dep.director)
    throw new ListInputError('kind', "Invalid kind: only the department's directors make the department board.");
  const have = db
    .query<{ id: number }, []>("SELECT id FROM draft_boards WHERE kind = 'department' ORDER BY updatedAt DESC, id DESC")
    .get();
  if (have !== undefined) return have.id;
  const rev = revOf(db, 'board', DEPARTMENT_BOARD_UID) ?? null;
  dropTombstone(db, 'board', DEPARTMENT_BOARD_UID);
  const made = db
    .query<never, [string, string, string, string | null, string, string, string]>(
      `INSERT INTO draft_boards (uid, name, scout, owner, kind, rev, tiers, createdAt, updatedAt)
       VALUES (?, ?, ?, '', 'department', ?, ?, ?, ?)`,
    )
    .run(DEPARTMENT_BOARD_UID, name, DEPARTMENT_SCOUT, rev, JSON.stringify(DEFAULT_TIERS), at, at).lastInsertRowid;
  track.board(made);
  return made;
}
