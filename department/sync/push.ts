import type { ClientBase } from 'pg';
import { type Change, PUSH_BATCH_MAX, type PushOutcome } from '../../shared/department/changes.ts';

/**
 * Sends a laptop's changes to the department's server through `rinkside.push(changes jsonb)`
 * (department/migrations/005-push.sql): one statement, so one round trip and one transaction, per batch of
 * {@link PUSH_BATCH_MAX}, run as the connected scout so the server's row-level security decides what he may
 * write. The server applies each change once (by its change id), keeps the state a conflicting change
 * overwrote for its author, and answers per change, in order.
 *
 * Each batch commits on its own unless the caller opened a transaction on `client`. Any failure (the
 * connection lost, the server restarted) may leave earlier batches applied or the last one's answer lost:
 * push the same changes again, and what was applied comes back `duplicate`.
 * @returns one outcome per change, in the order given (shared/department/changes.ts `PushOutcome`).
 * @throws the `pg` error of a failed batch (nothing of that batch is applied).
 */
export async function push(client: ClientBase, changes: readonly Change[]): Promise<PushOutcome[]> {
  const outcomes: PushOutcome[] = [];
  for (let i = 0; i < changes.length; i += PUSH_BATCH_MAX) {
    const batch = changes.slice(i, i + PUSH_BATCH_MAX);
    const { rows } = await client.query<PushOutcome>(
      'SELECT change_id AS "changeId", outcome, rev, reason FROM rinkside.push($1::jsonb)',
      [JSON.stringify(batch)],
    );
    outcomes.push(...rows);
  }
  return outcomes;
}
