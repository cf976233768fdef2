import { dirname } from 'node:path';

/**
 * The lists' errors beyond bad input and missing lists (shared/domain/lists.ts): a file to import that is not a
 * good `rinkside-lists` document, and a write the disk refused. Each carries a plain sentence; the host
 * tells them apart by class name (store/rpc: `StoreError.code`).
 */

/** A `rinkside-lists` file that cannot be imported: `key` is the place in it (`lists[2].entries[14].rating`). */
export class ListsFileError extends Error {
  readonly key: string;
  constructor(key: string, message: string) {
    super(message);
    this.name = 'ListsFileError';
    this.key = key;
  }
}

/** A change the disk refused (full, read-only, gone): nothing of it was written; what was saved stays. */
export class ListsWriteError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ListsWriteError';
  }
}

/**
 * The lists file cannot be opened as it is (a newer Rinkside's, a damaged one in a folder that cannot be
 * written, one the system refuses): it is left as it is, and every call but Settings' (the lists' safety,
 * backups, restoring one) is refused with this. `reason` is what was found, in the scout's words.
 */
export class ListsUnavailableError extends Error {
  readonly reason: string;
  constructor(reason: string, advice = 'restore a backup in Settings') {
    super(`Your scouting lists cannot be opened: ${reason}. Rinkside left it as it is; ${advice}.`);
    this.name = 'ListsUnavailableError';
    this.reason = reason;
  }
}

/** SQLite's primary result codes the lists tell the scout about. */
const SQLITE = { PERM: 3, READONLY: 8, IOERR: 10, CORRUPT: 11, FULL: 13, CANTOPEN: 14, NOTADB: 26 } as const;

/** The disk's own refusals (Node's error codes of a rename, a copy, a new folder), as SQLite's codes. */
const ERRNO: Record<string, number> = {
  EROFS: SQLITE.READONLY,
  EACCES: SQLITE.PERM,
  EPERM: SQLITE.PERM,
  ENOSPC: SQLITE.FULL,
  EDQUOT: SQLITE.FULL,
};

/** SQLite's result code of `err`, or the one its Node error code stands for; null for any other error. */
function codeOf(err: unknown): number | null {
  const e = err as { errcode?: unknown; code?: unknown } | null;
  if (typeof e?.errcode === 'number') return e.errcode;
  return typeof e?.code === 'string' ? (ERRNO[e.code] ?? null) : null;
}

/**
 * `err` as the scout should read it when a write of the lists file `file` failed (SQLite's, or the disk's
 * own when a file is moved or copied): a {@link ListsWriteError} for a full disk, a folder that cannot be
 * written, or a damaged file; any other error as it is.
 */
export function writeFailure(err: unknown, file: string): unknown {
  const code = codeOf(err);
  if (code === null) return err;
  const kept = 'Everything saved before is kept.';
  switch (code & 0xff) {
    case SQLITE.FULL:
      return new ListsWriteError(`The disk is full: this change was not saved. ${kept} Free some space and try again.`);
    case SQLITE.READONLY:
    case SQLITE.PERM:
    case SQLITE.CANTOPEN:
    case SQLITE.IOERR:
      return new ListsWriteError(
        `The folder ${dirname(file)} cannot be written to: this change was not saved. ${kept}`,
      );
    case SQLITE.CORRUPT:
    case SQLITE.NOTADB:
      return new ListsWriteError(
        'The scouting lists file is damaged: this change was not saved. Restart Rinkside to restore the newest backup, or restore one in Settings.',
      );
    default:
      return err;
  }
}

/**
 * Why the lists file `file` could not be opened, as a {@link ListsUnavailableError}: `err` itself when it
 * is one, the folder when the disk refused, else the error's own words.
 */
export function openFailure(err: unknown, file: string): ListsUnavailableError {
  if (err instanceof ListsUnavailableError) return err;
  const code = codeOf(err);
  const denied = code !== null && new Set<number>([SQLITE.READONLY, SQLITE.PERM, SQLITE.CANTOPEN]).has(code & 0xff);
  const words = err instanceof Error ? err.message : String(err);
  return new ListsUnavailableError(denied ? `its folder ${dirname(file)} cannot be read or written (${words})` : words);
}
