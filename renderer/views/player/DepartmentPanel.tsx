import { useId } from 'react';
import { Link } from 'react-router';
import type { DepartmentReports } from '../../../shared/department/bridge.ts';
import { AREA_LABELS, PROJECTIONS } from '../../../shared/domain/report-areas.ts';
import type { ReportsSummary, ScoutingReport } from '../../../shared/domain/reports.ts';
import { quoteText } from '../../../shared/domain/text-safety.ts';
import { ErrorPanel } from '../../components/ErrorPanel.tsx';
import { SkeletonText } from '../../components/States.tsx';
import { usePlayerCoverage } from '../../entities/department/coverage.ts';
import { useDepartmentReports, useDepartmentSettings } from '../../entities/department/useDepartment.ts';
import { gradeText, reportMean } from '../../entities/reports/useReports.ts';
import { formatDay, formatFixed } from '../../format/index.ts';
import { DepartmentFacts } from './DepartmentFacts.tsx';
import { GradesTable } from './GradesTable.tsx';
import './coverage-section.css';
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

/** Every final report of the department's on him, newest game first. */
function ReportsTable({ reports, name }: { reports: ScoutingReport[]; name: string }) {
  return (
    <table className="dept-reports" aria-label={`The department’s final reports on ${name}, newest first`}>
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
        {reports.map((r) => (
          <ReportRow key={r.uid} r={r} />
        ))}
      </tbody>
    </table>
  );
}

type PanelPlayer = { id: number; name: string; dateOfBirth: string | null };

/**
 * The department's part of the player's page, beside the scout's own file, under one heading: the key
 * figures (final reports, scouts, first and last viewing: his row of the Coverage view) and whether the
 * scouts disagree; each area's mean and range over the department's final reports with the scout's own
 * mean beside, the areas the scouts disagree on marked; the projections' distribution; and every report
 * (scout, date, game, grades, projection), newest game first. Nothing at all when no department is set up.
 */
export function DepartmentPanel({ player, own }: { player: PanelPlayer; own: ReportsSummary }) {
  const id = useId();
  const on = (useDepartmentSettings().data?.config ?? null) !== null;
  const q = useDepartmentReports({ playerId: player.id, name: player.name, dateOfBirth: player.dateOfBirth }, on);
  const cov = usePlayerCoverage(player, on);
  if (!on) return null;
  const data = q.data;
  const row = cov.data?.row ?? null;
  const failed = q.error ?? cov.error;
  return (
    <section className="dept-panel card" aria-labelledby={`${id}-h`}>
      <header className="dept-panel-head">
        <h3 id={`${id}-h`}>Department</h3>
        <Link to="/coverage" className="small">
          Every player’s coverage
        </Link>
      </header>
      {q.isLoading || cov.isLoading ? <SkeletonText width="l" /> : null}
      {failed ? (
        <ErrorPanel
          error={failed}
          what="the department’s reports"
          onRetry={() => void Promise.all([q.refetch(), cov.refetch()])}
        />
      ) : null}
      {data && data.reports.length === 0 ? (
        <p className="muted small">
          No final report on <bdi>{player.name}</bdi> from the department yet. Reports arrive as scouts finish them and
          sync.
        </p>
      ) : null}
      {data && data.reports.length > 0 && !failed ? (
        <>
          {row && cov.data ? <DepartmentFacts row={row} threshold={cov.data.threshold} /> : null}
          <div className="dept-panel-grid">
            <GradesTable
              className="file-grades"
              summary={data.summary}
              yours={own}
              disagree={row?.disagreeAreas ?? []}
              label={`Department grades of ${player.name}, beside yours`}
              meanLabel="Dept avg"
              countLabel="Graded"
            />
            <Projections data={data} />
          </div>
          <ReportsTable reports={data.reports} name={player.name} />
        </>
      ) : null}
    </section>
  );
}
