import type { ClientBase } from 'pg';
import type { ChangeKind } from '../../shared/department/changes.ts';

/**
 * A server restored from an older backup, as a laptop finds it: its transaction counter, and so its feed,
 * is behind the laptop's pull cursor (the laptop saw transactions the restored server never had), and the
 * scout's records there may be missing or older than the laptop's. These two reads let the laptop find
 * what to send again (store/lists/department/resend.ts). A server whose counter has already passed the
 * cursor again when the laptop first syncs cannot be told from one that was never restored this way.
 */

const TABLE_OF: Readonly<Record<ChangeKind, string>> = {
  report: 'reports',
  list: 'lists',
  entry: 'list_entries',
  board: 'boards',
  assignment: 'assignments',
  setting: 'department_settings',
};

/** Ids asked for in one statement. */
const IDS_PER_QUERY = 5000;

/**
 * Whether `cursor` (a pull cursor, digits) is ahead of the server: the server's oldest running
 * transaction is below it, so it never ran the transactions the laptop's last pull saw end.
 */
export async function cursorAhead(client: ClientBase, cursor: string): Promise<boolean> {
  const { rows } = await client.query<{ ahead: boolean }>(
    'SELECT $1::xid8 > pg_snapshot_xmin(pg_current_snapshot()) AS ahead',
    [cursor],
  );
  return rows[0]?.ahead === true;
}

/**
 * The revs the server has now of `records`, by record id (a record the connected scout cannot read, or
 * the server does not have, is absent).
 * @throws the `pg` error of a failed read.
 */
export async function serverRevs(
  client: ClientBase,
  records: readonly { kind: ChangeKind; recordId: string }[],
): Promise<Map<string, string>> {
  const revs = new Map<string, string>();
  for (const [kind, table] of Object.entries(TABLE_OF) as [ChangeKind, string][]) {
    const ids = records.filter((r) => r.kind === kind).map((r) => r.recordId);
    for (let i = 0; i < ids.length; i += IDS_PER_QUERY) {
      const { rows } = await client.query<{ id: string; rev: string }>(
        `SELECT id::text AS id, rev::text AS rev FROM rinkside.${table} WHERE id = ANY($1::uuid[])`,
        [ids.slice(i, i + IDS_PER_QUERY)],
      );
      for (const r of rows) revs.set(r.id, r.rev);
    }
  }
  return revs;
}
