import { LEAGUE_SEASONS_LIST } from '../../../shared/query/lists/seasons.ts';
import { seasonScope } from '../../auth/subscription.ts';
import { declaredList } from '../../query/declared.ts';
import { seasonBound, seasonIn } from '../../query/filters.ts';
import type { ListOp } from '../../query/types.ts';
import { requireLeague } from '../entities.ts';
import { season } from '../records/shapes/urls.ts';

/**
 * `GET /leagues/{slug}/seasons` (not shown in the spec): the seasons in which the league has
 * teams (team_seasons), as Season records `{slug, startYear, endYear}`. Sorts `slug`/`startYear`/
 * `endYear`, default `-slug`; filters `season`, `season:from`, `season:to`. Seasons outside the key's
 * range are left out.
 */
export const leagueSeasons: ListOp<{ slug: string }> = {
  kind: 'list',
  path: '/leagues/{slug}/seasons',
  category: 'league',
  summary: "The league's seasons",
  pathParams: { slug: 'slug' },
  from: 'seasons s',
  select: 's.slug',
  scope: (ctx) => {
    const lg = requireLeague(ctx);
    return {
      where: [
        {
          sql: 'EXISTS (SELECT 1 FROM team_seasons ts WHERE ts.leagueSlug = ? AND ts.seasonSlug = s.slug)',
          params: [lg.slug],
        },
        seasonScope(ctx.sub, 's.slug'),
      ],
    };
  },
  fields: { allowed: ['slug', 'startYear', 'endYear'], objects: [] },
  ...declaredList(LEAGUE_SEASONS_LIST, {
    sorts: { slug: { sql: 's.slug' }, startYear: { sql: 's.startYear' }, endYear: { sql: 's.endYear' } },
    filters: {
      season: seasonIn('s.slug'),
      'season:from': seasonBound('s.slug', '>='),
      'season:to': seasonBound('s.slug', '<='),
    },
  }),
  build: (rows) => rows.map((r) => season(r.slug) ?? {}),
};
