import type { ListDefinition } from './definition.ts';
import { UPDATED_MIN } from './kinds.ts';

/**
 * A player's images (`GET /players/{id}/images`, spec "Player operations"; sorts not shown): in the order
 * they were added unless asked. The local service answers it (service/ops/player/player-images.ts); the
 * player's page shows the first, so no table of it is declared.
 */
const PLAYER_IMAGE_FILTER_DEFINITIONS = { 'updatedAt:min': UPDATED_MIN } as const;
const PLAYER_IMAGE_SORT_KEYS = ['id', 'updatedAt'] as const;

/** A player's images, declared once. */
export const PLAYER_IMAGES_LIST: ListDefinition<
  typeof PLAYER_IMAGE_FILTER_DEFINITIONS,
  (typeof PLAYER_IMAGE_SORT_KEYS)[number]
> = {
  id: 'playerImages',
  filters: PLAYER_IMAGE_FILTER_DEFINITIONS,
  sorts: PLAYER_IMAGE_SORT_KEYS,
  defaultSort: 'id',
  tieBreak: ['id'],
  rowKey: 'id',
  columns: [],
  exported: [],
};
