import { STARS_LIST } from '../../../shared/query/lists/stars.ts';
import { leagueScope } from '../../auth/subscription.ts';
import { declaredList } from '../../query/declared.ts';
import { dateMin, intIn, leagueIn } from '../../query/filters.ts';
import type { ListOp } from '../../query/types.ts';
import { get, loaderOf } from '../records/caches/loader.ts';

interface Row {
  id: number;
  playerId: number;
  teamId: number;
  updatedAt: string;
}

const TEAM_LEAGUE = '(SELECT t.leagueSlug FROM teams t WHERE t.id = sc.teamId)';

/**
 * `GET /stars-and-cult-players` (spec, "Player operations"; record: spec "Star / cult player" —
 * `player`, `team`, `updatedAt`, no id). Query parameters not shown: `fields` (`player`, `team`,
 * `updatedAt`, `player.*`, `team.*`, `*`); sorts `player` (last then first name), `team` (team name),
 * `updatedAt`, default `team` (then the order the team listed them); filters `team` (team ids),
 * `player` (player ids), `league` (the team's league slugs), `updatedAt:min`. Teams outside the key's
 * leagues are left out.
 */
export const starsAndCultPlayers: ListOp<Row> = {
  kind: 'list',
  path: '/stars-and-cult-players',
  category: 'star-and-cult-player',
  summary: 'Players each team lists as a star or cult favourite',
  from: 'stars_and_cult_players sc',
  scope: (ctx) => ({ where: [leagueScope(ctx.sub, TEAM_LEAGUE)] }),
  fields: { allowed: ['player', 'team', 'updatedAt'], objects: ['player', 'team'] },
  ...declaredList(STARS_LIST, {
    sorts: {
      player: { sql: "(SELECT p.lastName || ' ' || p.firstName FROM players p WHERE p.id = sc.playerId)" },
      team: { sql: '(SELECT t.name FROM teams t WHERE t.id = sc.teamId) COLLATE NOCASE' },
      updatedAt: { sql: 'sc.updatedAt' },
    },
    filters: {
      team: intIn('sc.teamId'),
      player: intIn('sc.playerId'),
      league: leagueIn(TEAM_LEAGUE),
      'updatedAt:min': dateMin('sc.updatedAt'),
    },
    keys: { id: 'sc.id' },
  }),
  build: (rows, ctx, fields) => {
    const loader = loaderOf(ctx);
    const players = fields.has('player') ? loader.players(rows.map((r) => r.playerId)) : new Map();
    const teams = fields.has('team') ? loader.teams(rows.map((r) => r.teamId)) : new Map();
    return rows.map((r) => ({ player: get(players, r.playerId), team: get(teams, r.teamId), updatedAt: r.updatedAt }));
  },
};
