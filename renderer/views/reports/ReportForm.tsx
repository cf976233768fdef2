import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { PROJECTIONS } from '../../../shared/domain/report-areas.ts';
import type { Projection, ScoutingReport } from '../../../shared/domain/reports.ts';
import { quoteText } from '../../../shared/domain/text-safety.ts';
import { DayInput } from '../../components/DayInput.tsx';
import { ErrorPanel } from '../../components/ErrorPanel.tsx';
import { Field } from '../../components/Field.tsx';
import { EmptyState } from '../../components/States.tsx';
import { SharedMark } from '../../entities/department/SharedMark.tsx';
import { useDepartmentSettings } from '../../entities/department/useDepartment.ts';
import { useDeleteReport, useReports } from '../../entities/reports/useReports.ts';
import { GradeFields } from './GradeFields.tsx';
import { ReportHistory } from './ReportHistory.tsx';
import { type SaveState, useReportDraft } from './useReportDraft.ts';
import './reports.css';
import { usePlayerInUse } from '../../entities/player/inUse.ts';
import { playerHref } from '../../entities/player/links.tsx';
import { RecordPlayerName } from '../../entities/player/RecordPlayerName.tsx';
import { DAY_PATTERN_HINT, formatClock, parseDay } from '../../format/index.ts';

/** Positions a report can give for the night, with the kind of report each takes. */
const POSITIONS = ['C', 'LW', 'RW', 'F', 'D', 'G'] as const;

/** The report form's route (`#/reports/:id`): the report loaded, then edited in {@link ReportEditor}. */
export function ReportForm() {
  const { id } = useParams();
  const reportId = id && /^[1-9]\d{0,9}$/.test(id) ? Number(id) : null;
  const q = useReports({ id: reportId ?? 1 }, reportId !== null);
  if (reportId === null || (q.data && q.data.length === 0)) {
    return (
      <section className="view">
        <EmptyState title="There is no such report.">
          <Link to="/reports">All reports</Link>
        </EmptyState>
      </section>
    );
  }
  if (q.isError) return <ErrorPanel error={q.error} what="the report" onRetry={() => void q.refetch()} />;
  const report = q.data?.[0];
  if (!report) return <p className="muted small view">Loading the report…</p>;
  return <ReportEditor key={report.id} report={report} />;
}

function statusText(s: SaveState, status: ScoutingReport['status']): string {
  const what = status === 'final' ? 'Final report' : 'Draft';
  switch (s.kind) {
    case 'pending':
    case 'saving':
      return `${what} · saving…`;
    case 'saved':
      return `${what} · saved ${formatClock(s.at, { seconds: true })}`;
    case 'error':
      return `${what} · not saved`;
  }
}

