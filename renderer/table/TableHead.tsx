import type { RowData } from '@tanstack/react-table';
import { useMemo } from 'react';
import type { ColumnSpec } from '../../shared/columns.ts';
import { ariaSort } from './sorting.ts';
import type { ServerTable } from './useServerTable.ts';

/**
 * The header row: each column's abbreviation (GP, SV%) with its full title as the tooltip; a sortable
 * column's header is a button that toggles the server sort, with its direction shown (▲ ▼, or ↕).
 */
export function TableHead<Row extends RowData>(props: { table: ServerTable<Row>; columns: readonly ColumnSpec[] }) {
  const { table } = props;
  const byId = useMemo(() => new Map(props.columns.map((c) => [c.id, c])), [props.columns]);
  return (
    <thead>
      {table.getHeaderGroups().map((group) => (
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
                    onClick={header.column.getToggleSortingHandler()}
                    aria-label={`${spec?.title ?? header.column.id}: sort`}
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
