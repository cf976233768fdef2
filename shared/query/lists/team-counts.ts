import { ORG_CATALOG } from '../../columns/index.ts';
import type { ListDefinition } from './definition.ts';

/**
 * Two short lists of a team's page, with no filter: the leagues its system's players play in
 * (`GET /teams/{id}/in-the-system/leagues`, one row a league, the most players first) and the years of its
 * transfers (`GET /teams/{id}/transfers/years`, one bare year a row, newest first). The local service
 * answers them (service/ops/team/in-the-system-leagues.ts, service/ops/team/transfer-years.ts).
 */

const IN_THE_SYSTEM_SORT_KEYS = ['league', 'count'] as const;

/** The leagues of a team's system, declared once: ties by league. */
export const IN_THE_SYSTEM_LIST: ListDefinition<Record<never, never>, (typeof IN_THE_SYSTEM_SORT_KEYS)[number]> = {
  id: 'inTheSystem',
  filters: {},
  sorts: IN_THE_SYSTEM_SORT_KEYS,
  defaultSort: '-count',
  tieBreak: ['league'],
  rowKey: 'league',
  columns: ORG_CATALOG.inTheSystem.columns,
  exported: ORG_CATALOG.inTheSystem.columns,
};

const TRANSFER_YEAR_SORT_KEYS = ['year'] as const;

/** The years of a team's transfers, declared once. */
export const TRANSFER_YEARS_LIST: ListDefinition<Record<never, never>, (typeof TRANSFER_YEAR_SORT_KEYS)[number]> = {
  id: 'transferYears',
  filters: {},
  sorts: TRANSFER_YEAR_SORT_KEYS,
  defaultSort: '-year',
  tieBreak: ['year'],
  rowKey: 'year',
  columns: ORG_CATALOG.transferYears.columns,
  exported: ORG_CATALOG.transferYears.columns,
};
