import type { ItemOp } from '../../query/types.ts';
import { requireTeam } from '../entities.ts';
import { loaderOf } from '../records/caches/loader.ts';
import { TEAM_FIELDS } from './team-list.ts';

/** `GET /teams/{id}` (not shown in the spec): one Team as `{_meta, data}`. */
export const team: ItemOp = {
  kind: 'item',
  path: '/teams/{id}',
  category: 'team',
  summary: 'One team',
  pathParams: { id: 'id' },
  fields: TEAM_FIELDS,
  load: (ctx, fields) => {
    const row = requireTeam(ctx);
    const [rec] = loaderOf(ctx).teamsFromRows([row], fields);
    return rec ?? {};
  },
};
