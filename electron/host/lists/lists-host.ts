import { mkdirSync } from 'node:fs';
import { isEmbeddedSource, LEGACY_EMBEDDED_SOURCE } from '../../../shared/domain/sources.ts';
import { type ListsClient, listsBackupsDir, listsFile, openListsClient, storeFile } from '../../../store/index.ts';
import type { SettingsStore } from '../common/settings.ts';

/**
 * The host's side of the scouting lists (the file and its worker are store/'s: store/lists/): opened
 * as the host starts, so a damaged or missing file is restored from its backups and its notice is
 * ready for the page's first look; the settings file records that lists exist and when they last
 * changed (after each change, a second later, atomically), which is how a missing lists file is told
 * from a first start. Plain Node; never imports electron.
 */
export interface ListsHost {
  /** The lists (opened at start; opened again after a failure, whose plain message rejects). */
  client(): Promise<ListsClient>;
  /** Where the data in use comes from (shared/domain/sources.ts), for the entries' source. */
  source(): string;
  /** A list, entry, report or board was written: the settings record follows shortly, and the listeners hear of it. */
  changed(): void;
  /** Calls `listener` after every write {@link changed} hears of (the department's sync sends what waits). */
  onChanged(listener: () => void): void;
  /** Writes the pending settings record, takes the last backup and closes the file. */
  close(): Promise<void>;
}

export interface ListsHostOptions {
  dataDir: string;
  settings: SettingsStore;
  /** The data in use's source (app.ts `Connection.dataSource`). */
  source: () => string;
  workerUrl?: URL;
  log?: (line: string) => void;
  /** How long after a change the settings record is written, in ms (default 1000). */
  recordDelayMs?: number;
}

export function createListsHost(opts: ListsHostOptions): ListsHost {
  let opening: Promise<ListsClient> | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let writing: Promise<unknown> = Promise.resolve();
  const listeners: (() => void)[] = [];

  /** Records in the settings whether lists exist and when they changed. */
  const record = async (lists: ListsClient) => {
    const s = await lists.safety();
    const current = opts.settings.get().lists ?? null;
    const next = s.lists + s.reports + s.boards > 0 ? { changedAt: new Date().toISOString() } : null;
    if (next === null && current === null) return;
    await opts.settings.update({ lists: next });
  };
  const recordSoon = () => {
    if (timer !== null) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      writing = writing
        .then(() => host.client().then(record))
        .catch((err: unknown) => {
          opts.log?.(`lists: the settings record could not be written (${err instanceof Error ? err.message : err})`);
        });
    }, opts.recordDelayMs ?? 1000);
  };

  const open = async (): Promise<ListsClient> => {
    mkdirSync(opts.dataDir, { recursive: true, mode: 0o700 });
    const o: Parameters<typeof openListsClient>[0] = {
      file: listsFile(opts.dataDir),
      backupsDir: listsBackupsDir(opts.dataDir),
      cacheFile: storeFile(opts.dataDir),
      record: opts.settings.get().lists ?? null,
    };
    if (opts.workerUrl !== undefined) o.workerUrl = opts.workerUrl;
    const lists = await openListsClient(o);
    const source = opts.source();
    // The entries an earlier version kept under `embedded` belong to the first embedded database used.
    if (source !== LEGACY_EMBEDDED_SOURCE && isEmbeddedSource(source)) {
      if ((await lists.bindLegacySource(LEGACY_EMBEDDED_SOURCE, source)) > 0) recordSoon();
    }
    // Lists copied from an earlier version, or restored: the settings say so from now on.
    const s = await lists.safety();
    if (s.lists + s.reports + s.boards > 0 && opts.settings.get().lists == null) recordSoon();
    if (s.notice !== null)
      opts.log?.(`lists: ${s.notice.reason}; restored from ${s.notice.restoredFrom?.name ?? 'no backup'}`);
    return lists;
  };

  const host: ListsHost = {
    client() {
      if (opening === null) {
        const o = open();
        // A failed opening is tried again at the next call, and its message reaches the page.
        o.catch(() => {
          if (opening === o) opening = null;
        });
        opening = o;
      }
      return opening;
    },
    source: opts.source,
    changed() {
      recordSoon();
      for (const listener of listeners) listener();
    },
    onChanged: (listener) => void listeners.push(listener),
    async close() {
      if (timer !== null) {
        clearTimeout(timer);
        timer = null;
        writing = writing.then(() => host.client().then(record)).catch(() => {});
      }
      await writing;
      if (opening !== null) await (await opening.catch(() => null))?.close();
    },
  };
  return host;
}
