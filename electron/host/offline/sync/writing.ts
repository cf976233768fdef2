import type { UnitCommit } from '../../../../shared/offline.ts';
import type { StoreClient } from '../../../../store/index.ts';
import type { ProgressTracker } from './progress.ts';

/**
 * Writing a download: fetched team-seasons wait here and are written a batch at a time, in one
 * transaction each with its checkpoint. A transaction per team-season made the store's writes, not the
 * network, the slow part.
 */

/** Team-seasons written per transaction at most, and the longest a fetched one waits to be written (ms). */
const BATCH = 16;
const BATCH_WAIT_MS = 500;

export interface BatchWriter {
  /** Queues a fetched team-season; writes the batch when it is full or has waited long enough. */
  add(unit: UnitCommit): Promise<void>;
  /** Writes what waits (after the last write ends); resolves when every queued batch is written. */
  flush(): Promise<void>;
}

export function batchWriter(store: StoreClient, tracker: ProgressTracker): BatchWriter {
  const pending: UnitCommit[] = [];
  let lastWrite = performance.now();
  // Batches are written one after another, in the order they filled.
  let writing: Promise<void> = Promise.resolve();
  const flush = (): Promise<void> => {
    const batch = pending.splice(0);
    if (batch.length === 0) return writing;
    writing = writing.then(async () => {
      await store.commitUnits(batch);
      lastWrite = performance.now();
      tracker.committed(batch);
    });
    return writing;
  };
  return {
    async add(unit) {
      pending.push(unit);
      if (pending.length >= BATCH || performance.now() - lastWrite >= BATCH_WAIT_MS) await flush();
    },
    flush,
  };
}
