import { GAME_LOGS_LIST } from '../../../shared/query/lists/game-logs.ts';
import { leagueScope, seasonScope } from '../../auth/subscription.ts';
import { declaredList } from '../../query/declared.ts';
import { badParameter } from '../../query/errors.ts';
import { custom, dateMin, intGt, intIn, leagueIn, seasonBound, seasonIn } from '../../query/filters.ts';
import type { ListOp } from '../../query/types.ts';
import { type GameLogRow, gameLogRecords } from '../records/shapes/game-log.ts';

/** A calendar date `YYYY-MM-DD` (the game's date). */
function parseDate(raw: string, name: string): string {
  const v = raw.trim();
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v) || Number.isNaN(Date.parse(`${v}T00:00:00Z`))) {
    throw badParameter(name, `Parameter '${name}' must be a date such as 2024-01-31`);
  }
  return v;
}

/**
 * `GET /game-log-aggregate` (spec, "Player operations"; record: spec "Game log aggregate record" plus
 * `id`, `team`, `season`, `date`, `updatedAt` — service/ops/records/shapes/game-log.ts). Query parameters not
 * shown: `fields` (every record field, `obj.*` for its objects, `*`); sorts `id`, `date`, `season`,
 * `teamScore`, `opponentScore`, `updatedAt`, default `-date` (newest first, like the real service's
 * dated lists); filters `id`, `id:gt`, `player`, `team`, `opponent` (integer arrays), `league`
 * (slugs), `season` (slugs), `season:from`, `season:to`, `date:from`, `date:to` (`YYYY-MM-DD`),
 * `updatedAt:min`. Games in leagues or seasons outside the key are left out.
 */
export const gameLogAggregate: ListOp<GameLogRow> = {
  kind: 'list',
  path: '/game-log-aggregate',
  category: 'game-log-aggregate',
  summary: 'Aggregated game logs',
  from: 'game_logs gl',
  scope: (ctx) => ({ where: [leagueScope(ctx.sub, 'gl.leagueSlug'), seasonScope(ctx.sub, 'gl.seasonSlug')] }),
  fields: {
    allowed: [
      'id',
      'player',
      'team',
      'teamName',
      'teamLogo',
      'teamLogoUrl',
      'league',
      'opponent',
      'opponentName',
      'opponentLogo',
      'opponentLogoUrl',
      'teamScore',
      'opponentScore',
      'teamScoreSo',
      'opponentScoreSo',
      'season',
      'date',
      'updatedAt',
    ],
    objects: ['player', 'team', 'teamLogo', 'league', 'opponent', 'opponentLogo', 'season'],
  },
  ...declaredList(GAME_LOGS_LIST, {
    sorts: {
      id: { sql: 'gl.id' },
      date: { sql: 'gl.date' },
      season: { sql: 'gl.seasonSlug' },
      teamScore: { sql: 'gl.teamScore' },
      opponentScore: { sql: 'gl.opponentScore' },
      updatedAt: { sql: 'gl.updatedAt' },
    },
    filters: {
      id: intIn('gl.id'),
      'id:gt': intGt('gl.id'),
      player: intIn('gl.playerId'),
      team: intIn('gl.teamId'),
      opponent: intIn('gl.opponentId'),
      league: leagueIn('gl.leagueSlug'),
      season: seasonIn('gl.seasonSlug'),
      'season:from': seasonBound('gl.seasonSlug', '>='),
      'season:to': seasonBound('gl.seasonSlug', '<='),
      'date:from': custom(parseDate, (v) => ({ sql: 'gl.date >= ?', params: [v] })),
      'date:to': custom(parseDate, (v) => ({ sql: 'gl.date <= ?', params: [v] })),
      'updatedAt:min': dateMin('gl.updatedAt'),
    },
  }),
  build: (rows, ctx, fields) => gameLogRecords(rows, ctx, fields.has('player')),
};
