import './compare.css';
import { Suspense, useMemo, useRef } from 'react';
import { ServiceErrorException } from '../../../shared/contract/errors.ts';
import { ErrorPanel } from '../../components/ErrorPanel.tsx';
import { SeasonSelect } from '../../components/Field.tsx';
import { LeagueSelect } from '../../components/LeagueSelect.tsx';
import { lazyNow } from '../../components/lazyNow.ts';
import { useLeagueOptions } from '../../components/options.ts';
import { EmptyState } from '../../components/States.tsx';
import { leagueLabel } from '../../entities/league/standings.ts';
import { useLeagueSeasons } from '../../state/leagues.ts';
import { standingName, type TeamFigures } from './model.ts';
import { TeamPicker } from './TeamPicker.tsx';
import { useCompareData } from './useCompareData.ts';
import { MAX_TEAMS, MIN_TEAMS, useCompareParams } from './useCompareParams.ts';

// Loaded lazily, as soon as this module is (the views' code loaded in idle time after launch, or the first
// visit): Recharts stays out of the first view's bundle, and a first visit does not wait for it.
const charts = lazyNow(
  () => import('./charts/CompareCharts.tsx'),
  (m) => m.default,
);
const CompareCharts = charts.Component;
void charts.load().catch(() => {});

export { warmCompare } from './warmCompare.ts';

/** The performance mark set when the Compare view has all its data (read by bench:app). */
export const DATA_IN_MARK = 'rinkside:compare-data-in';

const isForbidden = (e: unknown) => e instanceof ServiceErrorException && e.error.kind === 'forbidden';
const isNotFound = (e: unknown) => e instanceof ServiceErrorException && e.error.kind === 'not-found';

/**
 * Compare (`#/compare?league=nhl&season=2017-2018&teams=12,34,56`): a league-season's teams side by side
 * in four charts, against the league average. Data: the season's standings (GP, PTS, GF, GA, GD), its
 * team comparison (average age, height, weight), each team's goaltending leaders (aggregated to team SV%
 * and GAA) and the standings of the seasons the key can see (the trend).
 */
