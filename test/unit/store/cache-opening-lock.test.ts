import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openCheckedCache } from '../../../store/cache/opening.ts';

/**
 * The cache's check at opening waits for another connection's lock instead of calling the file damaged:
 * after a crash both workers open their files at once (the lists' worker reads the cache, the WAL left by
 * the crash is recovered), and a "database is locked" used to set the scout's downloaded players aside.
 * Here another thread holds an exclusive lock on the file for 800 ms while the check runs.
 */

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'rinkside-cache-lock-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

it('a file another connection holds for a moment is waited for, not set aside', async () => {
  const file = join(dir, 'offline-players.sqlite');
  const db = new DatabaseSync(file);
  db.exec('CREATE TABLE kept (n INTEGER); INSERT INTO kept VALUES (42);');
  db.close();
  const holder = new Worker(
    `const { DatabaseSync } = require('node:sqlite');
     const { parentPort, workerData } = require('node:worker_threads');
     const db = new DatabaseSync(workerData);
     db.exec('BEGIN EXCLUSIVE');
     parentPort.postMessage('locked');
     Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 800);
     db.exec('COMMIT');
     db.close();`,
    { eval: true, workerData: file },
  );
  await new Promise((resolve) => holder.once('message', resolve));
  const opened = openCheckedCache(file);
  expect(opened.rebuilt).toBeNull();
  expect(opened.db.query<{ n: number }, []>('SELECT n FROM kept').get()?.n).toBe(42);
  opened.db.close();
  await new Promise((resolve) => holder.once('exit', resolve));
});
