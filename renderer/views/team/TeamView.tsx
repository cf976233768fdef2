import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatInt } from '../../../shared/columns/index.ts';
import type { Team } from '../../../shared/contract/records/index.ts';
import { useItem } from '../../bridge/queries.ts';
import { avatarStyle } from '../../components/avatar-colour.ts';
import { ErrorPanel } from '../../components/ErrorPanel.tsx';
import { initials, statusLabel } from '../../components/labels.ts';
import { SkeletonText } from '../../components/States.tsx';
import { leagueHref } from '../../entities/league/links.ts';
import { compareHref } from '../../entities/team/compareHref.ts';
import { ForTeamId, isNotFound, TeamNotFound } from '../../entities/team/TeamRoute.tsx';
import { TeamTabs } from '../../entities/team/TeamTabs.tsx';
import { SkaterScoring } from './SkaterScoring.tsx';
import { TeamHistory } from './TeamHistory.tsx';
import { TeamLeaders } from './TeamLeaders.tsx';
import { TeamSeasonSummary } from './TeamSeasonSummary.tsx';
import { useTeamHistory } from './useTeamHistory.ts';
import { ALL_SEASONS, useTeamSeasons } from './useTeamSeasons.tsx';
import './team.css';
import { Facts } from '../../components/Facts.tsx';

/** The team's header: logo placeholder (initials), name, league, city, arena, founded, status. */
export function TeamHeader({ team, loading }: { team: Team | undefined; loading: boolean }) {
  const colour = team?.logo?.colors?.[0];
  const leagueName = team?.league?.name ?? team?.league?.slug;
  const facts: [string, ReactNode][] = [
    [
      'League',
      team?.league?.slug ? (
        <Link key="league" to={leagueHref(team.league.slug)}>
          {leagueName}
        </Link>
      ) : (
        leagueName
      ),
    ],
    ['City', team?.city ?? undefined],
    [
      'Arena',
      team?.arena?.name
        ? `${team.arena.name}${team.arena.capacity ? ` (${formatInt(team.arena.capacity)})` : ''}`
        : undefined,
    ],
    ['Founded', team?.founded ? String(team.founded) : undefined],
    ['Country', team?.country?.name ?? undefined],
  ];
  return (
    <header className="team-head">
      <div className="avatar lg" aria-hidden="true" style={avatarStyle(colour)}>
        {loading ? '' : initials(team?.name)}
      </div>
      <div className="team-head-main">
        <div className="team-title-row">
          <h1>{loading ? <SkeletonText width="l" /> : (team?.fullName ?? team?.name)}</h1>
          {team?.status ? (
            <span className={`pill ${team.status === 'active' ? 'ok' : 'off'}`}>{statusLabel(team.status)}</span>
          ) : null}
          {team?.teamClass ? <span className="pill">{statusLabel(team.teamClass)}</span> : null}
          {team?.teamType ? <span className="pill">{statusLabel(team.teamType)}</span> : null}
        </div>
        <Facts items={facts} loading={loading} />
      </div>
    </header>
  );
}

/**
 * Team: header, the chosen season's record and coaches, its history year by year, and its goaltending
 * leaders and scoring for the chosen season (default the latest).
 */
export function TeamView() {
  return <ForTeamId view={(id) => <TeamViewFor id={id} />} />;
}

function TeamViewFor({ id }: { id: number }) {
  const team = useItem('team', { id });
  const teamSeasons = useTeamSeasons(id);
  const { list, seasons, season, setSeason } = teamSeasons;
  const history = useTeamHistory(id, list.data?.data);
  const name = team.data?.data.name ?? undefined;
  // Compare needs the league: the link appears once the team's seasons say which (the shown season's, else the latest).
  const compareLeague = (seasons.find((s) => s.slug === season) ?? seasons[0])?.leagueSlug ?? undefined;
  // The team's record or its seasons answered 404 (whichever comes first): the team does not exist.
  if (isNotFound(team.error) || isNotFound(list.error)) {
    return <TeamNotFound id={id} error={isNotFound(team.error) ? team.error : list.error} />;
  }
  return (
    <section className="view scroll" aria-label={name ?? 'Team'}>
      <nav className="crumbs" aria-label="Breadcrumb">
        <Link to="/teams">Teams</Link> <span aria-hidden="true">›</span> <span>{name ?? `Team ${id}`}</span>
      </nav>
      <TeamTabs id={id}>
        {compareLeague ? (
          <Link className="btn small" to={compareHref(id, compareLeague, season === ALL_SEASONS ? undefined : season)}>
            Compare with…
          </Link>
        ) : null}
      </TeamTabs>
      {team.isError ? (
        <ErrorPanel error={team.error} what={`team ${id}`} onRetry={() => void team.refetch()} />
      ) : (
        <TeamHeader team={team.data?.data} loading={team.isLoading} />
      )}
      <TeamSeasonSummary teamId={id} season={season} history={history} />
      <TeamHistory
        teamId={id}
        teamName={name}
        history={history}
        noSeasons={list.isSuccess && seasons.length === 0}
        season={season}
        onPick={setSeason}
        seasonsError={list.isError ? list.error : null}
        onRetrySeasons={() => void list.refetch()}
      />
      <TeamLeaders id={id} name={name} seasons={teamSeasons} linkToPage />
      <SkaterScoring
        teamId={id}
        teamName={name}
        season={season}
        seasons={teamSeasons.seasonSlugs}
        noSeasons={list.isSuccess && seasons.length === 0}
      />
    </section>
  );
}