export function CompareView() {
  const p = useCompareParams();
  const { leagues, league, leagueRec, seasons, seasonList } = useLeagueSeasons(p.league);
  const leagueOptions = useLeagueOptions(leagues.data?.data);
  const season = p.season ?? seasonList[0]?.slug;
  const leagueName = leagueLabel(leagueRec, league) ?? 'League';
  const {
    data: d,
    trend: t,
    missingNotes,
    ready,
    figuresReady,
    trendReady,
  } = useCompareData({
    league,
    season,
    seasonList,
    seasonsSettled: seasons.isSuccess && !seasons.isPlaceholderData,
    leagueName,
    teamIds: p.teamIds,
    trendMetric: p.trendMetric,
  });

  // Marks when every number the charts need is in, in the render that first sees it (an effect would
  // run after the charts' commit): bench:app times data in → charts painted from this mark.
  const wasReady = useRef(false);
  if (ready !== wasReady.current) {
    wasReady.current = ready;
    if (ready) performance.mark(DATA_IN_MARK);
  }
  const words = useMemo(() => ({ league: leagueName, season: season ?? '' }), [leagueName, season]);
  const chartsReady = useMemo(() => ({ figures: figuresReady, trend: trendReady }), [figuresReady, trendReady]);
  const pickerTeams = useMemo(
    () =>
      (d.standingRows ?? [])
        .flatMap((r) => (typeof r.team?.id === 'number' ? [{ id: r.team.id, name: standingName(r) }] : []))
        .sort((a, b) => a.name.localeCompare(b.name)),
    [d.standingRows],
  );
  const error = leagues.error ?? seasons.error ?? d.standings.error ?? null;

  return (
    <section className="view scroll" aria-labelledby="compare-title">
      <header className="view-head">
        <div>
          <h1 id="compare-title">Compare teams</h1>
          <p className="muted">
            {leagueRec?.fullName ?? leagueName}
            {season ? ` · ${season}` : ''} · {MIN_TEAMS} to {MAX_TEAMS} teams against the league average
          </p>
        </div>
      </header>
      <div className="toolbar">
        <LeagueSelect
          value={league}
          options={leagueOptions}
          loading={leagues.isLoading}
          onChange={(slug) => p.setParam({ league: slug, season: null, teams: null })}
        />
        <SeasonSelect value={season} seasons={seasonList} onChange={(v) => p.setParam({ season: v })} />
        <TeamPicker teams={pickerTeams} chosen={p.teamIds} max={MAX_TEAMS} onChange={p.setTeams} />
      </div>
      {error ? (
        <ErrorPanel
          error={error}
          what={`the ${leagueName} standings${season ? ` of ${season}` : ''}`}
          onRetry={() => {
            void leagues.refetch();
            void seasons.refetch();
            void d.standings.refetch();
          }}
        />
      ) : null}
      <CompareNotes
        leagueName={leagueName}
        season={season}
        missing={missingNotes}
        comparison={d.comparison}
        chosen={d.chosen}
      />
      {d.standings.isSuccess && d.standingRows?.length === 0 ? (
        <div className="card">
          <EmptyState title={`No standings recorded for ${leagueName} in ${season}.`} />
        </div>
      ) : d.chosen.length < MIN_TEAMS ? (
        <div className="card">
          <EmptyState title={`Choose ${MIN_TEAMS} to ${MAX_TEAMS} teams to compare.`}>
            <p className="muted small">Type a team's name in Teams above; the league average is always shown.</p>
          </EmptyState>
        </div>
      ) : (
        <Suspense fallback={<p className="muted">Loading charts…</p>}>
          <CompareCharts
            context={`${leagueName} ${season}`}
            words={words}
            fileStem={`rinkside-compare-${league}-${season}`}
            chosen={d.chosen}
            all={d.all}
            reference={d.reference}
            trend={t.trend}
            trendNote={
              seasonList.length > t.trendSeasons.length
                ? `${p.trendMetric.title}, in the ${t.trendSeasons.length === 1 ? 'season' : `${t.trendSeasons.length} seasons`} up to ${season} (your key can see ${seasonList.length}).`
                : undefined
            }
            trendMetric={p.trendMetric}
            onTrendMetric={p.onTrendMetric}
            goalies={d.goalies}
            shots={d.shots}
            goalieNotes={d.goalieNotes}
            minGP={p.minGP}
            onMinGP={p.onMinGP}
            ready={chartsReady}
          />
        </Suspense>
      )}
    </section>
  );
}

/**
 * What the charts leave out, said plainly: chosen teams not in the season's standings (and why), and a
 * team comparison that is missing (for the season or some teams) or outside the key's subscription.
 */
function CompareNotes(props: {
  leagueName: string;
  season: string | undefined;
  missing: readonly string[];
  comparison: ReturnType<typeof useCompareData>['data']['comparison'];
  chosen: readonly TeamFigures[];
}) {
  const { leagueName, season, comparison, chosen } = props;
  // The service answers an empty list (not a 404) for a season whose teams have no player records: the
  // chosen teams without a row are said by name, all of them as the season's.
  const comparisonRows = comparison.isPlaceholderData ? undefined : comparison.data?.data;
  const withoutComparison = comparisonRows
    ? chosen.filter((t) => !comparisonRows.some((c) => c.team?.id === t.id)).map((t) => t.name)
    : [];
  const comparisonMissing =
    (comparison.isError && isNotFound(comparison.error)) ||
    (chosen.length > 0 && withoutComparison.length === chosen.length);
  const comparisonForbidden = comparison.isError && isForbidden(comparison.error);
  return (
    <>
      {props.missing.map((note) => (
        <p key={note} className="muted small" role="status">
          {note}
        </p>
      ))}
      {comparisonMissing ? (
        <p className="muted small" role="status">
          No team comparison for {leagueName} {season}: average age, height and weight are left out.
        </p>
      ) : withoutComparison.length > 0 ? (
        <p className="muted small" role="status">
          No team comparison for {withoutComparison.join(', ')} in {leagueName} {season}: their average age, height and
          weight are left out.
        </p>
      ) : comparisonForbidden ? (
        <p className="muted small" role="status">
          The team comparison of {leagueName} {season} is outside your subscription: age, height and weight are left
          out.
        </p>
      ) : null}
    </>
  );
}
