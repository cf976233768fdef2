import ExcelJS from 'exceljs';
import type { ExportColumn } from '../../../shared/columns/cells.ts';
import { sheetFormatOf, shownNumberFormat } from '../../../shared/columns/precision.ts';
import type { AboutFacts, TableWriter, WriterCell } from './writer.ts';

/** Sheet names Excel keeps for itself, and the About sheet's own. */
const RESERVED_SHEET_NAMES = new Set(['history', 'about']);

/**
 * A sheet name Excel and exceljs accept, from the view's name: each of `[ ] : * ? / \` becomes `-`
 * ("Compare trend GF/GP" → "Compare trend GF-GP"), no `'` at either end, at most 31 characters, and
 * "Table" when nothing is left or the name is reserved ("History", or "About", the second sheet's).
 */
export function sheetNameOf(name: string): string {
  const clean = name
    .replace(/[[\]:*?/\\]/g, '-')
    .replace(/\p{Cc}/gu, ' ')
    .trim()
    .slice(0, 31)
    .replace(/^'+|'+$/g, '')
    .trim();
  return clean === '' || RESERVED_SHEET_NAMES.has(clean.toLowerCase()) ? 'Table' : clean;
}

/** Width of a column in characters: its header, or wider for names and numbers. */
function widthOf(c: ExportColumn): number {
  const base = c.column.numeric ? 9 : c.column.format === 'date' ? 12 : 24;
  return Math.max(base, c.header.length + 4);
}

/**
 * XLSX through exceljs' streaming `WorkbookWriter` (rows are committed as they come, so memory stays flat
 * for 100k rows): sheet "Table" with typed numbers in number formats at the table's precision (the
 * catalog's, shared/columns/precision.ts; a page's own number, the decimals it was shown with), the value
 * itself kept whole; a bold frozen header row, an autofilter over the columns and widths; sheet "About"
 * with the source, the query in words, when it was generated, the record count and the data's attribution.
 */
export function createXlsxWriter(file: string, columns: readonly ExportColumn[], sheetName = 'Table'): TableWriter {
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useStyles: true, useSharedStrings: false });
  book.creator = 'Rinkside';
  const sheet = book.addWorksheet(sheetNameOf(sheetName), { views: [{ state: 'frozen', ySplit: 1 }] });
  // One style object per column, shared by all its cells: exceljs looks a style up by object identity
  // first, whereas the fresh copy it makes for every cell is rendered and looked up anew.
  const cellStyles = columns.map((c) => {
    const numFmt = sheetFormatOf(c.column);
    return numFmt ? { numFmt } : {};
  });
  // The same for the numbers of a page's own table, one style per number of decimals.
  const shownStyles = new Map<number, Partial<ExcelJS.Style>>();
  const shownStyle = (decimals: number) => {
    const kept = shownStyles.get(decimals);
    if (kept) return kept;
    const style = { numFmt: shownNumberFormat(decimals) };
    shownStyles.set(decimals, style);
    return style;
  };

  return {
    async start() {
      sheet.columns = columns.map((c) => {
        const numFmt = sheetFormatOf(c.column);
        return {
          key: c.column.id,
          width: widthOf(c),
          ...(numFmt ? { style: { numFmt } } : {}),
        };
      });
      sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: columns.length } };
      const head = sheet.addRow(columns.map((c) => c.header));
      head.font = { bold: true };
      head.commit();
    },
    async rows(rows: WriterCell[][]) {
      for (const r of rows) {
        const row = sheet.addRow(r.map((cell) => (cell !== null && typeof cell === 'object' ? cell.value : cell)));
        for (let i = 0; i < cellStyles.length; i++) {
          const cell = r[i];
          row.getCell(i + 1).style =
            cell !== null && typeof cell === 'object'
              ? shownStyle(cell.decimals)
              : (cellStyles[i] as Partial<ExcelJS.Style>);
        }
        row.commit();
      }
    },
    async finish(about: AboutFacts) {
      sheet.commit();
      const info = book.addWorksheet('About');
      info.columns = [{ width: 16 }, { width: 100 }];
      const lines: [string, string | number][] = [
        ['Source', about.source],
        ['Query', about.query],
        ['Generated at', about.generatedAt],
        ['Records', about.records],
      ];
      if (about.attribution) lines.push(['Attribution', about.attribution]);
      for (const [k, v] of lines) {
        const row = info.addRow([k, v]);
        row.getCell(1).font = { bold: true };
        row.getCell(2).alignment = { wrapText: true, vertical: 'top' };
        row.commit();
      }
      info.commit();
      await book.commit();
    },
    async abort() {
      // exceljs has no abort: finish the zip so its file handle closes; the caller deletes the file.
      try {
        sheet.commit();
        await book.commit();
      } catch {
        // Already failed (disk full, folder gone): nothing more to close.
      }
    },
  };
}
