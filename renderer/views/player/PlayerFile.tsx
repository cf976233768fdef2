import { lazy, Suspense } from 'react';
import { Link, useNavigate } from 'react-router';
import type { PlayerPdf } from '../../../shared/bridge/scouting-bridge.ts';
import { AREA_LABELS, PROJECTIONS, summarizeReports } from '../../../shared/domain/report-areas.ts';
import type { ReportsSummary, ScoutingReport } from '../../../shared/domain/reports.ts';
import { quoteText } from '../../../shared/domain/text-safety.ts';
import { call, toServiceError } from '../../bridge/client.ts';
import { SharedMark } from '../../entities/department/SharedMark.tsx';
import { useDepartmentSettings } from '../../entities/department/useDepartment.ts';
import {
  gradeText,
  reportMean,
  useReports,
  useSavePrefs,
  useScoutingPrefs,
} from '../../entities/reports/useReports.ts';
import { AddToBoard } from './AddToBoard.tsx';
import { DepartmentPanel } from './DepartmentPanel.tsx';
import { FileStats, type LatestSeason, nhleWords, useLatestNhle } from './FileStats.tsx';
import { GradesTable } from './GradesTable.tsx';
import { PdfButton } from './PdfButton.tsx';
import './player-file.css';
import { formatDay, formatFixed } from '../../format/index.ts';

const GradesChart = lazy(() => import('./GradesChart.tsx'));

/** Who the file is of, as the player page shows him. */
export interface FilePlayer {
  id: number;
  name: string;
  position: string | null;
  dateOfBirth: string | null;
  goalie: boolean;
}

/** Today as `YYYY-MM-DD` in the scout's own time zone (the game he is at). */
const today = () => new Date(Date.now() - new Date().getTimezoneOffset() * 60_000).toISOString().slice(0, 10);

/**
 * The player's scouting file on his page: how often he was seen (final reports; drafts apart), each area's
 * average and range over those viewings, a "not seen enough" flag under the scout's own threshold, his latest
 * stats beside them, his grades over time, and every report, newest game first. The file is the scout's own
 * (and the files he imported): the department's reports on him are in their own panel beside it. "New report" opens a draft
 * at once (saved before the form shows), so nothing typed at the rink is ever only on screen.
 */
export function PlayerFile({
  player,
  latest,
  pdf,
}: {
  player: FilePlayer;
  latest: LatestSeason | null;
  /** The player's bio facts and career for the PDF file, as the page shows them. */
  pdf: () => Pick<PlayerPdf, 'facts' | 'career'>;
}) {
  const navigate = useNavigate();
  const reports = useReports({ playerId: player.id });
  const prefs = useScoutingPrefs();
  const savePrefs = useSavePrefs();
  const threshold = prefs.data?.minViewings ?? 3;
  const list = (reports.data ?? []).filter((r) => !r.readOnly);
  const sum = summarizeReports(list, threshold);
  // A skater's NHLe, as his file shows it, for the PDF too.
  const latestNhle = useLatestNhle(latest, player.dateOfBirth).season;
  const nhle = player.goalie ? null : latestNhle;

  const newReport = async () => {
    try {
      const r = await call('scoutingReportSave', {
        playerId: player.id,
        player: { name: player.name, position: player.position, dateOfBirth: player.dateOfBirth },
        gameDate: today(),
        homeTeam: '',
        awayTeam: '',
        league: '',
        score: '',
        positionPlayed: player.goalie ? 'G' : (player.position?.slice(0, 8) ?? ''),
        kind: player.goalie ? 'goalie' : 'skater',
        grades: {},
        projection: null,
        strengths: '',
        weaknesses: '',
        notes: '',
        status: 'draft',
      });
      navigate(`/reports/${r.id}`);
    } catch (err) {
      window.alert(`The report could not be started: ${toServiceError(err).message}`);
    }
  };

  return (
    <section className="player-file" aria-labelledby="file-title">
      <header className="section-head">
        <h2 id="file-title">Scouting file</h2>
        <span className="muted small">
          {sum.viewings === 1 ? '1 viewing' : `${sum.viewings} viewings`}
          {sum.drafts > 0 ? ` · ${sum.drafts} draft${sum.drafts === 1 ? '' : 's'} not counted` : ''}
        </span>
        {sum.notSeenEnough ? (
          <span className="pill warn" title={`Fewer than ${threshold} final reports`}>
            Not seen enough
          </span>
        ) : null}
        <label className="inline-field small">
          Flag under
          <input
            type="number"
            min={1}
            max={20}
            value={threshold}
            aria-label="Viewings needed"
            onChange={(e) => {
              const n = Number(e.target.value);
              if (Number.isInteger(n) && n >= 1 && n <= 20)
                savePrefs.mutate({ scoutName: prefs.data?.scoutName ?? '', minViewings: n });
            }}
          />
          viewings
        </label>
        <div className="grow" />
        <AddToBoard player={player} />
        <PdfButton
          input={() => ({
            playerId: player.id,
            name: player.name,
            goalie: player.goalie,
            nhle: nhleWords(nhle),
            ...pdf(),
          })}
        />
        <button type="button" className="btn primary" onClick={() => void newReport()}>
          New report
        </button>
      </header>
      <div className="file-grid">
        <FileGrades summary={sum} name={player.name} />
        <FileStats latest={latest} goalie={player.goalie} dateOfBirth={player.dateOfBirth} />
        <div className="card file-chart">
          {sum.viewings < 2 ? (
            <p className="muted small">Grades over time show from two final reports.</p>
          ) : (
            <Suspense fallback={<p className="muted small">Loading the chart…</p>}>
              <GradesChart reports={list} kind={sum.kind} />
            </Suspense>
          )}
        </div>
      </div>
      {reports.isError ? (
        <p className="notice error">The reports could not be read: {toServiceError(reports.error).message}</p>
      ) : list.length === 0 ? (
        <p className="muted small">
          No report on <bdi>{player.name}</bdi> yet. “New report” starts one; it is saved as you type.
        </p>
      ) : (
        <ol className="file-reports" aria-label={`Reports on ${player.name}, newest first`}>
          {list.map((r) => (
            <ReportCard key={r.id} r={r} />
          ))}
        </ol>
      )}
      <DepartmentPanel player={player} own={sum} />
    </section>
  );
}

