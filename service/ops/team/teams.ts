import { TEAM_FIELDS, teamListOp } from './team-list.ts';

/** `GET /teams` (spec: parameters not shown; those of `/arenas/{id}/teams`, plus `arena`). */
export const teams = teamListOp({
  path: '/teams',
  category: 'team',
  summary: 'Paginated list of teams',
  fields: TEAM_FIELDS,
  scope: () => [],
});
