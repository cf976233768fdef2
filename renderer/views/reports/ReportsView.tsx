import { useState } from 'react';
import { Link } from 'react-router';
import { AREA_LABELS, PROJECTIONS } from '../../../shared/domain/report-areas.ts';
import type { REPORT_SORT_KEYS, ScoutingReport } from '../../../shared/domain/reports.ts';
import { quoteText } from '../../../shared/domain/text-safety.ts';
import { ChartExportMenu } from '../../charts/ChartExportMenu.tsx';
import { ErrorPanel } from '../../components/ErrorPanel.tsx';
import { EmptyState } from '../../components/States.tsx';
import { SharedMark } from '../../entities/department/SharedMark.tsx';
import { useDepartmentSettings } from '../../entities/department/useDepartment.ts';
import { reportMean, useReports } from '../../entities/reports/useReports.ts';
import './reports.css';
import { RecordPlayerName } from '../../entities/player/RecordPlayerName.tsx';
import { formatCount, formatDateTime, formatDay, formatFixed } from '../../format/index.ts';

type SortKey = (typeof REPORT_SORT_KEYS)[number];
/** The list's columns: the sort key (none: not sortable), the header, and whether it holds numbers (right-aligned). */
const HEADS: [SortKey | null, string, 'num'?][] = [
  ['gameDate', 'Game date'],
  ['playerName', 'Player'],
  [null, 'Game'],
  [null, 'Played'],
  ['status', 'Status'],
  [null, 'Projection'],
  [null, 'Mean', 'num'],
  ['scout', 'Scout'],
  ['updatedAt', 'Last change'],
];

/** The reports as shown, as a table for CSV and Excel: one row a report, its grades in one cell. */
function reportsTable(list: readonly ScoutingReport[]) {
  return {
    columns: [
      'Game date',
      'Player',
      'Home',
      'Away',
      'League',
      'Score',
      'Played',
      'Status',
      'Projection',
      'Mean',
      'Grades',
      'Strengths',
      'Weaknesses',
      'Notes',
      'Scout',
    ],
    rows: list.map((r) => {
      const mean = reportMean(r.grades);
      return [
        r.gameDate,
        r.playerName,
        r.homeTeam,
        r.awayTeam,
        r.league,
        r.score,
        r.positionPlayed,
        r.status,
        r.projection ? PROJECTIONS[r.projection] : '',
        mean === null ? '' : formatFixed(mean, 1),
        Object.entries(r.grades)
          .map(([a, g]) => `${AREA_LABELS[a as keyof typeof AREA_LABELS]} ${g ?? 'not seen'}`)
          .join('; '),
        r.strengths,
        r.weaknesses,
        r.notes,
        r.scout || 'You',
      ];
    }),
  };
}

/** How many reports the list shows, and its drafts to finish: `1,204 reports · 3 drafts to finish`. */
export function reportsCountText(list: readonly Pick<ScoutingReport, 'status'>[]): string {
  const drafts = list.filter((r) => r.status === 'draft').length;
  return `${formatCount(list.length, 'report')}${drafts > 0 ? ` · ${formatCount(drafts, 'draft')} to finish` : ''}`;
}

/** A report's status; a final one marked shared (a department set up, `shared`) or with its colleague's name. */
function StatusCell({ r, shared }: { r: ScoutingReport; shared: boolean }) {
  return (
    <td>
      <span className={`pill ${r.status === 'draft' || r.retracted ? 'warn' : 'ok'}`}>
        {r.retracted ? 'Taken back' : r.status === 'draft' ? 'Draft' : 'Final'}
      </span>
      {r.status === 'final' && (r.readOnly || (shared && r.scout === '')) ? (
        <>
          {' '}
          <SharedMark compact scout={r.readOnly ? r.scout || r.owner : undefined} />
        </>
      ) : null}
    </td>
  );
}

/**
 * Every scouting report (`#/reports`): searched by any word of the player, the game, the scout and the
 * texts, sorted by a column (newest game first by default), drafts marked so the scout finishes them;
 * with a department set up, final reports marked shared and colleagues' with their names.
 */
export function ReportsView() {
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<{ key: SortKey; desc: boolean }>({ key: 'gameDate', desc: true });
  const q = useReports({ search, sort: sort.key, descending: sort.desc });
  const list = q.data ?? [];
  const shared = (useDepartmentSettings().data?.config ?? null) !== null;
  return (
    <section className="view scroll reports-view" aria-labelledby="reports-title">
      <header className="view-head">
        <div>
          <h1 id="reports-title">Scouting reports</h1>
          <p className="muted small">{reportsCountText(list)} · new reports start from a player’s page</p>
        </div>
        <ChartExportMenu table={reportsTable(list)} context={{ view: 'reports' }} />
        <input
          type="search"
          value={search}
          placeholder="Search player, team, league, notes…"
          aria-label="Search reports"
          onChange={(e) => setSearch(e.target.value)}
        />
      </header>
      {q.isError ? (
        <ErrorPanel error={q.error} what="the reports" onRetry={() => void q.refetch()} />
      ) : list.length === 0 && !q.isLoading ? (
        <div className="card">
          <EmptyState title={search ? `No report matches “${search}”.` : 'No scouting report yet.'}>
            <p className="muted small">Open a player’s page and choose “New report” in his scouting file.</p>
          </EmptyState>
        </div>
      ) : (
        <div className="card">
          <table className="plain-table reports-table">
            <thead>
              <tr>
                {HEADS.map(([key, text, num]) => (
                  <th
                    key={text}
                    scope="col"
                    className={num}
                    aria-sort={key && sort.key === key ? (sort.desc ? 'descending' : 'ascending') : undefined}
                  >
                    {key ? (
                      <button
                        type="button"
                        className="sort-btn"
                        onClick={() =>
                          setSort({
                            key,
                            desc: sort.key === key ? !sort.desc : key === 'gameDate' || key === 'updatedAt',
                          })
                        }
                      >
                        {text}
                        {sort.key === key ? (sort.desc ? ' ▼' : ' ▲') : ''}
                      </button>
                    ) : (
                      text
                    )}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {list.map((r) => {
                const mean = reportMean(r.grades);
                return (
                  <tr key={r.id}>
                    <td>
                      <Link to={`/reports/${r.id}`}>{formatDay(r.gameDate)}</Link>
                    </td>
                    <td>
                      <RecordPlayerName player={{ ...r, name: r.playerName }} />
                    </td>
                    <td className="reports-game">
                      {[r.awayTeam, r.homeTeam].filter(Boolean).map(quoteText).join(' at ') || '—'}
                      {[r.league, r.score].map((t, i) =>
                        t ? (
                          // biome-ignore lint/suspicious/noArrayIndexKey: two fixed places, league then score
                          <span key={i} className="muted">
                            {' '}
                            · <bdi>{t}</bdi>
                          </span>
                        ) : null,
                      )}
                    </td>
                    <td>
                      <bdi>{r.positionPlayed || '—'}</bdi>
                    </td>
                    <StatusCell r={r} shared={shared} />
                    <td>{r.projection ? PROJECTIONS[r.projection] : '—'}</td>
                    <td className="num strong">{formatFixed(mean, 1)}</td>
                    <td>
                      <bdi>{r.scout || 'You'}</bdi>
                    </td>
                    <td className="muted small">{formatDateTime(r.updatedAt)}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
