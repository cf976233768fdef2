import { defuseFormula } from '../../shared/columns/formula.ts';
import { type ColumnSpec, columnValue, formatValue } from '../../shared/columns/index.ts';

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
 * Builds TSV and HTML of `rows` with `columns` (their `abbr` is the header as shown, the catalog's own text,
 * so `+/-` stays). Text of non-numeric columns that starts like a formula (shared/columns/formula.ts) gets a
 * leading `'`, in the TSV and the HTML alike.
 */
export function copiedTable(columns: readonly ColumnSpec[], rows: readonly unknown[]): CopiedTable {
  return clipboardTable(
    columns.map((c) => c.abbr),
    rows.map((r) => columns.map((c) => cellText(c, r))),
  );
}
