import type { SyncProgress, UnitCommit } from '../../../../shared/offline.ts';

/** A download's progress, for the progress bar: counts, pace and estimated time left. */

export function idleProgress(): SyncProgress {
  return {
    state: 'idle',
    unitsTotal: 0,
    unitsDone: 0,
    pagesDone: 0,
    pagesTotal: 0,
    rows: 0,
    players: 0,
    etaMs: null,
    startedAt: null,
    finishedAt: null,
    refused: [],
    error: null,
  };
}

/** The live progress of one run and how it is reported. */
export interface ProgressTracker {
  /** The live record (the run's parts update it; {@link emit} reports a copy). */
  readonly progress: SyncProgress;
  /** Reports a copy of the progress to the listener. */
  emit(): void;
  /** Counts team-seasons just committed and re-estimates the time left from this run's pace. */
  committed(units: readonly UnitCommit[]): void;
  /** Ends the run in `state` (with `error` when it failed) and reports it; answers the final copy. */
  finish(state: 'done' | 'cancelled' | 'failed', error?: string): SyncProgress;
}

export function progressTracker(
  onProgress: ((p: SyncProgress) => void) | undefined,
  onUnitCommitted: ((count: number) => void) | undefined,
): ProgressTracker {
  const progress: SyncProgress = { ...idleProgress(), state: 'running', startedAt: new Date().toISOString() };
  const copy = (): SyncProgress => ({ ...progress, refused: [...progress.refused] });
  const started = performance.now();
  let committedThisRun = 0;
  const emit = () => onProgress?.(copy());
  return {
    progress,
    emit,
    committed(units) {
      for (const unit of units) {
        committedThisRun++;
        progress.unitsDone++;
        progress.rows += unit.rows.length;
        onUnitCommitted?.(committedThisRun);
      }
      const perUnit = (performance.now() - started) / committedThisRun;
      progress.etaMs = Math.round(perUnit * (progress.unitsTotal - progress.unitsDone));
      emit();
    },
    finish(state, error) {
      progress.state = state;
      if (error !== undefined) progress.error = error;
      progress.etaMs = state === 'done' ? 0 : null;
      progress.finishedAt = new Date().toISOString();
      emit();
      return copy();
    },
  };
}
