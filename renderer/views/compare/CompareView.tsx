import { useQueries } from '@tanstack/react-query';
import './compare.css';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { ServiceErrorException } from '../../../shared/errors.ts';
import type { ListQuery } from '../../../shared/query.ts';
import { uniqueSeasons } from '../../../shared/records/index.ts';
import { itemQueryOptions, listQueryOptions, useList } from '../../bridge/queries.ts';
import { ErrorPanel } from '../../components/ErrorPanel.tsx';
import { Field, SeasonSelect } from '../../components/Field.tsx';
import { LEAGUES_QUERY, NO_PATH, SEASONS_QUERY, useLeagueOptions } from '../../components/options.ts';
import { EmptyState } from '../../components/States.tsx';
import { parseMinGp } from '../goaltending/spec.ts';
import { defaultLeague, leagueLabel } from '../standings/spec.ts';
import {
  DEFAULT_TREND_METRIC,
  type GoalieRow,
  leagueReference,
  parseTeamIds,
  parseTrendMetric,
  standingName,
  type TrendMetric,
  teamFigures,
  trendRows,
} from './model.ts';
import { TeamPicker } from './TeamPicker.tsx';

// Loaded lazily (and asked for as soon as this module loads): Recharts stays out of the first view's bundle.
const loadCharts = () => import('./charts/CompareCharts.tsx');
const CompareCharts = lazy(loadCharts);

/** Teams a comparison holds: at least two, at most eight. */
export const MIN_TEAMS = 2;
export const MAX_TEAMS = 8;
/** How many seasons the trend reads at most (one standings request each, in parallel). */
export const TREND_SEASONS = 30;
/** The goalie chart's games-played qualifier when the URL's `minGP` names none. */
export const GOALIE_MIN_GP = 10;
/** The performance mark set when the Compare view has all its data (read by bench:app). */
export const DATA_IN_MARK = 'rinkside:compare-data-in';

const ALL: ListQuery = { offset: 0, limit: 1000, filters: {} };
const GOALIE_FIELDS = ['id', 'player', 'regularStats'];
const isForbidden = (e: unknown) => e instanceof ServiceErrorException && e.error.kind === 'forbidden';
const isNotFound = (e: unknown) => e instanceof ServiceErrorException && e.error.kind === 'not-found';

/**
 * Compare (`#/compare?league=nhl&season=2017-2018&teams=12,34,56`): a league-season's teams side by side
 * in four charts, against the league average. Data: the season's standings (GP, PTS, GF, GA, GD), its
 * team comparison (average age, height, weight), each team's goaltending leaders (aggregated to team SV%
 * and GAA) and the standings of the seasons the key can see (the trend).
 */
