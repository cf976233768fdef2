/**
 * When backups are taken: a few seconds after a change (each new change within that time moves it on, but
 * never past {@link BackupTiming.maxDelayMs} from the first change not yet backed up, so a scout typing
 * note after note still gets one), and on demand (`flush`, at quit). One backup runs at a time; a change
 * during it schedules the next. A failed backup is tried again at the next change.
 */

export interface BackupTiming {
  /** After the last change, in ms. */
  delayMs: number;
  /** After the first change not yet backed up, at most, in ms. */
  maxDelayMs: number;
}

export const BACKUP_TIMING: BackupTiming = { delayMs: 3_000, maxDelayMs: 30_000 };

export interface BackupScheduler {
  /** A change was written. */
  changed(): void;
  /** Whether changes wait for a backup. */
  pending(): boolean;
  /** Takes the backup now if changes wait (after one that runs); resolves when none runs. */
  flush(): Promise<void>;
  /** Stops the timer (nothing is taken after). */
  stop(): void;
}

export function backupScheduler(run: () => Promise<void>, timing: BackupTiming = BACKUP_TIMING): BackupScheduler {
  let dirtySince: number | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let running: Promise<void> | null = null;
  let stopped = false;

  const take = (): Promise<void> => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    if (running !== null) return running.then(() => (dirtySince !== null ? take() : undefined));
    if (dirtySince === null) return Promise.resolve();
    dirtySince = null;
    running = run()
      .catch(() => {
        // Reported by `run`; the changes wait for the next try.
        dirtySince ??= Date.now();
      })
      .finally(() => {
        running = null;
      });
    return running;
  };
  const arm = () => {
    if (stopped || dirtySince === null) return;
    if (timer !== null) clearTimeout(timer);
    const wait = Math.max(0, Math.min(timing.delayMs, dirtySince + timing.maxDelayMs - Date.now()));
    timer = setTimeout(() => void take(), wait);
  };
  return {
    changed() {
      dirtySince ??= Date.now();
      arm();
    },
    pending: () => dirtySince !== null || running !== null,
    flush: take,
    stop() {
      stopped = true;
      if (timer !== null) clearTimeout(timer);
      timer = null;
    },
  };
}
