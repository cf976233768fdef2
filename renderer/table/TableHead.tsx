import type { RowData } from '@tanstack/react-table';
import { useMemo } from 'react';
import type { ColumnSpec } from '../../shared/columns/index.ts';
import { ariaSort, sortButtonLabel } from './sorting.ts';
import { useHeaderKeyboard } from './useHeaderKeyboard.ts';
import type { ServerTable } from './useServerTable.ts';

/**
 * The header row: each column's abbreviation (GP, SV%) with its full title as the tooltip; a sortable
 * column's header is a button that toggles the server sort, with its direction shown (▲ ▼, or ↕). Its
 * accessible name starts with the header as shown (`W (Wins): sort`).
 *
 * Keyboard: the row's sort buttons are one Tab stop, arrows move along it and Down goes to the body
 * (`onDown`, useHeaderKeyboard.ts).
 */
export function TableHead<Row extends RowData>(props: {
  table: ServerTable<Row>;
  columns: readonly ColumnSpec[];
  onDown: () => void;
}) {
  const { table } = props;
  const byId = useMemo(() => new Map(props.columns.map((c) => [c.id, c])), [props.columns]);
  const groups = table.getHeaderGroups();
  const sortable = groups.flatMap((g) => g.headers.filter((h) => h.column.getCanSort()).map((h) => h.column.id));
  const keys = useHeaderKeyboard(sortable, props.onDown);
  return (
    <thead ref={keys.headRef} onKeyDown={keys.onKeyDown} onFocus={keys.onFocus}>
      {groups.map((group) => (
        <tr key={group.id} aria-rowindex={1}>
          {group.headers.map((header) => {
            const spec = byId.get(header.column.id);
            const sorted = header.column.getIsSorted();
            const canSort = header.column.getCanSort();
            const cls = [spec?.numeric ? 'num' : '', sorted ? 'sorted' : ''].join(' ').trim();
            return (
              <th
                key={header.id}
                scope="col"
                className={cls || undefined}
                aria-sort={canSort ? ariaSort(sorted) : undefined}
                title={spec?.title}
              >
                {canSort ? (
                  <button
                    type="button"
                    className="sort-btn"
                    data-col={header.column.id}
                    tabIndex={header.column.id === keys.tabbableId ? 0 : -1}
                    onClick={header.column.getToggleSortingHandler()}
                    aria-label={sortButtonLabel(spec?.abbr ?? header.column.id, spec?.title)}
                  >
                    <table.FlexRender header={header} />
                    <span className="sort-ind" aria-hidden="true">
                      {sorted === 'desc' ? '▼' : sorted === 'asc' ? '▲' : '↕'}
                    </span>
                  </button>
                ) : (
                  <span className="th-label">
                    <table.FlexRender header={header} />
                  </span>
                )}
              </th>
            );
          })}
        </tr>
      ))}
    </thead>
  );
}
