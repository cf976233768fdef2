import { join } from 'node:path';
import type { ListsOpenNotice } from '../../shared/bridge/lists-safety.ts';
import type { CacheReader } from '../cache/read-only.ts';
import type { WritableDB } from '../common/db.ts';
import { copyDurably, setAside } from '../common/files.ts';
import { type BoardCalls, createBoardCalls } from './boards.ts';
import type { DepartmentApi } from './department/api.ts';
import { createDepartmentCalls } from './department/calls.ts';
import type { DeskApi } from './department/desk/api.ts';
import { createDeskCalls } from './department/desk/calls.ts';
import { ListsUnavailableError, openFailure, writeFailure } from './errors.ts';
import { createListCalls, type ListCalls } from './lists.ts';
import type { ListsWorkerData } from './protocol.ts';
import { createReportCalls, type ReportCalls } from './reports.ts';
import { type ListsRecord, openChecked } from './safety/opening.ts';

/**
 * The lists file as the worker holds it: open (its connection and calls), or not openable as it is, with
 * the reason every call but Settings' is refused with; and the notice of its last opening. A backup can
 * take its place whatever state it is in: that only moves files and opens the result.
 */

export type AllCalls = ListCalls & ReportCalls & BoardCalls & DepartmentApi & DeskApi;

/** The open file and what reads and writes it (replaced together when a backup is restored). */
export interface Current {
  db: WritableDB;
  calls: AllCalls;
}

export interface LiveFile {
  /** The open file; throws a {@link ListsUnavailableError} while it cannot be opened. */
  current(): Current;
  /** The open file, or null while it cannot be opened. */
  peek(): Current | null;
  /** What the last opening did (a backup restored, or the file left as it is), until dismissed. */
  notice(): ListsOpenNotice | null;
  dismissNotice(): void;
  /**
   * Opens the file as it is now (checked, and restored when damaged; `record`: the settings file's);
   * `created` when it was made empty now (nothing existed).
   */
  open(record: ListsRecord | null): { created: boolean };
  /**
   * Closes the file and puts backup `name` (checked before) in its place, the file kept aside as
   * `replaced` when `keepAside`, then opens it. When the disk refuses the move or the copy, the file as it
   * is is opened again and the refusal thrown in plain words.
   */
  replaceWith(name: string, keepAside: boolean): void;
  close(): void;
}

/** Every call that reads or writes the file's rows. */
function createCalls(db: WritableDB, cache: CacheReader): AllCalls {
  return {
    ...createListCalls(db, cache),
    ...createReportCalls(db),
    ...createBoardCalls(db),
    ...createDepartmentCalls(db),
    ...createDeskCalls(db, cache),
  };
}

/** The lists file of `data`, not open yet; `cache` is the player cache the calls read. */
export function liveFile(data: ListsWorkerData, cache: CacheReader): LiveFile {
  let cur: Current | null = null;
  let unavailable: ListsUnavailableError | null = null;
  let notice: ListsOpenNotice | null = null;

  const live: LiveFile = {
    current() {
      if (cur === null) throw unavailable ?? new ListsUnavailableError('the file is closed');
      return cur;
    },
    peek: () => cur,
    notice: () => notice,
    dismissNotice() {
      notice = null;
    },
    open(record) {
      try {
        const opened = openChecked(data.file, data.backupsDir, record);
        cur = { db: opened.db, calls: createCalls(opened.db, cache) };
        unavailable = null;
        notice = opened.notice;
        return { created: opened.created };
      } catch (err) {
        cur = null;
        unavailable = openFailure(err, data.file);
        notice = {
          at: new Date().toISOString(),
          reason: unavailable.reason,
          restoredFrom: null,
          keptAs: null,
          lastChangeAt: record?.changedAt ?? null,
          unavailable: true,
        };
        return { created: false };
      }
    },
    replaceWith(name, keepAside) {
      live.close();
      try {
        if (keepAside) setAside(data.file, 'replaced', new Date());
        copyDurably(join(data.backupsDir, name), data.file);
      } catch (err) {
        // Still the file as it was: opened again, with its own notice if it has one.
        const before = notice;
        live.open(null);
        notice ??= before;
        throw writeFailure(err, data.file);
      }
      live.open(null);
    },
    close() {
      cur?.db.close();
      cur = null;
    },
  };
  return live;
}
