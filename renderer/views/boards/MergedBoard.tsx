import { useQueries } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { BOARD_DEFAULT_COLUMN_IDS, type ColumnSpec } from '../../../shared/columns/index.ts';
import type { BoardRowFacts } from '../../../shared/domain/board-facts.ts';
import { type MergedRow, mergeBoards } from '../../../shared/domain/boards-merge.ts';
import { quoteText } from '../../../shared/domain/text-safety.ts';
import { call } from '../../bridge/client.ts';
import { ChartExportMenu } from '../../charts/ChartExportMenu.tsx';
import { EmptyState } from '../../components/States.tsx';
import { useBoardFacts } from '../../entities/reports/useBoardFacts.ts';
import { boardLabel, useBoards } from '../../entities/reports/useBoards.ts';
import { scoutingKeys } from '../../entities/reports/useReports.ts';
import { BoardColumnsMenu, useBoardColumns } from './BoardSheet.tsx';
import { columnOf, factSortKey, factText } from './boardFacts.ts';
import { boardSizeText } from './boardModel.ts';
import './boards.css';
import { formatFixed, formatInt } from '../../format/index.ts';

/** A board's rank (its index), the mean, the spread, the name, or a chosen column (`f:` and its id). */
type SortKey = 'mean' | 'spread' | 'name' | number | `f:${string}`;

/**
 * A spread marked as wide: at least a quarter of the longest board (and 3 places), where the scouts disagree
 * enough to talk about him.
 */
const wideSpread = (rows: readonly MergedRow[]) =>
  Math.max(3, Math.round(0.25 * Math.max(0, ...rows.flatMap((r) => r.ranks.map((k) => k ?? 0)))));

/**
 * Several scouts' boards merged (`#/boards/merge?ids=1,2,3`): each player's rank on each board, the mean,
 * the spread, and the boards that lack him; sorted by any column; only the players some boards lack on
 * request; exported to CSV or Excel. Read-only: the boards themselves are never changed here.
 */
export function MergedBoard() {
  const boards = useBoards();
  const [params, setParams] = useSearchParams();
  const all = boards.data ?? [];
  const picked = (params.get('ids') ?? '')
    .split(',')
    .map(Number)
    .filter((n) => all.some((b) => b.id === n));
  const ids = picked.length > 0 ? picked : all.map((b) => b.id);
  const details = useQueries({
    queries: ids.map((id) => ({ queryKey: scoutingKeys.board(id), queryFn: () => call('draftBoard', { id }) })),
  });
  const [sort, setSort] = useState<{ key: SortKey; desc: boolean }>({ key: 'mean', desc: false });
  const chosen = useBoardColumns();
  const facts = useBoardFacts(ids);
  const factRows = facts.data?.rows ?? {};
  // The merged board has its own Pos column; the chosen columns follow the comparison.
  const columns = chosen.columns.filter((c) => c.id !== 'position');
  const factsOf = (r: MergedRow) => r.keys.map((k) => factRows[k]).find((f) => f !== undefined);
  const [onlyGaps, setOnlyGaps] = useState(false);
  const ready = details.every((d) => d.data);
  // Boards of one name (each scout's copy of "December list") are told apart by their scout alone.
  const oneName = new Set(details.map((d) => d.data?.board.name.toLocaleLowerCase('en'))).size === 1;
  const labels = details.map((d) =>
    d.data ? (oneName ? quoteText(d.data.board.scout) || 'You' : boardLabel(d.data.board)) : '…',
  );
  // A few boards of a few hundred players: merged on each render, cheaply.
  const merged = ready
    ? mergeBoards(details.map((d, i) => ({ label: labels[i] ?? '', entries: d.data?.entries ?? [] })))
    : [];
  const rows = sortRows(onlyGaps ? merged.filter((r) => r.missingFrom.length > 0) : merged, sort, factsOf);
  const toggle = (id: number) => {
    const next = ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id];
    setParams(next.length > 0 ? { ids: next.join(',') } : {}, { replace: true });
  };
  const gaps = merged.filter((r) => r.missingFrom.length > 0).length;
  return (
    <section className="view scroll merged-view" aria-labelledby="merged-title">
      <header className="view-head">
        <div>
          <p className="crumbs">
            <Link to="/boards">Draft boards</Link>
          </p>
          <h1 id="merged-title">Merged board</h1>
          <p className="muted small">
            Rank = place among each scout’s players of interest · NI = no interest · Spread = highest rank − lowest ·
            nothing of any board is changed here
          </p>
        </div>
        <ChartExportMenu
          table={{
            columns: ['#', 'Player', 'Pos', ...labels, 'Mean', 'Spread', 'Missing from', ...columns.map((c) => c.abbr)],
            rows: rows.map((r, i) => [
              String(i + 1),
              r.name,
              r.position ?? '—',
              ...r.ranks.map((k, b) => (k !== null ? String(k) : r.noInterest.includes(labels[b] ?? '') ? 'NI' : '—')),
              formatFixed(r.mean, 1),
              String(r.spread),
              r.missingFrom.join('; '),
              ...columns.map((c) => factText(c, factsOf(r))),
            ]),
          }}
          context={{ view: 'merged board' }}
        />
      </header>
      <fieldset className="merge-pick row">
        <legend className="field-label">Boards</legend>
        {all.map((b) => (
          <label key={b.id} className="inline-field">
            <input type="checkbox" checked={ids.includes(b.id)} onChange={() => toggle(b.id)} />
            <bdi>{boardLabel(b)}</bdi> <span className="muted small">{boardSizeText(b.players)}</span>
          </label>
        ))}
        <label className="inline-field gap-toggle">
          <input type="checkbox" checked={onlyGaps} onChange={(e) => setOnlyGaps(e.target.checked)} />
          Only players some boards lack ({formatInt(gaps)})
        </label>
        <BoardColumnsMenu
          chosen={chosen.columns.map((c) => c.id)}
          onToggle={chosen.toggleColumn}
          onDefaults={() => chosen.setColumns(BOARD_DEFAULT_COLUMN_IDS)}
          departmentMissing={facts.data?.departmentMissing}
        />
      </fieldset>
      {all.length < 2 ? (
        <div className="card">
          <EmptyState title="Merging takes two boards or more.">
            <p className="muted small">
              Import colleagues’ lists files (Settings → Import lists): their boards appear here.
            </p>
          </EmptyState>
        </div>
      ) : !ready ? (
        <p className="muted small">Loading the boards…</p>
      ) : (
        <MergedTable rows={rows} labels={labels} sort={sort} onSort={setSort} columns={columns} factsOf={factsOf} />
      )}
    </section>
  );
}

