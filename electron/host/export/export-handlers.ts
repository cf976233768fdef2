import { dirname, extname } from 'node:path';
import type { AboutAnswer, BridgeHandlers, BridgeParsedArgs, ExportStatus } from '../../../shared/bridge/bridge.ts';
import type { ExportColumn } from '../../../shared/columns/cells.ts';
import { isCatalogHeader } from '../../../shared/columns/headers.ts';
import { decimalsOf } from '../../../shared/columns/precision.ts';
import { databankAttribution } from '../../../shared/contract/about.ts';
import type { Result } from '../../../shared/contract/errors.ts';
import { writeFileAtomic } from '../common/settings.ts';
import { markerColumn, twoPartRows } from './after-rows.ts';
import { queryInWords } from './describe.ts';
import { badRequest, rowsColumn, type SourceDeps, sourceOf } from './export-source.ts';
import { createJobs, type ExportJobs, type ExportPlaces, snapshot } from './jobs.ts';
import { fileErrorMessage, runExport } from './run-export.ts';
import type { WriterCell } from './writer.ts';

/**
 * The export bridge operations (`exportTable`, `exportRows`, `exportStatus`, `exportCancel`,
 * `writeClipboard`): checks the table spec against the catalog, asks where to save (Electron) or writes
 * into the host's download folder (browser shell), runs the export as a job the page polls and may cancel.
 * `exportRows` writes a table the page computed (a chart's table) through the same job, writers and
 * atomic rename, as one page that is already in.
 */

