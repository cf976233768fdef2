import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../bridge/client.ts';
import { deskKeys } from '../../entities/department/useAssignments.ts';
import { parseDay } from '../../format/index.ts';
import { useSearchFields } from '../../state/useSearchFields.ts';

/** The address fields of the viewing log: `#/viewing-log?scout=scout_a&from=2026-11-01&to=2026-11-30`. */
export const LOG_FIELDS = { scout: 'scout', from: 'from', to: 'to' } as const;

/**
 * The viewing log the address asks for: `who` (a director reads every scout's, `all`; a scout his own),
 * the days `from`..`to` (a day the query would refuse is left out rather than failing the view), and the
 * scout a director chose (`scout`, his login; none: every scout). Its key is under the desk's, so an
 * assignment made or taken back reads it again, as a sync does.
 */
export function useViewingLog(director: boolean, enabled: boolean) {
  const [params, set] = useSearchFields();
  const day = (k: 'from' | 'to') => {
    const v = params.get(LOG_FIELDS[k])?.trim() ?? '';
    return (v && parseDay(v)) || undefined;
  };
  const query = { who: director ? ('all' as const) : ('mine' as const), from: day('from'), to: day('to') };
  const result = useQuery({
    queryKey: [...deskKeys.all, 'viewingLog', query],
    queryFn: () => call('departmentViewingLog', query),
    placeholderData: keepPreviousData,
    enabled,
  });
  return { params, set, result, scout: director ? params.get(LOG_FIELDS.scout) || null : null };
}
