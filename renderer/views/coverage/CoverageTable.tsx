import type { CoverageQuery, CoverageRow } from '../../../shared/department/desk.ts';
import { AREA_LABELS, type GradeArea } from '../../../shared/domain/report-areas.ts';
import { projectionsText } from '../../entities/department/coverage.ts';
import { RecordPlayerName } from '../../entities/player/RecordPlayerName.tsx';
import type { CoverageColumn } from './columns.ts';

/**
 * One page of the coverage table: sortable headers (a button each; a click sorts by that column, again
 * the other way), the player as a link to his page, an area's cell marked where the scouts disagree, and
 * the projections' counts under the most common one.
 */
export function CoverageTable(props: {
  rows: readonly CoverageRow[];
  columns: readonly CoverageColumn[];
  query: CoverageQuery;
  onSort: (sort: string, desc: boolean) => void;
  busy: boolean;
}) {
  const { rows, columns, query, onSort } = props;
  return (
    <div className="card coverage-wrap">
      <table
        className="plain-table coverage-table"
        aria-label="Coverage by the department"
        aria-busy={props.busy || undefined}
      >
        <thead>
          <tr>
            {columns.map((c) => {
              const on = query.sort === c.sort;
              return (
                <th
                  key={c.id}
                  scope="col"
                  className={c.numeric ? 'num' : undefined}
                  title={c.title}
                  aria-sort={on ? (query.desc ? 'descending' : 'ascending') : undefined}
                >
                  <button
                    type="button"
                    className="sort-btn"
                    // Counts and dates first the highest, text first A.
                    onClick={() => onSort(c.sort, on ? !query.desc : c.numeric)}
                  >
                    {c.label}
                    {on ? (query.desc ? ' ▼' : ' ▲') : ''}
                  </button>
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={`${r.player.source}:${r.player.playerId}`}>
              {columns.map((c) => (
                <CoverageCell key={c.id} row={r} column={c} />
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A cell: the player's name as a header of the row, an area marked when its range is over the threshold. */
function CoverageCell({ row, column }: { row: CoverageRow; column: CoverageColumn }) {
  const text = column.text(row);
  if (column.id === 'name') {
    return (
      <th scope="row">
        <RecordPlayerName player={{ ...row.player, name: text }} />
      </th>
    );
  }
  if (column.id.startsWith('mean:')) {
    const area = column.id.slice(5) as GradeArea;
    const wide = row.disagreeAreas.includes(area);
    return (
      <td className={wide ? 'num coverage-disagree' : 'num'}>
        {text}
        {wide ? <span className="visually-hidden">, scouts disagree on {AREA_LABELS[area]}</span> : null}
      </td>
    );
  }
  if (column.id === 'projection') {
    // The distribution under the most common one, when the reports gave more than one.
    const several = Object.keys(row.projections).length > 1;
    return (
      <td>
        {text}
        {several ? <div className="muted small coverage-spread">{projectionsText(row)}</div> : null}
      </td>
    );
  }
  if (column.id === 'disagree') {
    return <td className={row.disagreeAreas.length > 0 ? 'coverage-disagree' : 'muted'}>{text}</td>;
  }
  if (column.id === 'scouts')
    return (
      <td className="num" title={row.scoutNames.join(', ')}>
        {text}
      </td>
    );
  return <td className={column.numeric ? 'num' : undefined}>{text}</td>;
}
