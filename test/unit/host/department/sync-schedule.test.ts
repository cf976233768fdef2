import { describe, expect, it } from 'vitest';
import { startCluster, stopCluster } from '../../../../department/cluster/local-cluster.ts';
import { createDepartmentPasswords } from '../../../../electron/host/department/passwords.ts';
import type { ScoutingReport } from '../../../../shared/domain/reports.ts';
import { departmentPerFile, SCOUT_A, SCOUT_B } from '../../department/department.ts';
import {
  eventually,
  finalReport,
  HELD_TIMINGS,
  hostsPerFile,
  placesHolding,
  setupOn,
  synced,
  type TEST_TIMINGS,
  type TestHost,
} from './dept-hosts.ts';

/**
 * When the real host syncs, and what its status says when it cannot, on a real PostgreSQL: a round as the
 * app starts (changes left waiting by the run before are sent with no call of the page's), every few
 * minutes (shortened here by the timings option), and on demand; the server stopped: "offline" with the
 * changes waiting, then caught up by the host's own retries once the server is back; a password changed on
 * the server, or missing from the keychain: the status says so in one sentence and asks for Settings; a
 * login that gains BYPASSRLS on the server: sync pauses. No status, answer, log line or file of the data
 * folder ever holds a password.
 */

const dep = departmentPerFile();
const hosts = hostsPerFile('dept-schedule');

const setupOf = (user: string, scoutName: string, password?: string) => setupOn(dep, user, scoutName, password);

/** A host on data folder `name` set up as `user`; `timings` over the tests' own. */
const scout = (user: string, scoutName: string, name?: string, timings?: Partial<typeof TEST_TIMINGS>) =>
  hosts.scout(dep, user, scoutName, name, { timings });

/** The notes of `owner`'s reports on the server, sorted (a fresh admin connection: the server may have restarted). */
async function notesOnServer(owner: string): Promise<string[]> {
  const admin = await dep.cluster.adminClient();
  try {
    const { rows } = await admin.query<{ notes: string }>(
      "SELECT body->>'notes' AS notes FROM rinkside.reports WHERE owner = $1 ORDER BY 1",
      [owner],
    );
    return rows.map((r) => r.notes);
  } finally {
    await admin.end();
  }
}

const notesOn = async (h: TestHost) =>
  (await h.call('scoutingReports', { query: {} })).map((r: ScoutingReport) => r.notes).sort();

describe('when the host syncs', () => {
  it('at start: changes the run before left waiting are sent with no call of the page', async () => {
    // A change is sent an hour after it is made in this run: it is still waiting when the app quits.
    const first = await scout(SCOUT_A, 'Anna Berg', 'start-a', HELD_TIMINGS);
    await synced(first);
    await first.call('scoutingReportSave', finalReport(50, 'Start Player', 'left waiting'));
    expect(await first.call('departmentStatus')).toMatchObject({ state: 'synced', waiting: 1 });
    await first.host.close();
    expect(await notesOnServer(SCOUT_A)).toEqual([]);

    const again = await hosts.start('start-a');
    expect(
      await eventually(
        () => again.call('departmentStatus'),
        (s) => s.state === 'synced' && s.waiting === 0,
      ),
    ).toMatchObject({ state: 'synced', waiting: 0, user: SCOUT_A });
    expect(await notesOnServer(SCOUT_A)).toEqual(['left waiting']);
  });

  it("every few minutes (here 300 ms): a colleague's report arrives with no call of the page", async () => {
    const a = await scout(SCOUT_A, 'Anna Berg');
    const b = await scout(SCOUT_B, 'Bo Ek', undefined, { intervalMs: 300 });
    // B's first round (as the set-up was saved) is over before A sends anything.
    await synced(b);
    await a.call('scoutingReportSave', finalReport(51, 'Regular Player', 'sent by A'));
    await a.call('departmentSyncNow');
    expect(
      await eventually(
        () => notesOn(b),
        (n) => n.includes('sent by A'),
      ),
    ).toContain('sent by A');
  });

  it('on demand: the answer of departmentSyncNow already holds what the server had', async () => {
    const a = await scout(SCOUT_A, 'Anna Berg');
    const b = await scout(SCOUT_B, 'Bo Ek');
    await synced(b);
    await a.call('scoutingReportSave', finalReport(52, 'Asked Player', 'asked for'));
    expect(await a.call('departmentSyncNow')).toMatchObject({ state: 'synced', waiting: 0 });
    expect(await notesOn(b)).not.toContain('asked for');
    const status = await b.call('departmentSyncNow');
    expect(status).toMatchObject({ state: 'synced', message: null });
    expect(status.lastRound?.pulled.applied).toBeGreaterThan(0);
    expect(await notesOn(b)).toContain('asked for');
  });
});

