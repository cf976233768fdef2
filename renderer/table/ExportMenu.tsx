import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import type { ExportStatus } from '../../shared/bridge/bridge.ts';
import { fileColumns, formatCount } from '../../shared/columns/index.ts';
import { ServiceErrorException } from '../../shared/contract/errors.ts';
import { sortKeyOf } from '../../shared/query/query.ts';
import type { ListTableSpec, StoreTableSpec, TableSpec } from '../../shared/query/table-spec.ts';
import { call } from '../bridge/client.ts';
import { openKeyDialog } from '../state/keyDialogStore.ts';
import { copiedTable } from './copyTable.ts';
import { ExportMessage, ExportPopover, useExportOutcome } from './ExportPopover.tsx';
import { copyToClipboard, downloadExport, followExport, wireSpec } from './exportActions.ts';

export interface ExportMenuProps {
  /**
   * The table as shown: endpoint, path, query, the view's columns (headers as shown), context words; or
   * a table of the local store (a scouting list, the leaders, the players list) and the same.
   */
  spec: TableSpec | ListTableSpec | StoreTableSpec;
  /** The page's rows (for Copy and for which optional columns are visible). */
  rows: readonly unknown[] | undefined;
  /** `_meta.totalRecords` of the table. */
  totalRecords: number;
  /**
   * With `spec.after`: the first query's total, where the rows listed after begin (Copy marks each row as
   * the export does). Unknown yet (undefined): Copy waits for it, disabled with the reason, so no copy
   * ever lacks the marker column.
   */
  ranked?: number | undefined;
}

type Scope = 'page' | 'all';

/**
 * The table toolbar's Export menu: CSV, Excel (.xlsx) or Copy, of this page or of all N rows. The host
 * pages through the service and writes the file; this shows a progress bar with Cancel while it runs,
 * downloads the file in the browser shell, and says where it was saved in Electron.
 * Keyboard: Ctrl/Cmd+E opens the menu, Ctrl/Cmd+Shift+C copies the page.
 */
export function ExportMenu({ spec, rows, totalRecords, ranked }: ExportMenuProps) {
  const [open, setOpen] = useState(false);
  const [scope, setScope] = useState<Scope>('all');
  const [job, setJob] = useState<ExportStatus | null>(null);
  const { message, setMessage, dismiss } = useExportOutcome();
  const id = useId();

  // The columns of a file: optional ones only when the page has values (as DataTable shows them), and those
  // that hold one value on every row, which the table leaves out and names under it: a file has no such line.
  const columns = fileColumns(spec.columns, rows, (spec.query.sort ?? []).map(sortKeyOf));
  const fileSpec: TableSpec | ListTableSpec | StoreTableSpec = { ...spec, columns };
  const pageRows = rows?.length ?? 0;
  const { after: afterPart, query } = spec;
  const after = useMemo(
    () => (afterPart && ranked !== undefined ? { marker: afterPart.marker, ranked, offset: query.offset } : undefined),
    [afterPart, ranked, query.offset],
  );
  const running = job?.state === 'running';
  // A page with rows listed after the ranked ones is copied only with each row's mark, known from `ranked`.
  const copyWaits = afterPart !== undefined && ranked === undefined ? copyWaitText(afterPart.marker.header) : null;

  const fail = useCallback(
    (err: unknown) => {
      const e = err instanceof ServiceErrorException ? err.error : null;
      if (e?.kind === 'unauthorized') openKeyDialog('unauthorized', e.message);
      setMessage({ text: e?.message ?? (err instanceof Error ? err.message : 'The export failed.'), error: true });
    },
    [setMessage],
  );

  const copy = useCallback(async () => {
    setOpen(false);
    if (copyWaits !== null) {
      setMessage({ text: `Not copied: ${copyWaits}`, error: false });
      return;
    }
    try {
      await copyToClipboard(copiedTable(columns, rows ?? [], after));
      setMessage({ text: `Copied ${formatCount(pageRows, 'row')} to the clipboard.`, error: false });
    } catch (err) {
      fail(err);
    }
  }, [columns, rows, after, pageRows, copyWaits, fail, setMessage]);

  const start = async (format: 'csv' | 'xlsx') => {
    setOpen(false);
    setMessage(null);
    try {
      const first = await call('exportTable', { spec: wireSpec(fileSpec), format, scope });
      const end = await followExport(first, setJob);
      if (end.state === 'done') {
        if (end.download) await downloadExport(end);
        setMessage({
          text: `Exported ${formatCount(end.rowsWritten, 'row')} to ${end.savedTo ?? end.fileName}.`,
          error: false,
        });
      } else if (end.state === 'cancelled') {
        if (end.error) setMessage({ text: 'Export cancelled; no file was written.', error: false });
      } else if (end.error) {
        if (end.error.kind === 'unauthorized') openKeyDialog('unauthorized', end.error.message);
        setMessage({ text: `${end.error.message} No file was written.`, error: true });
      }
    } catch (err) {
      fail(err);
    } finally {
      setJob(null);
    }
  };

  const cancel = () => {
    if (job) void call('exportCancel', { id: job.id }).catch(fail);
  };

  useExportShortcuts(copy, setOpen);

  // While an export runs its progress shows under the button, then its outcome: over the page, so the
  // toolbar around the button never moves.
  const status = running && job ? <ExportProgress job={job} onCancel={cancel} /> : <ExportMessage message={message} />;
  return (
    <div className="export-menu">
      <ExportPopover
        open={open}
        setOpen={setOpen}
        disabled={running}
        keyShortcuts="Control+E Meta+E"
        status={running || message !== null ? status : null}
        onDismissStatus={running ? undefined : dismiss}
      >
        <fieldset className="export-scope">
          <legend className="field-label">Rows</legend>
          <label>
            <input type="radio" name={`${id}-scope`} checked={scope === 'page'} onChange={() => setScope('page')} />
            This page ({formatCount(pageRows, 'row')})
          </label>
          <label>
            <input type="radio" name={`${id}-scope`} checked={scope === 'all'} onChange={() => setScope('all')} />
            All {formatCount(totalRecords, 'row')}
          </label>
        </fieldset>
        <button type="button" className="btn ghost" onClick={() => void start('csv')} disabled={totalRecords === 0}>
          CSV
        </button>
        <button type="button" className="btn ghost" onClick={() => void start('xlsx')} disabled={totalRecords === 0}>
          Excel (.xlsx)
        </button>
        <CopyPageButton onCopy={() => void copy()} disabled={pageRows === 0} waits={copyWaits} />
      </ExportPopover>
    </div>
  );
}

