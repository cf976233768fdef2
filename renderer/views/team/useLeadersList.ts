import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import type { GoalieStatsRecord } from '../../../shared/contract/records/index.ts';
import type { StatBlock } from '../../../shared/contract/spec.ts';
import type { ListQuery, ListQueryOptions } from '../../../shared/query/query.ts';
import { useList, usePageSize } from '../../bridge/queries.ts';
import { ALL_SEASONS } from '../../entities/team/links.tsx';
import { parseMinGp } from '../../entities/team/minGp.ts';
import { useSearchParam, useUrlListQuery } from '../../state/useUrlListQuery.ts';
import {
  belowMinPage,
  belowMinSort,
  defaultLeadersSort,
  defaultMinGp,
  LEADER_SORT_KEYS,
  leadersTableSpec,
  parseBlock,
  svpEmptyOnPage,
} from './goaltending-spec.ts';

/**
 * The list whatever Min GP says (the playoffs' "at least one game" aside), one row asked for: its busiest
 * goalie, by games in the block shown, and in `totalRecords` how many goalies it has.
 */
function busiestGoalieQuery(everyGoalie: ListQuery, block: StatBlock): ListQuery {
  return { sort: [`-${block}.GP`], offset: 0, limit: 1, filters: everyGoalie.filters, fields: ['id', block] };
}

/** What a leaders table shows: whose, which season, and how it sits in its page. */
export interface LeadersProps {
  teamId: number;
  teamName: string | undefined;
  season: string | undefined;
  /** Renders the season select (the parent owns the season list). */
  seasonControl: ReactNode;
  /** Shows a link to the leaders' own page. */
  linkToPage?: boolean;
  /** The team's seasons arrived and there are none: nothing to ask for. */
  noSeasons?: boolean;
  /** Every season slug of the team, newest first (for `season` = {@link ALL_SEASONS}). */
  seasons: readonly string[];
  /** The table takes the rest of the view (the leaders' own page) instead of a capped height. */
  fill?: boolean;
}

/** A row of the leaders table: a goalie's record, `belowMinGp` when Min GP does not rank him (listed after). */
export type LeaderRow = GoalieStatsRecord & { belowMinGp?: true };

/**
 * The leaders' list as the URL asks for it: the stat block; Min GP as the URL names it (`minGpUrl`), as
 * it applies (`minGp`: the URL's, else a quarter of the busiest goalie's games, {@link defaultMinGp}; null
 * while that is being read) and its default (`fallbackMinGp`); how many goalies the list has whatever
 * Min GP says (`everyTotal`) and the most games any of them played (`mostGp`), both undefined until
 * known; the URL's list query and its setter; the request (the service query, every season slug for
 * "All seasons") and its answer (`list`, `rows`: the ranked goalies); and the table spec of what is ranked
 * (for the columns and the export).
 *
 * The table shows every goalie: the ranked ones, then those Min GP leaves out, most games first, marked
 * (`shownRows`, `shownTotal`, `belowShown`: some are on the page; `belowLoading`: they are being read);
 * `exportProps`, the Export menu's: those rows, and the ranked total where the goalies under Min GP begin.
 */
