import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CoverageQuery } from '../../../shared/department/desk.ts';
import { call } from '../../bridge/client.ts';
import { parseDay } from '../../format/index.ts';
import { useSearchFields } from '../../state/useSearchFields.ts';

/** The page size of the coverage table when the address names none. */
export const COVERAGE_PAGE = 50;

/** The filters the address can carry (`#/coverage?league=OHL&fewer=2`), by their query field. */
export const COVERAGE_FILTERS = {
  league: 'league',
  draftYear: 'year',
  tier: 'tier',
  notSeenSince: 'since',
  fewerScoutsThan: 'fewer',
} as const;
export type CoverageFilter = keyof typeof COVERAGE_FILTERS;

const whole = (text: string | null): number | undefined => {
  if (text === null || !/^\d+$/.test(text)) return undefined;
  return Number(text);
};

/**
 * The coverage query the address asks for (shared/department/desk.ts `CoverageQuery`): the filters, the sort
 * (`sort=-lastSeen`, `-` for descending; newest viewing first by default) and the page. A value the query
 * would refuse (a year out of range, "abc" scouts) is left out rather than failing the view.
 */
export function coverageQueryOf(params: URLSearchParams): CoverageQuery {
  const sort = params.get('sort') ?? '-lastSeen';
  const text = (k: CoverageFilter) => params.get(COVERAGE_FILTERS[k])?.trim() || undefined;
  const year = whole(params.get(COVERAGE_FILTERS.draftYear));
  const fewer = whole(params.get(COVERAGE_FILTERS.fewerScoutsThan));
  const since = text('notSeenSince');
  return {
    league: text('league'),
    draftYear: year !== undefined && year >= 1900 && year <= 2200 ? year : undefined,
    tier: text('tier'),
    notSeenSince: (since && parseDay(since)) || undefined,
    fewerScoutsThan: fewer !== undefined && fewer >= 1 && fewer <= 1000 ? fewer : undefined,
    sort: sort.replace(/^-/, ''),
    desc: sort.startsWith('-'),
    offset: whole(params.get('offset')) ?? 0,
    limit: Math.min(500, Math.max(1, whole(params.get('limit')) ?? COVERAGE_PAGE)),
  };
}

/** The address's coverage query, its page from this computer's copy, and a setter of address fields. */
export function useCoverage() {
  const [params, setFields] = useSearchFields();
  const query = coverageQueryOf(params);
  const result = useQuery({
    queryKey: ['department', 'coverage', query],
    queryFn: () => call('departmentCoverage', query),
    // The page shown stays while the next one (another sort, filter or page) is read.
    placeholderData: keepPreviousData,
  });
  /** Sets (or, with '', removes) address fields; a filter or sort change goes back to the first page. */
  const set = (fields: Record<string, string>, keepPage = false) =>
    setFields(keepPage || 'offset' in fields ? fields : { ...fields, offset: '' });
  return { query, result, params, set };
}
