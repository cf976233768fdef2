import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import { CATALOG } from '../../../shared/columns/index.ts';
import { ServiceErrorException } from '../../../shared/contract/errors.ts';
import type { League } from '../../../shared/contract/records/index.ts';
import type { ListQueryOptions } from '../../../shared/query/query.ts';
import { useList, usePageSize } from '../../bridge/queries.ts';
import { ErrorPanel } from '../../components/ErrorPanel.tsx';
import { Field, SeasonSelect } from '../../components/Field.tsx';
import { LeagueSelect } from '../../components/LeagueSelect.tsx';
import { type Option, useLeagueOptions } from '../../components/options.ts';
import { Segmented } from '../../components/Segmented.tsx';
import { EmptyState } from '../../components/States.tsx';
import {
  GROUPED_SORT,
  groupOf,
  LAYOUT_OPTIONS,
  LEAGUE_SORT,
  layoutOf,
  leagueLabel,
  type RankedStandingsRecord,
  rankRows,
  STANDINGS_SORT_KEYS,
  type StandingsLayout,
  standingsExportSpec,
  standingsTableSpec,
} from '../../entities/league/standings.ts';
import { useLeagueSeasons } from '../../state/leagues.ts';
import { useSearchParam, useUrlListQuery } from '../../state/useUrlListQuery.ts';
import { DataTable } from '../../table/DataTable.tsx';
import { ExportMenu } from '../../table/ExportMenu.tsx';

const NO_ROWS: RankedStandingsRecord[] = [];
/** How many of the leagues the key can see a 403 panel offers as a way back. */
const WAY_BACK_LEAGUES = 4;

const isForbidden = (e: unknown) => e instanceof ServiceErrorException && e.error.kind === 'forbidden';

/**
 * Standings of a league in a season (GET /leagues/{slug}/standings, `season`
 * filter): position, team, GP, W, L, T/OTL as the data has them, PTS, GF, GA, GD.
 * Server sort (`group,position` by default, as public clients ask), paged.
 */
export function StandingsView() {
  const navigate = useNavigate();
  const [leagueParam] = useSearchParam('league');
  const { leagues, league, leagueRec, seasons, seasonList } = useLeagueSeasons(leagueParam);

  const { urlQuery, setQuery, season, query, ready, list, rows, grouped, spec } = useStandingsList(
    league,
    leagueRec,
    seasonList,
  );
  const columns = spec.columns;
  const exportSpec = useMemo(() => standingsExportSpec(spec, rows), [spec, rows]);

  const renderCell = useMemo(() => standingsCells(season), [season]);

  const setLeague = (slug: string) => {
    // A new league has other seasons: drop the season and go back to the first page.
    setQuery({ ...urlQuery, filters: {}, offset: 0 }, { extra: { league: slug || null } });
  };
  const setSeason = (slug: string) => setQuery({ ...urlQuery, filters: { season: slug }, offset: 0 });
  const setLayout = (l: StandingsLayout) =>
    setQuery({ ...query, sort: l === 'groups' ? GROUPED_SORT : LEAGUE_SORT, offset: 0 });

  const leagueName = leagueLabel(leagueRec, league) ?? 'this league';
  const what = `the standings of ${leagueName}${season ? ` in ${season}` : ''}`;
  const leagueOptions = useLeagueOptions(leagues.data?.data);

  let error: unknown = null;
  if (leagues.isError) error = leagues.error;
  else if (seasons.isError) error = seasons.error;
  else if (list.isError) error = list.error;
  // A 403 on the league's seasons: the league is outside the key's subscription; on the standings
  // only: the season is.
  const leagueForbidden = isForbidden(seasons.error);
  const forbidden = isForbidden(error);
  const wayBack = forbidden ? (
    <WayBack
      others={leagueOptions.filter((o) => o.value !== league)}
      latestSeason={leagueForbidden || seasonList[0]?.slug === season ? undefined : seasonList[0]?.slug}
      setLeague={setLeague}
      setSeason={setSeason}
    />
  ) : null;

  return (
    <section className="view" aria-labelledby="standings-title">
      <header className="view-head">
        <div>
          <h1 id="standings-title">Standings</h1>
          <p className="muted">
            {leagueRec?.fullName ?? leagueName}
            {season ? ` · ${season}` : ''}
            {forbidden ? ' · outside your subscription' : ''}
          </p>
        </div>
        {ready ? <ExportMenu spec={exportSpec} rows={rows} totalRecords={list.data?._meta.totalRecords ?? 0} /> : null}
      </header>
      <div className="toolbar">
        <LeagueSelect
          value={league}
          options={leagueOptions}
          loading={leagues.isLoading}
          onChange={setLeague}
          unlistedLabel={`${leagueName}${leagueForbidden ? ' (not in your subscription)' : ''}`}
        />
        <SeasonSelect
          value={season}
          seasons={seasonList}
          onChange={setSeason}
          emptyLabel={seasons.isLoading ? 'Loading…' : 'No seasons'}
        />
        <Field label="Layout" group>
          <Segmented
            label="Layout"
            value={grouped ? 'groups' : 'league'}
            options={LAYOUT_OPTIONS}
            onChange={setLayout}
          />
        </Field>
      </div>
      <div className="card fill">
        <DataTable<RankedStandingsRecord>
          label={what}
          columns={columns}
          rows={ready ? rows : seasons.isSuccess && seasonList.length === 0 ? NO_ROWS : undefined}
          totalRecords={list.data?._meta.totalRecords ?? 0}
          query={query}
          onQueryChange={(q) => setQuery(q)}
          getRowId={(r, i) => String(r.id ?? i)}
          onOpenRow={(r) =>
            r.team?.id ? navigate(`/teams/${r.team.id}${season ? `?season=${season}` : ''}`) : undefined
          }
          renderCell={renderCell}
          groupOf={grouped ? groupOf : undefined}
          stale={list.isPlaceholderData && list.isFetching}
          className="fill"
          error={
            error ? (
              <ErrorPanel
                error={error}
                what={what}
                actions={wayBack}
                onRetry={() => {
                  void leagues.refetch();
                  void seasons.refetch();
                  void list.refetch();
                }}
              />
            ) : !leagues.isLoading && leagueOptions.length === 0 ? (
              <EmptyState title="The service lists no leagues." />
            ) : undefined
          }
          empty={<EmptyState title={`No standings recorded for ${leagueName}${season ? ` in ${season}` : ''}.`} />}
        />
      </div>
    </section>
  );
}

