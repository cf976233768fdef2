import { CURSOR_START } from '../../../shared/department/feed.ts';
import { type DepartmentIdentity, DepartmentSetupSchema } from '../../../shared/department/laptop.ts';
import { ListInputError } from '../../../shared/domain/lists.ts';
import type { WritableDB } from '../../common/db.ts';
import { getMeta, setMeta } from '../meta.ts';

/**
 * The department this computer syncs with and whose each record is (`lists_meta` keys below). A record is
 * the scout's own when its `owner` is empty (made before a department was set) or his login role; reports
 * and boards also need an empty `scout` (a non-empty one names the colleague an imported file gave). Every
 * other record is a colleague's copy, read-only here: the server would refuse the change anyway, and a
 * plain error now loses nothing.
 */

const IDENTITY = 'department';
const CURSOR = 'departmentCursor';

/** The department set up on this computer, or null (everything then works on it alone). */
export function departmentOf(db: WritableDB): DepartmentIdentity | null {
  const raw = getMeta(db, IDENTITY);
  if (raw === null) return null;
  const parsed = DepartmentSetupSchema.safeParse(JSON.parse(raw));
  return parsed.success ? parsed.data : null;
}

export function setDepartment(db: WritableDB, id: DepartmentIdentity): void {
  setMeta(db, IDENTITY, JSON.stringify(id));
}

/** Whether two set-ups are one department and one login (the scout's name and role aside). */
export const sameDepartment = (a: DepartmentIdentity, b: DepartmentIdentity) =>
  a.server === b.server && a.port === b.port && a.database === b.database && a.user === b.user;

/** The pull cursor (shared/department/feed.ts; `CURSOR_START` before the first pull). */
export const cursorOf = (db: WritableDB): string => getMeta(db, CURSOR) ?? CURSOR_START;
export const setCursor = (db: WritableDB, cursor: string): void => setMeta(db, CURSOR, cursor);

/** Whether `owner` is this computer's scout. */
export const isMine = (owner: string, dep: DepartmentIdentity | null): boolean =>
  owner === '' || (dep !== null && owner === dep.user);

/** A record as the ownership rules read it. */
export interface Owned {
  owner: string;
  /** Reports and boards: the colleague an imported file named ('' for the scout's own). */
  scout?: string;
  /** Boards: the department's is written by its directors. */
  kind?: string;
}

/** Whether this computer's scout may change `row` and share the change. */
export function writable(row: Owned, dep: DepartmentIdentity | null): boolean {
  if (row.kind === 'department') return dep?.director === true;
  return isMine(row.owner, dep);
}

/** Whether `row` is the scout's own and goes to the department when changed (imported colleagues' stay here). */
export const shareable = (row: Owned, dep: DepartmentIdentity | null): boolean =>
  dep !== null && writable(row, dep) && (row.kind === 'department' || (row.scout ?? '') === '');

/**
 * Throws a {@link ListInputError} naming `key` when `row` is a colleague's copy (or the department's board
 * and the scout is no director): only its owner changes it.
 */
export function refuseForeign(
  row: Owned & { scout?: string },
  dep: DepartmentIdentity | null,
  what: string,
  key = 'id',
) {
  if (writable(row, dep)) return;
  if (row.kind === 'department')
    throw new ListInputError(key, `Invalid ${key}: this ${what} is the department's; only its directors change it.`);
  throw new ListInputError(
    key,
    `Invalid ${key}: this ${what} is ${row.scout || row.owner}’s; only its owner can change it.`,
  );
}
