import type { RequestContext } from '../../../query/types.ts';
import { get, loaderOf } from '../caches/loader.ts';
import { teamLogo } from './build.ts';
import { keptEmbeddedPlayer } from './embedded-player.ts';
import { keptRecords, teamSeasonNames } from './player-stats.ts';
import { season } from './urls.ts';

type Rec = Record<string, unknown>;

/** A `game_logs` row: one goaltender's game (scores from his team's side). */
export interface GameLogRow {
  id: number;
  playerId: number;
  teamId: number;
  opponentId: number;
  leagueSlug: string;
  seasonSlug: string;
  date: string;
  teamScore: number;
  opponentScore: number;
  teamScoreSo: number | null;
  opponentScoreSo: number | null;
  updatedAt: string;
}

/**
 * Game log aggregate records (spec, "Other record shapes": `player`, `teamName`, `teamLogo`,
 * `teamLogoUrl`, `league`, `opponent`, `opponentName`, `opponentLogo`, `opponentLogoUrl`, `teamScore`,
 * `opponentScore`, `teamScoreSo`, `opponentScoreSo`) plus `id`, `team`, `season`, `date` and
 * `updatedAt` (fields beyond those listed are not shown). The player is the embedded Player (with
 * `staff` and `draftSelection`); `withPlayer: false` leaves `player` out, for records nested under
 * their player (team player-stats' `latestGameLogsAggregated`). Team and opponent names are the names
 * the clubs carried that season. Each record is kept per connection and link context and registered as
 * immutable (records/shapes/player-stats.ts, keptRecords): a game log never changes (read-only database).
 */
export function gameLogRecords(rows: GameLogRow[], ctx: RequestContext, withPlayer: boolean): Rec[] {
  return keptRecords(ctx, `game-log:${withPlayer ? 1 : 0}`, rows, (missing) => buildGameLogs(missing, ctx, withPlayer));
}

function buildGameLogs(rows: GameLogRow[], ctx: RequestContext, withPlayer: boolean): Rec[] {
  const loader = loaderOf(ctx);
  const players = withPlayer ? loader.players(rows.map((r) => r.playerId)) : new Map();
  const teams = loader.teams(rows.flatMap((r) => [r.teamId, r.opponentId]));
  const leagues = loader.leagues(rows.map((r) => r.leagueSlug));
  const names = teamSeasonNames(
    ctx,
    rows.flatMap((r) => [r, { teamId: r.opponentId, seasonSlug: r.seasonSlug, leagueSlug: r.leagueSlug }]),
  );
  const nameOf = (teamId: number, r: GameLogRow): string | null =>
    names.get(`${teamId}|${r.seasonSlug}|${r.leagueSlug}`) ??
    ((get(teams, teamId)?.name as string | undefined) || null);
  return rows.map((r) => {
    const logo = teamLogo(r.teamId, ctx.links);
    const opponentLogo = teamLogo(r.opponentId, ctx.links);
    const rec: Rec = { id: r.id };
    if (withPlayer) rec.player = keptEmbeddedPlayer(get(players, r.playerId), '');
    return Object.assign(rec, {
      team: get(teams, r.teamId),
      teamName: nameOf(r.teamId, r),
      teamLogo: logo,
      teamLogoUrl: logo.large,
      league: get(leagues, r.leagueSlug),
      opponent: get(teams, r.opponentId),
      opponentName: nameOf(r.opponentId, r),
      opponentLogo,
      opponentLogoUrl: opponentLogo.large,
      teamScore: r.teamScore,
      opponentScore: r.opponentScore,
      teamScoreSo: r.teamScoreSo,
      opponentScoreSo: r.opponentScoreSo,
      season: season(r.seasonSlug),
      date: r.date,
      updatedAt: r.updatedAt,
    });
  });
}
