import { useId } from 'react';
import { Link } from 'react-router';
import type { DepartmentReports } from '../../../shared/department/bridge.ts';
import { AREA_LABELS, PROJECTIONS } from '../../../shared/domain/report-areas.ts';
import type { ReportsSummary, ScoutingReport } from '../../../shared/domain/reports.ts';
import { quoteText } from '../../../shared/domain/text-safety.ts';
import { toServiceError } from '../../bridge/client.ts';
import { SkeletonText } from '../../components/States.tsx';
import { useDepartmentReports, useDepartmentSettings } from '../../entities/department/useDepartment.ts';
import { gradeText, reportMean } from '../../entities/reports/useReports.ts';
import { formatDay, formatFixed } from '../../format/index.ts';
import { CoverageSection } from './CoverageSection.tsx';
import { GradesTable } from './GradesTable.tsx';
import './department-panel.css';

/** How many reports give each projected role, as bars with their counts. */
function Projections({ data }: { data: DepartmentReports }) {
  const id = useId();
  const most = Math.max(1, ...data.projections.map((p) => p.count));
  const none = data.reports.filter((r) => r.projection === null).length;
  return (
    <div className="dept-projections">
      <h4 id={id}>Projections</h4>
      {data.projections.length === 0 ? (
        <p className="muted small">No report projects him yet.</p>
      ) : (
        <ul aria-labelledby={id}>
          {data.projections.map((p) => (
            <li key={p.projection}>
              <span className="dept-proj-label">{PROJECTIONS[p.projection]}</span>
              <span className="dept-proj-bar" aria-hidden="true">
                <span style={{ width: `${(p.count / most) * 100}%` }} />
              </span>
              <span className="dept-proj-count">
                {p.count}
                <span className="visually-hidden"> of {data.reports.length} reports</span>
              </span>
            </li>
          ))}
        </ul>
      )}
      {none > 0 && data.projections.length > 0 ? (
        <p className="muted small">{none === 1 ? '1 report gives' : `${none} reports give`} no projection.</p>
      ) : null}
    </div>
  );
}

/** One report of the department's: scout, date, game, grades, projection. */
function ReportRow({ r }: { r: ScoutingReport }) {
  const game = [r.awayTeam, r.homeTeam].filter(Boolean).map(quoteText).join(' at ') || '—';
  return (
    <tr>
      <th scope="row">
        <bdi>{r.scout || 'You'}</bdi>
      </th>
      <td>
        <Link to={`/reports/${r.id}`}>{formatDay(r.gameDate)}</Link>
      </td>
      <td>
        {game}
        {r.league ? <span className="muted"> · {quoteText(r.league)}</span> : null}
      </td>
      <td className="small">
        <span className="dept-report-grades">
          {Object.entries(r.grades).map(([a, g]) => (
            <span key={a}>
              {AREA_LABELS[a as keyof typeof AREA_LABELS]} <b>{gradeText(g)}</b>
            </span>
          ))}
        </span>
      </td>
      <td className="num strong">{formatFixed(reportMean(r.grades), 1)}</td>
      <td>{r.projection ? PROJECTIONS[r.projection] : '—'}</td>
    </tr>
  );
}

/**
 * The department's final reports on the player, on his page beside the scout's own file: each area's mean
 * and range over them (the scout's own mean beside), the projections' distribution, and every report
 * (scout, date, game, grades, projection), newest game first; the department's coverage of him above it
 * (CoverageSection.tsx). Nothing at all when no department is set up.
 */
export function DepartmentPanel({
  player,
  own,
}: {
  player: { id: number; name: string; dateOfBirth: string | null };
  own: ReportsSummary;
}) {
  const id = useId();
  const settings = useDepartmentSettings();
  const on = (settings.data?.config ?? null) !== null;
  const q = useDepartmentReports({ playerId: player.id, name: player.name, dateOfBirth: player.dateOfBirth }, on);
  if (!on) return null;
  const data = q.data;
  return (
    <>
      <CoverageSection player={player} />
      <section className="dept-panel card" aria-labelledby={`${id}-h`}>
        <header className="dept-panel-head">
          <h3 id={`${id}-h`}>Department</h3>
          <span className="muted small">
            {data
              ? `${data.reports.length === 1 ? '1 final report' : `${data.reports.length} final reports`} by ${
                  data.scouts === 1 ? '1 scout' : `${data.scouts} scouts`
                }`
              : ''}
          </span>
        </header>
        {q.isLoading ? <SkeletonText width="l" /> : null}
        {q.isError ? (
          <p className="notice error" role="alert">
            The department’s reports could not be read: {toServiceError(q.error).message}
          </p>
        ) : null}
        {data && data.reports.length === 0 ? (
          <p className="muted small">
            No final report on <bdi>{player.name}</bdi> from the department yet. Reports arrive as scouts finish them
            and sync.
          </p>
        ) : null}
        {data && data.reports.length > 0 ? (
          <>
            <div className="dept-panel-grid">
              <GradesTable
                className="file-grades"
                summary={data.summary}
                yours={own}
                label={`Department grades of ${player.name}, beside yours`}
                meanLabel="Dept avg"
                countLabel="Graded"
              />
              <Projections data={data} />
            </div>
            <table
              className="dept-reports"
              aria-label={`The department’s final reports on ${player.name}, newest first`}
            >
              <thead>
                <tr>
                  <th scope="col">Scout</th>
                  <th scope="col">Date</th>
                  <th scope="col">Game</th>
                  <th scope="col">Grades</th>
                  <th scope="col" className="num">
                    Mean
                  </th>
                  <th scope="col">Projection</th>
                </tr>
              </thead>
              <tbody>
                {data.reports.map((r) => (
                  <ReportRow key={r.uid} r={r} />
                ))}
              </tbody>
            </table>
          </>
        ) : null}
      </section>
    </>
  );
}
