import { requireArena } from '../entities.ts';
import { ARENA_TEAM_FIELDS, teamListOp } from '../team/team-list.ts';

/** `GET /arenas/{id}/teams` (spec, "Arena operations"): the teams whose home arena it is. */
export const arenaTeams = teamListOp({
  path: '/arenas/{id}/teams',
  category: 'arena',
  summary: 'Teams playing in the arena',
  pathParams: { id: 'id' },
  fields: ARENA_TEAM_FIELDS,
  scope: (ctx) => [{ sql: 't.arenaId = ?', params: [requireArena(ctx).id] }],
});
