import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import { CATALOG } from '../../../shared/columns/index.ts';
import type { Alumnus, LeagueSeason, TeamComparison } from '../../../shared/contract/records/index.ts';
import type { ListQuery } from '../../../shared/query/query.ts';
import { useList } from '../../bridge/queries.ts';
import { DatabankNote } from '../../components/DatabankNote.tsx';
import { useLeagueOptions } from '../../components/options.ts';
import { EmptyState } from '../../components/States.tsx';
import { leagueHref } from '../../entities/league/links.ts';
import { POSITION_OPTIONS } from '../../entities/player/directory.ts';
import { PlayerNameLink, playerName } from '../../entities/player/links.tsx';
import { TeamNameLink, teamHref } from '../../entities/team/links.tsx';
import { LEAGUES_QUERY, NO_PATH } from '../../state/leagues.ts';
import { ListSection } from '../../table/ListSection.tsx';
import { TableFilterSelect } from '../../table/TableFilters.tsx';

/**
 * A league-season's team comparison (`GET /leagues/{slug}/{season}/team-comparison`): players, games and
 * the roster's average age, height and weight per team, sorted and paged by the service under the
 * `comparison.` URL prefix. A 404 (no team played that season) is an empty table, not an error. A team
 * goes by the name it carried that season (its standings' `teamName`), its name now beside a renamed one;
 * the local service sorts `team` by that season's name (service/README.md), so "Team ▲" reads A→Z.
 */
export function LeagueComparison(props: { slug: string; leagueName: string; season: string | undefined }) {
  const navigate = useNavigate();
  const { slug, season, leagueName } = props;
  const path = useMemo(() => ({ slug, season: season ?? '' }), [slug, season]);
  const seasonNames = useSeasonTeamNames(slug, season);
  const cells = useMemo(
    () => ({
      team: (r: TeamComparison) => {
        // The record's Team carries the club's name now; the standings give the name it played under then.
        const then = r.team?.id != null ? seasonNames.get(r.team.id) : undefined;
        const renamed = then !== undefined && then !== r.team?.name;
        return (
          <span className="team-cell">
            <TeamNameLink id={r.team?.id} name={then ?? r.team?.name} season={season} />
            {renamed ? <span className="muted small">now {r.team?.name}</span> : null}
          </span>
        );
      },
    }),
    [season, seasonNames],
  );
  const none = <EmptyState title={`No team comparison for ${leagueName}${season ? ` in ${season}` : ''}.`} />;
  return (
    <ListSection
      endpoint="leagueTeamComparison"
      path={path}
      resource={CATALOG.teamComparison}
      prefix="comparison"
      enabled={season !== undefined}
      context={{ view: 'Team comparison', league: leagueName, season: season ?? '' }}
      title="Team comparison"
      label={`Team comparison, ${leagueName}${season ? `, ${season}` : ''}`}
      what={`the team comparison of ${leagueName}${season ? ` in ${season}` : ''}`}
      noun={['team']}
      className="fill"
      scroll="fill"
      note={
        <p className="muted small">
          Each team's players that season and their average age (years), height (cm) and weight (kg).
        </p>
      }
      empty={none}
      notFound={none}
      getRowId={(r, i) => String(r.team?.id ?? i)}
      renderCell={cells}
      onOpenRow={(r) => (r.team?.id ? void navigate(teamHref(r.team.id, season)) : undefined)}
      actions={
        season ? (
          <Link className="btn ghost small" to={`/compare?league=${slug}&season=${season}`}>
            Compare in charts ›
          </Link>
        ) : null
      }
    />
  );
}

/** Each team's name in a league-season, from its standings (team id → `teamName`); empty until they answer. */
function useSeasonTeamNames(slug: string, season: string | undefined): ReadonlyMap<number, string> {
  const path = useMemo(() => ({ slug }), [slug]);
  const query = useMemo<ListQuery>(() => ({ offset: 0, limit: 1000, filters: { season: season ?? '' } }), [season]);
  const standings = useList('leagueStandings', path, query, { enabled: season !== undefined, prefetchNext: false });
  return useMemo(
    () =>
      new Map(
        (standings.data?.data ?? []).flatMap((r) =>
          r.team?.id != null && r.teamName ? [[r.team.id, r.teamName]] : [],
        ),
      ),
    [standings.data],
  );
}

const ALUMNI_FILTERS = ['position', 'league', 'season'] as const;

/**
 * The league's former players and where they play now (`GET /leagues/{slug}/where-are-they-now`), with
 * the filters the local service offers: position, the league they play in now, a season they played in
 * this league. Sorted and paged by the service under the `alumni.` URL prefix; a row opens the player.
 */
export function WhereAreTheyNow(props: { slug: string; leagueName: string; seasons: readonly LeagueSeason[] }) {
  const navigate = useNavigate();
  const { slug, leagueName } = props;
  const path = useMemo(() => ({ slug }), [slug]);
  const leagues = useList('leagues', NO_PATH, LEAGUES_QUERY, { prefetchNext: false });
  const leagueOptions = useLeagueOptions(leagues.data?.data);
  const seasonOptions = useMemo(() => props.seasons.map((s) => ({ value: s.slug, label: s.slug })), [props.seasons]);
  const cells = useMemo(
    () => ({
      player: (r: Alumnus) => <PlayerNameLink id={r.player?.id} name={playerName(r.player)} />,
      team: (r: Alumnus) => <TeamNameLink id={r.player?.team?.id} name={r.player?.team?.name} />,
      teamLeague: (r: Alumnus) =>
        r.player?.team?.league?.slug ? (
          <Link to={leagueHref(r.player.team.league.slug)} tabIndex={-1}>
            {r.player.team.league.name ?? r.player.team.league.slug.toUpperCase()}
          </Link>
        ) : (
          '—'
        ),
    }),
    [],
  );
  return (
    <ListSection
      endpoint="leagueWhereAreTheyNow"
      path={path}
      resource={CATALOG.alumni}
      prefix="alumni"
      filterKeys={ALUMNI_FILTERS}
      context={{ view: 'Where are they now', league: leagueName }}
      title="Where are they now"
      label={`Former players of ${leagueName} and where they play now`}
      what={`the former players of ${leagueName}`}
      noun={['player']}
      className="fill"
      scroll="fill"
      note={
        <>
          <p className="muted small">
            Players who played in {leagueName} and have a team now: their span and games in {leagueName}, and where they
            play today.
          </p>
          <DatabankNote>
            On the Hockey Databank a player's team now is his team in the data's last season: only players of that
            season are listed.
          </DatabankNote>
        </>
      }
      toolbar={(t) => (
        <div className="section-filters">
          <TableFilterSelect table={t} name="position" label="Position" options={POSITION_OPTIONS} />
          <TableFilterSelect table={t} name="league" label="Now in" anyLabel="Any league" options={leagueOptions} />
          <TableFilterSelect
            table={t}
            name="season"
            label={`Played in ${leagueName} in`}
            anyLabel="Any season"
            options={seasonOptions}
          />
        </div>
      )}
      empty={<EmptyState title={`No former player of ${leagueName} matches, or none has a team now.`} />}
      getRowId={(r) => String(r.id)}
      renderCell={cells}
      onOpenRow={(r) => (r.player?.id != null ? void navigate(`/players/${r.player.id}`) : undefined)}
    />
  );
}
