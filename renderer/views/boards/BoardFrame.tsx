import { type ReactNode, useMemo, useRef } from 'react';
import type { ColumnSpec } from '../../../shared/columns/index.ts';
import { TableFrame } from '../../table/TableFrame.tsx';
import type { ColumnCells } from '../../table/useColumnsInView.ts';
import { BoardFactsHead } from './BoardFactsHead.tsx';
import type { BoardSort } from './boardFacts.ts';

/**
 * Where a board's parts are for its frame: the headers (the player's block, then one per chosen column), a
 * player's row, and the list whose width grows with the columns.
 */
const BOARD_CELLS: ColumnCells = {
  heads: ':scope > .board-facts-head > *',
  row: ':scope > .board-list > li.board-row',
  content: ':scope > .board-list',
};

/** The header of the player's block, before the columns' (it stays put). */
const PLAYER_BLOCK = { id: '@player' };

/**
 * A board's headers and list (`children`) in a container that scrolls sideways when the chosen columns are
 * wider than the card, inside the stats tables' frame (TableFrame.tsx): while columns lie past the right
 * edge, the edge is shaded and a "N more columns →" button brings in the next; a column newly chosen, or
 * newly sorted by, is scrolled into view. The player's block (handle, rank, name, moves) stays at the left.
 */
export function BoardFrame(props: {
  columns: readonly ColumnSpec[];
  sort: BoardSort | null;
  onSort: (s: BoardSort) => void;
  readOnly: boolean;
  children: ReactNode;
}) {
  const { columns, sort, readOnly } = props;
  const scrollRef = useRef<HTMLDivElement>(null);
  const shown = useMemo(() => [PLAYER_BLOCK, ...columns], [columns]);
  return (
    <TableFrame scrollRef={scrollRef} asked={columns} shown={shown} sortedId={sort?.id} ready cells={BOARD_CELLS}>
      <div ref={scrollRef} className={readOnly ? 'board-scroll read-only' : 'board-scroll'}>
        {columns.length > 0 ? (
          <BoardFactsHead columns={columns} sort={sort} onSort={props.onSort} readOnly={readOnly} />
        ) : null}
        {props.children}
      </div>
    </TableFrame>
  );
}
