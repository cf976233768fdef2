import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ScoutingReport } from '../../../../shared/domain/reports.ts';
import { departmentPerFile, SCOUT_A } from '../../department/department.ts';
import { startApp } from './app-client.ts';
import { eventually, finalReport, HELD_TIMINGS, hostsPerFile, saveReports, setupOn, synced } from './dept-hosts.ts';
import { changesOf, reportsOf } from './server-counts.ts';

/**
 * The department's faults that need the app as a process of its own (app-process.ts: the real host on its
 * data folder and the real keychain): killed with SIGKILL while a large outbox is being pushed, and run
 * under a clock six hours ahead (faketime). Counted on the server, per owner, against what the laptops made.
 */

const dep = departmentPerFile();
const hosts = hostsPerFile('dept-app-faults');

describe('kill -9 of the app during a push', () => {
  it('the next start sends what was left: every change once on the server, none lost', async () => {
    // The outbox filled while the change timer waits (an hour), and left there as the app quits.
    const first = await hosts.scout(dep, SCOUT_A, 'Anna Berg', 'killed-a', { timings: HELD_TIMINGS });
    await synced(first);
    const made = await saveReports(first, 'killed', 1500, 30_000);
    expect(await first.call('departmentStatus')).toMatchObject({ waiting: 1500 });
    await first.host.close();
    const before = (await changesOf(dep, SCOUT_A)).length;

    // The app started again pushes at once; it is killed once part of the outbox is on the server.
    const app = startApp(join(hosts.root(), 'killed-a'), hosts.keyring.service);
    await app.ready;
    let seen = 0;
    for (let i = 0; i < 12_000 && seen === 0; i++) {
      seen = (await reportsOf(dep, SCOUT_A)).length;
      if (seen === 0) await new Promise((r) => setTimeout(r, 5));
    }
    app.proc.kill('SIGKILL');
    expect(await app.exited).toBe('SIGKILL');
    const atKill = (await reportsOf(dep, SCOUT_A)).length;
    expect(seen).toBeGreaterThan(0);
    expect(atKill, 'killed before the push was over').toBeLessThan(1500);

    const again = await hosts.start('killed-a');
    expect(
      await eventually(
        () => again.call('departmentStatus'),
        (s) => s.state === 'synced' && s.waiting === 0,
      ),
    ).toMatchObject({ state: 'synced', waiting: 0 });
    const onServer = await reportsOf(dep, SCOUT_A);
    expect(onServer.map((r) => r.notes).sort()).toEqual(made.sort());
    expect(onServer.every((r) => r.version === 1)).toBe(true);
    const log = await changesOf(dep, SCOUT_A);
    expect(log.length - before).toBe(1500);
    expect(new Set(log.map((c) => c.record_id)).size).toBe(log.length);
    // The laptop holds each report once, as the server does.
    const here = (await again.call('scoutingReports', { query: {} })).filter((r: ScoutingReport) =>
      r.notes.startsWith('killed '),
    );
    expect(here.map((r: ScoutingReport) => r.notes).sort()).toEqual(made.sort());
  }, 180_000);
});

/** Runs a command six hours ahead of this computer's clock (libfaketime; timers keep the real pace). */
const SIX_HOURS_AHEAD = ['env', 'FAKETIME_DONT_FAKE_MONOTONIC=1', 'faketime', '-f', '+6h'];
const HOUR = 3_600_000;

