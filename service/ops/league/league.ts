import type { ItemOp } from '../../query/types.ts';
import { requireLeague } from '../entities.ts';
import { get, loaderOf } from '../records/caches/loader.ts';
import { LEAGUE_FIELDS } from './league-fields.ts';

/** `GET /leagues/{slug}` (not shown in the spec): one League as `{_meta, data}`. */
export const league: ItemOp = {
  kind: 'item',
  path: '/leagues/{slug}',
  category: 'league',
  summary: 'One league',
  pathParams: { slug: 'slug' },
  fields: LEAGUE_FIELDS,
  load: (ctx) => {
    const row = requireLeague(ctx);
    return get(loaderOf(ctx).leagues([row.slug]), row.slug) ?? {};
  },
};
