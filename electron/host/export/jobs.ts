import { randomUUID } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { ExportStatus } from '../../../shared/bridge/bridge.ts';
import type { Result } from '../../../shared/contract/errors.ts';
import type { SettingsStore } from '../common/settings.ts';
import { suggestedFileName } from './describe.ts';
import type { runExport } from './run-export.ts';

/**
 * The export jobs of one host: where each export's file goes (the save dialog in Electron, the download
 * folder in the browser shell), its status as the page polls it, how it ended, and cancelling it.
 */

/** Where the files of exports go. */
export interface ExportPlaces {
  settings: SettingsStore;
  /**
   * Electron: shows the save dialog with `suggested` (a full path) and resolves to the chosen path, or
   * null when the scout cancels. Absent in the browser shell: files go to `downloadDir` and are served.
   */
  chooseFile?: (suggested: string) => Promise<string | null>;
  /** Where a save dialog starts when no folder was remembered (the OS downloads folder); asked per export. */
  defaultDir?: () => string;
  /** Browser shell: the folder finished exports wait in until downloaded. */
  downloadDir: string;
}

/** One export: its status (polled by the page), its abort switch and the file it writes. */
export interface Job {
  status: ExportStatus;
  controller: AbortController;
  path: string;
}

/** The jobs of one host, by id. */
export interface ExportJobs {
  /**
   * A new export's file and its running job: Electron asks with the save dialog (null job and a
   * `cancelled` status when the scout closes it; the chosen folder is remembered as `exportDir`), the
   * browser shell writes `{id}.{format}` into its download folder.
   */
  open(
    context: Readonly<Record<string, string>>,
    format: ExportStatus['format'],
  ): Promise<{ job: Job; path: string } | { job: null; status: ExportStatus }>;
  get(id: string): Job | undefined;
  /** Records how an export ended: `done` (saved to its path, or waiting for download), `cancelled` or `failed`. */
  settle(job: Job, outcome: Awaited<ReturnType<typeof runExport>>): void;
  /**
   * Stops a running export; a finished one still waiting for its download in the browser shell is
   * removed and becomes `cancelled`, so a cancelled export leaves no file anywhere.
   */
  cancel(job: Job): Promise<void>;
  /** A finished browser-shell export's file, for the download route; null when unknown or not done. */
  downloadFile(id: string): { path: string; name: string } | null;
  /** Cancels running exports and removes the download folder. */
  close(): Promise<void>;
}

/** A copy of a job's status as the bridge answers it. */
export const snapshot = (job: Job): Result<ExportStatus> => ({ ok: true, value: { ...job.status } });

/** The export jobs of a host whose files go to `places`. */
export function createJobs(places: ExportPlaces): ExportJobs {
  const jobs = new Map<string, Job>();
  return {
    async open(context, format) {
      const fileName = suggestedFileName(context, format);
      const id = randomUUID();
      const path = await targetPath(places, id, fileName, format);
      if (path === null) return { job: null, status: { ...emptyStatus(id, format, fileName), state: 'cancelled' } };
      const shown = places.chooseFile ? path.split(/[\\/]/).at(-1) || fileName : fileName;
      const job: Job = { controller: new AbortController(), path, status: emptyStatus(id, format, shown) };
      jobs.set(id, job);
      return { job, path };
    },
    get: (id) => jobs.get(id),
    settle(job, outcome) {
      if (outcome.ok) {
        job.status.state = 'done';
        job.status.rowsWritten = outcome.value;
        if (places.chooseFile) job.status.savedTo = job.path;
        else job.status.download = true;
      } else {
        job.status.state = outcome.error.kind === 'cancelled' ? 'cancelled' : 'failed';
        job.status.error = outcome.error;
      }
    },
    async cancel(job) {
      if (job.status.state === 'running') job.controller.abort();
      else if (job.status.state === 'done' && job.status.download) {
        // In the browser shell an export is not delivered until the page downloads it: cancelling
        // before that removes the waiting file, so a cancelled export leaves none anywhere.
        await rm(job.path, { force: true });
        job.status = {
          ...job.status,
          state: 'cancelled',
          download: false,
          error: { kind: 'cancelled', message: 'The export was cancelled.' },
        };
      }
    },
    downloadFile(id) {
      const job = jobs.get(id);
      if (job?.status.state !== 'done' || !job.status.download) return null;
      return { path: job.path, name: job.status.fileName };
    },
    async close() {
      for (const job of jobs.values()) job.controller.abort();
      await rm(places.downloadDir, { recursive: true, force: true }).catch(() => {});
    },
  };
}

/** A running export's status before its first page. */
function emptyStatus(id: string, format: ExportStatus['format'], fileName: string): ExportStatus {
  return {
    id,
    state: 'running',
    format,
    fileName,
    pagesFetched: 0,
    pagesTotal: null,
    rowsWritten: 0,
    totalRecords: null,
  };
}

/** The file an export writes: the scout's choice in the save dialog (null: cancelled), else the download folder's. */
async function targetPath(
  places: ExportPlaces,
  id: string,
  fileName: string,
  format: ExportStatus['format'],
): Promise<string | null> {
  if (places.chooseFile) {
    const dir = places.settings.get().exportDir ?? places.defaultDir?.() ?? places.downloadDir;
    const chosen = await places.chooseFile(join(dir, fileName));
    if (chosen !== null) await places.settings.update({ exportDir: dirname(chosen) }).catch(() => {});
    return chosen;
  }
  await mkdir(places.downloadDir, { recursive: true, mode: 0o700 });
  return join(places.downloadDir, `${id}.${format}`);
}
