import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import {
  BOARD_DEFAULT_COLUMN_IDS,
  BOARD_DEPARTMENT_COLUMN_IDS,
  BOARD_FACT_COLUMNS,
} from '../../../shared/columns/index.ts';
import type { BoardDetail } from '../../../shared/domain/boards.ts';
import { ChartExportMenu } from '../../charts/ChartExportMenu.tsx';
import { useBoardFacts } from '../../entities/reports/useBoardFacts.ts';
import { ColumnChooser } from '../../table/ColumnChooser.tsx';
import { BoardEditor } from './BoardEditor.tsx';
import { boardTable } from './boardExport.ts';
import {
  type BoardSort,
  chosenColumns,
  colsParam,
  parseBoardSort,
  sortedWithinTiers,
  sortParam,
} from './boardFacts.ts';
import { flatten, unflatten } from './boardModel.ts';
import './board-facts.css';

/** The chosen columns and the view's sort of the boards (`cols`, `bsort` in the URL: boardFacts.ts). */
export function useBoardColumns() {
  const [params, setParams] = useSearchParams();
  const cols = params.get('cols');
  const sortText = params.get('bsort');
  const columns = useMemo(() => chosenColumns(cols), [cols]);
  const sort = useMemo(() => parseBoardSort(sortText), [sortText]);
  /** Sets `key` from its value as the URL holds it now (two quick changes both count). */
  const update = (key: string, next: (prev: string | null) => string | null) =>
    setParams(
      (prev) => {
        const out = new URLSearchParams(prev);
        const v = next(prev.get(key));
        if (v === null) out.delete(key);
        else out.set(key, v);
        out.sort();
        return out;
      },
      { replace: true },
    );
  return {
    columns,
    sort,
    toggleColumn: (id: string, on: boolean) =>
      update('cols', (prev) => {
        const ids = chosenColumns(prev).map((c) => c.id);
        return colsParam(on ? [...ids, id] : ids.filter((x) => x !== id));
      }),
    setColumns: (ids: readonly string[]) => update('cols', () => colsParam(ids)),
    setSort: (s: BoardSort | null) => update('bsort', () => sortParam(s)),
  };
}

/** The Columns menu of a board: the catalog's columns, and why the department's are empty when they are. */
export function BoardColumnsMenu(props: {
  chosen: readonly string[];
  onToggle: (id: string, on: boolean) => void;
  onDefaults: () => void;
  departmentMissing: string | null | undefined;
}) {
  const deptChosen = props.chosen.some((id) => BOARD_DEPARTMENT_COLUMN_IDS.includes(id));
  return (
    <ColumnChooser
      columns={BOARD_FACT_COLUMNS}
      chosen={props.chosen}
      onToggle={props.onToggle}
      onDefaults={props.onDefaults}
      note={deptChosen ? props.departmentMissing : null}
    />
  );
}

/**
 * A board with the columns the scout chose (shared/columns/boards.ts) read for all its rows at once
 * (`draftBoardFacts`), sorted within each tier on request (view only: the saved order stays, and the
 * editor's moves wait until the sort is cleared), and its export with the same columns in the order shown.
 */
export function BoardSheet({ detail, filter }: { detail: BoardDetail; filter: string }) {
  const { columns, sort, toggleColumn, setColumns, setSort } = useBoardColumns();
  const facts = useBoardFacts([detail.board.id]);
  const shownEntries = useMemo(
    () => unflatten(sortedWithinTiers(flatten(detail.entries, detail.board.tiers), facts.data?.rows ?? {}, sort)),
    [detail, facts.data, sort],
  );
  const sortedBy = sort === null ? null : BOARD_FACT_COLUMNS.find((c) => c.id === sort.id);
  const deptShown = columns.some((c) => BOARD_DEPARTMENT_COLUMN_IDS.includes(c.id));
  return (
    <div className="board-sheet">
      <div className="row board-toolbar">
        <BoardColumnsMenu
          chosen={columns.map((c) => c.id)}
          onToggle={toggleColumn}
          onDefaults={() => setColumns(BOARD_DEFAULT_COLUMN_IDS)}
          departmentMissing={facts.data?.departmentMissing}
        />
        <ChartExportMenu
          table={boardTable(detail, columns, facts.data, shownEntries)}
          context={{ view: 'board', board: detail.board.name }}
        />
        {facts.isError ? <span className="danger-text small">The columns could not be read.</span> : null}
      </div>
      {sortedBy ? (
        <p className="notice small board-sorted" role="status">
          Each tier sorted by {sortedBy.title} ({sort?.desc ? 'highest' : 'lowest'} first), for viewing only: the saved
          order is kept, and moving players waits until the sort is cleared.{' '}
          <button type="button" className="btn small" onClick={() => setSort(null)}>
            Clear sort
          </button>
        </p>
      ) : null}
      {deptShown && facts.data?.departmentMissing ? (
        <p className="muted small board-dept-missing">{facts.data.departmentMissing}</p>
      ) : null}
      <BoardEditor detail={detail} filter={filter} columns={columns} facts={facts.data} sort={sort} onSort={setSort} />
    </div>
  );
}
