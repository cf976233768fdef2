import { randomBytes } from 'node:crypto';
import { closeSync, copyFileSync, existsSync, fsyncSync, openSync, renameSync, unlinkSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

/**
 * File moves of the store's databases that must survive a crash or a power cut: a file set aside under a
 * dated name (`scouting-lists.damaged-2026-11-25T13-47-00-123Z.sqlite`, its journal, WAL and shared memory
 * with it), a durable copy (synced temp file, renamed into place), and the sync of a folder after a rename.
 */

/** Syncs the folder `dir`, so a rename in it survives a power cut (best effort where folders cannot be opened). */
export function syncDir(dir: string): void {
  try {
    const fd = openSync(dir, 'r');
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  } catch {
    // Windows cannot open a folder; the rename is still atomic.
  }
}

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
