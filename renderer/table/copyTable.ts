import { type ColumnSpec, columnValue, formatValue } from '../../shared/columns.ts';

/** The page as text a spreadsheet pastes as a table: TSV and an HTML `<table>`, headers as shown. */
export interface CopiedTable {
  text: string;
  html: string;
}

function cellText(column: ColumnSpec, row: unknown): string {
  const s = formatValue(column, columnValue(column, row));
  // The dash marks "no value" on screen; a spreadsheet should get an empty cell.
  return s === '—' ? '' : s;
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] as string);
}

/** Builds TSV and HTML of `rows` with `columns` (their `abbr` is the header as shown). Tabs and newlines in text become spaces. */
export function copiedTable(columns: readonly ColumnSpec[], rows: readonly unknown[]): CopiedTable {
  const clean = (s: string) => s.replace(/[\t\r\n]+/g, ' ');
  const head = columns.map((c) => clean(c.abbr));
  const body = rows.map((r) => columns.map((c) => clean(cellText(c, r))));
  const text = [head, ...body].map((cells) => cells.join('\t')).join('\n');
  const tr = (cells: string[], tag: 'th' | 'td') =>
    `<tr>${cells.map((c) => `<${tag}>${escapeHtml(c)}</${tag}>`).join('')}</tr>`;
  const html = `<table><thead>${tr(head, 'th')}</thead><tbody>${body.map((b) => tr(b, 'td')).join('')}</tbody></table>`;
  return { text, html };
}
