import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { toServiceError } from '../../bridge/client.ts';
import { ErrorPanel } from '../../components/ErrorPanel.tsx';
import { EmptyState } from '../../components/States.tsx';

/**
 * What every team route (the team page, its goaltending leaders, its organisation) does before it shows a
 * team: read the URL's team id, and say plainly when the address names no team or the service has none.
 */

/** A route's `:id` as a positive integer, or null. */
export function useTeamId(): number | null {
  const { id } = useParams();
  return id && /^[1-9]\d{0,9}$/.test(id) ? Number(id) : null;
}

/**
 * Renders a team route's view for the URL's team id, or says the address names no team when the id is
 * malformed (nothing is requested: the host would refuse it anyway).
 */
export function ForTeamId(props: { view: (id: number) => ReactNode }) {
  const id = useTeamId();
  if (id === null) {
    return (
      <section className="view">
        <div className="card">
          <EmptyState title="This address does not name a team.">
            <p className="muted small">A team's address ends in its number, such as #/teams/12.</p>
            <Link className="btn" to="/teams">
              Browse teams
            </Link>
          </EmptyState>
        </div>
      </section>
    );
  }
  return props.view(id);
}

/** Whether a query failed because the service has no such record (its 404). */
export function isNotFound(error: unknown): boolean {
  return error != null && toServiceError(error).kind === 'not-found';
}

/**
 * A team id the service does not know: one panel that says so, with the way to the team list, and no
 * seasons or goaltending table (nothing of that team can ever load).
 */
export function TeamNotFound({ id, error }: { id: number; error: unknown }) {
  return (
    <section className="view scroll" aria-label={`Team ${id} not found`}>
      <nav className="crumbs" aria-label="Breadcrumb">
        <Link to="/teams">Teams</Link> <span aria-hidden="true">›</span> <span>Team {id}</span>
      </nav>
      <ErrorPanel
        error={error}
        what={`team ${id}`}
        actions={
          <Link className="btn primary" to="/teams">
            Browse teams
          </Link>
        }
      />
    </section>
  );
}
