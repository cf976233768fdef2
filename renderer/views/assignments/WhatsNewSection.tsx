import { Link } from 'react-router';
import { toServiceError } from '../../bridge/client.ts';
import { ErrorPanel } from '../../components/ErrorPanel.tsx';
import { LoadingState } from '../../components/States.tsx';
import { useMarkSeen, useWhatsNew } from '../../entities/department/useAssignments.ts';
import { RecordPlayerName } from '../../entities/player/RecordPlayerName.tsx';
import { formatDay } from '../../format/index.ts';

/**
 * "What's new" since the scout last looked: his colleagues' new final reports on players of his lists and
 * boards, grouped by player, and the assignments made to him; "Mark seen" starts the count again.
 */
export function WhatsNewSection() {
  const news = useWhatsNew();
  const seen = useMarkSeen();
  const n = news.data;
  const empty = n !== undefined && n.players.length === 0 && n.assignments.length === 0;
  return (
    <section className="card assign-card" aria-labelledby="whats-new-title">
      <div className="assign-card-head">
        <h2 id="whats-new-title">
          What’s new{n && n.count > 0 ? <span className="assign-count"> {n.count}</span> : null}
        </h2>
        <button
          type="button"
          className="btn small"
          disabled={!n || empty || seen.isPending}
          onClick={() => seen.mutate()}
        >
          Mark seen
        </button>
      </div>
      {news.isError ? (
        <ErrorPanel error={news.error} what="what is new" onRetry={() => void news.refetch()} />
      ) : !n ? (
        <LoadingState what="what is new" />
      ) : empty ? (
        <p className="muted small">Nothing new since you last looked.</p>
      ) : (
        <ul className="assign-news">
          {n.assignments.length > 0 ? (
            <li>
              <h3>New assignments</h3>
              <ul>
                {n.assignments.map((a) => (
                  <li key={a.uid}>
                    <RecordPlayerName player={a.player} />
                    <span className="muted"> · due {formatDay(a.dueDate)}</span>
                  </li>
                ))}
              </ul>
            </li>
          ) : null}
          {n.players.map((p) => (
            <li key={`${p.source} ${p.playerId}`}>
              <h3>
                <RecordPlayerName player={{ ...p, dateOfBirth: p.reports[0]?.dateOfBirth ?? null }} />
              </h3>
              <ul>
                {p.reports.map((r) => (
                  <li key={r.uid}>
                    <Link to={`/reports/${r.id}`}>Report of {formatDay(r.gameDate)}</Link>
                    <span className="muted">
                      {' '}
                      by <bdi>{r.scout || 'you'}</bdi>
                    </span>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      )}
      {seen.isError ? (
        <p className="notice error" role="alert">
          {toServiceError(seen.error).message}
        </p>
      ) : null}
    </section>
  );
}
