import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { formatCount } from '../../../shared/columns/index.ts';
import { LIST_NAME_MAX } from '../../../shared/domain/list-limits.ts';
import type { ListEntryRecord, ScoutingList } from '../../../shared/domain/lists.ts';
import { toServiceError } from '../../bridge/client.ts';
import { usePageSize } from '../../bridge/queries.ts';
import { ErrorPanel } from '../../components/ErrorPanel.tsx';
import { EmptyState } from '../../components/States.tsx';
import { SharedMark } from '../../entities/department/SharedMark.tsx';
import { useDepartmentSettings } from '../../entities/department/useDepartment.ts';
import { useDeleteList, useListEntries, useRenameList } from '../../entities/lists/useLists.ts';
import { useUrlListQuery } from '../../state/useUrlListQuery.ts';
import { DataTable } from '../../table/DataTable.tsx';
import { ExportMenu } from '../../table/ExportMenu.tsx';
import { NameCell, NoteCell, RatingCell, ReadOnlyNoteCell, ReadOnlyRatingCell, RemoveCell } from './EntryCells.tsx';
import { ShareSwitch } from './ShareSwitch.tsx';
import { LIST_COLUMNS, listTableOptions, listTableSpec, SHOWN_COLUMNS } from './spec.ts';

const renderCell = {
  name: (r: ListEntryRecord) => <NameCell row={r} />,
  team: (r: ListEntryRecord) => (
    <span className="clip-cell" title={r.team ?? undefined}>
      {r.team ?? '—'}
    </span>
  ),
  rating: (r: ListEntryRecord) => <RatingCell row={r} />,
  note: (r: ListEntryRecord) => <NoteCell row={r} />,
  remove: (r: ListEntryRecord) => <RemoveCell row={r} />,
};

/** A colleague's list: its rating and note as written, and no remove button. */
const readOnlyCell = {
  ...renderCell,
  rating: (r: ListEntryRecord) => <ReadOnlyRatingCell row={r} />,
  note: (r: ListEntryRecord) => <ReadOnlyNoteCell row={r} />,
};

/** The list's name as a heading, or the rename form in its place. */
function ListTitle({ list }: { list: ScoutingList }) {
  const rename = useRenameList();
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(list.name);
  if (!editing) {
    return (
      <div className="list-title-row">
        <h2 id="list-title">
          <bdi>{list.name}</bdi>
        </h2>
        {list.readOnly ? null : (
          <button
            type="button"
            className="btn ghost small"
            onClick={() => {
              setName(list.name);
              rename.reset();
              setEditing(true);
            }}
          >
            Rename
          </button>
        )}
      </div>
    );
  }
  return (
    <form
      className="list-title-row"
      onSubmit={(e) => {
        e.preventDefault();
        rename.mutate({ id: list.id, name }, { onSuccess: () => setEditing(false) });
      }}
      onKeyDown={(e) => {
        if (e.key === 'Escape') setEditing(false);
      }}
    >
      <input
        className="list-name-input"
        aria-label="List name"
        value={name}
        maxLength={LIST_NAME_MAX}
        // biome-ignore lint/a11y/noAutofocus: the scout just asked to rename: the box is where the keyboard goes
        autoFocus
        onChange={(e) => setName(e.currentTarget.value)}
      />
      <button type="submit" className="btn primary small" disabled={rename.isPending}>
        Save
      </button>
      <button type="button" className="btn ghost small" onClick={() => setEditing(false)}>
        Cancel
      </button>
      {rename.isError ? (
        <span className="danger-text small" role="alert">
          {toServiceError(rename.error).message}
        </span>
      ) : null}
    </form>
  );
}

/** "Delete list" and its confirmation, which says what goes with it. */
function DeleteList({ list }: { list: ScoutingList }) {
  const del = useDeleteList();
  const navigate = useNavigate();
  const [asking, setAsking] = useState(false);
  if (!asking) {
    return (
      <button type="button" className="btn ghost small danger-text" onClick={() => setAsking(true)}>
        Delete list
      </button>
    );
  }
  return (
    <div className="notice warn list-confirm" role="alertdialog" aria-label="Delete this list?">
      <span>
        Delete “<bdi>{list.name}</bdi>” and its {formatCount(list.entryCount, 'player')}? Ratings and notes go with it.
      </span>
      <button
        type="button"
        className="btn danger small"
        disabled={del.isPending}
        onClick={() => del.mutate({ id: list.id }, { onSuccess: () => navigate('/lists', { replace: true }) })}
      >
        Delete list
      </button>
      {/* biome-ignore lint/a11y/noAutofocus: a confirmation takes the focus, on the harmless choice */}
      <button type="button" className="btn ghost small" autoFocus onClick={() => setAsking(false)}>
        Cancel
      </button>
      {del.isError ? (
        <span className="danger-text small" role="alert">
          {toServiceError(del.error).message}
        </span>
      ) : null}
    </div>
  );
}

/**
 * One scouting list: its name (rename), delete with a confirmation, "Shared with the department" while one
 * is set up, the Export menu, and its players on the shared DataTable with their latest stats, rating and
 * note editable in place, and remove. A colleague's list is read-only: his name, no rename, delete or edits.
 */
export function ListDetail({ id }: { id: number }) {
  const pageSize = usePageSize();
  const options = useMemo(() => listTableOptions(pageSize), [pageSize]);
  const [query, setQuery] = useUrlListQuery(options);
  const page = useListEntries(id, query);
  const list = page.data?.list;
  const rows = page.data?.data;
  const total = page.data?._meta.totalRecords ?? 0;
  const spec = useMemo(() => (list ? listTableSpec(list, query) : null), [list, query]);
  const department = useDepartmentSettings().data?.config ?? null;
  const readOnly = list?.readOnly ?? false;

  if (page.isError && !page.data) {
    return (
      <div className="card list-detail">
        <ErrorPanel error={page.error} what="this scouting list" onRetry={() => void page.refetch()} />
      </div>
    );
  }
  return (
    <section className="list-detail" aria-labelledby="list-title">
      <header className="list-head">
        <div>
          {list ? <ListTitle key={list.id} list={list} /> : <h2 id="list-title">Loading list…</h2>}
          <p className="muted small">
            {list ? formatCount(total, 'player') : ''}
            {list && total > 0 ? ' · stats of the latest season on this computer, regular season' : ''}
          </p>
        </div>
        <span className="grow" />
        {list?.readOnly ? <SharedMark scout={list.scout || list.owner} /> : null}
        {list && !list.readOnly && department !== null ? <ShareSwitch list={list} /> : null}
        {list && !list.readOnly ? <DeleteList key={list.id} list={list} /> : null}
        {spec ? <ExportMenu spec={spec} rows={rows} totalRecords={total} /> : null}
      </header>
      <div className="card fill">
        <DataTable<ListEntryRecord>
          label={list ? `Scouting list ${list.name}` : 'Scouting list'}
          columns={readOnly ? LIST_COLUMNS : SHOWN_COLUMNS}
          rows={rows}
          totalRecords={total}
          query={query}
          onQueryChange={(q) => setQuery(q)}
          getRowId={(r) => String(r.entryId)}
          renderCell={readOnly ? readOnlyCell : renderCell}
          stale={page.isPlaceholderData && page.isFetching}
          className="fill list-table"
          empty={
            <EmptyState title="No players in this list yet">
              <span className="muted">
                Star a player in <a href="#/players">Players</a> and pick this list.
              </span>
            </EmptyState>
          }
        />
      </div>
    </section>
  );
}
