import { TEAM_PLAYER_STATS_LIST } from '../../../shared/query/lists/player-stats.ts';
import { declaredList } from '../../query/declared.ts';
import { namedSubfields } from '../../query/fields.ts';
import type { ListOp, Projection, RequestContext } from '../../query/types.ts';
import { LEAGUE_FIELDS } from '../league/league-fields.ts';
import { PLAYER_FIELDS } from '../player/player.ts';
import { keptMany } from '../records/caches/kept.ts';
import { markImmutable } from '../records/json/json-text.ts';
import { coachesOf } from '../records/shapes/coaches.ts';
import { keptEmbeddedPlayer } from '../records/shapes/embedded-player.ts';
import { type GameLogRow, gameLogRecords } from '../records/shapes/game-log.ts';
import { keptRecords, playerStatsRecords, projectionKey } from '../records/shapes/player-stats.ts';
import type { PlayerStatsRow } from '../records/shapes/rows.ts';
import {
  goaltendingLeaders,
  PLAYER_STATS_FILTER_SQL,
  PLAYER_STATS_SORT_SQL,
  teamSeasonDefaults,
  teamStatsScope,
} from './goaltending-leaders.ts';

type Rec = Record<string, unknown>;

/** How many of a player's latest games (with the row's team, in the row's season) a record carries. */
export const LATEST_GAME_LOGS = 5;

/** Record fields: the spec's four first, then the Player statistics record's (goaltending leaders). */
const FIELDS = [
  'id',
  'player',
  'latestStats',
  'latestGameLogsAggregated',
  ...goaltendingLeaders.fields.allowed.filter((f) => f !== 'id' && f !== 'player'),
];

/**
 * `GET /teams/{id}/player-stats` (spec, "Team operations"; query parameters not shown): every player
 * statistics row of the team (skaters and goaltenders), with the parameters of its closest sibling
 * `/teams/{id}/goaltending-leaders` (the same fields, sort keys, filters and defaults: `season` = the
 * team's `defaultSeason`, `statsType=default`) except the default sort, `-regularStats.PTS`
 * (real-service-notes: a league's player stats). Each record is the Player statistics record plus the
 * spec's `latestStats` (null) and `latestGameLogsAggregated` (the player's latest games for the team
 * that season, newest first, as game log aggregate records without `player`). `player` is the
 * embedded Player whose `staff` carries `goaltendingCoaches` and `assistantCoaches` (the
 * team-season's coaches, arrays of Staff), added to the player's own Staff record when he has one.
 * `player.*` selects every subfield of the Player (spec, "Common conventions": `<object>.*` "selects all
 * subfields of that object field"), so it carries the fields the embedded form omits (`position`,
 * `shoots`, `catches` …); `player.<name>` and `league.<name>` select those subfields by name, from the
 * whole Player and League (the operation's `fields` are not shown in the spec).
 */
export const teamPlayerStats: ListOp<PlayerStatsRow> = {
  kind: 'list',
  path: '/teams/{id}/player-stats',
  category: 'team',
  summary: 'Paginated player statistics of the team',
  pathParams: { id: 'id' },
  from: 'player_stats ps',
  pageKey: 'ps.id',
  // `isGoalie IN (0, 1)` lets the team index (teamId, isGoalie, seasonSlug, id) serve the season filter.
  scope: (ctx) => teamStatsScope(ctx, 'ps.isGoalie IN (0, 1)'),
  defaultFilters: teamSeasonDefaults,
  fields: {
    allowed: FIELDS,
    objects: [...goaltendingLeaders.fields.objects, 'latestGameLogsAggregated'],
    subfields: { player: PLAYER_FIELDS.allowed, league: LEAGUE_FIELDS.allowed },
  },
  ...declaredList(TEAM_PLAYER_STATS_LIST, { sorts: PLAYER_STATS_SORT_SQL, filters: PLAYER_STATS_FILTER_SQL }),
  // Records are kept per connection and link context (a row never changes: read-only database) and per
  // projection (a record holds just the projected fields), so a row served again is a look-up.
  build: (rows, ctx, fields) =>
    keptRecords(ctx, 'team-player-stats', rows, (missing) => buildRecords(missing, ctx, fields), {
      variant: `${projectionKey(FIELDS, fields)}${wholePlayer(fields) ? 'W' : ''}`,
    }),
};

/**
 * Each row's player's latest games with the row's team in the row's season (game_logs_player index).
 * Kept per connection and link context (records/caches/kept.ts: the database is read-only), each row's list
 * registered as immutable so its JSON bytes are reused; a row not kept yet costs one query.
 */
function latestGameLogs(rows: PlayerStatsRow[], ctx: Parameters<typeof gameLogRecords>[1]): Map<number, Rec[]> {
  const byId = new Map(rows.map((r) => [r.id, r]));
  return keptMany(
    ctx,
    'latest-game-logs',
    rows.map((r) => r.id),
    (ids) => {
      const stmt = ctx.stmts.get(
        'SELECT * FROM game_logs WHERE playerId = ? AND teamId = ? AND seasonSlug = ? ORDER BY date DESC, id DESC LIMIT ?',
      );
      const perRow = ids.map((id) => {
        const r = byId.get(id) as PlayerStatsRow;
        return stmt.all(r.playerId, r.teamId, r.seasonSlug, LATEST_GAME_LOGS) as unknown as GameLogRow[];
      });
      const built = gameLogRecords(perRow.flat(), ctx, false);
      const out = new Map<number, Rec[]>();
      let k = 0;
      ids.forEach((id, i) => {
        const n = perRow[i]?.length ?? 0;
        const logs = built.slice(k, k + n);
        markImmutable(logs);
        out.set(id, logs);
        k += n;
      });
      return out;
    },
  );
}

/** Whether the projection asks for the Player's subfields (all, or by name) rather than its embedded form. */
const wholePlayer = (fields: Projection): boolean =>
  fields.has('player.*') || namedSubfields(fields, 'player') !== null;

/** The team player statistics records of `rows` (spec, "Team player statistics record"). */
function buildRecords(rows: PlayerStatsRow[], ctx: RequestContext, fields: Projection): Rec[] {
  const base = playerStatsRecords(rows, ctx, fields);
  const coaches = fields.has('player') ? coachesOf(ctx, rows) : new Map();
  const logs = fields.has('latestGameLogsAggregated') ? latestGameLogs(rows, ctx) : new Map<number, Rec[]>();
  const whole = wholePlayer(fields);
  return rows.map((r, i) => {
    const b = base[i] as Rec;
    const c = coaches.get(`${r.teamId}|${r.seasonSlug}`);
    // The base record holds `player` only when the projection asks for it.
    const embedded = (b.player as Rec | null | undefined) ?? null;
    const own = embedded?.staff as Rec | null | undefined;
    // Kept per (player, team-season): the coaches of a team-season do not change (read-only database).
    const player = keptEmbeddedPlayer(
      embedded,
      `coaches:${r.teamId}|${r.seasonSlug}`,
      () => ({
        staff: {
          ...(own ?? {}),
          goaltendingCoaches: c?.goaltendingCoaches ?? [],
          assistantCoaches: c?.assistantCoaches ?? [],
        },
      }),
      whole,
    );
    const { id, player: _p, ...rest } = b;
    return { id, player, latestStats: null, latestGameLogsAggregated: logs.get(r.id) ?? [], ...rest };
  });
}
