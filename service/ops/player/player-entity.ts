import { forbidden, notFound } from '../../query/errors.ts';
import type { RequestContext } from '../../query/types.ts';
import type { PlayerRow } from '../records/shapes/rows.ts';

/**
 * The player a path `id` names, or 404. A key limited to some leagues or seasons sees a player who has
 * statistics in one of its leagues within its seasons, or whose current team plays in one of its
 * leagues; any other player is outside the subscription (403).
 */
export function requirePlayer(ctx: RequestContext, param = 'id'): PlayerRow {
  const id = Number(ctx.path[param]);
  const row = ctx.stmts.get('SELECT * FROM players WHERE id = ?').get(id) as PlayerRow | undefined;
  if (!row) throw notFound(`Player ${id} was not found`);
  const { leagues, seasons } = ctx.sub;
  if (leagues === null && seasons === null) return row;
  const leagueJson = leagues === null ? null : JSON.stringify([...leagues]);
  const seen = ctx.stmts
    .get(
      'SELECT 1 AS x FROM player_stats WHERE playerId = ? AND seasonSlug BETWEEN ? AND ?' +
        ' AND (? IS NULL OR leagueSlug IN (SELECT value FROM json_each(?))) LIMIT 1',
    )
    .get(id, seasons?.from ?? '0000-0000', seasons?.to ?? '9999-9999', leagueJson, leagueJson);
  const current =
    row.currentTeamId !== null &&
    (leagues === null ||
      leagues.has(
        (
          ctx.stmts.get('SELECT leagueSlug FROM teams WHERE id = ?').get(row.currentTeamId) as {
            leagueSlug: string | null;
          }
        )?.leagueSlug ?? '',
      ));
  if (!seen && !current) throw forbidden(`Player ${id} is outside your subscription`);
  return row;
}
