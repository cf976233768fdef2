import { z } from 'zod';
import type { DepartmentScout } from '../../../../shared/department/desk.ts';
import { parseListInput } from '../../../../shared/domain/lists.ts';
import type { WritableDB } from '../../../common/db.ts';
import { getMeta, setMeta } from '../../meta.ts';
import { departmentOf, sameDepartment } from '../identity.ts';
import { nameOf } from './names.ts';

/**
 * The department's scouts a director assigns to, offline: the roster his last sync read from the server
 * (department/sync/roster.ts, directors only), kept in `lists_meta` with the department it came from. Before
 * a director's first sync (or on a scout's laptop) the logins this laptop knows stand in: the writers of
 * the department's reports, the scouts of the assignments here, and the scout himself.
 */

const ROSTER = 'departmentRoster';

const RosterSchema = z
  .array(z.object({ login: z.string().min(1).max(63), director: z.boolean() }).strict())
  .max(10_000);
const StoredSchema = z.object({ server: z.string(), port: z.number(), database: z.string(), user: z.string() });

/**
 * Keeps the roster the server gave `[{login, director}]` for the department set up here (nothing without one).
 * @throws ListInputError when it is no roster.
 */
export function setRoster(db: WritableDB, raw: unknown): void {
  const scouts = parseListInput(RosterSchema, raw, 'scouts');
  const dep = departmentOf(db);
  if (dep === null) return;
  const { server, port, database, user } = dep;
  setMeta(db, ROSTER, JSON.stringify({ server, port, database, user, scouts }));
}

/** The roster kept for the department set up here, or null (none kept, or another department's). */
function kept(db: WritableDB): { login: string; director: boolean }[] | null {
  const dep = departmentOf(db);
  const raw = getMeta(db, ROSTER);
  if (dep === null || raw === null) return null;
  const parsed = StoredSchema.extend({ scouts: RosterSchema }).safeParse(JSON.parse(raw));
  if (!parsed.success || !sameDepartment({ ...dep, ...parsed.data }, dep)) return null;
  return parsed.data.scouts;
}

/** The logins this laptop knows without a roster: report writers, assignees, and the scout himself. */
function known(db: WritableDB, me: string): { login: string; director: boolean }[] {
  const logins = db
    .query<{ login: string }, [string]>(
      `SELECT owner AS login FROM scouting_reports WHERE owner <> ''
       UNION SELECT assignee FROM department_assignments UNION SELECT ?`,
    )
    .all(me);
  return logins.map((r) => ({ login: r.login, director: false }));
}

/** The department's scouts by name (empty without a department). */
export function departmentScouts(db: WritableDB): DepartmentScout[] {
  const dep = departmentOf(db);
  if (dep === null) return [];
  const scouts = kept(db) ?? known(db, dep.user);
  return scouts
    .map((s) => ({ ...s, name: nameOf(db, s.login) }))
    .sort((a, b) => a.name.localeCompare(b.name) || a.login.localeCompare(b.login));
}
