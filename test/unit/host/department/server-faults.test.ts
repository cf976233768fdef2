import { readdirSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { beforeAll, describe, expect, it } from 'vitest';
import { startCluster, stopCluster } from '../../../../department/cluster/local-cluster.ts';
import { push } from '../../../../department/sync/push.ts';
import { CURSOR_START } from '../../../../shared/department/feed.ts';
import { listsFile } from '../../../../store/index.ts';
import { departmentPerFile, reportChange, reportState, SCOUT_A, SCOUT_B } from '../../department/department.ts';
import {
  eventually,
  finalReport,
  HELD_TIMINGS,
  hostsPerFile,
  saveReports,
  synced,
  type TestHost,
} from './dept-hosts.ts';
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

/** The schema this Rinkside knows: its last migration, counted in the folder (one file a version). */
const KNOWN = readdirSync(new URL('../../../../department/migrations/', import.meta.url)).filter((f) =>
  f.endsWith('.sql'),
).length;

/** Polls `read` every 5 ms until `check` holds (at most 60 s); returns the value that held, or null. */
async function whenever<T>(read: () => Promise<T>, check: (v: T) => boolean): Promise<T | null> {
  for (let i = 0; i < 12_000; i++) {
    const v = await read();
    if (check(v)) return v;
    await new Promise((r) => setTimeout(r, 5));
  }
  return null;
}

describe("the server's schema newer than this Rinkside", () => {
  it('says so in one sentence, keeps the lists writable, sends nothing; the change goes once the server is known', async () => {
    const a = await hosts.scout(dep, SCOUT_A, 'Anna Berg', 'newer-a');
    await synced(a);
    const before = await changesOf(dep, SCOUT_A);
    // As a newer Rinkside's `npm run department -- init` leaves the server: one migration more than this one knows.
    await dep.admin.query("INSERT INTO rinkside.schema_migrations (version, name) VALUES (999, 'from the future')");
    try {
      await a.call('scoutingReportSave', finalReport(60, 'Newer Player', 'kept while paused'));
      await a.call('departmentSyncNow');
      const paused = await eventually(
        () => a.call('departmentStatus'),
        (s) => s.state === 'paused',
      );
      expect(paused).toMatchObject({ state: 'paused', waiting: 1 });
      expect(paused.message).toBe(
        `The department's server was set up by a newer Rinkside (schema 999; this one knows up to ${KNOWN}). Sync is paused; everything works on this computer.`,
      );
      // The lists are the scout's as ever: a list made, an entry saved, the report there.
      const list = await a.call('scoutingListCreate', { name: 'While paused' });
      await a.call('scoutingListEntrySave', {
        listId: list.id,
        playerId: 61,
        player: { name: 'Paused Player', position: 'C', dateOfBirth: '2007-03-14' },
        rating: 3,
        note: 'written alone',
      });
      expect((await a.call('scoutingListEntries', { id: list.id, query: {} })).data.map((e) => e.note)).toEqual([
        'written alone',
      ]);
      expect((await a.call('scoutingReports', { query: {} })).map((r) => r.notes)).toContain('kept while paused');
      // Three changes wait (the report, the list, its entry), and nothing reached the server.
      // (Each change starts a round of its own, which the server's schema pauses again.)
      expect(
        await eventually(
          () => a.call('departmentStatus'),
          (s) => s.state === 'paused' && s.waiting === 3,
        ),
      ).toMatchObject({ state: 'paused', waiting: 3 });
      expect(await changesOf(dep, SCOUT_A)).toEqual(before);
      expect((await reportsOf(dep, SCOUT_A)).map((r) => r.notes)).not.toContain('kept while paused');
    } finally {
      await dep.admin.query('DELETE FROM rinkside.schema_migrations WHERE version = 999');
    }
    // The server this Rinkside knows again: what waited goes, once.
    expect(await a.call('departmentSyncNow')).toMatchObject({ state: 'synced', waiting: 0 });
    expect((await reportsOf(dep, SCOUT_A)).filter((r) => r.notes === 'kept while paused')).toHaveLength(1);
    const log = await changesOf(dep, SCOUT_A);
    expect(log.length - before.length).toBe(3);
    expect(new Set(log.map((c) => c.change_id)).size).toBe(log.length);
  });
});

describe('the server restarted with a push in flight', () => {
  it('the push goes on when it is back: every change once, none lost', async () => {
    // Changes wait an hour after they are made, so the outbox is large when the push starts.
    const a = await hosts.scout(dep, SCOUT_A, 'Anna Berg', 'restart-a', { timings: HELD_TIMINGS });
    await synced(a);
    const before = (await changesOf(dep, SCOUT_A)).length;
    const made = await saveReports(a, 'in flight', 1500, 10_000);
    expect(await a.call('departmentStatus')).toMatchObject({ waiting: 1500 });

    void a.dispatch('departmentSyncNow');
    // Restarted once part of the outbox is on the server, not all of it.
    const seen = await whenever(
      async () => (await reportsOf(dep, SCOUT_A)).length,
      (n) => n > 0,
    );
    await stopCluster(dep.cluster.info.dir, 'immediate');
    try {
      expect(seen).not.toBeNull();
      // The push was cut off: the host is offline with changes still waiting.
      const cut = await eventually(
        () => a.call('departmentStatus'),
        (s) => s.state === 'offline',
      );
      expect(cut.state).toBe('offline');
      expect(cut.waiting).toBeGreaterThan(0);
    } finally {
      await startCluster(dep.cluster.info.dir);
    }

    const after = await eventually(
      () => a.call('departmentStatus'),
      (s) => s.state === 'synced' && s.waiting === 0,
    );
    expect(after).toMatchObject({ state: 'synced', waiting: 0, message: null });
    const onServer = await reportsOf(dep, SCOUT_A);
    expect(onServer.flatMap((r) => (r.notes.startsWith('in flight') ? [r.notes] : [])).sort()).toEqual(
      [...made].sort(),
    );
    // One change per save in the server's log: the ones answered before the restart were not sent again.
    expect((await changesOf(dep, SCOUT_A)).length - before).toBe(1500);
  }, 120_000);
});

describe('the server stopped mid-pull', () => {
  it('keeps the cursor where it was, and once started again every row arrives once', async () => {
    // 6000 of B's reports on the server (sent as B's laptop sends them), on top of what A sent above.
    const sent = Array.from({ length: 6000 }, (_, i) =>
      reportChange(crypto.randomUUID(), null, reportState(`pulled ${i}`)),
    );
    // B's own connection, opened after the restart above.
    const b = await dep.cluster.clientAs(SCOUT_B, dep.passwords[SCOUT_B] as string);
    await push(b, sent);
    const ownA = (await reportsOf(dep, SCOUT_A)).length;
    const total: Record<string, number> = { [SCOUT_A]: ownA, [SCOUT_B]: 6000 };

    // A new laptop of A's: its first round pulls everything. The server stops once part of it is written here.
    const setUp = hosts.scout(dep, SCOUT_A, 'Anna Berg', 'pull-a');
    const dir = `${hosts.root()}/pull-a`;
    const pulledHere = () => localReports(dir);
    const seen = await whenever(pulledHere, (n) => n.length > 0);
    await stopCluster(dep.cluster.info.dir, 'immediate');
    let a: TestHost;
    try {
      expect(seen).not.toBeNull();
      a = await setUp;
      const offline = await eventually(
        () => a.call('departmentStatus'),
        (s) => s.state === 'offline',
      );
      expect(offline.state).toBe('offline');
      const cut = await pulledHere();
      expect(cut.length).toBeLessThan(ownA + 6000);
      // The cursor stays where the pull began: the rows written here are the first pages, not a promise of the rest.
      expect((await (await a.host.lists.client()).departmentStatus()).cursor).toBe(CURSOR_START);
    } finally {
      await startCluster(dep.cluster.info.dir);
    }
    // No call of the page's: the host's retries pull again, from the same cursor.
    expect(
      await eventually(
        () => a.call('departmentStatus'),
        (s) => s.state === 'synced',
      ),
    ).toMatchObject({ state: 'synced', waiting: 0 });
    const here = await pulledHere();
    for (const owner of [SCOUT_A, SCOUT_B]) {
      const mine = here.filter((r) => r.owner === owner);
      expect(mine, owner).toHaveLength(total[owner] ?? -1);
      expect(new Set(mine.map((r) => r.uid)).size, owner).toBe(total[owner]);
      expect(new Set(mine.map((r) => r.uid)), owner).toEqual(new Set((await reportsOf(dep, owner)).map((r) => r.id)));
    }
  }, 120_000);
});

/** The reports in the lists file of data folder `dir` (read as a file, beside the host): owner and uid. */
async function localReports(dir: string): Promise<{ owner: string; uid: string }[]> {
  let db: DatabaseSync;
  try {
    db = new DatabaseSync(listsFile(dir), { readOnly: true });
  } catch {
    return [];
  }
  try {
    return db.prepare('SELECT owner, uid FROM scouting_reports').all() as { owner: string; uid: string }[];
  } catch {
    return [];
  } finally {
    db.close();
  }
}
