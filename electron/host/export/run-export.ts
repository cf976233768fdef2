import { randomBytes } from 'node:crypto';
import { rename, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { type ExportColumn, rowOf } from '../../../shared/columns/cells.ts';
import { ListEnvelopeSchema } from '../../../shared/contract/envelope.ts';
import type { Result, ServiceError } from '../../../shared/contract/errors.ts';
import { LIMIT_MAX, LIMIT_MIN } from '../../../shared/contract/spec.ts';
import { wholeNumberSchema } from '../../../shared/contract/whole-number.ts';
import { createCsvWriter } from './csv-writer.ts';
import type { AboutFacts, TableWriter, WriterCell } from './writer.ts';

/** Rows per service request when exporting every page (the spec's largest `limit`). */
export const EXPORT_PAGE_SIZE = 1000;

/**
 * Pages kept asked for beyond the one being written. Two keep the service busy while the host parses,
 * checks and writes a page; more only add memory, the service answering one request at a time.
 */
const PAGES_AHEAD = 2;

/** Progress of one export, as the page polls it. */
export interface ExportProgress {
  pagesFetched: number;
  /** Known after the first page. */
  pagesTotal: number | null;
  rowsWritten: number;
  totalRecords: number | null;
}

/** The options of an export: where its file goes, its columns and query, and how its pages are fetched. */
export type RunExportOptions = ExportJob &
  (
    | {
        /** One keyed GET of the table's endpoint with this query (the host's service client). */
        fetchPage(query: Record<string, string>): Promise<Result<unknown>>;
        fetchRows?: undefined;
      }
    | {
        /**
         * A page already made the export's rows (the cells of `columns`, in order) with the query's total:
         * the offline store's own tables, whose worker makes them.
         */
        fetchRows(query: Record<string, string>): Promise<Result<RowsPage>>;
        fetchPage?: undefined;
      }
  );

/** What every export is given, whatever fetches its pages. */
export interface ExportJob {
  /** The final file; written as a temp file in the same folder, then renamed. */
  target: string;
  format: 'csv' | 'xlsx';
  columns: readonly ExportColumn[];
  /** The table's service query (filters, sort, fields, offset, limit as strings). */
  query: Readonly<Record<string, string>>;
  /** `page`: the query's own offset and limit; `all`: every record from offset 0, `pageSize` at a time. */
  scope: 'page' | 'all';
  /** Rows per request with scope `all`; default {@link EXPORT_PAGE_SIZE}. */
  pageSize?: number;
  /** The About facts but the record count, asked once the first page is in. */
  about(): Promise<Omit<AboutFacts, 'records' | 'generatedAt'>>;
  signal: AbortSignal;
  onProgress(p: ExportProgress): void;
  sheetName?: string;
}

/** A page of an export as the rows of its file, and every record of the query. */
export interface RowsPage {
  rows: WriterCell[][];
  totalRecords: number;
}

/** A page in the spec's list envelope as the rows of `columns`, each numbered from `at`; or why it is not one. */
export function envelopeRows(columns: readonly ExportColumn[], page: Result<unknown>, at: number): Result<RowsPage> {
  if (!page.ok) return page;
  const env = ListEnvelopeSchema.safeParse(page.value);
  if (!env.success)
    return {
      ok: false,
      error: { kind: 'invalid-response', message: 'The service answered a page in an unexpected form.' },
    };
  const { data, _meta } = env.data;
  return {
    ok: true,
    value: { rows: data.map((r, i) => rowOf(columns, r, at + i + 1)), totalRecords: _meta.totalRecords },
  };
}

/** Why an export did not produce its file. */
export type ExportFailure = ServiceError | { kind: 'cancelled'; message: string };

/** Rows written, or why there is no file. */
export type ExportOutcome = { ok: true; value: number } | { ok: false; error: ExportFailure };

/** A plain message for a file-system failure (full disk, unwritable or missing folder). */
export function fileErrorMessage(err: unknown, dir: string): string {
  const code = (err as { code?: unknown } | null)?.code;
  switch (code) {
    case 'ENOSPC':
    case 'EDQUOT':
      return 'The disk is full: the export was not saved.';
    case 'EACCES':
    case 'EPERM':
    case 'EROFS':
      return `The folder ${dir} cannot be written to: the export was not saved.`;
    case 'ENOENT':
    case 'ENOTDIR':
      return `The folder ${dir} does not exist: the export was not saved.`;
    default:
      return 'The export file could not be written.';
  }
}

function describeRange(offset: number, limit: number): string {
  return `rows ${offset + 1}–${offset + limit}`;
}

/**
 * Pages through the service and streams rows to a CSV or XLSX writer. The file appears at `target` only
 * complete (atomic rename of a temp file in the same folder); on cancel or any failure the temp file is
 * deleted and no file is left. Resolves to the number of rows written, or the failure; never rejects.
 * A 403 on a later page says which rows were refused.
 */
export async function runExport(opts: RunExportOptions): Promise<ExportOutcome> {
  const dir = dirname(opts.target);
  const tmp = join(dir, `.${basename(opts.target)}.${randomBytes(6).toString('hex')}.part`);
  let writer: TableWriter | null = null;
  const progress: ExportProgress = { pagesFetched: 0, pagesTotal: null, rowsWritten: 0, totalRecords: null };
  const cancelled = { kind: 'cancelled', message: 'The export was cancelled.' } as const;

  const cleanup = async () => {
    await writer?.abort().catch(() => {});
    await unlink(tmp).catch(() => {});
  };
  const fail = async (error: ExportFailure) => {
    await cleanup();
    return { ok: false as const, error };
  };

  // The page shown is read as the service reads it; a malformed one is refused before a file is made.
  const page = opts.scope === 'page' ? pageOf(opts.query) : null;
  if (page !== null && !page.ok)
    return fail({ kind: 'bad-request', status: 400, message: page.message, parameter: page.parameter });

  try {
    // exceljs is loaded on the first XLSX export: importing it costs the app's launch a noticeable delay.
    writer =
      opts.format === 'csv'
        ? createCsvWriter(tmp, opts.columns)
        : (await import('./xlsx-writer.ts')).createXlsxWriter(tmp, opts.columns, opts.sheetName);
    await writer.start();
  } catch (err) {
    return fail({ kind: 'server', status: 500, message: fileErrorMessage(err, dir) });
  }

  const startOffset = page?.ok ? page.offset : 0;
  const pageLimit = page?.ok ? page.limit : (opts.pageSize ?? EXPORT_PAGE_SIZE);
  let end = Number.POSITIVE_INFINITY;
  // Rows per page as the service gives them: `pageLimit`, unless it sends fewer on a page that is not the last.
  let stride = pageLimit;
  const request = (at: number) => {
    const query = { ...opts.query, offset: String(at), limit: String(pageLimit) };
    const p =
      opts.fetchRows !== undefined
        ? opts.fetchRows(query)
        : opts.fetchPage(query).then((page) => envelopeRows(opts.columns, page, at));
    // A page asked for ahead may be left unread when the export stops early; its failure is then nobody's.
    p.catch(() => {});
    return p;
  };
  // Pages asked for and not yet written, in offset order. Once the total is known, PAGES_AHEAD pages are
  // kept asked for, so the service builds the next ones while the host reads and writes this one.
  const ahead: { at: number; page: Promise<Result<RowsPage>> }[] = [{ at: startOffset, page: request(startOffset) }];
  let nextAt = startOffset + pageLimit;
  const askAhead = () => {
    while (ahead.length < PAGES_AHEAD && nextAt < end) {
      ahead.push({ at: nextAt, page: request(nextAt) });
      nextAt += stride;
    }
  };
  try {
    for (let next = ahead.shift(); next !== undefined; next = ahead.shift()) {
      if (opts.signal.aborted) return fail(cancelled);
      const { at } = next;
      const page = await next.page;
      if (opts.signal.aborted) return fail(cancelled);
      if (!page.ok) {
        const e = page.error;
        if (e.kind === 'forbidden' && progress.pagesFetched > 0) {
          return fail({
            ...e,
            message: `The key may not read ${describeRange(at, Math.min(pageLimit, end - at))} of ${progress.totalRecords}: ${e.message}`,
          });
        }
        return fail(e);
      }
      const { rows, totalRecords } = page.value;
      if (progress.totalRecords === null) {
        progress.totalRecords = totalRecords;
        end = opts.scope === 'page' ? Math.min(totalRecords, startOffset + pageLimit) : totalRecords;
        progress.pagesTotal = opts.scope === 'page' ? 1 : Math.max(1, Math.ceil(totalRecords / pageLimit));
      }
      progress.pagesFetched += 1;
      if (rows.length === 0) break;
      if (opts.scope === 'all' && rows.length < Math.min(stride, end - at)) {
        // Fewer rows than a page holds, before the end (a service that caps `limit` lower): the pages asked
        // for ahead would leave gaps, so they are dropped and paging goes on from here at that size.
        ahead.length = 0;
        stride = rows.length;
        nextAt = at + rows.length;
        progress.pagesTotal = progress.pagesFetched + Math.ceil((end - nextAt) / stride);
      }
      if (opts.scope === 'all') askAhead();
      await writer.rows(rows);
      progress.rowsWritten += rows.length;
      opts.onProgress({ ...progress });
    }
    if (opts.signal.aborted) return fail(cancelled);
    const about = await opts.about();
    await writer.finish({ ...about, records: progress.rowsWritten, generatedAt: new Date().toISOString() });
    writer = null;
    if (opts.signal.aborted) return fail(cancelled);
    await rename(tmp, opts.target);
    return { ok: true, value: progress.rowsWritten };
  } catch (err) {
    return fail({ kind: 'server', status: 500, message: fileErrorMessage(err, dir) });
  }
}

/**
 * The page shown, from its service query record: `offset` (0..1,000,000, default 0) and `limit` (the spec's
 * bounds, default 100) as whole numbers in digits; or why not, naming the parameter.
 */
function pageOf(
  query: Readonly<Record<string, string>>,
): { ok: true; offset: number; limit: number } | { ok: false; parameter: string; message: string } {
  const offset = wholeNumberSchema(0, 1_000_000).default(0).safeParse(query.offset);
  if (!offset.success)
    return { ok: false, parameter: 'offset', message: `Invalid offset: ${offset.error.issues[0]?.message}.` };
  const limit = wholeNumberSchema(LIMIT_MIN, LIMIT_MAX).default(100).safeParse(query.limit);
  if (!limit.success)
    return { ok: false, parameter: 'limit', message: `Invalid limit: ${limit.error.issues[0]?.message}.` };
  return { ok: true, offset: offset.data, limit: limit.data };
}
