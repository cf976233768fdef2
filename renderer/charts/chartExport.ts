import type { RowsTable } from '../../shared/bridge/bridge.ts';
import { defuseFormula } from '../../shared/columns/formula.ts';
import { headerCell } from '../../shared/columns/headers.ts';
import { type CopiedTable, clipboardTable } from '../table/copyTable.ts';

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

/** Most decimals a file is told a number was shown with (a double holds no more than about 15). */
const MAX_DECIMALS = 15;

/**
 * The decimals a shown number was written with (`.713` → 3, `2.50` → 2, `57` → 0, at most 15); null for
 * other text.
 */
export function shownDecimals(text: string): number | null {
  if (!NUMBER.test(text)) return null;
  const dot = text.indexOf('.');
  return dot < 0 ? 0 : Math.min(MAX_DECIMALS, text.length - dot - 1);
}

/**
 * The `exportRows` table of a chart's table: the same columns and rows, cells as {@link fileCell}, the
 * decimals each number was shown with (so a file shows `2.50` as the table did), and context words
 * (`view`, `league`, `season`) for the file name and the About sheet.
 */
export function rowsTableOf(table: ChartTable, context: Readonly<Record<string, string>>): RowsTable {
  return {
    columns: [...table.columns],
    rows: table.rows.map((r) => r.map(fileCell)),
    decimals: table.rows.map((r) => r.map(shownDecimals)),
    context: { ...context },
  };
}

/**
 * The table as the clipboard takes it: TSV and an HTML `<table>`, cells as shown but the dash left empty.
 * Text cells are data here (team names, seasons), so one that starts like a formula gets a leading `'`
 * (shared/columns/formula.ts); so are headers, but those the catalog writes (`+/-`), which stay as written, as in
 * the file (shared/columns/headers.ts); numbers stay as they are.
 */
export function copiedChartTable(table: ChartTable): CopiedTable {
  const cell = (s: string) => {
    const v = fileCell(s);
    return v === null ? '' : typeof v === 'number' ? s : defuseFormula(s);
  };
  return clipboardTable(
    table.columns.map(headerCell),
    table.rows.map((r) => r.map(cell)),
  );
}
