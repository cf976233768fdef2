import { once } from 'node:events';
import { createWriteStream, type WriteStream } from 'node:fs';
import Papa from 'papaparse';
import type { Cell, ExportColumn } from '../../../shared/columns/cells.ts';
import { defuseFormula, FORMULA_START } from '../../../shared/columns/formula.ts';
import { csvNumber } from './numbers.ts';
import type { TableWriter, WriterCell } from './writer.ts';

/**
 * CSV for Excel and Sheets: UTF-8 with a byte-order mark (Excel then reads accents right), CRLF lines,
 * papaparse `unparse`. A text cell that starts like a formula (shared/columns/formula.ts: `=`, `+`, `-`, `@`
 * after any spaces, line feeds or zero-width characters, or a tab or carriage return, whatever follows) is
 * prefixed with `'` so it never runs. Numbers are written as numbers, never escaped, at their table's
 * precision (numbers.ts: PTS/GP `1.53`, adjusted points whole), never with the binary noise of
 * arithmetic. Headers the catalog itself wrote (`+/-`) are trusted text and go out as they are; any other
 * header (a chart's team names) is data and is escaped.
 */
export function createCsvWriter(file: string, columns: readonly ExportColumn[]): TableWriter {
  const out: WriteStream = createWriteStream(file, { flags: 'wx', mode: 0o600 });
  let failed: Error | null = null;
  out.on('error', (err) => {
    failed = err;
  });
  const opts = { escapeFormulae: FORMULA_START, newline: '\r\n', quotes: false } as const;

  async function write(text: string) {
    if (failed) throw failed;
    if (!out.write(text)) {
      // Wait for the buffer to drain, or for the stream to fail (the 'error' handler above records it).
      await new Promise<void>((resolve) => {
        const done = () => {
          out.off('drain', done);
          out.off('close', done);
          resolve();
        };
        out.on('drain', done);
        out.on('close', done);
      });
    }
    if (failed) throw failed;
  }

  const cellsOf = (row: WriterCell[]): Cell[] =>
    row.map((cell, i) => (cell === null || typeof cell === 'string' ? cell : csvNumber(columns[i]?.column, cell)));

  return {
    async start() {
      const head = columns.map((c) => (c.trustedHeader ? c.header : defuseFormula(c.header)));
      await write(`\uFEFF${Papa.unparse([head], { ...opts, escapeFormulae: false })}\r\n`);
    },
    async rows(rows: WriterCell[][]) {
      if (rows.length === 0) return;
      await write(`${Papa.unparse(rows.map(cellsOf), opts)}\r\n`);
    },
    async finish() {
      if (failed) throw failed;
      out.end();
      await once(out, 'close');
      if (failed) throw failed;
    },
    async abort() {
      out.destroy();
      if (!out.closed) await once(out, 'close').catch(() => {});
    },
  };
}
