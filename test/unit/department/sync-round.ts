import type pg from 'pg';
import { pull } from '../../../department/sync/pull.ts';
import { push } from '../../../department/sync/push.ts';
import { PUSH_BATCH_MAX } from '../../../shared/department/changes.ts';
import type { FeedPage } from '../../../shared/department/feed.ts';
import type { ApplyReport } from '../../../shared/department/laptop.ts';
import type { ListsClient } from '../../../store/index.ts';
import type { Laptop } from '../store/department/laptop.ts';
import type { TestDepartment } from './department.ts';

/** One sync round as the host's driver runs it: push until the outbox is empty, pull, mark resolutions. */
export async function sync(lists: ListsClient, client: pg.ClientBase): Promise<ApplyReport> {
  for (let round = 0; round < 1000; round++) {
    const changes = await lists.departmentOutbox(PUSH_BATCH_MAX);
    if (changes.length === 0) break;
    await lists.departmentAcknowledge(await push(client, changes));
  }
  const pages: FeedPage[] = [];
  const { cursor } = await pull(client, (await lists.departmentStatus()).cursor, (p) => void pages.push(p));
  const applied = await lists.departmentApply(pages, cursor);
  const resolved = await lists.departmentResolutions();
  if (resolved.length > 0) {
    await client.query('UPDATE rinkside.conflicts SET resolved = true WHERE id = ANY($1::uuid[])', [resolved]);
    await lists.departmentResolutionsSent(resolved);
  }
  return applied;
}

/**
 * A fresh laptop (from `laptops`) of `user` in the test's department `dep`, set up as the host does it
 * (`director` as the server said), with a connection of its own and its sync round.
 */
export async function departmentLaptop(
  dep: TestDepartment,
  laptops: { fresh(): Promise<Laptop> },
  user: string,
  o: { scoutName: string; director?: boolean },
) {
  const l = await laptops.fresh();
  const { host, port, database } = dep.cluster.info;
  await l.lists.departmentConfigure({ server: host, port, database, user, ...o });
  const client = await dep.cluster.clientAs(user, dep.passwords[user] as string);
  return { ...l, client, sync: () => sync(l.lists, client) };
}
