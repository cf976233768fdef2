import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { departmentPerFile, SCOUT_B } from '../../department/department.ts';
import { eventually, HELD_TIMINGS, hostsPerFile, saveReports, setupOn, synced } from './dept-hosts.ts';
import { changesOf, reportsOf } from './server-counts.ts';
import { type LossyProxy, startLossyProxy } from './tcp-proxy.ts';

/**
 * A push whose answer was lost, through the real host: the host reaches the server through a TCP proxy that
 * forwards a push and then cuts the connection instead of passing its answer on. The server has taken the
 * batch; the laptop does not know it, keeps the changes, and sends them again. The server answers them
 * `duplicate` (each change carries its own id), and every report is on the server once.
 */

const dep = departmentPerFile();
const hosts = hostsPerFile('dept-lost-answer');
let proxy: LossyProxy;

beforeAll(async () => {
  proxy = await startLossyProxy(dep.cluster.info.port);
});
afterAll(async () => {
  await proxy?.close();
});

describe('a push whose answer was lost', () => {
  it('is sent again and answered duplicate: every change once on the server, none lost', async () => {
    const b = await hosts.start('lossy-b', { timings: HELD_TIMINGS });
    await b.call('departmentSave', { ...setupOn(dep, SCOUT_B, 'Bo Ek'), port: proxy.port });
    await synced(b);
    const notes = await saveReports(b, 'answer lost', 120, 20_000);
    const before = (await changesOf(dep, SCOUT_B)).length;

    const dropped = proxy.dropNextAnswer('rinkside.push(');
    void b.dispatch('departmentSyncNow');
    await dropped;
    // The server took the first batch (50 changes) the laptop never heard back about.
    expect((await reportsOf(dep, SCOUT_B)).length).toBe(50);

    // The host tries again by itself.
    const after = await eventually(
      () => b.call('departmentStatus'),
      (s) => s.state === 'synced' && s.waiting === 0,
    );
    expect(after).toMatchObject({ state: 'synced', waiting: 0 });
    expect(after.lastRound?.pushed).toEqual({ applied: 70, conflict: 0, duplicate: 50, refused: 0 });
    const onServer = await reportsOf(dep, SCOUT_B);
    expect(onServer.map((r) => r.notes).sort()).toEqual(notes.sort());
    expect(onServer.every((r) => r.version === 1)).toBe(true);
    expect((await changesOf(dep, SCOUT_B)).length - before).toBe(120);
  });
});
