import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Host } from '../../../electron/host/app.ts';
import { seedDatabase } from '../../../service/data/seed.ts';
import type { BoardDetail, DraftBoard } from '../../../shared/domain/board-order.ts';
import type { ScoutingReport } from '../../../shared/domain/reports.ts';
import { reportSave } from '../store/fixtures.ts';
import { withEmbeddedHost } from './embedded-host.ts';
import { testKeyring } from './test-keyring.ts';

/**
 * Which players records name are the data in use's (`scoutingPlayersInUse`), through a real host on a real
 * embedded database: a report and a board's player written on database A name A's player 1; once the data
 * in use is database B (the same world again, so B's player 1 has the same name and birth date), they are
 * not B's player 1 and the page must not link them to B's page, as a list entry starred on A is not linked
 * (embedded-identity.test.ts). A record of B's own player is.
 */

const kr = testKeyring('in-use');
let dir: string;
let dbA: string;
let dbB: string;

const withHost = <T>(db: string, dataDir: string, fn: (host: Host) => Promise<T>) =>
  withEmbeddedHost(kr.keyring, db, dataDir, fn);

/** The value of a bridge answer, or the test fails with its error. */
async function value<T>(answer: Promise<{ ok: true; value: unknown } | { ok: false; error: { message: string } }>) {
  const a = await answer;
  if (!a.ok) throw new Error(a.error.message);
  return a.value as T;
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'rinkside-in-use-'));
  dbA = join(dir, 'a.sqlite');
  dbB = join(dir, 'b.sqlite');
  await seedDatabase(dbA, { size: 'small', seed: 5 });
  await seedDatabase(dbB, { size: 'small', seed: 5 });
}, 120_000);
afterAll(async () => {
  await kr.clear();
  await rm(dir, { recursive: true, force: true });
});

describe('the players records name, seen from the data in use', () => {
  it('links a record written on another database to nobody here, and a record of this one to its player', async () => {
    const dataDir = join(dir, 'data');
    const one = { name: 'Player One', position: 'C', dateOfBirth: '2005-01-02' };
    const onA = await withHost(dbA, dataDir, async (host) => {
      const report = await value<ScoutingReport>(
        host.dispatch('scoutingReportSave', reportSave({ playerId: 1, player: one, status: 'final' })),
      );
      const board = await value<DraftBoard>(host.dispatch('draftBoardCreate', { name: 'Seen in A' }));
      await value(host.dispatch('draftBoardAdd', { boardId: board.id, playerId: 1, player: one }));
      const kept = { source: report.source, playerId: 1, name: one.name, dateOfBirth: one.dateOfBirth };
      // On A, where they were written, he is A's player 1.
      expect(await value(host.dispatch('scoutingPlayersInUse', { players: [kept] }))).toEqual([true]);
      return { source: host.connection.dataSource(), boardId: board.id };
    });
    expect(onA.source).toMatch(/^embedded:/);

    await withHost(dbB, dataDir, async (host) => {
      const inUse = host.connection.dataSource();
      expect(inUse).not.toBe(onA.source);
      const [report] = await value<ScoutingReport[]>(host.dispatch('scoutingReports', {}));
      const board = await value<BoardDetail>(host.dispatch('draftBoard', { id: onA.boardId }));
      if (!report || !board.entries[0]) throw new Error('the report and the board entry written on A are kept');
      expect([report.source, report.playerId, board.entries[0].source]).toEqual([onA.source, 1, onA.source]);
      const asked = [
        { source: report.source, playerId: report.playerId, name: report.playerName, dateOfBirth: report.dateOfBirth },
        board.entries[0],
        // B's own player 1, as a record written on B would name him.
        { source: inUse, playerId: 1, name: one.name, dateOfBirth: one.dateOfBirth },
      ].map((p) => ({ source: p.source, playerId: p.playerId, name: p.name, dateOfBirth: p.dateOfBirth }));
      expect(await value(host.dispatch('scoutingPlayersInUse', { players: asked }))).toEqual([false, false, true]);
      // Bad input is refused naming the field, not answered.
      const bad = await host.dispatch('scoutingPlayersInUse', { players: [{ ...asked[0], playerId: 0 }] });
      expect(bad.ok).toBe(false);
    });
  }, 90_000);
});
