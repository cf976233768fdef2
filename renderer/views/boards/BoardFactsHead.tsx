import type { ColumnSpec } from '../../../shared/columns/index.ts';
import type { BoardSort } from './boardFacts.ts';

/**
 * The headers of a board's chosen columns, over the rows (same grid as a row: the player's block of
 * handle, rank, player and moves, then the columns). Each header sorts the rows within each tier: the first press in its column's
 * natural direction (best first), the next the other way. The saved order is never changed by it.
 */
export function BoardFactsHead(props: {
  columns: readonly ColumnSpec[];
  sort: BoardSort | null;
  onSort: (s: BoardSort) => void;
  readOnly: boolean;
}) {
  const { sort } = props;
  return (
    <div className={props.readOnly ? 'board-facts-head read-only' : 'board-facts-head'}>
      <span className="board-who">
        <span />
        <span className="num">#</span>
        <span>Player</span>
        {props.readOnly ? null : <span />}
      </span>
      {props.columns.map((c) => {
        const on = sort?.id === c.id;
        const desc = on ? !sort.desc : c.sortDescFirst;
        return (
          <button
            key={c.id}
            type="button"
            className={`board-sort${c.numeric ? ' num' : ''}${on ? ' on' : ''}`}
            title={c.title}
            aria-label={`${c.abbr}: sort each tier by ${c.title}${on ? (sort.desc ? ', now highest first' : ', now lowest first') : ''}`}
            onClick={() => props.onSort({ id: c.id, desc })}
          >
            {c.abbr}
            {on ? (
              <span className="board-sort-dir" aria-hidden="true">
                {sort.desc ? '▼' : '▲'}
              </span>
            ) : null}
          </button>
        );
      })}
    </div>
  );
}
