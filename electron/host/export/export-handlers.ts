import { randomUUID } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import { dirname, extname, join } from 'node:path';
import type { AboutAnswer, BridgeHandlers, ExportStatus } from '../../../shared/bridge.ts';
import { textColumn } from '../../../shared/columns/build.ts';
import { type ColumnSpec, LEADER_COLUMNS, LIST_ENTRY_COLUMNS, PLAYER_EXPORT_COLUMNS } from '../../../shared/columns.ts';
import { buildPath } from '../../../shared/endpoints.ts';
import type { Result, ServiceError } from '../../../shared/errors.ts';
import { EntryQuerySchema } from '../../../shared/lists.ts';
import type { ServiceClient } from '../service-client.ts';
import type { SettingsStore } from '../settings.ts';
import { writeFileAtomic } from '../settings.ts';
import { exportColumnsFor } from './catalog-lookup.ts';
import type { ExportColumn } from './cells.ts';
import { queryInWords, suggestedFileName } from './describe.ts';
import { fileErrorMessage, runExport } from './run-export.ts';

/**
 * The export bridge operations (`exportTable`, `exportRows`, `exportStatus`, `exportCancel`,
 * `writeClipboard`): checks the table spec against the catalog, asks where to save (Electron) or writes
 * into the host's download folder (browser shell), runs the export as a job the page polls and may cancel.
 * `exportRows` writes a table the page computed (a chart's table) through the same job, writers and
 * atomic rename, as one page that is already in.
 */

export interface ExportDeps {
  client: ServiceClient;
  settings: SettingsStore;
  /** The base URL in use now (never a key). */
  baseUrl(): string;
  /** The key for `base`, or null. */
  keyFor(base: string): string | null;
  /**
   * Electron: shows the save dialog with `suggested` (a full path) and resolves to the chosen path, or
   * null when the scout cancels. Absent in the browser shell: files go to `downloadDir` and are served.
   */
  chooseFile?: (suggested: string) => Promise<string | null>;
  /** Where a save dialog starts when no folder was remembered (the OS downloads folder); asked per export. */
  defaultDir?: () => string;
  /** Browser shell: the folder finished exports wait in until downloaded. */
  downloadDir: string;
  /** Electron: TSV and HTML onto the clipboard. */
  writeClipboard?: (data: { text: string; html: string }) => Promise<void>;
  /**
   * One page of a scouting list's players from the local store (`sort`, `offset`, `limit` as strings), in
   * the spec's envelope. Absent: lists cannot be exported.
   */
  scoutingListPage?: (listId: number, query: Record<string, string>) => Promise<Result<unknown>>;
  /**
   * One page of a table of the offline store (the stats browser's leaders, the Players list) for `query`
   * (filters, `sort`, `offset`, `limit` as strings), in the spec's envelope. Absent: they cannot be exported.
   */
  storePage?: (table: 'offlineLeaders' | 'offlinePlayers', query: Record<string, string>) => Promise<Result<unknown>>;
  /**
   * `GET /about` of `base`, for the About sheet's attribution; default the client's. The host passes the
   * one kept with the store (offline/about.ts), so an export made offline still carries the attribution.
   */
  about?: (base: string) => Promise<Result<AboutAnswer>>;
}

/** The export bridge operations. */
export type ExportHandlers = Pick<
  BridgeHandlers,
  'exportTable' | 'exportRows' | 'exportStatus' | 'exportCancel' | 'writeClipboard'
>;

export interface Exports {
  handlers: ExportHandlers;
  /**
   * Saves `text` as a JSON file named after `context` through the same job as a table export (Electron's
   * save dialog; in the browser shell a download), written atomically: a failure leaves no file.
   */
  saveText(context: Readonly<Record<string, string>>, text: string): Promise<Result<ExportStatus>>;
  /** Saves a document made in the host (a player's PDF file) the same way: a dialog or a download, atomically. */
  saveFile(context: Readonly<Record<string, string>>, data: Uint8Array, ext: 'pdf'): Promise<Result<ExportStatus>>;
  /** A finished browser-shell export's file, for the download route; null when unknown or not done. */
  downloadFile(id: string): { path: string; name: string } | null;
  /** Cancels running exports and removes the download folder. */
  close(): Promise<void>;
}

