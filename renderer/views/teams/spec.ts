import { CATALOG, columnsWithData, fieldsFor, TEAM_COLUMNS } from '../../../shared/columns/index.ts';
import type { Team } from '../../../shared/contract/records/index.ts';
import { columnSortKeys } from '../../../shared/query/lists/definition.ts';
import { TEAMS_LIST } from '../../../shared/query/lists/teams.ts';
import type { ListQuery, ListQueryOptions } from '../../../shared/query/query.ts';
import type { TableSpec } from '../../../shared/query/table-spec.ts';
import { barFilterKeys } from '../../components/filter-bar.ts';

/**
 * Filters of the Teams view: those of the Team list's definition its filter bar shows (`q` full-text by
 * name, league, country, status, type, class).
 */
export const TEAM_FILTER_KEYS: readonly string[] = barFilterKeys(TEAMS_LIST);

/** How the Teams view reads its list query from the URL (also used by the warm start, app/warmStart.ts). */
export function teamsListOptions(pageSize: number): ListQueryOptions {
  return {
    filterKeys: TEAM_FILTER_KEYS,
    defaultSort: CATALOG.team.defaultSort,
    defaultLimit: pageSize,
    sortKeys: columnSortKeys(TEAMS_LIST.columns),
    fields: fieldsFor(CATALOG.team, TEAM_COLUMNS) ?? [],
  };
}

/**
 * The Teams table spec (GET /teams): the URL's list query as sent, the catalog's columns (optional ones
 * without a value on the page left out once rows are known) and the filters in words.
 */
export function teamsTableSpec(
  query: ListQuery,
  data: { leagueName?: string | undefined; rows?: readonly Team[] | undefined } = {},
): TableSpec {
  const sortKeys = (query.sort ?? []).map((t) => t.replace(/^-/, ''));
  const columns = data.rows ? columnsWithData(TEAM_COLUMNS, data.rows, sortKeys) : TEAM_COLUMNS;
  const context: Record<string, string> = { view: 'Teams' };
  if (query.filters.q) context.search = query.filters.q;
  if (data.leagueName) context.league = data.leagueName;
  for (const key of ['country', 'status', 'teamType', 'teamClass'] as const) {
    const v = query.filters[key];
    if (v) context[key] = v;
  }
  return { endpoint: 'teams', path: {}, query, columns, context };
}