/** The merged board's table: sortable by a board's rank, the mean, the spread or the name. */
function MergedTable(props: {
  rows: readonly MergedRow[];
  labels: readonly string[];
  sort: { key: SortKey; desc: boolean };
  onSort: (s: { key: SortKey; desc: boolean }) => void;
  columns: readonly ColumnSpec[];
  factsOf: (r: MergedRow) => BoardRowFacts | undefined;
}) {
  const { rows, labels, sort, onSort, columns, factsOf } = props;
  const wide = wideSpread(rows);
  const head = (key: SortKey, text: string, cls = 'num') => (
    <th scope="col" className={cls} aria-sort={sort.key === key ? (sort.desc ? 'descending' : 'ascending') : undefined}>
      <button
        type="button"
        className="sort-btn"
        onClick={() => onSort({ key, desc: sort.key === key ? !sort.desc : false })}
      >
        <bdi>{text}</bdi>
        {sort.key === key ? (sort.desc ? ' ▼' : ' ▲') : ''}
      </button>
    </th>
  );
  return (
    <div className="card merged-wrap">
      <table className="merged-table" aria-label="Merged board">
        <thead>
          <tr>
            <th scope="col" className="num">
              #
            </th>
            {head('name', 'Player', '')}
            <th scope="col">Pos</th>
            {labels.map((l, i) => head(i, l))}
            {head('mean', 'Mean')}
            {head('spread', 'Spread')}
            <th scope="col">Missing from</th>
            {columns.map((c) => head(`f:${c.id}`, c.abbr, c.numeric ? 'num' : ''))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => (
            <tr key={`${r.name}-${r.ranks.join(',')}`}>
              <td className="num muted">{formatInt(i + 1)}</td>
              <th scope="row">
                <bdi>{r.name}</bdi>
              </th>
              <td>{r.position ?? '—'}</td>
              {r.ranks.map((k, b) => (
                <td
                  key={labels[b]}
                  className={k !== null ? 'num' : r.noInterest.includes(labels[b] ?? '') ? 'num passed' : 'num lacking'}
                  title={k === null && r.noInterest.includes(labels[b] ?? '') ? 'No interest on this board' : undefined}
                >
                  {k !== null ? formatInt(k) : r.noInterest.includes(labels[b] ?? '') ? 'NI' : '—'}
                </td>
              ))}
              <td className="num strong">{formatFixed(r.mean, 1)}</td>
              <td className={r.spread >= wide ? 'num wide-spread' : 'num'}>
                {r.boards > 1 ? formatInt(r.spread) : '—'}
              </td>
              <td className="small">{r.missingFrom.join(', ')}</td>
              {columns.map((c) => (
                <td key={c.id} className={c.numeric ? 'num' : 'small'}>
                  <bdi>{factText(c, factsOf(r))}</bdi>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The merged rows in the order the scout clicked: a board's rank (missing last), mean, spread or name. */
function sortRows(
  rows: readonly MergedRow[],
  sort: { key: SortKey; desc: boolean },
  factsOf: (r: MergedRow) => BoardRowFacts | undefined,
): MergedRow[] {
  const key = sort.key;
  const column = typeof key === 'string' && key.startsWith('f:') ? columnOf(key.slice(2)) : undefined;
  const value = (r: MergedRow): number | string | null =>
    typeof key === 'number'
      ? (r.ranks[key] ?? null)
      : column !== undefined
        ? factSortKey(column, factsOf(r))
        : key === 'name'
          ? r.name
          : key === 'mean' || key === 'spread'
            ? r[key]
            : null;
  const dir = sort.desc ? -1 : 1;
  return [...rows].sort((a, b) => {
    const x = value(a);
    const y = value(b);
    if (x === null || y === null) return x === y ? 0 : x === null ? 1 : -1;
    const c = typeof x === 'string' ? x.localeCompare(String(y)) : x - (y as number);
    return dir * c || a.mean - b.mean;
  });
}
