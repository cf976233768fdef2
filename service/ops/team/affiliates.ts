import { requireTeam } from '../entities.ts';
import { TEAM_FIELDS, teamListOp } from './team-list.ts';

/**
 * `GET /teams/{id}/affiliates` (spec, "Team operations"). Filters and sorts are not shown: those of
 * `/teams`. Affiliates in leagues outside the key's subscription are left out.
 */
export const affiliates = teamListOp({
  path: '/teams/{id}/affiliates',
  category: 'team',
  summary: 'Teams affiliated with the team',
  pathParams: { id: 'id' },
  fields: TEAM_FIELDS,
  scope: (ctx) => {
    const team = requireTeam(ctx);
    return [{ sql: 't.id IN (SELECT affiliateId FROM team_affiliates WHERE teamId = ?)', params: [team.id] }];
  },
});
