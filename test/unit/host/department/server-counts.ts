import type { TestDepartment } from '../../department/department.ts';

/**
 * What the department's server holds per owner, read on a fresh admin connection each time (the server may
 * have restarted since the last): the fault tests count lost and repeated changes with it.
 */

/** `sql` with `params` on a fresh admin connection of `dep`'s server. */
async function adminQuery<T>(dep: TestDepartment, sql: string, params: unknown[]): Promise<T[]> {
  const admin = await dep.cluster.adminClient();
  try {
    return (await admin.query(sql, params)).rows as T[];
  } finally {
    await admin.end();
  }
}

/** `owner`'s reports on the server: id, notes and version (1 for a report never changed since its first state). */
export const reportsOf = (dep: TestDepartment, owner: string) =>
  adminQuery<{ id: string; notes: string; version: number }>(
    dep,
    "SELECT id, body->>'notes' AS notes, version FROM rinkside.reports WHERE owner = $1",
    [owner],
  );

/** The server's log of `owner`'s changes: one row per change it took (applied, conflict or refused). */
export const changesOf = (dep: TestDepartment, owner: string) =>
  adminQuery<{ change_id: string; record_id: string; outcome: string }>(
    dep,
    'SELECT change_id, record_id, outcome FROM rinkside.changes WHERE owner = $1',
    [owner],
  );
