import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import { CATALOG } from '../../../shared/columns/index.ts';
import type { LeagueCount, Team } from '../../../shared/contract/records/index.ts';
import { useItem } from '../../bridge/queries.ts';
import { DatabankNote } from '../../components/DatabankNote.tsx';
import { ErrorPanel } from '../../components/ErrorPanel.tsx';
import { initials } from '../../components/labels.ts';
import { EmptyState } from '../../components/States.tsx';
import { leagueHref } from '../../entities/league/links.ts';
import { STAR_CELLS, starRowId } from '../../entities/player/starCells.tsx';
import { TeamNameLink, TeamStatus, teamHref } from '../../entities/team/links.tsx';
import { ForTeamId, isNotFound, TeamNotFound } from '../../entities/team/TeamRoute.tsx';
import { TeamTabs } from '../../entities/team/TeamTabs.tsx';
import { ListSection } from '../../table/ListSection.tsx';
import { ArenaSection } from './ArenaSection.tsx';
import { TransferYears } from './TransferYears.tsx';
import './organisation.css';

const SECTION_PAGE = 25;

/**
 * A team's organisation (`#/teams/{id}/organisation`): its affiliates with their leagues
 * (`GET /teams/{id}/affiliates`), the players in its system per league
 * (`GET /teams/{id}/in-the-system/leagues`), the years with transfers (`GET /teams/{id}/transfers/years`),
 * its arena and the other teams that play there (`GET /arenas/{id}/teams`), and the players it lists as
 * stars or cult favourites (`GET /stars-and-cult-players?team=…`). Each table keeps its sort and page in
 * the URL under its own prefix.
 */
export function OrganisationView() {
  return <ForTeamId view={(id) => <OrganisationFor id={id} />} />;
}

function OrganisationFor({ id }: { id: number }) {
  const navigate = useNavigate();
  const team = useItem('team', { id });
  const path = useMemo(() => ({ id }), [id]);
  const record = team.data?.data;
  const name = record?.name ?? `Team ${id}`;
  const context = useMemo(() => ({ team: name }), [name]);
  const leagueCells = useMemo(
    () => ({
      league: (r: LeagueCount) =>
        r.league?.slug ? (
          <Link className="strong" to={leagueHref(r.league.slug)} tabIndex={-1}>
            {r.league.name ?? r.league.slug.toUpperCase()}
          </Link>
        ) : (
          '—'
        ),
    }),
    [],
  );
  const teamCells = useMemo(
    () => ({
      name: (t: Team) => <TeamNameLink id={t.id} name={t.name} />,
      status: (t: Team) => <TeamStatus status={t.status} />,
    }),
    [],
  );
  if (isNotFound(team.error)) return <TeamNotFound id={id} error={team.error} />;
  return (
    <section className="view scroll organisation" aria-label={`Organisation of ${name}`}>
      <nav className="crumbs" aria-label="Breadcrumb">
        <Link to="/teams">Teams</Link> <span aria-hidden="true">›</span> <Link to={teamHref(id)}>{name}</Link>{' '}
        <span aria-hidden="true">›</span> <span>Organisation</span>
      </nav>
      <TeamTabs id={id} />
      <header className="view-head compact">
        <span className="avatar md" aria-hidden="true">
          {initials(record?.name)}
        </span>
        <div>
          <h1>{name}</h1>
          <p className="muted small">
            Organisation
            {record?.league?.name ? ` · ${record.league.name}` : ''}
          </p>
        </div>
      </header>
      <DatabankNote>
        The Hockey Databank records no affiliates, players' rights, transfers, arenas or stars: on its data these
        sections stay empty.
      </DatabankNote>
      {team.isError ? <ErrorPanel error={team.error} what={`team ${id}`} onRetry={() => void team.refetch()} /> : null}
      <div className="org-grid">
        <ListSection
          endpoint="teamAffiliates"
          path={path}
          resource={CATALOG.affiliates}
          prefix="affiliates"
          pageSize={SECTION_PAGE}
          context={{ ...context, view: 'Affiliates' }}
          title="Affiliates"
          label={`Affiliates of ${name}`}
          what={`the affiliates of ${name}`}
          noun={['team']}
          empty={<EmptyState title={`${name} has no affiliated teams on record.`} />}
          getRowId={(t) => String(t.id)}
          renderCell={teamCells}
          onOpenRow={(t) => void navigate(teamHref(t.id))}
        />
        <ListSection
          endpoint="teamInTheSystem"
          path={path}
          resource={CATALOG.inTheSystem}
          prefix="system"
          pageSize={SECTION_PAGE}
          context={{ ...context, view: 'In the system' }}
          title="In the system"
          label={`Players in the system of ${name}, by league`}
          what={`the players in the system of ${name}`}
          noun={['league']}
          note={<p className="muted small">Players whose rights {name} holds, by the league they play in now.</p>}
          empty={<EmptyState title={`No players in the system of ${name}.`} />}
          getRowId={(r, i) => r.league?.slug ?? String(i)}
          renderCell={leagueCells}
          onOpenRow={(r) => (r.league?.slug ? void navigate(leagueHref(r.league.slug)) : undefined)}
        />
        {record ? <ArenaSection team={record} arena={record.arena} /> : null}
        <TransferYears teamId={id} teamName={name} />
      </div>
      <TeamStars teamId={id} name={name} />
    </section>
  );
}

const NO_PATH = {};
/** The team's own stars: the Team and League columns would repeat the page's team. */
const STAR_COLUMNS_NO_TEAM = CATALOG.stars.columns.filter((c) => c.id !== 'team' && c.id !== 'league');

/** The players the team lists as stars or cult favourites (`GET /stars-and-cult-players?team=…`). */
function TeamStars({ teamId, name }: { teamId: number; name: string }) {
  const navigate = useNavigate();
  const fixed = useMemo(() => ({ team: String(teamId) }), [teamId]);
  return (
    <ListSection
      endpoint="starsAndCultPlayers"
      path={NO_PATH}
      resource={CATALOG.stars}
      columns={STAR_COLUMNS_NO_TEAM}
      prefix="stars"
      fixed={fixed}
      pageSize={SECTION_PAGE}
      context={{ team: name, view: 'Stars and cult players' }}
      title="Stars and cult favourites"
      label={`Stars and cult favourites of ${name}`}
      what={`the stars and cult favourites of ${name}`}
      noun={['player']}
      empty={<EmptyState title={`${name} lists no stars or cult favourites.`} />}
      getRowId={starRowId}
      renderCell={STAR_CELLS}
      onOpenRow={(r) => (r.player?.id != null ? void navigate(`/players/${r.player.id}`) : undefined)}
      actions={
        <Link className="btn ghost small" to="/stars">
          All stars ›
        </Link>
      }
    />
  );
}
