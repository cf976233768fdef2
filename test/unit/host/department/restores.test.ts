import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startCluster, stopCluster } from '../../../../department/cluster/local-cluster.ts';
import type { ScoutingReport } from '../../../../shared/domain/reports.ts';
import { departmentPerFile, SCOUT_A, SCOUT_B } from '../../department/department.ts';
import { eventually, finalReport, hostsPerFile, sharedList, synced, type TestHost } from './dept-hosts.ts';

/**
 * Restores, through the real host on a real server. The department's server restored from a physical
 * backup taken before the scout's last changes (its transaction counter, and so the feed, behind his
 * cursor): his next sync brings back to the server what it lost, from his laptop, and keeps his laptop's
 * newer states; nothing is lost or sent twice. A backup of the lists restored on the laptop: its outbox is
 * replayed harmlessly and the pull brings back what came after it.
 */

const dep = departmentPerFile();
const hosts = hostsPerFile('dept-restores');

/** A host set up as `user`; `debounceMs` from a change to the round that sends it. */
const scout = (user: string, scoutName: string, debounceMs?: number) =>
  hosts.scout(dep, user, scoutName, undefined, { timings: debounceMs === undefined ? {} : { debounceMs } });

/** `owner`'s reports on the server: notes by id, and how many changes the server logged for him. */
async function onServer(owner: string) {
  const admin = await dep.cluster.adminClient();
  try {
    const reports = await admin.query<{ id: string; notes: string }>(
      "SELECT id, body->>'notes' AS notes FROM rinkside.reports WHERE owner = $1 ORDER BY 2",
      [owner],
    );
    return reports.rows.map((r) => r.notes);
  } finally {
    await admin.end();
  }
}

/** The notes of the reports on `h`: its scout's own only, or every one (colleagues' copies too). */
const notesOn = async (h: TestHost, own = false) =>
  (await h.call('scoutingReports', { query: {} }))
    .filter((r: ScoutingReport) => !own || r.scout === '')
    .map((r: ScoutingReport) => r.notes)
    .sort();

const dataOf = () => join(dep.cluster.info.dir, 'data');

describe("the department's server restored from an older backup", () => {
  it("gets back from the scout's laptop what it lost, and the laptop keeps its newer states", async () => {
    const a = await scout(SCOUT_A, 'Anna Berg');
    const b = await scout(SCOUT_B, 'Bo Ek');
    const first = await a.call('scoutingReportSave', finalReport(60, 'Old Player', 'before the backup'));
    expect(await a.call('departmentSyncNow')).toMatchObject({ state: 'synced', waiting: 0 });

    // A physical backup (the data folder copied while the server is stopped).
    const backup = `${dataOf()}-backup`;
    await stopCluster(dep.cluster.info.dir, 'fast');
    execFileSync('cp', ['-a', dataOf(), backup]);
    await startCluster(dep.cluster.info.dir);

    await a.call('scoutingReportSave', { ...finalReport(60, 'Old Player', 'edited after the backup'), id: first.id });
    await a.call('scoutingReportSave', finalReport(61, 'New Player', 'made after the backup'));
    await sharedList(a, 'Made after the backup', 61, 'New Player', 5, 'entry after the backup');
    expect(await a.call('departmentSyncNow')).toMatchObject({ state: 'synced', waiting: 0 });
    await b.call('departmentSyncNow');
    expect(await onServer(SCOUT_A)).toEqual(['edited after the backup', 'made after the backup']);

    // The server is restored from the backup: both of A's changes since are gone from it.
    await stopCluster(dep.cluster.info.dir, 'fast');
    rmSync(dataOf(), { recursive: true, force: true });
    execFileSync('mv', [backup, dataOf()]);
    await startCluster(dep.cluster.info.dir);
    expect(await onServer(SCOUT_A)).toEqual(['before the backup']);

    // A's next round finds the server behind its cursor, and sends again what the server lost.
    const after = await a.call('departmentSyncNow');
    expect(after).toMatchObject({ state: 'synced', message: null, waiting: 0, refused: [], conflicts: 1 });
    // Two reports, the list and its entry (the list sent before its entry, as the server needs).
    expect(after.lastRound?.resent).toBe(4);
    expect(after.lastRound?.pushed).toEqual({ applied: 3, conflict: 1, duplicate: 0, refused: 0 });
    expect(await notesOn(a)).toEqual(['edited after the backup', 'made after the backup']);
    // The server's older state of the edited report is kept for A to keep or drop, not overwritten in silence.
    const [older, ...more] = await a.call('departmentConflicts');
    expect(more).toEqual([]);
    expect(older).toMatchObject({ kind: 'report', recordId: first.uid });
    expect((older?.state as { body: { notes: string } } | undefined)?.body.notes).toBe('before the backup');
    // A round after that has nothing more to send.
    expect((await a.call('departmentSyncNow')).lastRound).toMatchObject({ resent: 0, pushed: { applied: 0 } });
    expect(await onServer(SCOUT_A)).toEqual(['edited after the backup', 'made after the backup']);
    await b.call('departmentSyncNow');
    expect(await notesOn(b)).toEqual(['edited after the backup', 'made after the backup']);
    const [onB, ...others] = await b.call('scoutingLists');
    expect(others).toEqual([]);
    expect(onB).toMatchObject({ name: 'Made after the backup', shared: true, readOnly: true });
    const entries = await b.call('scoutingListEntries', { id: onB?.id });
    expect(entries.data.map((e) => [e.name, e.rating, e.note])).toEqual([['New Player', 5, 'entry after the backup']]);
  });
});

