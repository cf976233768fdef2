import { Link } from 'react-router';
import { formatCount } from '../../../shared/columns.ts';
import { ErrorPanel } from '../../components/ErrorPanel.tsx';
import { EmptyState, SkeletonText } from '../../components/States.tsx';
import { useOfflineStatus } from '../../state/offline.ts';
import { seasonsText, syncedLeagues } from '../players/spec.ts';

/**
 * The league's scoring leaders, which come from the players downloaded for offline (the spec has no
 * operation that ranks a league's players). When the offline store holds the league: what it holds and
 * the way to its players on this computer, filtered to the league (and the season shown, when held); else
 * the way to download it.
 */
export function ScoringLeaders(props: { slug: string; leagueName: string; season: string | undefined }) {
  const status = useOfflineStatus();
  const held = status.data ? syncedLeagues(status.data.synced).find((l) => l.slug === props.slug) : undefined;
  const seasonHeld = props.season !== undefined && held?.seasons.includes(props.season);
  const params = new URLSearchParams({ league: props.slug });
  if (seasonHeld && props.season) params.set('season', props.season);
  return (
    <section className="list-section" aria-labelledby="leaders-offline-title">
      <header className="section-head">
        <h2 id="leaders-offline-title">Scoring leaders</h2>
      </header>
      <div className="card league-leaders">
        {status.isError ? (
          <ErrorPanel error={status.error} what="the players on this computer" onRetry={() => void status.refetch()} />
        ) : !status.data ? (
          <SkeletonText width="l" />
        ) : held ? (
          <div className="leaders-held">
            <p>
              <strong>{props.leagueName}</strong> is on this computer: {seasonsText(held.seasons)},{' '}
              {formatCount(held.rows, 'stats row')}.
            </p>
            <p className="muted small">
              Its players' seasons are searched, filtered and sorted on this computer, without the service.
              {seasonHeld ? ` The link opens ${props.season}.` : ''}
            </p>
            <Link className="btn primary" to={`/players?${params}`}>
              Open {props.leagueName} players ›
            </Link>
          </div>
        ) : (
          <EmptyState title={`${props.leagueName} is not on this computer.`}>
            <p className="muted small">
              The service ranks no league's players by points: download {props.leagueName} for offline, and its players'
              seasons are kept on this computer to search and sort.
            </p>
            <Link className="btn" to="/players">
              Download for offline ›
            </Link>
          </EmptyState>
        )}
      </div>
    </section>
  );
}
