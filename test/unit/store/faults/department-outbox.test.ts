import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Change } from '../../../../shared/department/changes.ts';
import { burstNote } from './notes.ts';
import { type Scout, startScout, until } from './scout-client.ts';

/**
 * The outbox is written in the same transaction as the change itself, shown with real processes: a scout
 * in a department saves notes one after another (scout-process.ts: the host's lists host and handlers) and
 * is killed with SIGKILL in the middle of the burst, at a different point each round. A fresh process
 * then reads the list and the outbox: every note the host acknowledged is in the list, and the list and
 * the outbox hold exactly the same notes, each entry with its change and each change with its entry.
 */

let root: string;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'rinkside-outbox-kill-'));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

async function quit(scout: Scout): Promise<void> {
  await scout.send('quit').catch(() => {});
  await scout.exited;
}

describe('kill -9 in the middle of a burst of saves, with a department set up', () => {
  it('leaves every acknowledged change in the list and the outbox, and nothing in one that is not in the other', async () => {
    for (const [round, killAfter] of [20, 75, 160].entries()) {
      const dir = join(root, `round-${round}`);
      await mkdir(dir, { recursive: true });
      const a = startScout(dir);
      await a.send('departmentConfigure', {
        setup: { server: '127.0.0.1', port: 5432, database: 'rinkside', user: 'anna', scoutName: 'Anna' },
      });
      const listId = await a.send<number>('create', { name: 'Burst' });
      void a.send('burst', { listId, from: 1, count: 5000 }).catch(() => {});
      await until(() => a.acks.length >= killAfter);
      a.proc.kill('SIGKILL');
      expect((await a.exited).signal).toBe('SIGKILL');
      const acked = [...a.acks];

      const b = startScout(dir);
      const entries = await b.send<{ id: number; note: string }[]>('entries', { listId });
      const outbox = await b.send<Change[]>('departmentOutbox', { limit: 10_000 });
      await quit(b);

      const inList = new Map(entries.map((e) => [e.id, e.note]));
      const queued = new Map(
        outbox.flatMap((c) => (c.kind === 'entry' ? [[c.state.player.playerId, c.state.note] as const] : [])),
      );
      expect(
        acked.filter((i) => inList.get(i) !== burstNote(i)),
        `round ${round}: lost`,
      ).toEqual([]);
      expect(
        [...queued].sort(([x], [y]) => x - y),
        `round ${round}: list and outbox`,
      ).toEqual([...inList].sort(([x], [y]) => x - y));
      // One change per save: each player was saved once.
      expect(outbox.filter((c) => c.kind === 'entry')).toHaveLength(inList.size);
      expect(outbox.filter((c) => c.kind === 'list').map((c) => c.state)).toEqual([
        { name: 'Burst', shared: false, deleted: false },
      ]);
      // The kill came mid-burst: some saves after the last acknowledged one may be in the file, none lost.
      expect(inList.size).toBeGreaterThanOrEqual(acked.length);
    }
  }, 180_000);
});
