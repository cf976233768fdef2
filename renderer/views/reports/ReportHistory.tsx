import { useId, useState } from 'react';
import { AREA_LABELS, PROJECTIONS } from '../../../shared/domain/report-areas.ts';
import { toServiceError } from '../../bridge/client.ts';
import { SkeletonText } from '../../components/States.tsx';
import { useReportHistory } from '../../entities/department/useDepartment.ts';
import { gradeText } from '../../entities/reports/useReports.ts';
import { formatDateTime } from '../../format/index.ts';

/**
 * A report's history on the department's server, for its author: every version the server kept (each time
 * he finished it again, or took it back), oldest first, with what each said. Closed until asked for.
 */
export function ReportHistory({ reportId }: { reportId: number }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const history = useReportHistory(reportId, open);
  const versions = history.data ?? [];
  return (
    <section className="report-history card" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`} className="report-history-head">
        <button
          type="button"
          className="link-btn"
          aria-expanded={open}
          aria-controls={`${id}-body`}
          onClick={() => setOpen((o) => !o)}
        >
          {open ? '▾' : '▸'} Versions the department has
        </button>
      </h2>
      {open ? (
        <div id={`${id}-body`}>
          {history.isLoading ? <SkeletonText width="l" /> : null}
          {history.isError ? (
            <p className="notice error" role="alert">
              {toServiceError(history.error).message}
            </p>
          ) : null}
          {history.isSuccess && versions.length === 0 ? (
            <p className="muted small">None yet: the server has no version of it (not synced yet, or never final).</p>
          ) : null}
          {versions.length > 0 ? (
            <ol className="report-history-list">
              {versions.map((v) => (
                <li key={v.rev}>
                  <span className="strong">Version {v.version}</span>{' '}
                  <span className={`pill ${v.status === 'final' ? 'ok' : 'warn'}`}>
                    {v.status === 'final' ? 'Final' : 'Taken back'}
                  </span>{' '}
                  <span className="muted small">{formatDateTime(v.committedAt)}</span>
                  <span className="small report-history-grades">
                    {Object.entries(v.body.grades).map(([a, g]) => (
                      <span key={a}>
                        {AREA_LABELS[a as keyof typeof AREA_LABELS]} <b>{gradeText(g)}</b>
                      </span>
                    ))}
                    {v.body.projection ? <span>· {PROJECTIONS[v.body.projection]}</span> : null}
                  </span>
                </li>
              ))}
            </ol>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