export function useLeadersList(props: LeadersProps) {
  const pageSize = usePageSize();
  const [blockParam] = useSearchParam('block');
  const block = parseBlock(blockParam);
  const [minGpParam] = useSearchParam('minGP');
  const minGpUrl = parseMinGp(minGpParam);
  const allSeasons = props.season === ALL_SEASONS;
  const [svpEmptyLists, setSvpEmptyLists] = useState<ReadonlySet<string>>(() => new Set());
  // Lists whose SV% came back blank for every goalie (no shots against before 1983-84) default to GAA;
  // remembered per list so the default does not flip back while the GAA-sorted page loads.
  const listKey = `${props.teamId}|${props.season ?? ''}|${block}|${minGpUrl ?? 'default'}`;
  const svpEmpty = svpEmptyLists.has(listKey);
  const options = useMemo<ListQueryOptions>(
    () => ({
      filterKeys: ['season'],
      defaultSort: defaultLeadersSort(svpEmpty),
      defaultLimit: pageSize,
      sortKeys: LEADER_SORT_KEYS,
    }),
    [pageSize, svpEmpty],
  );
  const [urlQuery, setQuery] = useUrlListQuery(options);
  const [sortParam] = useSearchParam('sort');
  // The season comes from the parent (the URL's, or the team's latest by default); the spec turns it,
  // the block, Min GP and the URL's sort into the service query and the columns shown.
  const specFor = useCallback(
    (minGp: number, rows?: GoalieStatsRecord[]) =>
      leadersTableSpec(
        { season: props.season, block, minGp, query: urlQuery },
        { teamId: props.teamId, teamName: props.teamName, seasons: props.seasons, rows },
      ),
    [props.season, block, urlQuery, props.teamId, props.teamName, props.seasons],
  );
  const path = useMemo(() => ({ id: props.teamId }), [props.teamId]);
  const everyGoalie = useMemo(() => specFor(0).query, [specFor]);
  const busiestQuery = useMemo(() => busiestGoalieQuery(everyGoalie, block), [everyGoalie, block]);
  const busiest = useList('teamGoaltendingLeaders', path, busiestQuery, {
    enabled: Boolean(everyGoalie.filters.season),
    prefetchNext: false,
  });
  const busiestIn = busiest.isSuccess && !busiest.isPlaceholderData ? busiest.data : undefined;
  const everyTotal = busiestIn?._meta.totalRecords;
  const mostGp = busiestIn ? (busiestIn.data[0]?.[block]?.GP ?? 0) : undefined;
  const fallbackMinGp = mostGp !== undefined ? defaultMinGp(mostGp) : busiest.isError ? 0 : null;
  const minGp = minGpUrl ?? fallbackMinGp;

  const query = useMemo(() => specFor(minGp ?? 0).query, [specFor, minGp]);
  const list = useList('teamGoaltendingLeaders', path, query, {
    enabled: Boolean(query.filters.season) && minGp !== null,
  });
  const rows = list.data?.data;
  const settled = !list.isPlaceholderData && list.isSuccess;
  useEffect(() => {
    if (settled && !svpEmpty && svpEmptyOnPage(rows, block)) setSvpEmptyLists((s) => new Set(s).add(listKey));
  }, [settled, svpEmpty, rows, block, listKey]);
  const spec = useMemo(() => specFor(minGp ?? 0, settled ? rows : undefined), [specFor, minGp, settled, rows]);

  // The goalies under Min GP on this page: every goalie's list by games, past the ranked ones.
  const rankedTotal = settled ? list.data?._meta.totalRecords : undefined;
  const belowAt =
    rankedTotal !== undefined && everyTotal !== undefined && everyTotal > rankedTotal
      ? belowMinPage(query, rankedTotal, everyTotal)
      : null;
  const belowQuery = useMemo<ListQuery>(
    () => ({ ...everyGoalie, sort: belowMinSort(block), offset: belowAt?.offset ?? 0, limit: belowAt?.limit ?? 1 }),
    [everyGoalie, block, belowAt?.offset, belowAt?.limit],
  );
  const below = useList('teamGoaltendingLeaders', path, belowQuery, { enabled: belowAt !== null, prefetchNext: false });
  const belowIn = belowAt !== null && below.isSuccess && !below.isPlaceholderData ? below.data.data : undefined;
  const belowRows = useMemo(() => belowIn?.map((r): LeaderRow => ({ ...r, belowMinGp: true })), [belowIn]);
  const belowLoading = belowAt !== null && belowRows === undefined;
  // A page of only goalies under Min GP waits for them (rather than saying none qualifies).
  const shownRows = useMemo<LeaderRow[] | undefined>(
    () => (rows && belowRows ? [...rows, ...belowRows] : belowLoading && rows?.length === 0 ? undefined : rows),
    [rows, belowRows, belowLoading],
  );
  const belowShown = belowRows !== undefined && belowRows.length > 0;
  const shownTotal =
    rankedTotal !== undefined && everyTotal !== undefined && everyTotal > rankedTotal
      ? everyTotal
      : (list.data?._meta.totalRecords ?? 0);
  // The Export menu's: the rows listed, and where those under Min GP begin (a copy marks them as a file does)
  // once this query's own total is in; the previous query's total, shown while this one loads, would mark
  // them wrong, so Copy waits for it.
  const exportProps = { spec, rows: shownRows, totalRecords: shownTotal, ranked: rankedTotal };

  return {
    block,
    minGp,
    minGpUrl,
    fallbackMinGp,
    everyTotal,
    mostGp,
    allSeasons,
    urlQuery,
    setQuery,
    sortParam,
    query,
    list,
    rows,
    spec,
    shownRows,
    shownTotal,
    belowShown,
    belowLoading,
    exportProps,
  };
}
