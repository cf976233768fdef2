import { useEffect, useMemo, useState } from 'react';
import type { ListQueryOptions } from '../../../shared/query.ts';
import { useList, usePageSize } from '../../bridge/queries.ts';
import { useSearchParam, useUrlListQuery } from '../../state/useUrlListQuery.ts';
import type { LeadersProps } from './GoaltendingLeaders.tsx';
import {
  ALL_SEASONS,
  defaultLeadersSort,
  effectiveMinGp,
  LEADER_SORT_KEYS,
  leadersTableSpec,
  parseBlock,
  parseMinGp,
  svpEmptyOnPage,
} from './spec.ts';

/**
 * The leaders' list as the URL asks for it: the stat block, Min GP (as the URL names it and as it
 * applies), the URL's list query and its setter, the request (the service query, every season slug for
 * "All seasons"), its answer, and the table spec of what is shown (for the columns and the export).
 */
export function useLeadersList(props: LeadersProps) {
  const pageSize = usePageSize();
  const [blockParam] = useSearchParam('block');
  const block = parseBlock(blockParam);
  const [minGpParam] = useSearchParam('minGP');
  const minGpUrl = parseMinGp(minGpParam);
  const allSeasons = props.season === ALL_SEASONS;
  const minGp = effectiveMinGp(minGpUrl, allSeasons);
  // Lists whose SV% came back blank for every goalie (no shots against before 1983-84) default to GAA;
  // remembered per list so the default does not flip back while the GAA-sorted page loads.
  const listKey = `${props.teamId}|${props.season ?? ''}|${block}|${minGp}`;
  const [svpEmptyLists, setSvpEmptyLists] = useState<ReadonlySet<string>>(() => new Set());
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
  const requestSpec = useMemo(
    () =>
      leadersTableSpec(
        { season: props.season, block, minGp: minGpUrl, query: urlQuery },
        { teamId: props.teamId, seasons: props.seasons },
      ),
    [props.season, block, minGpUrl, urlQuery, props.teamId, props.seasons],
  );
  const query = requestSpec.query;
  const list = useList('teamGoaltendingLeaders', requestSpec.path, query, {
    enabled: Boolean(query.filters.season),
  });
  const rows = list.data?.data;
  const settled = !list.isPlaceholderData && list.isSuccess;
  useEffect(() => {
    if (settled && !svpEmpty && svpEmptyOnPage(rows, block)) setSvpEmptyLists((s) => new Set(s).add(listKey));
  }, [settled, svpEmpty, rows, block, listKey]);
  const spec = useMemo(
    () =>
      leadersTableSpec(
        { season: props.season, block, minGp: minGpUrl, query: urlQuery },
        { teamId: props.teamId, teamName: props.teamName, seasons: props.seasons, rows: settled ? rows : undefined },
      ),
    [props.season, block, minGpUrl, urlQuery, props.teamId, props.teamName, props.seasons, settled, rows],
  );

  return { block, minGp, minGpUrl, allSeasons, urlQuery, setQuery, sortParam, query, list, rows, spec };
}
