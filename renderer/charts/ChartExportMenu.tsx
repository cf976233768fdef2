import { useState } from 'react';
import { formatCount } from '../../shared/columns/index.ts';
import { call } from '../bridge/client.ts';
import { ExportMessage, ExportPopover, useExportOutcome } from '../table/ExportPopover.tsx';
import { copyToClipboard, downloadExport, followExport } from '../table/exportActions.ts';
import { type ChartTable, copiedChartTable, rowsTableOf } from './chartExport.ts';

/**
 * The Export menu of a chart's table: CSV, Excel (.xlsx) or Copy of the rows and columns "Show as table"
 * shows. The table is computed in the page from several endpoints, so it goes to the host as rows
 * (`exportRows`), which writes it with the same writers, save dialog and download as table exports.
 */
export function ChartExportMenu(props: {
  table: ChartTable;
  context: Readonly<Record<string, string>>;
  /** Reads the table to export when it is more than the one shown (every page of a paged table). */
  load?: () => Promise<ChartTable>;
}) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const { message, setMessage, dismiss } = useExportOutcome();
  const rows = props.table.rows.length;
  const tableNow = () => (props.load ? props.load() : Promise.resolve(props.table));

  const fail = (err: unknown) =>
    setMessage({ text: err instanceof Error ? err.message : 'The export failed.', error: true });

  const start = async (format: 'csv' | 'xlsx') => {
    setOpen(false);
    setMessage(null);
    setBusy(true);
    try {
      const first = await call('exportRows', { table: rowsTableOf(await tableNow(), props.context), format });
      const end = await followExport(first, () => {});
      if (end.state === 'done') {
        if (end.download) await downloadExport(end);
        setMessage({
          text: `Exported ${formatCount(end.rowsWritten, 'row')} to ${end.savedTo ?? end.fileName}.`,
          error: false,
        });
      } else if (end.error && end.state === 'failed') {
        setMessage({ text: `${end.error.message} No file was written.`, error: true });
      }
    } catch (err) {
      fail(err);
    } finally {
      setBusy(false);
    }
  };

  const copy = async () => {
    setOpen(false);
    try {
      const table = await tableNow();
      await copyToClipboard(copiedChartTable(table));
      setMessage({ text: `Copied ${formatCount(table.rows.length, 'row')} to the clipboard.`, error: false });
    } catch (err) {
      fail(err);
    }
  };

  return (
    <div className="export-menu">
      <ExportPopover
        open={open}
        setOpen={setOpen}
        disabled={busy}
        status={message === null ? null : <ExportMessage message={message} />}
        onDismissStatus={dismiss}
      >
        <button type="button" className="btn ghost" onClick={() => void start('csv')} disabled={rows === 0}>
          CSV
        </button>
        <button type="button" className="btn ghost" onClick={() => void start('xlsx')} disabled={rows === 0}>
          Excel (.xlsx)
        </button>
        <button type="button" className="btn ghost" onClick={() => void copy()} disabled={rows === 0}>
          Copy table
        </button>
      </ExportPopover>
    </div>
  );
}
