import { ORG_CATALOG } from '../../columns/index.ts';
import type { ListDefinition } from './definition.ts';
import { IDS, SLUGS, UPDATED_MIN } from './kinds.ts';

/**
 * The stars and cult players (`GET /stars-and-cult-players`, parameters not shown in the spec): by team
 * unless asked, then in the order the team listed them (the entry's id). The local service answers it
 * (service/ops/star/stars-and-cult-players.ts); the Stars view filters it by the team's league, a team's
 * link by `team`.
 */
const STAR_FILTER_DEFINITIONS = {
  team: IDS,
  player: IDS,
  league: { ...SLUGS, ui: { control: 'select', label: 'League', anyLabel: 'All leagues' } },
  'updatedAt:min': UPDATED_MIN,
} as const;

const STAR_SORT_KEYS = ['player', 'team', 'updatedAt'] as const;

/** The stars and cult players, declared once. */
export const STARS_LIST: ListDefinition<typeof STAR_FILTER_DEFINITIONS, (typeof STAR_SORT_KEYS)[number]> = {
  id: 'stars',
  filters: STAR_FILTER_DEFINITIONS,
  sorts: STAR_SORT_KEYS,
  defaultSort: 'team',
  tieBreak: ['id'],
  rowKey: 'id',
  columns: ORG_CATALOG.stars.columns,
  exported: ORG_CATALOG.stars.columns,
};
