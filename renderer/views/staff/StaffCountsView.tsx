import { useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { CATALOG } from '../../../shared/columns/index.ts';
import type { StaffCount } from '../../../shared/contract/records/index.ts';
import { uniqueSeasons } from '../../../shared/contract/records/season.ts';
import { STAFF_COUNTS_LIST } from '../../../shared/query/lists/staff-counts.ts';
import { useList } from '../../bridge/queries.ts';
import { useLeagueOptions } from '../../components/options.ts';
import { TeamNameLink, teamHref } from '../../entities/team/links.tsx';
import { SEASONS_QUERY, useLeagues } from '../../state/leagues.ts';
import { PageList } from '../../table/PageList.tsx';
import { TableFilterBar } from '../../table/TableFilters.tsx';
import type { ListTable } from '../../table/useListTable.ts';

/** The coaching roles a staff entry names (the local service's roles; the filter is case-insensitive). */
const ROLE_OPTIONS = ['Head Coach', 'Assistant Coach', 'Goaltending Coach'].map((r) => ({ value: r, label: r }));

/**
 * Coaching staff by team (`GET /staff-stats/teams`, counts by team): how many staff entries (a coach's
 * role with a team in a season) each team has, filtered by league, season, role and status as the spec's
 * table lists them, sorted (`team`, `count`) and paged by the service. A row opens the team (in the
 * season chosen), whose page names its coaches.
 */
export function StaffCountsView() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const leagues = useLeagues();
  const leagueOptions = useLeagueOptions(leagues.data?.data);
  return (
    <PageList
      definition={STAFF_COUNTS_LIST}
      resource={CATALOG.staffCounts}
      title="Coaching staff by team"
      label="Staff entries by team"
      what="the staff counts"
      noun={['team']}
      note={
        <p className="muted small staff-note">
          Staff entries per team: each is one coach in one role with the team in one season. Choose a league and a
          season to count a season's staff; a team's page names its coaches.
        </p>
      }
      toolbar={(t) => <StaffFilters table={t} leagueOptions={leagueOptions} leaguesLoading={leagues.isLoading} />}
      empty="No staff entries match these filters."
      getRowId={(r, i) => String(r.team?.id ?? i)}
      renderCell={{
        team: (r: StaffCount) => <TeamNameLink id={r.team?.id} name={r.team?.name} />,
      }}
      onOpenRow={(r) => {
        if (r.team?.id != null) void navigate(teamHref(r.team.id, params.get('season')));
      }}
    />
  );
}

/** League, season (of the chosen league), role and status. */
function StaffFilters(props: {
  table: ListTable<'staffStatsTeams'>;
  leagueOptions: readonly { value: string; label: string }[];
  leaguesLoading: boolean;
}) {
  const { urlQuery, setQuery } = props.table;
  const league = urlQuery.filters.league;
  const path = useMemo(() => ({ slug: league ?? '' }), [league]);
  const seasons = useList('leagueSeasons', path, SEASONS_QUERY, { enabled: Boolean(league), prefetchNext: false });
  const seasonOptions = useMemo(
    () => uniqueSeasons(seasons.data?.data ?? []).map((s) => ({ value: s.slug, label: s.slug })),
    [seasons.data],
  );
  return (
    <TableFilterBar
      table={props.table}
      definition={STAFF_COUNTS_LIST}
      options={{ league: props.leagueOptions, season: seasonOptions, role: ROLE_OPTIONS }}
      anyLabels={{
        ...(props.leaguesLoading ? { league: 'Loading…' } : {}),
        ...(league ? {} : { season: 'Choose a league' }),
      }}
      disabled={{ season: !league && !urlQuery.filters.season }}
      // Another league has other seasons: the season goes with it.
      setFilter={(key, value, replace) => {
        if (key !== 'league') return props.table.setFilter(key, value, replace);
        const { season: _season, league: _league, ...rest } = urlQuery.filters;
        setQuery({ ...urlQuery, filters: value ? { ...rest, league: value } : rest, offset: 0 });
      }}
    />
  );
}