describe('the server away', () => {
  it('is "offline" with the changes waiting, and caught up by the host itself when the server is back', async () => {
    const a = await scout(SCOUT_A, 'Anna Berg');
    await synced(a);
    const where = `${dep.cluster.info.host}:${dep.cluster.info.port}`;
    await stopCluster(dep.cluster.info.dir, 'fast');
    try {
      await a.call('scoutingReportSave', finalReport(53, 'Away Player', 'made offline 1'));
      await a.call('scoutingReportSave', finalReport(54, 'Away Player', 'made offline 2'));
      const offline = await eventually(
        () => a.call('departmentStatus'),
        (s) => s.state === 'offline',
      );
      expect(offline).toMatchObject({
        state: 'offline',
        waiting: 2,
        openSettings: false,
        message: `The department's server at ${where} cannot be reached (ECONNREFUSED); changes wait on this computer.`,
      });
      expect(offline.offlineSince).not.toBeNull();
      expect(offline.nextTryAt).not.toBeNull();
    } finally {
      await startCluster(dep.cluster.info.dir);
    }
    // No call of the page's: the host's retries find the server again.
    const back = await eventually(
      () => a.call('departmentStatus'),
      (s) => s.state === 'synced' && s.waiting === 0,
    );
    expect(back).toMatchObject({ state: 'synced', waiting: 0, message: null, offlineSince: null });
    expect(await notesOnServer(SCOUT_A)).toEqual(expect.arrayContaining(['made offline 1', 'made offline 2']));
  });
});

describe('a login the server no longer takes as it was', () => {
  it('a password changed on the server: one sentence, Settings asked for, and no password anywhere', async () => {
    const a = await scout(SCOUT_A, 'Anna Berg');
    await synced(a);
    const old = dep.passwords[SCOUT_A] as string;
    const fresh = 'Fresh-Password-Of-Anna-2026';
    const admin = await dep.cluster.adminClient();
    await admin.query(`ALTER ROLE ${SCOUT_A} PASSWORD '${fresh}'`);
    // A session logged in before goes on; the change shows at the next login (here at once, not after idling).
    await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = $1', [SCOUT_A]);
    try {
      await a.call('scoutingReportSave', finalReport(55, 'Locked Player', 'waits for the password'));
      await a.call('departmentSyncNow');
      const status = await eventually(
        () => a.call('departmentStatus'),
        (s) => s.state === 'password',
      );
      const where = `${dep.cluster.info.host}:${dep.cluster.info.port}`;
      expect(status).toMatchObject({
        state: 'password',
        openSettings: true,
        waiting: 1,
        message: `The department's server at ${where} refused the password of ${SCOUT_A} (changed on the server?): enter the current one in Settings → Department.`,
      });
      // A wrong password typed in Settings is refused the same way, and keeps what was set.
      const wrong = await a.dispatch('departmentSave', setupOf(SCOUT_A, 'Anna Berg', 'Not-Her-Password-77'));
      expect(wrong).toMatchObject({ ok: false, error: { parameter: 'password' } });
      // The current one, typed in Settings, lets the waiting change go.
      await a.call('departmentSave', setupOf(SCOUT_A, 'Anna Berg', fresh));
      expect(await a.call('departmentSyncNow')).toMatchObject({ state: 'synced', waiting: 0, message: null });
      expect(await notesOnServer(SCOUT_A)).toContain('waits for the password');

      // The search finds what is there (the scout's name: in answers, settings.json and the lists file) …
      expect((await placesHolding('Anna Berg', hosts.transcript, [a])).length).toBeGreaterThanOrEqual(3);
      // … and no password, old, current or mistyped, in any of them.
      for (const secret of [old, fresh, 'Not-Her-Password-77'])
        expect(await placesHolding(secret, hosts.transcript, [a]), secret).toEqual([]);
    } finally {
      await admin.query(`ALTER ROLE ${SCOUT_A} PASSWORD '${old}'`);
      await admin.end();
    }
  });

  it('a password missing from the keychain: the status asks for it in Settings, and nothing is sent', async () => {
    const first = await scout(SCOUT_B, 'Bo Ek', 'no-password');
    await first.host.close();
    await createDepartmentPasswords(hosts.keyring.keyring).remove(setupOf(SCOUT_B, 'Bo Ek'));
    const again = await hosts.start('no-password');
    await again.call('scoutingReportSave', finalReport(56, 'Keyless Player', 'waits for the keychain'));
    const where = `${dep.cluster.info.host}:${dep.cluster.info.port}`;
    expect(await again.call('departmentSyncNow')).toMatchObject({
      state: 'password',
      openSettings: true,
      waiting: 1,
      message: `No password of ${SCOUT_B} for ${where} is stored: enter it in Settings → Department.`,
    });
    expect(await again.call('departmentSettings')).toMatchObject({ passwordStored: false, config: { user: SCOUT_B } });
    expect(await notesOnServer(SCOUT_B)).not.toContain('waits for the keychain');
  });

  it('a login given BYPASSRLS on the server: sync pauses in one sentence, and nothing is sent', async () => {
    const b = await scout(SCOUT_B, 'Bo Ek');
    await synced(b);
    const admin = await dep.cluster.adminClient();
    await admin.query(`ALTER ROLE ${SCOUT_B} BYPASSRLS`);
    try {
      await b.call('scoutingReportSave', finalReport(57, 'Bypass Player', 'never sent as a bypasser'));
      expect(await b.call('departmentSyncNow')).toMatchObject({
        state: 'paused',
        openSettings: true,
        waiting: 1,
        message:
          "Rinkside does not sync as scout_b: it is a role that bypasses row-level security, so the server's rules would not bind it. Ask the department's admin for a scout login (npm run department -- add-scout).",
      });
      expect(await notesOnServer(SCOUT_B)).not.toContain('never sent as a bypasser');
    } finally {
      await admin.query(`ALTER ROLE ${SCOUT_B} NOBYPASSRLS`);
      await admin.end();
    }
    expect(await b.call('departmentSyncNow')).toMatchObject({ state: 'synced', waiting: 0 });
  });
});
