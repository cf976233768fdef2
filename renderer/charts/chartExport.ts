import type { RowsTable } from '../../shared/bridge.ts';
import type { CopiedTable } from '../table/copyTable.ts';

/** A chart's numbers as a plain table: column headers and rows of cell texts, as "Show as table" shows them. */
export interface ChartTable {
  columns: readonly string[];
  rows: readonly (readonly string[])[];
}

/** The dash a chart table shows for "no value". */
const NONE = '—';
/** A number as the chart tables write it: `57`, `-3`, `3.15`, `.713` (no thousands separators, no sign `+`). */
const NUMBER = /^-?(\d+(\.\d+)?|\.\d+)$/;

/**
 * A shown cell as a file cell: the dash is empty, a number written as the table writes it is that number
 * (`.713` → 0.713, so spreadsheets compute with it), any other text stays text.
 */
export function fileCell(text: string): string | number | null {
  if (text === NONE || text === '') return null;
  return NUMBER.test(text) ? Number(text) : text;
}

/**
 * The `exportRows` table of a chart's table: the same columns and rows, cells as {@link fileCell}, and
 * context words (`view`, `league`, `season`) for the file name and the About sheet.
 */
export function rowsTableOf(table: ChartTable, context: Readonly<Record<string, string>>): RowsTable {
  return {
    columns: [...table.columns],
    rows: table.rows.map((r) => r.map(fileCell)),
    context: { ...context },
  };
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] as string);
}

/** The table as the clipboard takes it: TSV and an HTML `<table>`, cells as shown but the dash left empty. */
export function copiedChartTable(table: ChartTable): CopiedTable {
  const clean = (s: string) => (s === NONE ? '' : s.replace(/[\t\r\n]+/g, ' '));
  const head = table.columns.map(clean);
  const body = table.rows.map((r) => r.map(clean));
  const text = [head, ...body].map((cells) => cells.join('\t')).join('\n');
  const tr = (cells: string[], tag: 'th' | 'td') =>
    `<tr>${cells.map((c) => `<${tag}>${escapeHtml(c)}</${tag}>`).join('')}</tr>`;
  const html = `<table><thead>${tr(head, 'th')}</thead><tbody>${body.map((b) => tr(b, 'td')).join('')}</tbody></table>`;
  return { text, html };
}