describe('a backup of the lists restored on the laptop', () => {
  it('replays its waiting changes harmlessly and pulls back what came after: nothing lost, nothing twice', async () => {
    // Changes wait a minute before they are sent: the backup is taken with one waiting.
    const b = await scout(SCOUT_B, 'Bo Ek', 60_000);
    await synced(b);
    const first = await b.call('scoutingReportSave', finalReport(70, 'Backed Player', 'in the lists backup, waiting'));
    const backup = await eventually(
      () => b.call('listsSafety'),
      (s) => s.backups.length > 0 && !s.pendingBackup,
    );
    expect(await b.call('departmentStatus')).toMatchObject({ waiting: 1 });
    await b.call('scoutingReportSave', {
      ...finalReport(70, 'Backed Player', 'edited after the lists backup'),
      id: first.id,
    });
    await b.call('scoutingReportSave', finalReport(71, 'Later Player', 'made after the lists backup'));
    expect(await b.call('departmentSyncNow')).toMatchObject({ state: 'synced', waiting: 0 });
    const changes = async () => {
      const admin = await dep.cluster.adminClient();
      try {
        return (await admin.query('SELECT count(*)::int AS n FROM rinkside.changes WHERE owner = $1', [SCOUT_B]))
          .rows[0]?.n;
      } finally {
        await admin.end();
      }
    };
    const logged = await changes();

    await b.call('listsRestore', { name: backup.backups[0]?.name });
    expect(await notesOn(b, true)).toEqual(['in the lists backup, waiting']);
    expect(await b.call('departmentStatus')).toMatchObject({ waiting: 1 });
    const status = await b.call('departmentSyncNow');
    expect(status).toMatchObject({ state: 'synced', waiting: 0, refused: [], conflicts: 0 });
    expect(status.lastRound?.pushed).toEqual({ applied: 0, conflict: 0, duplicate: 1, refused: 0 });
    // Nothing applied twice on the server; everything after the backup came back from it.
    expect(await changes()).toBe(logged);
    expect(await onServer(SCOUT_B)).toEqual(['edited after the lists backup', 'made after the lists backup']);
    expect(await notesOn(b, true)).toEqual(['edited after the lists backup', 'made after the lists backup']);
  });
});
