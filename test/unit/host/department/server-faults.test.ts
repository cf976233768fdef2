import { DatabaseSync } from 'node:sqlite';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { startCluster, stopCluster } from '../../../../department/cluster/local-cluster.ts';
import { push } from '../../../../department/sync/push.ts';
import { CURSOR_START } from '../../../../shared/department/feed.ts';
import { listsFile } from '../../../../store/index.ts';
import { departmentPerFile, reportChange, reportState, SCOUT_A, SCOUT_B } from '../../department/department.ts';
import { eventually, finalReport, hostsPerFile, synced, type TestHost } from './dept-hosts.ts';
import { changesOf, reportsOf } from './server-counts.ts';

/**
 * The server's faults in the middle of a sync, with the real host on a real PostgreSQL: the server restarted
 * while a large outbox is being pushed, stopped while a large pull is being applied, and set up by a newer
 * Rinkside. Each is counted on the server (its `reports` rows and its `changes` log, per owner) against what
 * the laptop made or pulled: nothing lost, nothing twice.
 */

const dep = departmentPerFile();
const hosts = hostsPerFile('dept-server-faults');

// The throwaway cluster trades durability for speed (synchronous_commit off): a server stopped at once would
// then forget commits it had answered, which no department's server does. Here it keeps them, as one must.
beforeAll(async () => {
  await dep.admin.query('ALTER SYSTEM SET synchronous_commit = on');
  await dep.admin.query('SELECT pg_reload_conf()');
});

/** Saves `n` final reports on `h`, notes `${tag} 1` … `${tag} n`; returns their notes. */
async function saveReports(h: TestHost, tag: string, n: number): Promise<string[]> {
  const notes: string[] = [];
  for (let i = 1; i <= n; i++) {
    notes.push(`${tag} ${i}`);
    await h.call('scoutingReportSave', finalReport(10_000 + i, `Bulk Player ${i}`, `${tag} ${i}`));
  }
  return notes;
}

/** Polls `read` every 5 ms until `check` holds (at most 60 s); returns the value that held, or null. */
async function whenever<T>(read: () => Promise<T>, check: (v: T) => boolean): Promise<T | null> {
  for (let i = 0; i < 12_000; i++) {
    const v = await read();
    if (check(v)) return v;
    await new Promise((r) => setTimeout(r, 5));
  }
  return null;
}

describe('the server restarted with a push in flight', () => {
  it('the push goes on when it is back: every change once, none lost', async () => {
    // Changes wait a minute after they are made, so the outbox is large when the push starts.
    const a = await hosts.scout(dep, SCOUT_A, 'Anna Berg', 'restart-a', { timings: { debounceMs: 60_000 } });
    await synced(a);
    const before = (await changesOf(dep, SCOUT_A)).length;
    const made = await saveReports(a, 'in flight', 1500);
    expect(await a.call('departmentStatus')).toMatchObject({ waiting: 1500 });

    void a.dispatch('departmentSyncNow');
    // Restarted once part of the outbox is on the server, not all of it.
    const seen = await whenever(
      async () => (await reportsOf(dep, SCOUT_A)).length,
      (n) => n > 0,
    );
    await stopCluster(dep.cluster.info.dir, 'immediate');
    await startCluster(dep.cluster.info.dir);
    expect(seen).not.toBeNull();
    expect(seen).toBeLessThan(1500);

    const after = await eventually(
      () => a.call('departmentStatus'),
      (s) => s.state === 'synced' && s.waiting === 0,
    );
    expect(after).toMatchObject({ state: 'synced', waiting: 0, message: null });
    const onServer = await reportsOf(dep, SCOUT_A);
    expect(onServer.map((r) => r.notes).sort()).toEqual([...made].sort());
    // One change per save in the server's log: the ones answered before the restart were not sent again.
    expect((await changesOf(dep, SCOUT_A)).length - before).toBe(1500);
  }, 120_000);
});