interface Job {
  status: ExportStatus;
  controller: AbortController;
  path: string;
}

const badRequest = (message: string, parameter: string): { ok: false; error: ServiceError } => ({
  ok: false,
  error: { kind: 'bad-request', status: 400, message, parameter },
});

const MIME = { csv: 'text/csv', xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' };

/** The content type of an export file by its extension. */
export function exportContentType(name: string): string {
  if (extname(name) === '.json') return 'application/json; charset=utf-8';
  if (extname(name) === '.pdf') return 'application/pdf';
  return extname(name) === '.csv' ? `${MIME.csv}; charset=utf-8` : MIME.xlsx;
}

/** Builds the export operations over the host's service client and settings. */
export function createExports(deps: ExportDeps): Exports {
  const jobs = new Map<string, Job>();

  const snapshot = (job: Job): Result<ExportStatus> => ({ ok: true, value: { ...job.status } });
  const unknown = badRequest('No export with this id.', 'id');

  /**
   * Where the file of a new export goes, and its job: Electron asks with the save dialog (null job and a
   * `cancelled` status when the scout closes it), the browser shell writes into its download folder.
   */
  async function openJob(
    context: Readonly<Record<string, string>>,
    format: ExportStatus['format'],
  ): Promise<{ job: Job; path: string } | { job: null; status: ExportStatus }> {
    const fileName = suggestedFileName(context, format);
    const id = randomUUID();
    let path: string;
    if (deps.chooseFile) {
      const dir = deps.settings.get().exportDir ?? deps.defaultDir?.() ?? deps.downloadDir;
      const chosen = await deps.chooseFile(join(dir, fileName));
      if (chosen === null) {
        const status: ExportStatus = {
          id,
          state: 'cancelled',
          format,
          fileName,
          pagesFetched: 0,
          pagesTotal: null,
          rowsWritten: 0,
          totalRecords: null,
        };
        return { job: null, status };
      }
      path = chosen;
      await deps.settings.update({ exportDir: dirname(chosen) }).catch(() => {});
    } else {
      await mkdir(deps.downloadDir, { recursive: true, mode: 0o700 });
      path = join(deps.downloadDir, `${id}.${format}`);
    }
    const job: Job = {
      controller: new AbortController(),
      path,
      status: {
        id,
        state: 'running',
        format,
        fileName: deps.chooseFile ? path.split(/[\\/]/).at(-1) || fileName : fileName,
        pagesFetched: 0,
        pagesTotal: null,
        rowsWritten: 0,
        totalRecords: null,
      },
    };
    jobs.set(id, job);
    return { job, path };
  }

  /** Records how an export ended on its job. */
  const settle = (job: Job, outcome: Awaited<ReturnType<typeof runExport>>) => {
    if (outcome.ok) {
      job.status.state = 'done';
      job.status.rowsWritten = outcome.value;
      if (deps.chooseFile) job.status.savedTo = job.path;
      else job.status.download = true;
    } else {
      job.status.state = outcome.error.kind === 'cancelled' ? 'cancelled' : 'failed';
      job.status.error = outcome.error;
    }
  };

  /**
   * The About facts of an export: where the rows came from in words (never a key), the query in words and,
   * for Databank data of the service at `base`, its attribution.
   */
  const aboutFacts = async (base: string, source: string, query: string) => {
    const about = await (deps.about ? deps.about(base) : deps.client.about(base));
    const prov = about.ok ? about.value.provenance : null;
    const out: { source: string; query: string; attribution?: string } = { source, query };
    if (prov?.source === 'hockey-databank' && prov.attribution) out.attribution = prov.attribution;
    return out;
  };

  const handlers: ExportHandlers = {
    async exportTable({ spec, format, scope }) {
      const source = sourceOf(spec, deps);
      if ('error' in source) return source.error;
      const { catalog, fetchPage, sourceWords } = source;
      const columns: ExportColumn[] = [];
      for (const [i, c] of spec.columns.entries()) {
        const column = catalog.get(c.id);
        if (!column) return badRequest(`Unknown column ${c.id} for ${source.what}.`, `spec.columns.${i}.id`);
        columns.push({
          column,
          header: c.header,
          trustedHeader: c.header === column.abbr || c.header === column.label,
        });
      }
      const opened = await openJob(spec.context, format);
      if (!opened.job) return { ok: true, value: opened.status };
      const { job, path } = opened;
      const base = deps.baseUrl();
      const aboutP = aboutFacts(base, sourceWords(base), queryInWords(spec.context, spec.query, catalog));
      void runExport({
        target: path,
        format,
        columns,
        query: spec.query,
        scope,
        signal: job.controller.signal,
        sheetName: spec.context.view ?? 'Table',
        fetchPage,
        about: () => aboutP,
        onProgress: (p) => Object.assign(job.status, p),
      }).then((outcome) => settle(job, outcome));
      return snapshot(job);
    },
    async exportRows({ table, format }) {
      const columns: ExportColumn[] = table.columns.map((header, i) => ({ column: rowsColumn(i, header), header }));
      const opened = await openJob(table.context, format);
      if (!opened.job) return { ok: true, value: opened.status };
      const { job, path } = opened;
      const records = table.rows.map((r) => Object.fromEntries(r.map((cell, i) => [`c${i}`, cell])));
      const base = deps.baseUrl();
      const words = Object.values(table.context).filter((v) => v !== '');
      void runExport({
        target: path,
        format,
        columns,
        query: { offset: '0', limit: String(records.length) },
        scope: 'page',
        signal: job.controller.signal,
        sheetName: table.context.view ?? 'Table',
        // The rows are in already: the one "page" is the table as the page showed it.
        fetchPage: async () => ({
          ok: true,
          value: {
            _meta: {
              generatedAt: new Date().toISOString(),
              offset: 0,
              limit: records.length,
              totalRecords: records.length,
            },
            _links: { first: null, last: null, prev: null, next: null },
            data: records,
          },
        }),
        about: () => aboutFacts(base, base, [...words, "computed by Rinkside from the service's records"].join(' · ')),
        onProgress: (p) => Object.assign(job.status, p),
      }).then((outcome) => settle(job, outcome));
      return snapshot(job);
    },
    async exportStatus({ id }) {
      const job = jobs.get(id);
      return job ? snapshot(job) : unknown;
    },
    async exportCancel({ id }) {
      const job = jobs.get(id);
      if (!job) return unknown;
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
      return snapshot(job);
    },
    async writeClipboard(data) {
      if (!deps.writeClipboard) return badRequest('The browser shell copies through the page.', 'op');
      await deps.writeClipboard(data);
      return { ok: true, value: null };
    },
  };

  /** Writes a whole document (text or bytes) as one export: the dialog or the download folder, atomically. */
  async function saveWhole(
    context: Readonly<Record<string, string>>,
    data: string | Uint8Array,
    format: 'json' | 'pdf',
  ): Promise<Result<ExportStatus>> {
    const opened = await openJob(context, format);
    if (!opened.job) return { ok: true, value: opened.status };
    const { job, path } = opened;
    try {
      await writeFileAtomic(path, data);
      settle(job, { ok: true, value: 1 });
    } catch (err) {
      settle(job, {
        ok: false,
        error: { kind: 'server', status: 500, message: fileErrorMessage(err, dirname(path)) },
      });
    }
    return snapshot(job);
  }

  return {
    handlers,
    saveText: (context, text) => saveWhole(context, text, 'json'),
    saveFile: (context, data, ext) => saveWhole(context, data, ext),
    downloadFile(id) {
      const job = jobs.get(id);
      if (job?.status.state !== 'done' || !job.status.download) return null;
      return { path: job.path, name: job.status.fileName };
    },
    async close() {
      for (const job of jobs.values()) job.controller.abort();
      await rm(deps.downloadDir, { recursive: true, force: true }).catch(() => {});
    },
  };
}

/**
 * The i-th column of a table computed in the page: text or numbers as the page sent them (numbers stay
 * numbers in the file), no catalog format.
 */
function rowsColumn(i: number, header: string): ColumnSpec {
  return textColumn({ id: `c${i}`, field: `c${i}`, label: header, abbr: header, title: header, fields: '' });
}

/** Where an export's rows come from: its column catalog, how a page is fetched, the About sheet's source. */
interface ExportSource {
  /** What the rows are, for messages: `teams`, `this scouting list`. */
  what: string;
  catalog: ReadonlyMap<string, ColumnSpec>;
  fetchPage(query: Record<string, string>): Promise<Result<unknown>>;
  sourceWords(base: string): string;
}

/**
 * The source of a spec: the service's endpoint (paged with the key for the service in use), a scouting
 * list, or a table of the offline store (the stats browser's leaders, the players list), paged by the
 * store (the service is not asked for anything but the data's attribution). A bad endpoint, path or list sort is a bad request naming it.
 */
function sourceOf(
  spec: Parameters<ExportHandlers['exportTable']>[0]['spec'],
  deps: ExportDeps,
): ExportSource | { error: { ok: false; error: ServiceError } } {
  if (spec.source === 'offlineLeaders' || spec.source === 'offlinePlayers') {
    const storePage = deps.storePage;
    if (storePage === undefined)
      return { error: badRequest('The offline store is not available in this host.', 'spec.source') };
    const table = spec.source;
    return {
      what: table === 'offlineLeaders' ? 'the stats browser' : 'the players list',
      catalog: new Map((table === 'offlineLeaders' ? LEADER_COLUMNS : PLAYER_EXPORT_COLUMNS).map((c) => [c.id, c])),
      fetchPage: (query) => storePage(table, query),
      sourceWords: (base) => `Offline store on this computer; synced from ${base}`,
    };
  }
  if (spec.source === 'scoutingList') {
    const listPage = deps.scoutingListPage;
    if (listPage === undefined)
      return { error: badRequest('Scouting lists are not available in this host.', 'spec.source') };
    const sort = EntryQuerySchema.shape.sort.safeParse(spec.query.sort);
    if (!sort.success)
      return { error: badRequest(`Invalid spec.query.sort: ${sort.error.issues[0]?.message}`, 'spec.query.sort') };
    const listId = spec.listId;
    return {
      what: 'this scouting list',
      catalog: new Map(LIST_ENTRY_COLUMNS.map((c) => [c.id, c])),
      fetchPage: (query) => listPage(listId, query),
      sourceWords: (base) => `Scouting list on this computer (never sent to the service); stats synced from ${base}`,
    };
  }
  if (!('endpoint' in spec)) return { error: badRequest('Unknown table source.', 'spec.source') };
  // One base URL and key for the whole export, as when it started.
  const base = deps.baseUrl();
  const key = deps.keyFor(base);
  const catalog = exportColumnsFor(spec.endpoint);
  if (catalog === null)
    return { error: badRequest(`The ${spec.endpoint} endpoint has no table to export.`, 'spec.endpoint') };
  try {
    buildPath(spec.endpoint, spec.path);
  } catch {
    return { error: badRequest('Invalid path parameters for this endpoint.', 'spec.path') };
  }
  return {
    what: spec.endpoint,
    catalog,
    fetchPage: (query) => deps.client.request(base, { endpoint: spec.endpoint, path: spec.path, query }, key),
    sourceWords: (base) => base,
  };
}

/** Export operations for a host built without exports (tests of other parts): each says so plainly. */
export function unavailableExports(): ExportHandlers {
  const no = async () => badRequest('Exports are not available in this host.', 'op');
  return { exportTable: no, exportRows: no, exportStatus: no, exportCancel: no, writeClipboard: no };
}
