import { statSync } from 'node:fs';
import { listBackups } from './backups.ts';
import type { ListsRecord } from './opening.ts';

/**
 * Whether opening the lists must take a backup first: the backup scheduler's mark that changes wait
 * (scheduler.ts) lives in memory, so a run killed within the seconds before its backup leaves changes
 * that no backup holds, run after run. What lasts is when the lists last changed: the file's own
 * modification time (each commit writes the file itself: a rollback journal, not a WAL) and the time the
 * settings file recorded (written a second after a change, so it misses a run killed sooner, but
 * survives where a file system keeps no time).
 */

/** When the lists last changed, in ms since the epoch, as far as anything on disk tells (0: nothing does). */
export function lastChangeMs(file: string, record: ListsRecord | null): number {
  const modified = statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? 0;
  const recorded = record === null ? 0 : Date.parse(record.changedAt);
  return Math.max(modified, Number.isNaN(recorded) ? 0 : recorded);
}

/**
 * Whether the newest backup in `backupsDir` is older than the last change of the lists file `file`
 * (`record`: the settings file's). With no backup at all, only a file that `holdsWork` needs one: a new,
 * empty file is no reason to start keeping backups.
 */
export function backupBehind(
  file: string,
  backupsDir: string,
  record: ListsRecord | null,
  holdsWork: boolean,
): boolean {
  const newest = listBackups(backupsDir)[0];
  if (newest === undefined) return holdsWork;
  return Date.parse(newest.takenAt) < Math.floor(lastChangeMs(file, record));
}
