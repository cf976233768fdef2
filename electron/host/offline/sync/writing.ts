import type { UnitCommit } from '../../../../shared/domain/offline.ts';
import { type HeldUnit, type PackedUnit, packUnit, type StoreClient, unitDigest } from '../../../../store/index.ts';
import { unitKey } from './planning.ts';
import type { ProgressTracker } from './progress.ts';

/**
 * Writing a download: fetched team-seasons wait here and are written a batch at a time, in one
 * transaction each with their checkpoints and the download's counts. A transaction per team-season
 * made the store's writes, not the network, the slow part. A team-season whose digest is the one the store
 * recorded when it last wrote it (store/sync/digest.ts) is sent as its checkpoint alone: a re-sync of
 * unchanged data neither copies its rows to the store's worker nor has them compared there.
 */

/**
 * Stat lines written per transaction, about (a batch closes once it holds this many). Each commit writes
 * every index and search page the batch touched, and a player in several of its team-seasons is indexed
 * once: larger batches cost less a line. A crash loses what was not yet committed, which a resumed
 * download fetches again.
 */
const BATCH_ROWS = 16000;
/** The longest a fetched team-season waits to be written (ms), so the progress moves on a slow network. */
const BATCH_WAIT_MS = 2000;

export interface BatchWriter {
  /** Queues fetched team-seasons; writes the batch when it is full or has waited long enough. */
  add(units: readonly UnitCommit[]): Promise<void>;
  /** Writes what waits (after the last write ends); resolves when every queued batch is written. */
  flush(): Promise<void>;
}

/**
 * The batch's team-seasons packed for the store with their digests, and those fetched as the store holds
 * them (`digests`: the recorded digest by `leagueSlug|teamId|seasonSlug`).
 */
function packBatch(batch: readonly UnitCommit[], digests: ReadonlyMap<string, string>) {
  const units: PackedUnit[] = [];
  const held: HeldUnit[] = [];
  for (const u of batch) {
    const packed = packUnit(u);
    const digest = unitDigest(packed);
    if (digests.get(unitKey(u)) === digest) {
      held.push({ leagueSlug: u.leagueSlug, teamId: u.team.id, seasonSlug: u.season.slug, rowCount: u.rows.length });
    } else units.push({ ...packed, digest });
  }
  return { units, held };
}

/**
 * Writes the download's team-seasons into `store` a batch at a time; `digests` are those the store
 * recorded for the team-seasons to fetch (`leagueSlug|teamId|seasonSlug` → digest; empty: compare all).
 */
export function batchWriter(
  store: StoreClient,
  tracker: ProgressTracker,
  digests: ReadonlyMap<string, string> = new Map(),
): BatchWriter {
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
      const { units, held } = packBatch(batch, digests);
      await store.commitPacked(units, tracker.countsWith(batch), held);
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
