import { readdirSync, statSync, unlinkSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type { CacheRebuild } from '../../shared/bridge/offline-bridge.ts';
import { openDb, openDbReadOnly, type WritableDB } from '../common/db.ts';
import { setAside } from '../common/files.ts';
import { writable } from '../common/writable.ts';
import { takeCleanClose } from './clean-close.ts';

/**
 * Opening the offline player cache, checked first unless a clean close left it as it is (clean-close.ts):
 * a file that is empty, is not a database, or fails `PRAGMA quick_check` is discarded for a new one (what
 * it holds can be downloaded again), with what the host needs to say so once and download the same
 * league-seasons again: why, and the league-seasons its `sync_state` still tells, when it can still be
 * read. The discarded file is kept aside under a dated name until the next one replaces it (only the
 * newest is kept: it may be large), for whoever wants to look into it. A missing file is simply a new cache.
 * A folder that cannot be written is not damage (writable.ts): what is there is read as it is.
 */

/** How long the check waits for another connection's lock, in ms. */
const CHECK_BUSY_MS = 5000;
/** SQLite's primary result code for a file another connection holds. */
const SQLITE_BUSY = 5;

/** Why the file at `file` cannot be used, or null when it passes its check (or does not exist). */
function damage(file: string): string | null {
  const stat = statSync(file, { throwIfNoEntry: false });
  if (stat === undefined) return null;
  if (stat.size === 0) return 'the file was empty';
  let db: DatabaseSync | null = null;
  try {
    db = new DatabaseSync(file);
    // Another connection may hold the file a moment (the lists' worker reading it, or recovering the WAL a
    // crash left): that is a lock to wait for, never damage.
    db.exec(`PRAGMA busy_timeout = ${CHECK_BUSY_MS}`);
    const rows = db.prepare('PRAGMA quick_check').all() as { quick_check?: unknown }[];
    if (rows.length === 1 && rows[0]?.quick_check === 'ok') return null;
    return `the file failed its check: damaged pages (${rows
      .slice(0, 3)
      .map((r) => String(r.quick_check))
      .join('; ')})`;
  } catch (err) {
    const e = err as { errcode?: unknown; errstr?: unknown; message?: unknown };
    // Still locked after the wait: the file is in use, not damaged; the opening itself waits again.
    if (typeof e.errcode === 'number' && (e.errcode & 0xff) === SQLITE_BUSY) return null;
    return `the file failed its check: ${typeof e.errstr === 'string' ? e.errstr : String(e.message)}`;
  } finally {
    db?.close();
  }
}

/** The league-seasons a damaged file's `sync_state` still tells, or null when it cannot be read. */
function syncedOf(file: string): CacheRebuild['synced'] {
  let db: DatabaseSync | null = null;
  try {
    db = new DatabaseSync(file, { readOnly: true });
    const rows = db
      .prepare('SELECT leagueSlug, seasonSlug, baseUrl AS source FROM sync_state ORDER BY leagueSlug, seasonSlug')
      .all();
    return (rows as { leagueSlug: string; seasonSlug: string; source: string }[]).map((r) => ({ ...r }));
  } catch {
    return null;
  } finally {
    db?.close();
  }
}

/** Deletes the earlier discarded copies of `file` (`<stem>.damaged-*`), all but `keep`. */
function deleteEarlierCopies(file: string, keep: string | null): void {
  const dir = dirname(file);
  const stem = basename(file).replace(/\.sqlite$/, '');
  for (const name of readdirSync(dir)) {
    if (!name.startsWith(`${stem}.damaged-`) || join(dir, name) === keep || name.startsWith(`${basename(keep ?? '')}-`))
      continue;
    try {
      unlinkSync(join(dir, name));
    } catch {
      // Gone already.
    }
  }
}

/**
 * Opens the cache at `file` (see the module's comment); `rebuilt` is set when a damaged file was discarded,
 * `checked` says whether the check ran: it is skipped for a file exactly as a clean close left it
 * (clean-close.ts), since on a store of a million lines it reads every page, seconds at each start.
 * `readOnly`: the file or its folder cannot be written (writable.ts), which is not damage: the file is
 * opened for reading as it is, never checked, set aside or rebuilt, and a change is refused. Throws
 * SQLite's error when such a file cannot be read at all (or is not there).
 */
export function openCheckedCache(
  file: string,
  now = new Date(),
): { db: WritableDB; rebuilt: CacheRebuild | null; checked: boolean; readOnly: boolean } {
  if (!writable(file)) return { db: openDbReadOnly(file), rebuilt: null, checked: false, readOnly: true };
  if (takeCleanClose(file)) return { db: openDb(file), rebuilt: null, checked: false, readOnly: false };
  const reason = damage(file);
  if (reason === null) return { db: openDb(file), rebuilt: null, checked: true, readOnly: false };
  const synced = syncedOf(file);
  const keptAs = setAside(file, 'damaged', now);
  deleteEarlierCopies(file, keptAs);
  return {
    db: openDb(file),
    rebuilt: { at: now.toISOString(), reason, keptAs, synced },
    checked: true,
    readOnly: false,
  };
}

/**
 * The player cache's folder cannot be written: what is there is read as it is, and a change is refused
 * with this error (its class name is what the host tells it by, common/rpc).
 */
export class FolderReadOnlyError extends Error {
  constructor(folder: string) {
    super(
      `The folder ${folder} cannot be written to: the downloaded players there can be read, but none can be downloaded, changed or cleared until it can.`,
    );
    this.name = 'FolderReadOnlyError';
  }
}
