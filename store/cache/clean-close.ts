import { readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';

/**
 * Whether the cache's file can skip its check at opening (opening.ts): a run that ends cleanly, with its
 * WAL put into the file and no damaged page met, leaves a record of the file as it left it beside it
 * (`<file>.closed`: size, times and inode). The next opening takes the record away before anything else:
 * it checks the file unless the record matches the file as it finds it, with no WAL waiting. A run that
 * crashes, a file written by anything else since (its change time moves, and no program can set that back)
 * and a run that met damage all leave no matching record, so their next opening checks. A page gone bad on
 * the disk without a write is the one case left to SQLite's own errors, which the run then reports.
 */

/** What the record holds of the file. */
interface FileState {
  size: number;
  mtimeMs: number;
  ctimeMs: number;
  ino: number;
}

const recordOf = (file: string) => `${file}.closed`;

/** Whether `file` has a WAL with frames still to be put into it. */
const walWaiting = (file: string) => (statSync(`${file}-wal`, { throwIfNoEntry: false })?.size ?? 0) > 0;

function stateOf(file: string): FileState | null {
  const s = statSync(file, { throwIfNoEntry: false });
  return s === undefined ? null : { size: s.size, mtimeMs: s.mtimeMs, ctimeMs: s.ctimeMs, ino: s.ino };
}

/**
 * Takes the record of the last clean close away and says whether `file` is still exactly as that run left
 * it (no record, a record that cannot be read, another state or a WAL with frames: false).
 */
export function takeCleanClose(file: string): boolean {
  let text: string;
  try {
    text = readFileSync(recordOf(file), 'utf8');
  } catch {
    return false;
  } finally {
    try {
      rmSync(recordOf(file), { force: true });
    } catch {
      // A record left behind still has to match the file, which any write of this run changes.
    }
  }
  const now = stateOf(file);
  if (now === null || walWaiting(file)) return false;
  try {
    const kept = JSON.parse(text) as Partial<FileState>;
    return (
      kept.size === now.size && kept.mtimeMs === now.mtimeMs && kept.ctimeMs === now.ctimeMs && kept.ino === now.ino
    );
  } catch {
    return false;
  }
}

/**
 * Records `file` as a clean close left it (written whole or not at all: a temp file renamed), once its
 * connection is closed; nothing when a WAL still waits (another connection, the lists' reader say, kept it).
 */
export function recordCleanClose(file: string): void {
  const state = stateOf(file);
  if (state === null || walWaiting(file)) return;
  const temp = `${recordOf(file)}.tmp`;
  try {
    writeFileSync(temp, JSON.stringify(state));
    renameSync(temp, recordOf(file));
  } catch {
    // Without it the next opening checks the file: slower, never wrong.
    try {
      rmSync(temp, { force: true });
    } catch {
      // A folder that cannot be written to holds no temp file either.
    }
  }
}

/** SQLite's primary result codes of a damaged file: SQLITE_CORRUPT and SQLITE_NOTADB. */
const DAMAGE_CODES = new Set([11, 26]);

/** Whether `err` is SQLite saying the file is damaged. */
export function isDamageError(err: unknown): boolean {
  const code = (err as { errcode?: unknown } | null)?.errcode;
  return typeof code === 'number' && DAMAGE_CODES.has(code & 0xff);
}
