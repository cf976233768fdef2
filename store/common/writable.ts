import { accessSync, constants, existsSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * A data folder that cannot be written (a read-only mount, a folder of another user) is not damage: its
 * files are read as they are, nothing in it is moved aside or rebuilt, and a change says the folder cannot
 * be written. What the openings of the cache and of the lists ask of the disk before they judge a file.
 */

/** Whether `path` can be written by this process (the OS's own answer: a read-only mount refuses even root). */
function canWrite(path: string): boolean {
  try {
    accessSync(path, constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

/** Whether the database `file` and its folder can be written (a file not there yet: its folder). */
export function writable(file: string): boolean {
  return canWrite(dirname(file)) && (!existsSync(file) || canWrite(file));
}

/** SQLite's primary result code of a write to a database that cannot be written. */
const SQLITE_READONLY = 8;

/** Whether `err` is SQLite refusing a write because the file (or its folder) cannot be written. */
export function isReadOnlyError(err: unknown): boolean {
  const code = (err as { errcode?: unknown } | null)?.errcode;
  return typeof code === 'number' && (code & 0xff) === SQLITE_READONLY;
}