export function CompareView() {
  const [params, setParams] = useSearchParams();
  // `replace`: a change that should not add a history entry per keystroke (Min GP typed digit by digit).
  const setParam = (changes: Record<string, string | null>, replace = false) =>
    setParams(
      (prev) => {
        const out = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(changes)) {
          if (v === null || v === '') out.delete(k);
          else out.set(k, v);
        }
        out.sort();
        return out;
      },
      { replace },
    );

  useEffect(() => void loadCharts(), []);
  const leagues = useList('leagues', NO_PATH, LEAGUES_QUERY, { prefetchNext: false });
  const league = params.get('league') ?? defaultLeague(leagues.data?.data ?? []);
  const leagueRec = leagues.data?.data.find((l) => l.slug === league);
  const leagueOptions = useLeagueOptions(leagues.data?.data);
  const leaguePath = useMemo(() => ({ slug: league ?? '' }), [league]);
  const seasons = useList('leagueSeasons', leaguePath, SEASONS_QUERY, {
    enabled: league !== undefined,
    prefetchNext: false,
  });
  const seasonList = useMemo(() => uniqueSeasons(seasons.data?.data ?? []), [seasons.data]);
  const season = params.get('season') ?? seasonList[0]?.slug;
  const teamIds = useMemo(() => parseTeamIds(params.get('teams'), MAX_TEAMS), [params]);
  const minGP = parseMinGp(params.get('minGP')) ?? GOALIE_MIN_GP;
  const trendMetric = parseTrendMetric(params.get('trend'));
  // The trend's metric is a choice to keep (a shared link shows it), so it adds a history entry.
  const onTrendMetric = useCallback(
    (m: TrendMetric) =>
      setParams((prev) => {
        const out = new URLSearchParams(prev);
        if (m.key === DEFAULT_TREND_METRIC.key) out.delete('trend');
        else out.set('trend', m.key);
        out.sort();
        return out;
      }),
    [setParams],
  );
  const onMinGP = useCallback(
    (n: number) =>
      setParams(
        (prev) => {
          const out = new URLSearchParams(prev);
          if (n === GOALIE_MIN_GP) out.delete('minGP');
          else out.set('minGP', String(n));
          out.sort();
          return out;
        },
        { replace: true },
      ),
    [setParams],
  );

  const standingsQuery = useMemo<ListQuery>(
    () => ({ ...ALL, filters: season ? { season } : ({} as Record<string, string>) }),
    [season],
  );
  const standings = useList('leagueStandings', leaguePath, standingsQuery, {
    enabled: league !== undefined && season !== undefined,
    prefetchNext: false,
  });
  const comparisonPath = useMemo(() => ({ slug: league ?? '', season: season ?? '' }), [league, season]);
  const comparison = useList('leagueTeamComparison', comparisonPath, ALL, {
    enabled: league !== undefined && season !== undefined,
    prefetchNext: false,
  });
  const standingRows = standings.data?.data;
  const leagueTeamIds = useMemo(
    () => (standingRows ?? []).flatMap((r) => (typeof r.team?.id === 'number' ? [r.team.id] : [])),
    [standingRows],
  );
  // Every team's goalies: the league's SV% and GAA reference needs them all, the goalie chart the chosen.
  const goalieResults = useQueries({
    queries: leagueTeamIds.map((id) => ({
      ...listQueryOptions(
        'teamGoaltendingLeaders',
        { id },
        { ...ALL, filters: season ? { season } : ({} as Record<string, string>), fields: GOALIE_FIELDS },
      ),
      enabled: season !== undefined,
      retry: false,
    })),
  });
  const goalieStamp = goalieResults.map((r) => r.dataUpdatedAt).join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: useQueries returns a new array each render; goalieStamp changes exactly when a result's data does
  const goalies = useMemo(() => {
    const m = new Map<number, GoalieRow[]>();
    goalieResults.forEach((r, i) => {
      const id = leagueTeamIds[i];
      if (id !== undefined && r.data) m.set(id, r.data.data);
    });
    return m;
  }, [goalieStamp, leagueTeamIds]);
  const goaliesSettled = goalieResults.every((r) => !r.isPending);

  // The chosen season and the ones before it, newest first, at most TREND_SEASONS.
  const trendSeasons = useMemo(
    () =>
      seasonList
        .filter((s) => season === undefined || s.slug <= season)
        .slice(0, TREND_SEASONS)
        .map((s) => s.slug),
    [seasonList, season],
  );
  const trendResults = useQueries({
    queries: trendSeasons.map((s) => ({
      ...listQueryOptions('leagueStandings', leaguePath, { ...ALL, filters: { season: s } }),
      enabled: teamIds.length > 0,
      retry: false,
    })),
  });
  const trendStamp = trendResults.map((r) => r.dataUpdatedAt).join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: useQueries returns a new array each render; trendStamp changes exactly when a result's data does
  const trend = useMemo(
    () =>
      trendRows(
        trendResults.flatMap((r, i) => (r.data ? [{ season: trendSeasons[i] as string, rows: r.data.data }] : [])),
        teamIds,
        trendMetric,
      ),
    [trendStamp, trendSeasons, teamIds, trendMetric],
  );
  const trendSettled = trendResults.every((r) => !r.isPending);

  const all = useMemo(
    () => teamFigures(standingRows ?? [], comparison.data?.data ?? [], goalies),
    [standingRows, comparison.data, goalies],
  );
  const reference = useMemo(() => leagueReference(all), [all]);
  const chosen = useMemo(() => teamIds.flatMap((id) => all.filter((t) => t.id === id)), [teamIds, all]);
  const missing = teamIds.filter((id) => standingRows && !leagueTeamIds.includes(id));
  // A chosen team not in the season's standings: the team itself says why (outside the key's
  // subscription, unknown, or in another league that season).
  const missingResults = useQueries({
    queries: missing.map((id) => ({ ...itemQueryOptions('team', { id }), retry: false })),
  });
  const goalieNoteList = chosen.flatMap((t) => {
    const r = goalieResults[leagueTeamIds.indexOf(t.id)];
    if (!r?.isError) return [];
    return [
      isForbidden(r.error)
        ? `The goaltending of ${t.name} is outside your subscription.`
        : `The goaltending of ${t.name} could not be read.`,
    ];
  });
  // The charts are memoised on their props: the notes and the file words keep their identity while their
  // contents do.
  const goalieNoteKey = goalieNoteList.join('\n');
  // biome-ignore lint/correctness/useExhaustiveDependencies: goalieNoteKey is the list's contents
  const goalieNotes = useMemo(() => goalieNoteList, [goalieNoteKey]);
  const shots = chosen.some((t) => t.SVP !== null) || all.some((t) => t.SVP !== null);

  const leagueName = leagueLabel(leagueRec, league) ?? 'League';
  const missingNotes = missing.map((id, i) => {
    const r = missingResults[i];
    if (r?.isError && isForbidden(r.error)) return `Team ${id} is outside your subscription: it is left out.`;
    if (r?.isError && isNotFound(r.error)) return `There is no team ${id}: it is left out.`;
    const name = r?.data?.data.name;
    return name
      ? `${name} did not play in ${leagueName} ${season}: it is left out.`
      : `Team ${id} did not play in ${leagueName} ${season}, or is outside your subscription.`;
  });
  const words = useMemo(() => ({ league: leagueName, season: season ?? '' }), [leagueName, season]);
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
  const ready = standings.isSuccess && (comparison.isSuccess || comparison.isError) && goaliesSettled && trendSettled;

  // Marks when every number the charts need is in, in the render that first sees it (an effect would
  // run after the charts' commit): bench:app times data in → charts painted from this mark.
  const wasReady = useRef(false);
  if (ready !== wasReady.current) {
    wasReady.current = ready;
    if (ready) performance.mark(DATA_IN_MARK);
  }

  const pickerTeams = useMemo(
    () =>
      (standingRows ?? [])
        .flatMap((r) => (typeof r.team?.id === 'number' ? [{ id: r.team.id, name: standingName(r) }] : []))
        .sort((a, b) => a.name.localeCompare(b.name)),
    [standingRows],
  );
  const setTeams = (ids: number[]) => setParam({ teams: ids.length ? ids.join(',') : null });
  const error = leagues.error ?? seasons.error ?? standings.error ?? null;

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
        <Field label="League">
          <select
            value={league ?? ''}
            onChange={(e) => setParam({ league: e.currentTarget.value, season: null, teams: null })}
            disabled={leagues.isLoading}
          >
            {league === undefined ? <option value="">Loading…</option> : null}
            {leagueOptions.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </Field>
        <SeasonSelect value={season} seasons={seasonList} onChange={(v) => setParam({ season: v })} />
        <TeamPicker teams={pickerTeams} chosen={teamIds} max={MAX_TEAMS} onChange={setTeams} />
      </div>
      {error ? (
        <ErrorPanel
          error={error}
          what={`the ${leagueName} standings${season ? ` of ${season}` : ''}`}
          onRetry={() => {
            void leagues.refetch();
            void seasons.refetch();
            void standings.refetch();
          }}
        />
      ) : null}
      {missingNotes.map((note) => (
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
      {standings.isSuccess && standingRows?.length === 0 ? (
        <div className="card">
          <EmptyState title={`No standings recorded for ${leagueName} in ${season}.`} />
        </div>
      ) : chosen.length < MIN_TEAMS ? (
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
            chosen={chosen}
            all={all}
            reference={reference}
            trend={trend}
            trendNote={
              seasonList.length > trendSeasons.length
                ? `${trendMetric.title}, in the ${trendSeasons.length === 1 ? 'season' : `${trendSeasons.length} seasons`} up to ${season} (your key can see ${seasonList.length}).`
                : undefined
            }
            trendMetric={trendMetric}
            onTrendMetric={onTrendMetric}
            goalies={goalies}
            shots={shots}
            goalieNotes={goalieNotes}
            minGP={minGP}
            onMinGP={onMinGP}
            loading={!ready}
          />
        </Suspense>
      )}
    </section>
  );
}

/** The team page's link: Compare with the team's league-season chosen. */
export function compareHref(teamId: number, league: string | undefined, season: string | undefined): string {
  const p = new URLSearchParams();
  if (league) p.set('league', league);
  if (season) p.set('season', season);
  p.set('teams', String(teamId));
  p.sort();
  return `/compare?${p.toString().replace(/%2C/g, ',')}`;
}
