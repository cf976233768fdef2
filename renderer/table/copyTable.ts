import { defuseFormula } from '../../shared/columns/formula.ts';
import { type ColumnSpec, columnValue, formatValue } from '../../shared/columns/index.ts';
import { afterMark, afterMarkerColumn } from '../../shared/query/after-marker.ts';
import type { TableSpecAfter } from '../../shared/query/table-spec.ts';

/** The page as text a spreadsheet pastes as a table: TSV and an HTML `<table>`, headers as shown. */
export interface CopiedTable {
  text: string;
  html: string;
}

function cellText(column: ColumnSpec, row: unknown): string {
  const s = formatValue(column, columnValue(column, row));
  // The dash marks "no value" on screen; a spreadsheet should get an empty cell.
  if (s === '—') return '';
  // A note or a name that starts like a formula would run when pasted; a numeric column's text (a signed
  // `+3`) is a number and stays as it is.
  return column.numeric ? s : defuseFormula(s);
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] as string);
}

/**
 * TSV and HTML of a header row and body rows of cell texts, already as the clipboard should carry them
 * (formulas defused by the caller). Tabs and line breaks inside a cell become spaces, so each row stays
 * one line of the TSV.
 */
export function clipboardTable(head: readonly string[], body: readonly (readonly string[])[]): CopiedTable {
  const clean = (s: string) => s.replace(/[\t\r\n]+/g, ' ');
  const rows = [head, ...body].map((cells) => cells.map(clean));
  const text = rows.map((cells) => cells.join('\t')).join('\n');
  const tr = (cells: string[], tag: 'th' | 'td') =>
    `<tr>${cells.map((c) => `<${tag}>${escapeHtml(c)}</${tag}>`).join('')}</tr>`;
  const [top = [], ...rest] = rows;
  const html = `<table><thead>${tr(top, 'th')}</thead><tbody>${rest.map((b) => tr(b, 'td')).join('')}</tbody></table>`;
  return { text, html };
}

/**
 * A page of a table that lists rows after its query's own (table-spec.ts, `TableSpecAfter`): the marker, the
 * first query's total (`ranked`) and the page's offset in the whole list.
 */
export interface CopiedAfter {
  marker: TableSpecAfter['marker'];
  ranked: number;
  offset: number;
}

/**
 * Builds TSV and HTML of `rows` with `columns` (their `abbr` is the header as shown, the catalog's own text,
 * so `+/-` stays). Text of non-numeric columns that starts like a formula (shared/columns/formula.ts) gets a
 * leading `'`, in the TSV and the HTML alike. With `after`, each row ends with the marker an export writes
 * (shared/query/after-marker.ts): ranked, or listed after.
 */
export function copiedTable(
  columns: readonly ColumnSpec[],
  rows: readonly unknown[],
  after?: CopiedAfter,
): CopiedTable {
  const head = columns.map((c) => c.abbr);
  const body = rows.map((r) => columns.map((c) => cellText(c, r)));
  if (after === undefined) return clipboardTable(head, body);
  const { marker, ranked, offset } = after;
  return clipboardTable(
    [...head, afterMarkerColumn(marker).abbr],
    body.map((cells, i) => [...cells, defuseFormula(afterMark(marker, offset + i, ranked))]),
  );
}
