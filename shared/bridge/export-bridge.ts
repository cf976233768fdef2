import { z } from 'zod';
import { QuerySchema, ServiceRequestSchema } from '../contract/endpoints.ts';
import type { ServiceError } from '../contract/errors.ts';
import { IdSchema } from '../domain/lists.ts';

/**
 * Arguments and results of the export operations (merged into shared/bridge/bridge.ts): a table's spec to page
 * through, a table the page computed itself, a scouting list, an export's status; and the one size limit
 * of a bridge call that the browser shell's body cap and these schemas share.
 */

/**
 * The largest bridge call: its arguments as JSON, in bytes. It is the browser shell's request body cap,
 * and every argument schema below stays within it (the sizes of `exportRows`' table and of
 * `writeClipboard`'s text and HTML are checked against it), so a call the host accepts over Electron's
 * IPC is never refused by the browser shell, and the other way round. The largest call the page makes
 * is a copied 1000-row page of the widest table, under 1 MiB as TSV and HTML together; a Compare chart's
 * table (at most every season of a league for eight teams) is tens of KiB.
 */
export const BRIDGE_BODY_LIMIT = 4 * 1024 * 1024;

/** Bytes or KiB/MiB for messages: `4 MiB`, `512 KiB`, `900 bytes`. */
export function formatBytes(n: number): string {
  if (n >= 1024 * 1024) return `${Math.round((10 * n) / (1024 * 1024)) / 10} MiB`;
  if (n >= 1024) return `${Math.round(n / 1024)} KiB`;
  return `${n} bytes`;
}

/** The bytes of `value` as the page sends it: UTF-8 of `JSON.stringify(value)`. */
export function jsonBytes(value: unknown): number {
  const text = JSON.stringify(value) ?? '';
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      // A surrogate pair is one code point of four bytes (stringify escapes lone surrogates as `\udXXX`).
      n += 4;
      i++;
    } else n += 3;
  }
  return n;
}

/** `schema`, refusing a value whose JSON is larger than {@link BRIDGE_BODY_LIMIT}, with the sizes in words. */
export function withinBodyLimit<S extends z.ZodType>(schema: S, what: string, path: string[] = []) {
  return schema.superRefine((value, ctx) => {
    const bytes = jsonBytes(value);
    if (bytes > BRIDGE_BODY_LIMIT)
      ctx.addIssue({
        code: 'custom',
        path,
        message: `${what} is ${bytes.toLocaleString('en-US')} bytes; the app takes at most ${formatBytes(BRIDGE_BODY_LIMIT)} (${BRIDGE_BODY_LIMIT.toLocaleString('en-US')} bytes)`,
      });
  });
}

/**
 * Rows an `exportRows` table may have at most: each row is at least four bytes of JSON (`[0],`), so more
 * could never fit {@link BRIDGE_BODY_LIMIT}; the size check itself comes after.
 */
export const MAX_ROWS = Math.floor(BRIDGE_BODY_LIMIT / 4);

/**
 * A table spec on the wire, for exports (shared/query/table-spec.ts): the endpoint and path parameters, the
 * service query record of the page shown, the visible columns in order with their headers as shown, and
 * the context in words. The host checks every column id against the catalog of the endpoint.
 *
 * `after`: rows the table lists after the query's own (a team's goalies under Min GP): the same endpoint
 * and path with `after.query`, whose rows from the first query's total on follow the first query's rows
 * (every goalie by games, whose first rows are those Min GP ranks). The file then ends with a marker
 * column, `marker.header`, saying `marker.first` or `marker.after` on each row. Paging (`offset`, `limit`)
 * is the first query's, over both parts as one list.
 */
export const ExportSpecSchema = z
  .object({
    /** Where the rows come from: the service (the default) or, in {@link ListExportSpecSchema}, a scouting list. */
    source: z.literal('service').optional(),
    endpoint: ServiceRequestSchema.shape.endpoint,
    path: ServiceRequestSchema.shape.path,
    query: QuerySchema,
    columns: z
      .array(z.object({ id: z.string().min(1).max(80), header: z.string().min(1).max(80) }).strict())
      .min(1, 'no columns to export')
      .max(80),
    context: z.record(z.string().regex(/^[a-z][A-Za-z]{0,30}$/), z.string().max(200)).default({}),
    after: z
      .object({
        query: QuerySchema,
        marker: z
          .object({ header: z.string().min(1).max(80), first: z.string().max(80), after: z.string().max(80) })
          .strict(),
      })
      .strict()
      .optional(),
  })
  .strict();
