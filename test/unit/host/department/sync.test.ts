import { describe, expect, it } from 'vitest';
import type { DepartmentReports } from '../../../../shared/department/bridge.ts';
import type { ScoutingList } from '../../../../shared/domain/lists.ts';
import type { ScoutingReport } from '../../../../shared/domain/reports.ts';
import { departmentPerFile, SCOUT_A, SCOUT_B } from '../../department/department.ts';
import { eventually, finalReport, hostsPerFile, setupOn, sharedList } from './dept-hosts.ts';

/**
 * Two scouts' apps (real hosts, each with its own lists file and keychain entry) syncing through a real
 * PostgreSQL by the bridge alone, as the views will: a change is sent shortly after it is made, with no
 * "sync now"; a list shared by A reaches B read-only and its shared mark goes with it; the player page's
 * department reports find A's report on B's computer by source and id, or by name and birth date from
 * another source, with each grade's mean and range and the projections counted; a scout's two computers
 * editing one report leave a conflict that the bridge lists and resolves.
 */

const dep = departmentPerFile();
const hosts = hostsPerFile('dept-sync');

/** A host set up as `user`; `baseUrl` its players' source. */
const scout = (user: string, scoutName: string, baseUrl?: string) =>
  hosts.scout(dep, user, scoutName, undefined, { baseUrl });

const notesOnServer = async (owner: string) =>
  (
    await dep.admin.query<{ notes: string }>(
      "SELECT body->>'notes' AS notes FROM rinkside.reports WHERE owner = $1 ORDER BY 1",
      [owner],
    )
  ).rows.map((r) => r.notes);

