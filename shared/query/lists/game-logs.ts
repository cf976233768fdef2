import { GAME_LOG_COLUMNS } from '../../columns/index.ts';
import type { ListDefinition } from './definition.ts';
import { ID_ABOVE, IDS, SEASONS, SLUGS, UPDATED_MIN } from './kinds.ts';

/**
 * Game logs (`GET /game-log-aggregate`, parameters not shown in the spec): the newest first unless asked,
 * ties by id. The local service answers it (service/ops/game-log/game-log-aggregate.ts).
 */
const SEASON = { kind: 'season' } as const;
const DATE = { kind: 'date' } as const;

const GAME_LOG_FILTER_DEFINITIONS = {
  id: IDS,
  'id:gt': ID_ABOVE,
  player: IDS,
  team: IDS,
  opponent: IDS,
  league: SLUGS,
  season: SEASONS,
  'season:from': SEASON,
  'season:to': SEASON,
  'date:from': DATE,
  'date:to': DATE,
  'updatedAt:min': UPDATED_MIN,
} as const;

const GAME_LOG_SORT_KEYS = ['id', 'date', 'season', 'teamScore', 'opponentScore', 'updatedAt'] as const;

/** Game logs, declared once. */
export const GAME_LOGS_LIST: ListDefinition<typeof GAME_LOG_FILTER_DEFINITIONS, (typeof GAME_LOG_SORT_KEYS)[number]> = {
  id: 'gameLogs',
  filters: GAME_LOG_FILTER_DEFINITIONS,
  sorts: GAME_LOG_SORT_KEYS,
  defaultSort: '-date',
  tieBreak: ['id'],
  rowKey: 'id',
  columns: GAME_LOG_COLUMNS,
  exported: GAME_LOG_COLUMNS,
};
