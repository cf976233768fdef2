import { TEAM_SEASONS_LIST } from '../../../shared/query/lists/seasons.ts';
import { leagueScope, seasonScope } from '../../auth/subscription.ts';
import { declaredList } from '../../query/declared.ts';
import { leagueIn, seasonIn } from '../../query/filters.ts';
import type { ListOp } from '../../query/types.ts';
import { requireTeam } from '../entities.ts';
import type { TeamRow, TeamSeasonRow } from '../records/shapes/rows.ts';
import { teamSeasonRecords } from '../records/shapes/team-season.ts';

/**
 * `GET /teams/{id}/seasons` (spec, "Team operations"): the team's seasons, one record per season and
 * league. The filter by season slug is `season` (comma-separated slugs). Sorts are not shown: `slug`
 * (= `startYear`), `endYear`, `league`; default `-slug` (newest first). Seasons and leagues outside
 * the key's subscription are left out.
 */
export const teamSeasons: ListOp<TeamSeasonRow> = {
  kind: 'list',
  path: '/teams/{id}/seasons',
  category: 'team',
  summary: "The team's seasons",
  pathParams: { id: 'id' },
  from: 'team_seasons ts',
  scope: (ctx) => {
    const team = requireTeam(ctx);
    return {
      where: [
        { sql: 'ts.teamId = ?', params: [team.id] },
        leagueScope(ctx.sub, 'ts.leagueSlug'),
        seasonScope(ctx.sub, 'ts.seasonSlug'),
      ],
      state: team,
    };
  },
  fields: {
    allowed: [
      'slug',
      'startYear',
      'endYear',
      'isDefault',
      'isActive',
      'teamSlug',
      'teamName',
      'teamLogo',
      'league',
      'leagueSlug',
      'leagueName',
      'leagueFullName',
      'secondaryLeague',
      'secondaryLeagueSlug',
      'secondaryLeagueName',
      'secondaryLeagueFullName',
      'serviceUrlPath',
    ],
    objects: ['teamLogo', 'league', 'secondaryLeague'],
  },
  ...declaredList(TEAM_SEASONS_LIST, {
    sorts: {
      slug: { sql: 'ts.seasonSlug' },
      startYear: { sql: 'ts.seasonSlug' },
      endYear: { sql: 'ts.seasonSlug' },
      league: { sql: 'ts.leagueSlug' },
    },
    filters: { season: seasonIn('ts.seasonSlug'), league: leagueIn('ts.leagueSlug') },
  }),
  build: (rows, ctx, _fields, state) => teamSeasonRecords(rows, state as TeamRow, ctx),
};
