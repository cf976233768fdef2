import type { SyncProgress, SyncRequest, UnitCommit } from '../../../../shared/domain/offline.ts';
import type { RunCounts, SyncRun } from '../../../../store/index.ts';

/**
 * A download's progress, for the progress bar: team-seasons done of the request's, the stat lines and
 * distinct players they hold (what a resumed download committed before counts too), pace and time left.
 */

export function idleProgress(): SyncProgress {
  return {
    state: 'idle',
    request: null,
    unitsTotal: 0,
    unitsDone: 0,
    pagesDone: 0,
    pagesTotal: 0,
    rows: 0,
    players: 0,
    rateLimited: 0,
    etaMs: null,
    startedAt: null,
    finishedAt: null,
    refused: [],
    error: null,
  };
}

/**
 * The progress of a download the store kept (`sync_run`) when none runs in this app: one still marked
 * running was stopped without an end (the app closed or crashed) and reads `interrupted`; one that
 * ended reads as it ended (`done` is no news: idle). Both stopped states resume.
 */
export function keptProgress(run: SyncRun | null): SyncProgress {
  if (run === null || run.state === 'done') return idleProgress();
  return {
    ...idleProgress(),
    state: run.state === 'running' ? 'interrupted' : run.state,
    request: run.request,
    unitsTotal: run.unitsTotal,
    unitsDone: run.unitsDone,
    rows: run.rows,
    players: run.players,
    startedAt: run.startedAt,
    finishedAt: run.finishedAt ?? run.updatedAt,
    error: run.error,
  };
}

/** The live progress of one run and how it is reported. */
export interface ProgressTracker {
  /** The live record (the run's parts update it; {@link emit} reports a copy). */
  readonly progress: SyncProgress;
  /** Reports a copy of the progress to the listener. */
  emit(): void;
  /** Counts what the request's team-seasons done before this run hold: stat lines and players. */
  held(rows: number, players: readonly number[]): void;
  /** The counts once `units` are committed too (written with them, in their transaction). */
  countsWith(units: readonly UnitCommit[]): RunCounts;
  /** Counts team-seasons just committed and re-estimates the time left from this run's pace. */
  committed(units: readonly UnitCommit[]): void;
  /** Counts team-seasons the service refused (403). */
  refusedUnits(n: number): void;
  /** Ends the run in `state` (with `error` when it failed) and reports it; answers the final copy. */
  finish(state: 'done' | 'cancelled' | 'failed', error?: string): SyncProgress;
}

export function progressTracker(
  request: SyncRequest,
  onProgress: ((p: SyncProgress) => void) | undefined,
  onUnitCommitted: ((count: number) => void) | undefined,
): ProgressTracker {
  const progress: SyncProgress = {
    ...idleProgress(),
    state: 'running',
    request,
    startedAt: new Date().toISOString(),
  };
  const players = new Set<number>();
  const copy = (): SyncProgress => ({ ...progress, refused: [...progress.refused] });
  const started = performance.now();
  let doneThisRun = 0;
  const emit = () => onProgress?.(copy());
  const reestimate = () => {
    if (doneThisRun === 0) return;
    const perUnit = (performance.now() - started) / doneThisRun;
    progress.etaMs = Math.round(perUnit * Math.max(0, progress.unitsTotal - progress.unitsDone));
  };
  return {
    progress,
    emit,
    held(rows, ids) {
      progress.rows += rows;
      for (const id of ids) players.add(id);
      progress.players = players.size;
    },
    countsWith(units) {
      const more = new Set<number>();
      let rows = progress.rows;
      for (const u of units) {
        rows += u.rows.length;
        for (const r of u.rows) if (!players.has(r.playerId)) more.add(r.playerId);
      }
      return { unitsDone: progress.unitsDone + units.length, rows, players: players.size + more.size };
    },
    committed(units) {
      for (const unit of units) {
        doneThisRun++;
        progress.unitsDone++;
        progress.rows += unit.rows.length;
        for (const r of unit.rows) players.add(r.playerId);
        onUnitCommitted?.(doneThisRun);
      }
      progress.players = players.size;
      reestimate();
      emit();
    },
    refusedUnits(n) {
      progress.unitsDone += n;
      doneThisRun += n;
      reestimate();
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