describe("laptops' clocks six hours apart", () => {
  it('the server orders by its own commits: the later commit wins, the other is a conflict, whatever the clocks say', async () => {
    const onTime = await hosts.scout(dep, SCOUT_A, 'Anna Berg', 'clock-on-time', { timings: HELD_TIMINGS });
    const r = await onTime.call('scoutingReportSave', finalReport(41, 'Clock Player', 'first look'));
    await onTime.call('departmentSyncNow');

    // The scout's second computer, its clock six hours ahead.
    const ahead = startApp(join(hosts.root(), 'clock-ahead'), hosts.keyring.service, HELD_TIMINGS, SIX_HOURS_AHEAD);
    try {
      await ahead.ready;
      const skew = Date.parse(await ahead.now()) - Date.now();
      expect(skew).toBeGreaterThan(5.9 * HOUR);
      expect(skew).toBeLessThan(6.1 * HOUR);
      await ahead.call('departmentSave', setupOn(dep, SCOUT_A, 'Anna Berg'));
      await ahead.call('departmentSyncNow');
      const copy = (await ahead.call('scoutingReports', { query: {} })).find((x: ScoutingReport) => x.uid === r.uid);
      expect(copy?.notes).toBe('first look');

      // Both edit it before either syncs; the edit ahead is the later one by both clocks, and is sent first.
      await onTime.call('scoutingReportSave', { ...finalReport(41, 'Clock Player', 'edited on time'), id: r.id });
      await ahead.call('scoutingReportSave', {
        ...finalReport(41, 'Clock Player', 'edited six hours ahead'),
        id: copy?.id,
      });
      expect(await ahead.call('departmentSyncNow')).toMatchObject({ state: 'synced', waiting: 0 });
      expect(await onTime.call('departmentSyncNow')).toMatchObject({ state: 'synced', waiting: 0, conflicts: 1 });

      // The server committed the on-time edit last: it is the report; the one six hours ahead is the conflict.
      const [onServer, ...others] = (await reportsOf(dep, SCOUT_A)).filter((x) => x.id === r.uid);
      expect(others).toEqual([]);
      expect(onServer).toMatchObject({ notes: 'edited on time', version: 3 });
      const kept = await dep.admin.query<{ author: string; notes: string }>(
        "SELECT author, state->'body'->>'notes' AS notes FROM rinkside.conflicts WHERE record_id = $1",
        [r.uid],
      );
      expect(kept.rows).toEqual([{ author: SCOUT_A, notes: 'edited six hours ahead' }]);
      const log = (await changesOf(dep, SCOUT_A)).filter((c) => c.record_id === r.uid);
      expect(log.map((c) => c.outcome).sort()).toEqual(['applied', 'applied', 'conflict']);

      // The computer ahead shows the same: the on-time edit, and its own listed to keep or drop.
      expect(await ahead.call('departmentSyncNow')).toMatchObject({ state: 'synced', conflicts: 1 });
      const mine = (await ahead.call('scoutingReports', { query: {} })).find((x: ScoutingReport) => x.uid === r.uid);
      expect(mine?.notes).toBe('edited on time');
      const [conflict, ...more] = await ahead.call('departmentConflicts');
      expect(more).toEqual([]);
      expect((conflict?.state as { body: { notes: string } } | undefined)?.body.notes).toBe('edited six hours ahead');
    } finally {
      ahead.proc.kill('SIGTERM');
      await ahead.exited;
    }
  }, 120_000);
});

/** Runs a command whose D-Bus session address leads nowhere: no Secret Service answers it. */
const NO_KEYCHAIN = ['env', 'DBUS_SESSION_BUS_ADDRESS=unix:path=/nonexistent/rinkside-bus'];

describe('the keychain not answering at start', () => {
  it('sync waits and says why, the scout writes on, and nothing is lost once the keychain answers again', async () => {
    const first = await hosts.scout(dep, SCOUT_A, 'Anna Berg', 'keychain-off-a');
    await synced(first);
    await first.host.close();

    const off = startApp(join(hosts.root(), 'keychain-off-a'), hosts.keyring.service, {}, NO_KEYCHAIN);
    let written: ScoutingReport | undefined;
    try {
      await off.ready;
      const held = await off.call('departmentStatus');
      expect(held).toMatchObject({ state: 'password', openSettings: true });
      expect(held.message).toBe(
        "No system keychain is reachable (no Secret Service such as GNOME Keyring or KWallet is running). The department's password cannot be read, so sync waits.",
      );
      // The lists stay the scout's to write: a final report waits in the outbox.
      written = await off.call(
        'scoutingReportSave',
        finalReport(61, 'Keychain Player', 'written while the keychain slept'),
      );
      expect(await off.call('departmentStatus')).toMatchObject({ state: 'password', waiting: 1 });
      // Settings says the same, and nothing of the set-up was forgotten.
      const settings = await off.call('departmentSettings');
      expect(settings).toMatchObject({ keychainAvailable: false });
      expect(settings.config).toMatchObject({ user: SCOUT_A });
    } finally {
      off.proc.kill('SIGTERM');
      await off.exited;
    }
    expect(written).toBeDefined();
    const uid = (written as ScoutingReport).uid;
    expect((await reportsOf(dep, SCOUT_A)).map((r) => r.id)).not.toContain(uid);

    // The keychain answers again: the stored password is read, the report is sent once.
    const again = await hosts.start('keychain-off-a');
    expect(
      await eventually(
        () => again.call('departmentStatus'),
        (s) => s.state === 'synced' && s.waiting === 0,
      ),
    ).toMatchObject({ state: 'synced', waiting: 0 });
    const onServer = (await reportsOf(dep, SCOUT_A)).filter((r) => r.id === uid);
    expect(onServer.map((r) => r.notes)).toEqual(['written while the keychain slept']);
  }, 120_000);
});
