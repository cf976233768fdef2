import { STANDINGS_COLUMNS } from '../../columns/index.ts';
import { STANDINGS_STAT_KEYS } from '../../contract/spec.ts';
import type { ListDefinition } from './definition.ts';
import { IDS, SEASONS, TEXT } from './kinds.ts';

/**
 * A league's standings (`GET /leagues/{slug}/standings`, parameters of real-service-notes): by position in
 * its group unless asked; ties broken as the NHL breaks ties on points, more wins, then a better goal
 * difference, the id last. The local service answers it (service/ops/league/standings.ts).
 */
const STANDINGS_FILTER_DEFINITIONS = {
  season: SEASONS,
  team: IDS,
  group: TEXT,
} as const;

const STANDINGS_SORT_KEYS = [
  'id',
  'season',
  'position',
  'group',
  'teamName',
  ...STANDINGS_STAT_KEYS.map((k) => `stats.${k}` as const),
] as const;

/** A league's standings, declared once. */
export const STANDINGS_LIST: ListDefinition<typeof STANDINGS_FILTER_DEFINITIONS, (typeof STANDINGS_SORT_KEYS)[number]> =
  {
    id: 'standings',
    filters: STANDINGS_FILTER_DEFINITIONS,
    sorts: STANDINGS_SORT_KEYS,
    defaultSort: 'position',
    tieBreak: ['-stats.W', '-stats.GD', 'id'],
    rowKey: 'id',
    columns: STANDINGS_COLUMNS,
    exported: STANDINGS_COLUMNS,
  };
