import { IN_THE_SYSTEM_LIST } from '../../../shared/query/lists/team-counts.ts';
import { leagueScope } from '../../auth/subscription.ts';
import { declaredList } from '../../query/declared.ts';
import type { ListOp } from '../../query/types.ts';
import { requireTeam } from '../entities.ts';
import { get, loaderOf } from '../records/caches/loader.ts';

interface Row {
  leagueSlug: string;
  count: number;
}

/**
 * `GET /teams/{id}/in-the-system/leagues` (spec, "Team operations"): how many players the team holds
 * the rights to (`players.rightsTeamId`), counted per the league of each player's current team.
 * Players without a current team, or whose current team has no league, are not counted. Fields
 * `league`, `count` (`league.*`, `*`); sorts `league` (by league slug) and `count`, default `-count`
 * (not shown; the biggest group first). Leagues outside the key's subscription are left out.
 */
export const inTheSystemLeagues: ListOp<Row> = {
  kind: 'list',
  path: '/teams/{id}/in-the-system/leagues',
  category: 'team',
  summary: "Count of players in the team's system per league",
  pathParams: { id: 'id' },
  from: 'players p JOIN teams ct ON ct.id = p.currentTeamId',
  select: 'ct.leagueSlug AS leagueSlug, COUNT(*) AS count',
  groupBy: 'ct.leagueSlug',
  scope: (ctx) => {
    const team = requireTeam(ctx);
    return {
      where: [
        { sql: 'p.rightsTeamId = ? AND ct.leagueSlug IS NOT NULL', params: [team.id] },
        leagueScope(ctx.sub, 'ct.leagueSlug'),
      ],
    };
  },
  fields: { allowed: ['league', 'count'], objects: ['league'] },
  ...declaredList(IN_THE_SYSTEM_LIST, {
    sorts: { league: { sql: 'ct.leagueSlug' }, count: { sql: 'COUNT(*)' } },
    filters: {},
  }),
  build: (rows, ctx) => {
    const leagues = loaderOf(ctx).leagues(rows.map((r) => r.leagueSlug));
    return rows.map((r) => ({ league: get(leagues, r.leagueSlug), count: Number(r.count) }));
  },
};
