import { useRef, useState } from 'react';
import type { ListsImportReport } from '../../../shared/bridge/lists-safety.ts';
import { formatCount } from '../../../shared/columns/index.ts';
import { LISTS_FILE_MAX_CHARS } from '../../../shared/domain/list-limits.ts';
import { call, toServiceError } from '../../bridge/client.ts';
import { useImportLists } from '../../state/storage.ts';
import { downloadExport, followExport } from '../../table/exportActions.ts';

/** An import's report in words: `2 lists added, 1 merged; 120 players added, 3 updated, 40 kept; 2 earlier notes kept`. */
export function importReportText(r: ListsImportReport): string {
  const lists = [
    r.listsCreated > 0 ? `${formatCount(r.listsCreated, 'list')} added` : '',
    r.listsMerged > 0 ? `${formatCount(r.listsMerged, 'list')} merged` : '',
  ].filter(Boolean);
  const entries = [
    `${formatCount(r.entriesAdded, 'player')} added`,
    r.entriesUpdated > 0 ? `${r.entriesUpdated} updated (newer in the file)` : '',
    r.entriesKept > 0 ? `${r.entriesKept} kept (yours as new or newer)` : '',
  ].filter(Boolean);
  const n = r.previousNotesKept;
  const notes =
    n > 0 ? `; ${formatCount(n, 'older note')} kept as ${n === 1 ? 'a previous note' : 'previous notes'}` : '';
  return `Imported: ${lists.join(', ') || 'no list'}; ${entries.join(', ')}${notes}${scoutingText(r)}.`;
}

/** The reports' and boards' part of an import's report (empty when the file had none). */
function scoutingText(r: ListsImportReport): string {
  const reports = [
    r.reportsAdded > 0 ? `${formatCount(r.reportsAdded, 'report')} added` : '',
    r.reportsUpdated > 0 ? `${r.reportsUpdated} updated (newer in the file)` : '',
    r.reportsKept > 0 ? `${r.reportsKept} kept` : '',
  ].filter(Boolean);
  const boards = [
    r.boardsAdded > 0 ? `${formatCount(r.boardsAdded, 'board')} added` : '',
    r.boardsUpdated > 0 ? `${r.boardsUpdated} reordered (the older order kept as a version)` : '',
    r.boardsKept > 0 ? `${r.boardsKept} kept` : '',
  ].filter(Boolean);
  return [reports.join(', '), boards.join(', ')].map((t) => (t === '' ? '' : `; ${t}`)).join('');
}

/** Saves every list as a `rinkside-lists` file: the save dialog in Electron, a download in the browser. */
function useExportLists() {
  const [state, setState] = useState<{ busy: boolean; text: string | null; error: string | null }>({
    busy: false,
    text: null,
    error: null,
  });
  const run = async () => {
    setState({ busy: true, text: null, error: null });
    try {
      const end = await followExport(await call('scoutingListsExport', {}), () => {});
      if (end.state === 'done') {
        if (end.download) await downloadExport(end);
        const text = end.download ? `Downloaded ${end.fileName}.` : `Saved ${end.savedTo ?? end.fileName}.`;
        setState({ busy: false, text, error: null });
      } else if (end.state === 'cancelled') setState({ busy: false, text: null, error: null });
      else setState({ busy: false, text: null, error: end.error?.message ?? 'The file could not be saved.' });
    } catch (err) {
      setState({ busy: false, text: null, error: toServiceError(err).message });
    }
  };
  return { ...state, run };
}

/**
 * Export and import of the lists as a `rinkside-lists` file (store/lists/FORMAT.md): Export saves every
 * list; Import reads a file the scout picks (checked whole, nothing written when anything in it is wrong,
 * the error naming the place in the file) and merges it into the lists.
 */
export function ListsTransfer() {
  const exporting = useExportLists();
  const importing = useImportLists();
  const picker = useRef<HTMLInputElement>(null);
  const [tooBig, setTooBig] = useState<string | null>(null);

  const pick = async (file: File | undefined) => {
    if (file === undefined) return;
    setTooBig(null);
    importing.reset();
    if (file.size > LISTS_FILE_MAX_CHARS) {
      setTooBig(`${file.name} is larger than 32 MB: it is not a Rinkside lists file.`);
      return;
    }
    importing.mutate(await file.text());
  };

  return (
    <div className="stack lists-transfer">
      <div className="row">
        <button type="button" className="btn" onClick={() => void exporting.run()} disabled={exporting.busy}>
          {exporting.busy ? 'Exporting…' : 'Export all lists…'}
        </button>
        <button type="button" className="btn" onClick={() => picker.current?.click()} disabled={importing.isPending}>
          {importing.isPending ? 'Importing…' : 'Import lists…'}
        </button>
        <input
          ref={picker}
          type="file"
          accept=".json,application/json"
          className="visually-hidden"
          tabIndex={-1}
          aria-label="Lists file to import"
          onChange={(e) => {
            void pick(e.currentTarget.files?.[0]);
            e.currentTarget.value = '';
          }}
        />
      </div>
      <p className="muted small">
        A <code>rinkside-lists</code> file holds every list with each player’s rating, note and who he is. An import
        merges by list name and player: the newer note wins and the older one is kept as the player’s previous note.
      </p>
      {exporting.text ? <output className="notice ok">{exporting.text}</output> : null}
      {exporting.error ? (
        <p className="notice error" role="alert">
          {exporting.error}
        </p>
      ) : null}
      {importing.isSuccess ? <output className="notice ok">{importReportText(importing.data)}</output> : null}
      {importing.isError || tooBig ? (
        <p className="notice error" role="alert">
          Nothing was imported. {tooBig ?? toServiceError(importing.error).message}
        </p>
      ) : null}
    </div>
  );
}