/** The Team cell (a link to the team in the season shown) and the PTS cell, in bold. */
function standingsCells(season: string | undefined) {
  return {
    teamName: (r: RankedStandingsRecord) =>
      r.team?.id ? (
        <Link to={`/teams/${r.team.id}${season ? `?season=${season}` : ''}`} className="strong" tabIndex={-1}>
          {r.teamName ?? r.team.name}
        </Link>
      ) : (
        <span className="strong">{r.teamName ?? '—'}</span>
      ),
    'stats.PTS': (r: RankedStandingsRecord) => <span className="strong">{r.stats?.PTS ?? '—'}</span>,
  };
}

/**
 * The ways back from a 403 on the standings: the latest season the key can see (when the season shown is
 * not it), else up to WAY_BACK_LEAGUES other leagues.
 */
function WayBack(props: {
  others: readonly Option[];
  latestSeason: string | undefined;
  setLeague: (slug: string) => void;
  setSeason: (slug: string) => void;
}) {
  const { others, latestSeason } = props;
  if (latestSeason !== undefined) {
    return (
      <button type="button" className="btn" onClick={() => props.setSeason(latestSeason)}>
        Show {latestSeason}, the latest season you can see
      </button>
    );
  }
  if (others.length === 0) return null;
  return (
    <>
      {others.slice(0, WAY_BACK_LEAGUES).map((o) => (
        <button key={o.value} type="button" className="btn" onClick={() => props.setLeague(o.value)}>
          Show {o.label} standings
        </button>
      ))}
      {others.length > WAY_BACK_LEAGUES ? (
        <span className="muted small">or choose a league in the League list above</span>
      ) : null}
    </>
  );
}

/**
 * The standings list as the URL asks for it: the URL's list query and its setter, the season shown (the
 * URL's, else as the service does without one: the league's active, else default, season, else the
 * latest), the request, its rows ranked in the order shown, the layout, and the table spec.
 */
function useStandingsList(
  league: string | undefined,
  leagueRec: League | undefined,
  seasonList: readonly { slug: string }[],
) {
  const pageSize = usePageSize();
  const leaguePath = useMemo(() => ({ slug: league ?? '' }), [league]);
  const options = useMemo<ListQueryOptions>(
    () => ({
      filterKeys: ['season'],
      defaultSort: CATALOG.standings.defaultSort,
      defaultLimit: pageSize,
      sortKeys: STANDINGS_SORT_KEYS,
    }),
    [pageSize],
  );
  const [urlQuery, setQuery] = useUrlListQuery(options);
  const preferred = [leagueRec?.activeSeason?.slug, leagueRec?.defaultSeason?.slug].find(
    (slug) => slug !== undefined && seasonList.some((s) => s.slug === slug),
  );
  const season = urlQuery.filters.season ?? preferred ?? seasonList[0]?.slug;
  const requestSpec = useMemo(
    () => standingsTableSpec({ league: league ?? '', season, query: urlQuery }),
    [league, season, urlQuery],
  );
  const query = requestSpec.query;
  const ready = league !== undefined && season !== undefined;
  const list = useList('leagueStandings', leaguePath, query, {
    enabled: ready,
  });
  const rows = useMemo(() => (list.data ? rankRows(list.data.data, list.data._meta.offset) : undefined), [list.data]);
  const grouped = layoutOf(query.sort) === 'groups';
  const spec = useMemo(
    () => standingsTableSpec({ league: league ?? '', season, query: urlQuery }, { rows }),
    [league, season, urlQuery, rows],
  );

  return { urlQuery, setQuery, season, query, ready, list, rows, grouped, spec };
}
