import { useMemo } from 'react';
import {
  BOARD_DEFAULT_COLUMN_IDS,
  BOARD_DEPARTMENT_COLUMN_IDS,
  BOARD_FACT_COLUMNS,
} from '../../../shared/columns/index.ts';
import type { BoardDetail } from '../../../shared/domain/boards.ts';
import { ChartExportMenu } from '../../charts/ChartExportMenu.tsx';
import { useBoardFacts } from '../../entities/reports/useBoardFacts.ts';
import { useSearchParam } from '../../state/useUrlListQuery.ts';
import { ColumnChooser } from '../../table/ColumnChooser.tsx';
import { BoardEditor } from './BoardEditor.tsx';
import { boardTable } from './boardExport.ts';
import { chosenColumns, colsParam, parseBoardSort, sortedWithinTiers, sortParam } from './boardFacts.ts';
import { flatten, unflatten } from './boardModel.ts';
import './board-facts.css';

/** The chosen columns and the view's sort of the boards (`cols`, `bsort` in the URL: boardFacts.ts). */
export function useBoardColumns() {
  const [cols, setCols] = useSearchParam('cols');
  const [sortText, setSortText] = useSearchParam('bsort');
  const columns = useMemo(() => chosenColumns(cols), [cols]);
  const sort = useMemo(() => parseBoardSort(sortText), [sortText]);
  return {
    columns,
    sort,
    setColumns: (ids: readonly string[]) => setCols(colsParam(ids), true),
    setSort: (s: Parameters<typeof sortParam>[0]) => setSortText(sortParam(s), true),
  };
}

/** The Columns menu of a board: the catalog's columns, and why the department's are empty when they are. */
export function BoardColumnsMenu(props: {
  chosen: readonly string[];
  onChange: (ids: readonly string[]) => void;
  departmentMissing: string | null | undefined;
}) {
  const deptChosen = props.chosen.some((id) => BOARD_DEPARTMENT_COLUMN_IDS.includes(id));
  return (
    <ColumnChooser
      columns={BOARD_FACT_COLUMNS}
      chosen={props.chosen}
      onChange={props.onChange}
      onDefaults={() => props.onChange(BOARD_DEFAULT_COLUMN_IDS)}
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
  const { columns, sort, setColumns, setSort } = useBoardColumns();
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
          onChange={setColumns}
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
