import { useEffect, useId, useRef, useState } from 'react';
import { formatCount } from '../../shared/columns.ts';
import { call } from '../bridge/client.ts';
import { copyToClipboard, downloadExport, followExport } from '../table/exportActions.ts';
import { type ChartTable, copiedChartTable, rowsTableOf } from './chartExport.ts';

/**
 * The Export menu of a chart's table: CSV, Excel (.xlsx) or Copy of the rows and columns "Show as table"
 * shows. The table is computed in the page from several endpoints, so it goes to the host as rows
 * (`exportRows`), which writes it with the same writers, save dialog and download as table exports.
 */
export function ChartExportMenu(props: { table: ChartTable; context: Readonly<Record<string, string>> }) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLFieldSetElement>(null);
  const id = useId();
  const rows = props.table.rows.length;

  const fail = (err: unknown) =>
    setMessage({ text: err instanceof Error ? err.message : 'The export failed.', error: true });

  const start = async (format: 'csv' | 'xlsx') => {
    setOpen(false);
    setMessage(null);
    setBusy(true);
    try {
      const first = await call('exportRows', { table: rowsTableOf(props.table, props.context), format });
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
      await copyToClipboard(copiedChartTable(props.table));
      setMessage({ text: `Copied ${formatCount(rows, 'row')} to the clipboard.`, error: false });
    } catch (err) {
      fail(err);
    }
  };

  useEffect(() => {
    if (!open) return;
    panel.current?.querySelector<HTMLElement>('button')?.focus();
    const onDown = (e: MouseEvent) => {
      if (!panel.current?.contains(e.target as Node) && !button.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, [open]);

  return (
    <div className="export-menu">
      <button
        ref={button}
        type="button"
        className="btn small"
        aria-haspopup="true"
        aria-expanded={open}
        aria-controls={id}
        disabled={busy}
        onClick={() => setOpen((o) => !o)}
      >
        Export ▾
      </button>
      {open ? (
        <fieldset
          ref={panel}
          id={id}
          className="export-panel"
          aria-label="Export"
          onKeyDown={(e) => {
            if (e.key === 'Escape') {
              setOpen(false);
              button.current?.focus();
            }
          }}
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
        </fieldset>
      ) : null}
      {message ? (
        <p
          className={message.error ? 'export-message error small' : 'export-message small'}
          role={message.error ? 'alert' : 'status'}
        >
          {message.text}
        </p>
      ) : null}
    </div>
  );
}
