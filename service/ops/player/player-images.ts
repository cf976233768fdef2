import { PLAYER_IMAGES_LIST } from '../../../shared/query/lists/player-images.ts';
import { declaredList } from '../../query/declared.ts';
import { dateMin } from '../../query/filters.ts';
import type { ListOp } from '../../query/types.ts';
import { asset } from '../records/shapes/urls.ts';
import { requirePlayer } from './player-entity.ts';

interface Row {
  id: number;
  updatedAt: string;
}

/**
 * `GET /players/{id}/images` (spec, "Player operations"): the player's images with `fields` (`id`,
 * `url`, `thumbnailUrl`, `updatedAt`, `*`), `offset`, `limit` and `updatedAt:min`. Sorts are not shown:
 * `id` and `updatedAt`, default `id` (the order the images were added). `url` and `thumbnailUrl` point at
 * placeholder images the service serves itself (`/assets/images/{id}/full.svg`, `…/thumb.svg`), like
 * every image URL of this service, not at the stored external address.
 */
export const playerImages: ListOp<Row> = {
  kind: 'list',
  path: '/players/{id}/images',
  category: 'player',
  summary: "The player's images",
  pathParams: { id: 'id' },
  from: 'player_images pi',
  select: 'pi.id, pi.updatedAt',
  scope: (ctx) => ({ where: [{ sql: 'pi.playerId = ?', params: [requirePlayer(ctx).id] }] }),
  fields: { allowed: ['id', 'url', 'thumbnailUrl', 'updatedAt'], objects: [] },
  ...declaredList(PLAYER_IMAGES_LIST, {
    sorts: { id: { sql: 'pi.id' }, updatedAt: { sql: 'pi.updatedAt' } },
    filters: { 'updatedAt:min': dateMin('pi.updatedAt') },
  }),
  build: (rows, ctx) =>
    rows.map((r) => ({
      id: r.id,
      url: asset(ctx.links, 'images', r.id, 'full'),
      thumbnailUrl: asset(ctx.links, 'images', r.id, 'thumb'),
      updatedAt: r.updatedAt,
    })),
};
