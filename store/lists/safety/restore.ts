import { randomBytes } from 'node:crypto';
import { closeSync, copyFileSync, existsSync, fsyncSync, openSync, renameSync, unlinkSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { ListsBackup } from '../../../shared/lists-safety.ts';
import { listBackups, syncDir } from './backups.ts';
import { inspectFile } from './inspect.ts';

/**
 * Putting a backup in the lists file's place, and keeping the file it replaces: a damaged file is moved
 * aside under a dated name (`scouting-lists.damaged-2026-11-25T13-47-00-123Z.sqlite`, its journal with
 * it), never deleted, so nothing that might still be read out of it is lost.
 */

/** A time for a file name: ISO 8601 with `:` and `.` as `-`. */
const stamp = (at: Date) => at.toISOString().replace(/[:.]/g, '-');

/**
 * Moves `file` (and its `-journal`, when there is one) aside as `<name>.<label>-<time><ext>` in the same
 * folder; returns the new path, or null when there was no file.
 */
export function setAside(file: string, label: string, at: Date): string | null {
  if (!existsSync(file)) return null;
  const dot = basename(file).lastIndexOf('.');
  const stem = dot > 0 ? basename(file).slice(0, dot) : basename(file);
  const ext = dot > 0 ? basename(file).slice(dot) : '';
  const aside = join(dirname(file), `${stem}.${label}-${stamp(at)}${ext}`);
  renameSync(file, aside);
  for (const suffix of ['-journal', '-wal', '-shm']) {
    if (existsSync(file + suffix)) renameSync(file + suffix, aside + suffix);
  }
  syncDir(dirname(file));
  return aside;
}

/** Copies `from` over `to` durably: a synced temp copy in `to`'s folder, renamed into place. */
export function copyDurably(from: string, to: string): void {
  const temp = join(dirname(to), `.${basename(to)}.${randomBytes(4).toString('hex')}.tmp`);
  try {
    copyFileSync(from, temp);
    const fd = openSync(temp, 'r+');
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temp, to);
  } catch (err) {
    try {
      unlinkSync(temp);
    } catch {
      // Never written.
    }
    throw err;
  }
  syncDir(dirname(to));
}

/** Whether backup `name` of `dir` passes its check. */
export function backupIsGood(dir: string, name: string): boolean {
  return inspectFile(join(dir, name), true).kind === 'ok';
}

/**
 * Puts the newest backup of `dir` that passes its check at `file` (which must be out of the way);
 * returns it, or null when no backup is good.
 */
export function restoreNewest(dir: string, file: string): ListsBackup | null {
  for (const b of listBackups(dir)) {
    if (!backupIsGood(dir, b.name)) continue;
    copyDurably(join(dir, b.name), file);
    return b;
  }
  return null;
}