describe('two scouts through the bridge', () => {
  it('a change is sent shortly after it is made; what A shares reaches B read-only, with its shared mark', async () => {
    const a = await scout(SCOUT_A, 'Anna Berg');
    const b = await scout(SCOUT_B, 'Bo Ek');
    const shared = await sharedList(a, 'Wingers', 40, 'Aleksi Virta', 4, 'quick release');
    expect(shared).toMatchObject({ name: 'Wingers', shared: true, readOnly: false });
    const secret = await a.call('scoutingListCreate', { name: 'Not for Bo' });
    await a.call('scoutingListEntrySave', {
      listId: secret.id,
      playerId: 41,
      player: { name: 'Hidden Guy', position: 'D', dateOfBirth: null },
      rating: 2,
      note: 'private note',
    });
    await a.call('scoutingReportSave', finalReport(40, 'Aleksi Virta', 'Anna saw him'));
    await a.call('scoutingReportSave', finalReport(40, 'Aleksi Virta', 'a draft', { status: 'draft' }));
    // No "sync now": the change reaches the server by itself.
    expect(
      await eventually(
        () => notesOnServer(SCOUT_A),
        (n) => n.length === 1,
      ),
    ).toEqual(['Anna saw him']);
    expect(
      await eventually(
        () => a.call('departmentStatus'),
        (s) => s.waiting === 0 && s.state === 'synced',
      ),
    ).toMatchObject({
      state: 'synced',
      waiting: 0,
    });

    // The private list is on the server, in A's name: the server itself keeps it from B.
    const onServer = await dep.admin.query('SELECT name, shared FROM rinkside.lists WHERE owner = $1 ORDER BY name', [
      SCOUT_A,
    ]);
    expect(onServer.rows).toEqual([
      { name: 'Not for Bo', shared: false },
      { name: 'Wingers', shared: true },
    ]);

    await b.call('departmentSyncNow');
    const lists = await b.call('scoutingLists');
    expect(lists.map((l: ScoutingList) => [l.name, l.scout, l.shared, l.readOnly])).toEqual([
      ['Wingers', 'Anna Berg', true, true],
    ]);
    const entries = await b.call('scoutingListEntries', { id: lists[0]?.id });
    expect(entries.data.map((e) => [e.name, e.rating, e.note])).toEqual([['Aleksi Virta', 4, 'quick release']]);
    // The final report arrived read-only; the draft did not.
    const reports = await b.call('scoutingReports', { query: {} });
    expect(reports.map((r: ScoutingReport) => [r.scout, r.notes, r.status, r.readOnly])).toEqual([
      ['Anna Berg', 'Anna saw him', 'final', true],
    ]);
    const refused = await b.dispatch('scoutingListShare', { id: lists[0]?.id, shared: false });
    expect(refused).toEqual({
      ok: false,
      error: {
        kind: 'bad-request',
        status: 400,
        parameter: 'id',
        message: 'Invalid id: this list is Anna Berg’s; only its owner can change it.',
      },
    });
  });

  it("the player page's department reports: by source and id, or by name and birth date from another source", async () => {
    const a = await scout(SCOUT_A, 'Anna Berg');
    const b = await scout(SCOUT_B, 'Bo Ek');
    await b.call('scoutingReportSave', {
      ...finalReport(40, 'Aleksi Virta', 'Bo saw him'),
      grades: { skating: 5, hockeySense: 6, compete: 9 },
      projection: 'top-six-f',
      gameDate: '2026-02-01',
    });
    await a.call('departmentSyncNow');
    await b.call('departmentSyncNow');
    const asked = { playerId: 40, name: 'Aleksi Virta', dateOfBirth: '2007-03-14' };
    const onB = await b.call('departmentReports', asked);
    // Anna's report of the test before (the same department) and Bo's own, newest game first.
    expect(onB.reports.map((r: ScoutingReport) => [r.scout, r.notes, r.readOnly])).toEqual([
      ['', 'Bo saw him', false],
      ['Anna Berg', 'Anna saw him', true],
    ]);
    expectSummary(onB);
    // The page's coverage section: the coverage query for him alone (the host names the data in use).
    const cov = await b.call('departmentCoverage', { player: asked });
    expect(cov.rows.map((r) => [r.reports, r.scouts, r.scoutNames, r.firstSeen, r.lastSeen, r.areas.skating])).toEqual([
      [2, 2, ['Anna Berg', 'Bo Ek'], '2026-01-10', '2026-02-01', { graded: 2, mean: 6, min: 5, max: 7 }],
    ]);
    // By his source and id alone, as a page of the data in use asks when the name is written otherwise.
    const byId = await b.call('departmentCoverage', { player: { playerId: 40, name: 'A. Virta', dateOfBirth: null } });
    expect(byId.rows.map((r) => r.reports)).toEqual([2]);

    // Another source numbers him otherwise: he is found by his name (accents and case aside) and birth date.
    const c = await scout(SCOUT_B, 'Bo Ek', 'http://127.0.0.1:10/v1');
    await c.call('departmentSyncNow');
    const elsewhere = await c.call('departmentReports', { ...asked, playerId: 999, name: 'ALEKSI VIRTA' });
    expect(elsewhere.reports.map((r: ScoutingReport) => r.notes)).toEqual(['Bo saw him', 'Anna saw him']);
    const nobody = await c.call('departmentReports', { ...asked, name: 'Other Player' });
    expect(nobody).toMatchObject({ department: true, reports: [], projections: [], scouts: 0 });
  });

  it("one scout's two computers editing one report: the conflict is listed, kept, and the report is his again", async () => {
    const one = await scout(SCOUT_A, 'Anna Berg');
    const two = await scout(SCOUT_A, 'Anna Berg');
    const r = await one.call('scoutingReportSave', finalReport(41, 'Liam Holm', 'first look'));
    await one.call('departmentSyncNow');
    await two.call('departmentSyncNow');
    const copy = (await two.call('scoutingReports', { query: {} })).find((x: ScoutingReport) => x.uid === r.uid);
    await one.call('scoutingReportSave', { ...finalReport(41, 'Liam Holm', 'edited on one'), id: r.id });
    await one.call('departmentSyncNow');
    // The second computer had not pulled the first one's edit: its push overwrites it, and keeps it as a conflict.
    await two.call('scoutingReportSave', { ...finalReport(41, 'Liam Holm', 'edited on two'), id: copy?.id });
    await two.call('departmentSyncNow');
    const status = await one.call('departmentSyncNow');
    expect(status).toMatchObject({ state: 'synced', conflicts: 1 });
    const [conflict, ...more] = await one.call('departmentConflicts');
    expect(more).toEqual([]);
    expect(conflict).toMatchObject({ kind: 'report', recordId: r.uid, resolution: null });
    expect((conflict?.state as { body: { notes: string } } | undefined)?.body.notes).toBe('edited on one');

    expect(await one.call('departmentResolveConflict', { id: conflict?.id, choice: 'keep' })).toMatchObject({
      resolution: 'keep',
    });
    await one.call('departmentSyncNow');
    expect(await two.call('departmentSyncNow')).toMatchObject({ conflicts: 0 });
    for (const h of [one, two]) {
      const mine = (await h.call('scoutingReports', { query: {} })).find((x: ScoutingReport) => x.uid === r.uid);
      expect(mine?.notes).toBe('edited on one');
    }
    const history = await one.call('departmentReportHistory', { id: r.id });
    expect(history.map((v) => v.body.notes)).toEqual(['first look', 'edited on one', 'edited on two', 'edited on one']);
  });
});