function ReportEditor({ report }: { report: ScoutingReport }) {
  const { fields: f, state, update, finish, reopen } = useReportDraft(report);
  const invalid = state.kind === 'error' ? state.field : null;
  const department = useDepartmentSettings().data?.config ?? null;
  // The day as typed; the report keeps the last whole day typed (a half-typed one is not saved).
  const [day, setDay] = useState(f.gameDate);
  const text = (key: 'homeTeam' | 'awayTeam' | 'league' | 'score', label: string, max: number, wide?: boolean) => (
    <label className={wide ? 'field grow' : 'field'}>
      <span className="field-label">{label}</span>
      <input
        type="text"
        value={f[key]}
        maxLength={max}
        aria-invalid={invalid === key || undefined}
        onChange={(e) => update({ [key]: e.target.value })}
      />
    </label>
  );
  const area = (key: 'strengths' | 'weaknesses' | 'notes', label: string, rows: number) => (
    <label className="field grow">
      <span className="field-label">{label}</span>
      <textarea rows={rows} maxLength={4000} value={f[key]} onChange={(e) => update({ [key]: e.target.value })} />
    </label>
  );
  return (
    <section className="view scroll report-form" aria-labelledby="report-title">
      <ReportHead
        report={report}
        status={f.status}
        state={state}
        shared={department !== null}
        onFinish={finish}
        onReopen={reopen}
      />
      {state.kind === 'error' ? (
        <p className="notice error" role="alert">
          {state.message}
        </p>
      ) : null}
      {report.readOnly ? (
        <p className="notice report-readonly" role="status">
          {report.retracted ? 'Taken back by' : 'A final report by'} <bdi>{report.scout || report.owner}</bdi>, from
          your department: read-only.
        </p>
      ) : report.scout ? (
        <p className="notice warn" role="status">
          A report by {report.scout}, imported from a lists file: shown as written, not edited here.
        </p>
      ) : null}
      <fieldset className="report-body" disabled={report.scout !== '' || report.readOnly}>
        <fieldset className="report-game">
          <legend>Game</legend>
          <Field label="Date">
            {/* Typed as the app writes days (a browser's date box shows the system's order, 11/28/2026). */}
            <DayInput
              required
              value={day}
              invalid={parseDay(day) === null}
              onChange={(v) => {
                setDay(v);
                const d = parseDay(v);
                if (d) update({ gameDate: d });
              }}
            />
          </Field>
          {parseDay(day) === null ? (
            <p className="notice error small report-day-error" role="alert">
              Date not saved: type a day as {DAY_PATTERN_HINT}, such as 2026-11-28.
            </p>
          ) : null}
          {text('homeTeam', 'Home', 120, true)}
          {text('awayTeam', 'Away', 120, true)}
          {text('league', 'League', 80)}
          {text('score', 'Score (final)', 20)}
          <label className="field">
            <span className="field-label">Played</span>
            <select
              value={f.positionPlayed}
              onChange={(e) => {
                const kind = e.target.value === 'G' ? 'goalie' : 'skater';
                update({ positionPlayed: e.target.value, ...(kind !== f.kind ? { kind, grades: {} } : {}) });
              }}
            >
              <option value="">—</option>
              {POSITIONS.map((p) => (
                <option key={p} value={p}>
                  {p}
                </option>
              ))}
            </select>
          </label>
        </fieldset>
        <div className="report-columns">
          <GradeFields kind={f.kind} grades={f.grades} invalid={invalid} onChange={(grades) => update({ grades })} />
          <div className="stack">
            <label className="field">
              <span className="field-label">Projection</span>
              <select
                value={f.projection ?? ''}
                onChange={(e) => update({ projection: e.target.value === '' ? null : (e.target.value as Projection) })}
              >
                <option value="">Not projected yet</option>
                {Object.entries(PROJECTIONS).map(([k, label]) => (
                  <option key={k} value={k}>
                    {label}
                  </option>
                ))}
              </select>
            </label>
            {area('strengths', 'Strengths', 3)}
            {area('weaknesses', 'Weaknesses', 3)}
          </div>
        </div>
        {area('notes', 'Notes', 6)}
      </fieldset>
      {department && !report.readOnly && report.scout === '' ? <ReportHistory reportId={report.id} /> : null}
    </section>
  );
}

/** The report's title, where its saving stands, and Finish / Reopen / Delete. */
function ReportHead(props: {
  report: ScoutingReport;
  status: ScoutingReport['status'];
  state: SaveState;
  /** A department is set up: the scout's final report is shared with it. */
  shared: boolean;
  onFinish: () => Promise<boolean>;
  onReopen: () => Promise<boolean>;
}) {
  const { report, status, state, shared, onFinish, onReopen } = props;
  const navigate = useNavigate();
  const remove = useDeleteReport();
  const player = { ...report, name: report.playerName };
  // After a delete, his page only when he is the data in use's player (else whoever has his id here).
  const inUse = usePlayerInUse(player);
  return (
    <header className="view-head report-head">
      <div>
        <p className="crumbs">
          <Link to="/reports">Reports</Link> · <RecordPlayerName player={player} />
          {report.scout ? ` · by ${quoteText(report.scout)}` : ''}
        </p>
        <h1 id="report-title">
          Report on <bdi>{report.playerName}</bdi>
        </h1>
      </div>
      <div className="report-actions">
        {report.readOnly ? <SharedMark scout={report.scout || report.owner} /> : null}
        {!report.readOnly && report.scout === '' && shared && status === 'final' ? <SharedMark /> : null}
        {report.readOnly ? null : (
          <span className={`save-state ${state.kind} ${status}`} role="status" aria-live="polite">
            {statusText(state, status)}
          </span>
        )}
        {report.scout || report.readOnly ? null : status === 'draft' ? (
          <button type="button" className="btn primary" onClick={() => void onFinish()}>
            Finish report
          </button>
        ) : (
          <button type="button" className="btn" onClick={() => void onReopen()}>
            Reopen as draft
          </button>
        )}
        {report.readOnly ? null : (
          <button
            type="button"
            className="btn ghost danger"
            onClick={() => {
              if (!window.confirm(`Delete this report on ${quoteText(report.playerName)}? It cannot be undone.`))
                return;
              remove.mutate(
                { id: report.id },
                { onSuccess: () => navigate(inUse ? playerHref(report.playerId) : '/reports') },
              );
            }}
          >
            Delete
          </button>
        )}
      </div>
    </header>
  );
}
