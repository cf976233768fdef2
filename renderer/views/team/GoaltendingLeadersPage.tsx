import { Link } from 'react-router';
import { useItem } from '../../bridge/queries.ts';
import { ErrorPanel } from '../../components/ErrorPanel.tsx';
import { initials } from '../../components/labels.ts';
import { ForTeamId, isNotFound, TeamNotFound } from '../../entities/team/TeamRoute.tsx';
import { TeamLeaders } from './TeamLeaders.tsx';
import { useTeamSeasons } from './useTeamSeasons.tsx';

/** The goaltending leaders at their own, shareable URL: `#/teams/12/goaltending-leaders?season=2019-2020`. */
export function GoaltendingLeadersPage() {
  return <ForTeamId view={(id) => <LeadersFor id={id} />} />;
}

function LeadersFor({ id }: { id: number }) {
  const team = useItem('team', { id });
  const teamSeasons = useTeamSeasons(id);
  const { list, season } = teamSeasons;
  const name = team.data?.data.name ?? undefined;
  if (isNotFound(team.error) || isNotFound(list.error)) {
    return <TeamNotFound id={id} error={isNotFound(team.error) ? team.error : list.error} />;
  }
  return (
    <section className="view" aria-label={`Goaltending leaders${name ? `, ${name}` : ''}`}>
      <nav className="crumbs" aria-label="Breadcrumb">
        <Link to="/teams">Teams</Link> <span aria-hidden="true">›</span>{' '}
        <Link to={`/teams/${id}${season ? `?season=${encodeURIComponent(season)}` : ''}`}>{name ?? `Team ${id}`}</Link>{' '}
        <span aria-hidden="true">›</span> <span>Goaltending leaders</span>
      </nav>
      <header className="view-head compact">
        <span className="avatar md" aria-hidden="true">
          {initials(name)}
        </span>
        <h1>{name ?? `Team ${id}`}</h1>
      </header>
      {list.isError ? (
        <ErrorPanel
          error={list.error}
          what={`the seasons of ${name ?? `team ${id}`}`}
          onRetry={() => void list.refetch()}
        />
      ) : null}
      <TeamLeaders id={id} name={name} seasons={teamSeasons} fill />
    </section>
  );
}
