import { Link } from 'react-router';
import { useItem } from '../bridge/queries.ts';
import { ErrorPanel } from '../components/ErrorPanel.tsx';
import { GoaltendingLeaders } from './GoaltendingLeaders.tsx';
import { initials } from './labels.ts';
import { ForTeamId } from './TeamView.tsx';
import { SeasonSelect, useTeamSeasons } from './useTeamSeasons.tsx';

/** The goaltending leaders at their own, shareable URL: `#/teams/12/goaltending-leaders?season=2019-2020`. */
export function GoaltendingLeadersPage() {
  return <ForTeamId view={(id) => <LeadersFor id={id} />} />;
}

function LeadersFor({ id }: { id: number }) {
  const team = useItem('team', { id });
  const { list, seasons, seasonSlugs, season, setSeason } = useTeamSeasons(id);
  const name = team.data?.data.name ?? undefined;
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
      <GoaltendingLeaders
        teamId={id}
        teamName={name}
        season={season}
        noSeasons={list.isSuccess && seasons.length === 0}
        seasons={seasonSlugs}
        fill
        seasonControl={
          <SeasonSelect seasons={seasons} value={season} onChange={(s) => setSeason(s)} loading={list.isLoading} />
        }
      />
    </section>
  );
}
