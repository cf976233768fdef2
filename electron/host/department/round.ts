import type pg from 'pg';
import { pull } from '../../../department/sync/pull.ts';
import { push } from '../../../department/sync/push.ts';
import { cursorAhead, serverRevs } from '../../../department/sync/restored.ts';
import { departmentScouts } from '../../../department/sync/roster.ts';
import type { SyncRound } from '../../../shared/department/bridge.ts';
import { PUSH_BATCH_MAX } from '../../../shared/department/changes.ts';
import { CURSOR_START, type FeedPage } from '../../../shared/department/feed.ts';
import type { ApplyReport } from '../../../shared/department/laptop.ts';
import type { ListsClient } from '../../../store/index.ts';
import { checkedIdentity } from './login.ts';

/**
 * One sync round over one connection, as store/lists/department/api.ts spells it: check the login, queue
 * again what a server restored from an older backup lost (afterServerRestore), push
 * the outbox in batches (each answer acknowledged before the next batch), pull from the cursor applying
 * the pages in batches (the cursor kept with the last), mark the conflicts the scout resolved, record the
 * sync. Every step can be cut off anywhere and run again: a push whose answer was lost is answered
 * `duplicate`, a page applied twice changes nothing, and the cursor moves only once the whole pull is in.
 */

/** Rows of pulled pages applied in one transaction of the lists (a page is at most 1000 rows). */
export const APPLY_BATCH_ROWS = 2000;

/** The most push batches one round sends (a scout typing through a long round cannot keep it going). */
const MAX_PUSH_BATCHES = 10_000;

/**
 * When the server is behind the laptop's cursor (restored from an older backup: department/sync/restored.ts),
 * queues again the scout's records it lost or holds an older state of, before the push sends them, and
 * pulls from the start: rows the restored server writes from now on may take transaction ids below the
 * cursor, which a pull from it would pass over. Returns how many records were queued, and the cursor to
 * pull from.
 */
async function afterServerRestore(
  client: pg.ClientBase,
  lists: ListsClient,
  cursor: string,
): Promise<{ resent: number; from: string }> {
  if (!(await cursorAhead(client, cursor))) return { resent: 0, from: cursor };
  const own = await lists.departmentOwnRevs();
  const revs = await serverRevs(client, own);
  const lost = own.filter((r) => revs.get(r.recordId) !== r.rev).map(({ kind, recordId }) => ({ kind, recordId }));
  return { resent: lost.length === 0 ? 0 : await lists.departmentResend(lost), from: CURSOR_START };
}

/**
 * Runs one round with `client` (not inside a transaction) on `lists`; `now` stamps it.
 * @throws SyncRefusal when the app must not sync as this login; the `pg` error of a failed step, or the
 *   lists' error (nothing half-done stays: see the module's comment).
 */
export async function syncRound(client: pg.ClientBase, lists: ListsClient, now: () => Date): Promise<SyncRound> {
  const identity = await checkedIdentity(client);
  const before = await lists.departmentStatus();
  // The server says whether the login is a director (the department board is then his to edit).
  if (before.identity !== null && before.identity.director !== identity.director)
    await lists.departmentConfigure({ ...before.identity, director: identity.director });
  const { resent, from } = await afterServerRestore(client, lists, before.cursor);

  const pushed = { applied: 0, conflict: 0, duplicate: 0, refused: 0 };
  for (let batch = 0; batch < MAX_PUSH_BATCHES; batch++) {
    const changes = await lists.departmentOutbox(PUSH_BATCH_MAX);
    if (changes.length === 0) break;
    const outcomes = await push(client, changes);
    for (const o of outcomes) pushed[o.outcome]++;
    const ack = await lists.departmentAcknowledge(outcomes);
    if (ack.removed + ack.refused === 0) break;
  }
  const pushedAt = now().toISOString();

  const pulled = { applied: 0, unchanged: 0, deferred: 0, skipped: 0 };
  const count = (r: ApplyReport) => {
    for (const k of Object.keys(pulled) as (keyof typeof pulled)[]) pulled[k] += r[k];
  };
  let pages: FeedPage[] = [];
  let rows = 0;
  const { cursor } = await pull(client, from, async (page) => {
    pages.push(page);
    rows += page.rows.length;
    if (rows < APPLY_BATCH_ROWS) return;
    count(await lists.departmentApply(pages, null));
    pages = [];
    rows = 0;
  });
  count(await lists.departmentApply(pages, cursor));
  const pulledAt = now().toISOString();

  const resolved = await lists.departmentResolutions();
  if (resolved.length > 0) {
    await client.query('UPDATE rinkside.conflicts SET resolved = true WHERE id = ANY($1::uuid[])', [resolved]);
    await lists.departmentResolutionsSent(resolved);
  }
  // A director assigns from the department's roster: read with each of his rounds, kept for offline.
  if (identity.director) await lists.departmentSetRoster(await departmentScouts(client));
  await lists.departmentRecordSync({ pushedAt, pulledAt, error: null });
  return { at: now().toISOString(), pushed, pulled, resolutionsSent: resolved.length, resent };
}
