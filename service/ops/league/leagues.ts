import { leagueScope } from '../../auth/subscription.ts';
import type { ListOp } from '../../query/types.ts';
import { get, loaderOf } from '../records/caches/loader.ts';
import type { LeagueRow } from '../records/shapes/rows.ts';
import { LEAGUE_FIELDS, LEAGUE_LIST } from './league-fields.ts';

/** `GET /leagues` (not shown in the spec): the leagues the key may see. Default sort `name`. */
export const leagues: ListOp<LeagueRow> = {
  kind: 'list',
  path: '/leagues',
  category: 'league',
  summary: 'Paginated list of leagues',
  from: 'leagues l',
  select: 'l.slug',
  scope: (ctx) => ({ where: [leagueScope(ctx.sub, 'l.slug')] }),
  fields: LEAGUE_FIELDS,
  ...LEAGUE_LIST,
  build: (rows, ctx) => {
    const built = loaderOf(ctx).leagues(rows.map((r) => r.slug));
    return rows.map((r) => get(built, r.slug) ?? {});
  },
};
