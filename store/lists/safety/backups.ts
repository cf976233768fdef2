import { randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, renameSync, statSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { backup, type DatabaseSync } from 'node:sqlite';
import { BACKUP_NAME_RE, type ListsBackup } from '../../../shared/bridge/lists-safety.ts';
import { copyDurably, syncDir } from '../../common/files.ts';
import { inspectFile } from './inspect.ts';

/**
 * Backups of the lists file in a folder beside it: consistent copies through SQLite's online backup API
 * (asynchronous, page by page: the worker goes on answering saves meanwhile), each written under a temp
 * name, checked (quick_check, schema) and only then renamed into place as `lists-<UTC time>.sqlite`. A
 * backup that fails its check is deleted and the failure reported. Kept: the last {@link KEEP_LAST} and,
 * for each UTC day of the last {@link KEEP_DAYS} days, the newest of that day.
 */

export const KEEP_LAST = 20;
export const KEEP_DAYS = 30;
const DAY_MS = 86_400_000;

/** A backup's file name for the time `at`: `lists-20261125T134700123Z.sqlite` (sorts by time). */
export function backupName(at: Date): string {
  return `lists-${at.toISOString().replace(/[-:.]/g, '')}.sqlite`;
}

/** The time in a backup's file name, or null when `name` is not one. */
export function backupTime(name: string): Date | null {
  const m = BACKUP_NAME_RE.exec(name);
  if (m === null) return null;
  const [, y, mo, d, h, mi, s, ms] = m;
  return new Date(`${y}-${mo}-${d}T${h}:${mi}:${s}.${ms}Z`);
}

/** The backups in `dir`, newest first (an absent folder has none). */
export function listBackups(dir: string): ListsBackup[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  const out: ListsBackup[] = [];
  for (const name of names) {
    const at = backupTime(name);
    const stat = at === null ? undefined : statSync(join(dir, name), { throwIfNoEntry: false });
    if (at !== null && stat !== undefined) out.push({ name, takenAt: at.toISOString(), bytes: stat.size });
  }
  return out.sort((a, b) => b.name.localeCompare(a.name));
}

/**
 * The backups to keep of `backups` (newest first) at `now`: the first {@link KEEP_LAST}, and the newest
 * of each UTC day within the last {@link KEEP_DAYS} days.
 */
export function backupsToKeep(backups: readonly { name: string; takenAt: string }[], now: Date): Set<string> {
  const keep = new Set(backups.slice(0, KEEP_LAST).map((b) => b.name));
  const days = new Set<string>();
  for (const b of backups) {
    const t = Date.parse(b.takenAt);
    if (now.getTime() - t > KEEP_DAYS * DAY_MS) continue;
    const day = b.takenAt.slice(0, 10);
    if (days.has(day)) continue;
    days.add(day);
    keep.add(b.name);
  }
  return keep;
}

/** Deletes the backups in `dir` that {@link backupsToKeep} does not keep; returns the names deleted. */
export function pruneBackups(dir: string, now: Date): string[] {
  const all = listBackups(dir);
  const keep = backupsToKeep(all, now);
  const gone: string[] = [];
  for (const b of all) {
    if (keep.has(b.name)) continue;
    unlinkSync(join(dir, b.name));
    gone.push(b.name);
  }
  return gone;
}

/**
 * Writes a backup of `db` into `dir` at `at` and checks it; resolves to it, or rejects (the temp file
 * deleted) with why it failed: the disk, or a copy that did not pass its check.
 */
export async function writeBackup(db: DatabaseSync, dir: string, at: Date): Promise<ListsBackup> {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const name = backupName(at);
  const temp = join(dir, `.${name}.${randomBytes(4).toString('hex')}.tmp`);
  try {
    await backup(db, temp);
    const state = inspectFile(temp, true);
    if (state.kind !== 'ok')
      throw new Error(`the backup did not pass its check (${state.kind === 'bad' ? state.reason : state.kind})`);
    renameSync(temp, join(dir, name));
  } catch (err) {
    try {
      unlinkSync(temp);
    } catch {
      // Never written, or already gone.
    }
    throw err;
  }
  syncDir(dir);
  return { name, takenAt: at.toISOString(), bytes: statSync(join(dir, name)).size };
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
