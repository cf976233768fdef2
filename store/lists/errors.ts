import { dirname } from 'node:path';

/**
 * The lists' errors beyond bad input and missing lists (shared/lists.ts): a file to import that is not a
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

/** SQLite's primary result codes the lists tell the scout about. */
const SQLITE = { PERM: 3, READONLY: 8, IOERR: 10, CORRUPT: 11, FULL: 13, CANTOPEN: 14, NOTADB: 26 } as const;

/**
 * `err` as the scout should read it when a write of the lists file `file` failed: a {@link ListsWriteError}
 * for a full disk, a folder that cannot be written, or a damaged file; any other error as it is.
 */
export function writeFailure(err: unknown, file: string): unknown {
  const code = (err as { errcode?: unknown }).errcode;
  if (typeof code !== 'number') return err;
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