describe('what the server refuses or takes back', () => {
  it('a final report set back to draft reaches B as a retraction, never as a silent disappearance', async () => {
    const a = await scout(SCOUT_A, 'Anna Berg');
    const b = await scout(SCOUT_B, 'Bo Ek');
    const r = await a.call('scoutingReportSave', finalReport(42, 'Oskar Lind', 'first take', {}, '2007-05-05'));
    await a.call('departmentSyncNow');
    await b.call('departmentSyncNow');
    const onB = async () => (await b.call('scoutingReports', { query: {} })).find((x) => x.uid === r.uid);
    expect(await onB()).toMatchObject({ status: 'final', retracted: false, notes: 'first take', readOnly: true });

    await a.call('scoutingReportSave', {
      ...finalReport(42, 'Oskar Lind', 'rewriting it', { status: 'draft' }),
      id: r.id,
    });
    await a.call('departmentSyncNow');
    const row = await dep.admin.query("SELECT status, body->>'notes' AS notes FROM rinkside.reports WHERE id = $1", [
      r.uid,
    ]);
    // The server keeps the last final text, marked retracted: the draft's words never leave A's laptop.
    expect(row.rows).toEqual([{ status: 'retracted', notes: 'first take' }]);
    await b.call('departmentSyncNow');
    expect(await onB()).toMatchObject({ status: 'draft', retracted: true, notes: 'first take', readOnly: true });
    const player = { playerId: 42, name: 'Oskar Lind', dateOfBirth: '2007-05-05' };
    expect((await b.call('departmentReports', player)).reports).toEqual([]);
  });

  it("a laptop handed from A to B sends nothing of A's as B's: his report stays his, nothing is refused", async () => {
    // B sets up his own login on A's laptop: A's records stay A's (store/lists/department/configure.ts).
    const laptop = await scout(SCOUT_A, 'Anna Berg');
    const r = await laptop.call('scoutingReportSave', finalReport(43, 'Nils Dahl', "Anna's report"));
    expect(await laptop.call('departmentSyncNow')).toMatchObject({ state: 'synced', waiting: 0 });
    const saved = await laptop.call('departmentSave', setupOn(dep, SCOUT_B, 'Bo Ek'));
    expect(saved.configured).toMatchObject({ startedOver: false, queued: 0, unqueued: [] });
    const status = await laptop.call('departmentSyncNow');
    expect(status).toMatchObject({ state: 'synced', message: null, waiting: 0, refused: [], notSent: [] });
    const onLaptop = (await laptop.call('scoutingReports', { query: {} })).find((x: ScoutingReport) => x.uid === r.uid);
    expect(onLaptop).toMatchObject({ owner: SCOUT_A, readOnly: true });
    const onServer = await dep.admin.query(
      "SELECT owner, body->>'notes' AS notes FROM rinkside.reports WHERE id = $1",
      [r.uid],
    );
    expect(onServer.rows).toEqual([{ owner: SCOUT_A, notes: "Anna's report" }]);
  });
});

/** Each area's mean and range, and the projections, recomputed here from the two reports' grades. */
function expectSummary(d: DepartmentReports) {
  expect(d.department).toBe(true);
  expect(d.scouts).toBe(2);
  // Anna: skating 7, hockey sense 8 (middle-six); Bo: skating 5, hockey sense 6, compete 9 (top-six).
  const area = (name: string) => d.summary.areas.find((a) => a.area === name);
  expect(area('skating')).toEqual({ area: 'skating', graded: 2, mean: 6, min: 5, max: 7 });
  expect(area('hockeySense')).toEqual({ area: 'hockeySense', graded: 2, mean: 7, min: 6, max: 8 });
  expect(area('compete')).toEqual({ area: 'compete', graded: 1, mean: 9, min: 9, max: 9 });
  expect(d.summary.viewings).toBe(2);
  expect(d.projections).toEqual([
    { projection: 'top-six-f', count: 1 },
    { projection: 'middle-six-f', count: 1 },
  ]);
}