/** What the exports need from the host: the service and its key, where files go, the clipboard. */
export interface ExportDeps extends SourceDeps, ExportPlaces {
  /** Electron: TSV and HTML onto the clipboard. */
  writeClipboard?: (data: { text: string; html: string }) => Promise<void>;
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

/** The export operations of a host, with the browser shell's download lookup and the cleanup at quit. */
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

const MIME = { csv: 'text/csv', xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' };

/** The content type of an export file by its extension. */
export function exportContentType(name: string): string {
  if (extname(name) === '.json') return 'application/json; charset=utf-8';
  if (extname(name) === '.pdf') return 'application/pdf';
  return extname(name) === '.csv' ? `${MIME.csv}; charset=utf-8` : MIME.xlsx;
}

/** The About sheet's facts: where the rows came from, the query in words, the data's attribution. */
type AboutFacts = (
  base: string,
  source: string,
  query: string,
) => Promise<{ source: string; query: string; attribution?: string }>;

/** Builds the export operations over the host's service client and settings. */
export function createExports(deps: ExportDeps): Exports {
  const jobs = createJobs(deps);
  const unknown = badRequest('No export with this id.', 'id');

  /**
   * The About facts of an export: where the rows came from in words (never a key), the query in words and,
   * for Databank data of the service at `base`, its attribution.
   */
  const aboutFacts: AboutFacts = async (base, source, query) => {
    const about = await (deps.about ? deps.about(base) : deps.client.about(base));
    const attribution = databankAttribution(about.ok ? about.value : null);
    return attribution === undefined ? { source, query } : { source, query, attribution };
  };

  const handlers: ExportHandlers = {
    exportTable: (args) => exportTable(deps, jobs, aboutFacts, args),
    exportRows: (args) => exportRows(deps, jobs, aboutFacts, args),
    async exportStatus({ id }) {
      const job = jobs.get(id);
      return job ? snapshot(job) : unknown;
    },
    async exportCancel({ id }) {
      const job = jobs.get(id);
      if (!job) return unknown;
      await jobs.cancel(job);
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
    const opened = await jobs.open(context, format);
    if (!opened.job) return { ok: true, value: opened.status };
    const { job, path } = opened;
    try {
      await writeFileAtomic(path, data);
      jobs.settle(job, { ok: true, value: 1 });
    } catch (err) {
      jobs.settle(job, {
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
    downloadFile: (id) => jobs.downloadFile(id),
    close: () => jobs.close(),
  };
}

/**
 * `exportTable`: every column of the spec must be in its source's catalog (else a bad request naming
 * it); then the job starts and its first status is answered while the pages are fetched and written.
 */
async function exportTable(
  deps: ExportDeps,
  jobs: ExportJobs,
  aboutFacts: AboutFacts,
  { spec, format, scope }: BridgeParsedArgs<'exportTable'>,
): Promise<Result<ExportStatus>> {
  const source = sourceOf(spec, deps);
  if ('error' in source) return source.error;
  const { catalog, fetch, sourceWords } = source;
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
  const after = 'after' in spec ? spec.after : undefined;
  const opened = await jobs.open(spec.context, format);
  if (!opened.job) return { ok: true, value: opened.status };
  const { job, path } = opened;
  const base = deps.baseUrl();
  let words = queryInWords(spec.context, spec.query, catalog);
  // The rows listed after the query's own: the same endpoint and path, checked as the first part was.
  if (after) words += `; then ${after.marker.after}: ${queryInWords({}, after.query, catalog)}`;
  const aboutP = aboutFacts(base, sourceWords(base), words);
  const pages =
    after && 'page' in fetch
      ? { fetchRows: twoPartRows(columns, after, fetch.page) }
      : 'page' in fetch
        ? { fetchPage: fetch.page }
        : { fetchRows: fetch.rows(columns) };
  void runExport({
    target: path,
    format,
    columns: after ? [...columns, markerColumn(after)] : columns,
    query: spec.query,
    scope,
    signal: job.controller.signal,
    sheetName: spec.context.view ?? 'Table',
    ...pages,
    about: () => aboutP,
    onProgress: (p) => Object.assign(job.status, p),
  }).then((outcome) => jobs.settle(job, outcome));
  return snapshot(job);
}

/**
 * `exportRows`: the page's own table, written as the one page of an export whose rows are in already. A
 * column the catalog heads (`GP`, `SV%`) takes the catalog's number format; any other number keeps the
 * decimals the page showed it with (`decimals`, else those of its shortest text).
 */
async function exportRows(
  deps: ExportDeps,
  jobs: ExportJobs,
  aboutFacts: AboutFacts,
  { table, format }: BridgeParsedArgs<'exportRows'>,
): Promise<Result<ExportStatus>> {
  // A header the catalog writes (`+/-`) is trusted text; any other (a team's name) is data.
  const columns: ExportColumn[] = table.columns.map((header, i) => ({
    column: rowsColumn(i, header),
    header,
    trustedHeader: isCatalogHeader(header),
  }));
  const opened = await jobs.open(table.context, format);
  if (!opened.job) return { ok: true, value: opened.status };
  const { job, path } = opened;
  const rows: WriterCell[][] = table.rows.map((r, ri) =>
    r.map((cell, i) =>
      typeof cell !== 'number' || columns[i]?.column.numeric
        ? cell
        : { value: cell, decimals: table.decimals?.[ri]?.[i] ?? decimalsOf(cell) },
    ),
  );
  const base = deps.baseUrl();
  const words = Object.values(table.context).filter((v) => v !== '');
  void runExport({
    target: path,
    format,
    columns,
    query: { offset: '0', limit: String(rows.length) },
    scope: 'page',
    signal: job.controller.signal,
    sheetName: table.context.view ?? 'Table',
    // The rows are in already: the one "page" is the table as the page showed it.
    fetchRows: async () => ({ ok: true, value: { rows, totalRecords: rows.length } }),
    about: () => aboutFacts(base, base, [...words, "computed by Rinkside from the service's records"].join(' · ')),
    onProgress: (p) => Object.assign(job.status, p),
  }).then((outcome) => jobs.settle(job, outcome));
  return snapshot(job);
}

/** Export operations for a host built without exports (tests of other parts): each says so plainly. */
export function unavailableExports(): ExportHandlers {
  const no = async () => badRequest('Exports are not available in this host.', 'op');
  return { exportTable: no, exportRows: no, exportStatus: no, exportCancel: no, writeClipboard: no };
}