export type ExportSpec = z.input<typeof ExportSpecSchema>;

/** A cell of a table computed in the page: text, a finite number, or empty. */
export const RowCellSchema = z.union([z.string().max(1000), z.number().finite(), z.null()]);

/** The decimals a number of a page's table was shown with (`.713`: 3); null for a cell that is no number. */
export const ShownDecimalsSchema = z.number().int().min(0).max(15).nullable();

/**
 * A table the page computed itself (a chart's "Show as table"), exported as shown: its headers, its rows
 * (each as long as the headers), optionally the decimals each number was shown with (`decimals`, one row
 * per row, one entry per cell, so a file shows `2.50` as the table did) and context words as in
 * {@link ExportSpecSchema}. Nothing is fetched. The call's size is bounded by {@link BRIDGE_BODY_LIMIT}
 * (see `exportRows`).
 */
export const RowsTableSchema = z
  .object({
    columns: z.array(z.string().min(1).max(80)).min(1, 'no columns to export').max(80),
    rows: z.array(z.array(RowCellSchema).max(80)).max(MAX_ROWS),
    decimals: z.array(z.array(ShownDecimalsSchema).max(80)).max(MAX_ROWS).optional(),
    context: ExportSpecSchema.shape.context,
  })
  .strict()
  .superRefine((t, ctx) => {
    const i = t.rows.findIndex((r) => r.length !== t.columns.length);
    if (i >= 0)
      ctx.addIssue({
        code: 'custom',
        path: ['rows', i],
        message: `row ${i + 1} has ${t.rows[i]?.length} cells for ${t.columns.length} columns`,
      });
    if (t.decimals === undefined) return;
    if (t.decimals.length !== t.rows.length)
      ctx.addIssue({
        code: 'custom',
        path: ['decimals'],
        message: `decimals has ${t.decimals.length} rows for ${t.rows.length} rows`,
      });
    const j = t.decimals.findIndex((r) => r.length !== t.columns.length);
    if (j >= 0)
      ctx.addIssue({
        code: 'custom',
        path: ['decimals', j],
        message: `decimals row ${j + 1} has ${t.decimals[j]?.length} entries for ${t.columns.length} columns`,
      });
  });
export type RowsTable = z.input<typeof RowsTableSchema>;

/**
 * A table of the local store on the wire, for exports: a scouting list (`listId`), its query (sort; the
 * host pages it), the visible columns with their headers as shown, and the context in words. The host
 * checks every column id against the list's catalog (shared/columns/lists.ts).
 */
export const ListExportSpecSchema = z
  .object({
    source: z.literal('scoutingList'),
    listId: IdSchema,
    query: QuerySchema,
    columns: ExportSpecSchema.shape.columns,
    context: ExportSpecSchema.shape.context,
  })
  .strict();
export type ListExportSpec = z.input<typeof ListExportSpecSchema>;

/**
 * A table of the offline store on the wire, for exports: the stats browser's leaders (`offlineLeaders`) or
 * the Players list (`offlinePlayers`), its query record (filters and sort; the host pages it through the
 * store), the visible columns with their headers as shown, and the context in words. The host checks
 * every column id against the table's catalog (shared/columns/leaders.ts, shared/columns/players.ts).
 */
export const StoreExportSpecSchema = z
  .object({
    source: z.enum(['offlineLeaders', 'offlinePlayers']),
    query: QuerySchema,
    columns: ExportSpecSchema.shape.columns,
    context: ExportSpecSchema.shape.context,
  })
  .strict();
export type StoreExportSpec = z.input<typeof StoreExportSpecSchema>;

/** Where an export stands, as `exportStatus` reports it. */
export interface ExportStatus {
  id: string;
  state: 'running' | 'done' | 'failed' | 'cancelled';
  /** `json`: a `rinkside-lists` file of the scouting lists. */
  format: 'csv' | 'xlsx' | 'json' | 'pdf';
  /** The file's name (`rinkside-goaltending-regular-season-MTL-1976-1977.xlsx`). */
  fileName: string;
  pagesFetched: number;
  /** Known after the first page. */
  pagesTotal: number | null;
  rowsWritten: number;
  totalRecords: number | null;
  /** Electron: the full path saved to. */
  savedTo?: string;
  /** Browser shell: the file waits at `exportDownloadRoute(id)` once done. */
  download?: boolean;
  error?: ServiceError | { kind: 'cancelled'; message: string };
}

export const ExportId = z.object({ id: z.string().regex(/^[0-9a-f-]{36}$/, 'an export id') }).strict();