/** One report of the file; the scout's own final ones marked shared while a department is set up. */
function ReportCard({ r }: { r: ScoutingReport }) {
  const shared = (useDepartmentSettings().data?.config ?? null) !== null && r.scout === '';
  const mean = reportMean(r.grades);
  const game = [r.awayTeam, r.homeTeam].filter(Boolean).map(quoteText).join(' at ') || 'Game not named';
  return (
    <li className={`report-card card ${r.status}`}>
      <div className="report-card-head">
        <Link to={`/reports/${r.id}`} className="strong">
          {formatDay(r.gameDate)} · {game}
        </Link>
        <span className="muted small">
          {[r.league, r.score, r.positionPlayed && `played ${r.positionPlayed}`, r.scout && `by ${r.scout}`]
            .filter(Boolean)
            .map((t) => quoteText(t as string))
            .join(' · ')}
        </span>
        <span className={`pill ${r.status === 'draft' ? 'warn' : 'ok'}`}>
          {r.status === 'draft' ? 'Draft' : 'Final'}
        </span>
        {shared && r.status === 'final' ? <SharedMark /> : null}
        {r.projection ? <span className="pill">{PROJECTIONS[r.projection]}</span> : null}
        <span className="report-mean" title="Mean of the graded areas">
          {formatFixed(mean, 1)}
        </span>
      </div>
      <p className="report-card-grades small">
        {Object.entries(r.grades).map(([a, g]) => (
          <span key={a}>
            {AREA_LABELS[a as keyof typeof AREA_LABELS]} <b>{gradeText(g)}</b>
          </span>
        ))}
      </p>
      {r.strengths || r.weaknesses ? (
        <p className="small">
          {r.strengths ? (
            <span>
              + <bdi>{r.strengths}</bdi>{' '}
            </span>
          ) : null}
          {r.weaknesses ? (
            <span className="muted">
              − <bdi>{r.weaknesses}</bdi>
            </span>
          ) : null}
        </p>
      ) : null}
    </li>
  );
}

/** Each area's average and range over his final reports, and how many of them graded it. */
function FileGrades({ summary, name }: { summary: ReportsSummary; name: string }) {
  return (
    <GradesTable
      className="file-grades card"
      summary={summary}
      label={`Grades of ${name} over his viewings`}
      meanLabel="Avg"
      countLabel="Seen"
    />
  );
}