/** "Copy this page", disabled with the reason said under it while the copy `waits` (then it is its description). */
function CopyPageButton(props: { onCopy: () => void; disabled: boolean; waits: string | null }) {
  const id = useId();
  const { waits } = props;
  return (
    <>
      <button
        type="button"
        className="btn ghost"
        onClick={props.onCopy}
        disabled={props.disabled || waits !== null}
        aria-keyshortcuts="Control+Shift+C Meta+Shift+C"
        aria-describedby={waits !== null ? id : undefined}
      >
        Copy this page
      </button>
      {waits !== null ? (
        <p id={id} className="small muted export-wait">
          {waits}
        </p>
      ) : null}
    </>
  );
}

/** Why Copy waits on a page with rows listed after the ranked ones: each copied row must carry `header`'s mark. */
export const copyWaitText = (header: string): string =>
  `Copy waits until the ranked rows are counted, so each row it copies says whether it is ranked (“${header}”).`;

/** Ctrl/Cmd+Shift+C copies the page, Ctrl/Cmd+E opens the menu (anywhere in the view). */
function useExportShortcuts(copy: () => Promise<void>, setOpen: (open: boolean) => void): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || e.altKey) return;
      const k = e.key.toLowerCase();
      if (e.shiftKey && k === 'c') {
        e.preventDefault();
        void copy();
      } else if (!e.shiftKey && k === 'e') {
        e.preventDefault();
        setOpen(true);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [copy, setOpen]);
}

/** A running export: its progress by pages fetched, the rows written, and Cancel. */
function ExportProgress({ job, onCancel }: { job: ExportStatus; onCancel: () => void }) {
  const pct = job.pagesTotal ? Math.round((100 * job.pagesFetched) / job.pagesTotal) : 0;
  return (
    <div className="export-progress" role="status">
      <progress max={100} value={pct} aria-label="Export progress" />
      <span className="small muted">
        {job.pagesTotal ? `Page ${job.pagesFetched} of ${job.pagesTotal}` : 'Starting'} ·{' '}
        {formatCount(job.rowsWritten, 'row')} written
      </span>
      <button type="button" className="btn ghost small" onClick={onCancel}>
        Cancel
      </button>
    </div>
  );
}
