import type { UnitCommit } from '../../../../shared/offline.ts';
import { packUnit, type StoreClient } from '../../../../store/index.ts';
import type { ProgressTracker } from './progress.ts';

/**
 * Writing a download: fetched team-seasons wait here and are written a batch at a time, in one
 * transaction each with their checkpoints and the download's counts. A transaction per team-season
 * made the store's writes, not the network, the slow part.
 */

/** Stat lines written per transaction, about (a batch closes once it holds this many). */
const BATCH_ROWS = 4000;
/** The longest a fetched team-season waits to be written (ms). */
const BATCH_WAIT_MS = 500;

export interface BatchWriter {
  /** Queues fetched team-seasons; writes the batch when it is full or has waited long enough. */
  add(units: readonly UnitCommit[]): Promise<void>;
  /** Writes what waits (after the last write ends); resolves when every queued batch is written. */
  flush(): Promise<void>;
}

export function batchWriter(store: StoreClient, tracker: ProgressTracker): BatchWriter {
  const pending: UnitCommit[] = [];
  let pendingRows = 0;
  let lastWrite = performance.now();
  // Batches are written one after another, in the order they filled.
  let writing: Promise<void> = Promise.resolve();
  const flush = (): Promise<void> => {
    const batch = pending.splice(0);
    pendingRows = 0;
    if (batch.length === 0) return writing;
    writing = writing.then(async () => {
      // Packed here: arrays of values copy to the store's worker for a fraction of the records' cost.
      await store.commitPacked(batch.map(packUnit), tracker.countsWith(batch));
      lastWrite = performance.now();
      tracker.committed(batch);
    });
    return writing;
  };
  return {
    async add(units) {
      pending.push(...units);
      for (const u of units) pendingRows += u.rows.length;
      if (pendingRows >= BATCH_ROWS || performance.now() - lastWrite >= BATCH_WAIT_MS) await flush();
    },
    flush,
  };
}
