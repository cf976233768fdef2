import { ALUMNI_LIST } from '../../../shared/query/lists/league-teams-players.ts';
import { assertSeason, leagueScope, seasonScope } from '../../auth/subscription.ts';
import { declaredEnum, declaredList } from '../../query/declared.ts';
import { custom, dateMin, intGt, intIn, leagueIn, slugIn } from '../../query/filters.ts';
import type { ListOp, Projection, RequestContext, SortDef } from '../../query/types.ts';
import { parseSeasonList } from '../../query/values.ts';
import { requireLeague } from '../entities.ts';
import { ensureLeagueAlumni, LEAGUE_ALUMNI } from '../records/caches/alumni.ts';
import { get, loaderOf } from '../records/caches/loader.ts';
import { keptEmbeddedPlayer } from '../records/shapes/embedded-player.ts';
import { keptRecords } from '../records/shapes/player-stats.ts';
import type { PlayerRow } from '../records/shapes/rows.ts';
import { AGE_SQL, season } from '../records/shapes/urls.ts';

type Row = Pick<PlayerRow, 'id' | 'currentTeamId' | 'updatedAt'> & {
  firstSeasonInLeague: string;
  lastSeasonInLeague: string;
  gamesPlayedInLeague: number | null;
};

const CURRENT_LEAGUE = '(SELECT ct.leagueSlug FROM teams ct WHERE ct.id = p.currentTeamId)';
const nullable = (sql: string): SortDef => ({ sql, nullable: true });

/**
 * `GET /leagues/{slug}/where-are-they-now` (spec, "League operations"; query parameters and fields
 * beyond `player` not shown): the league's alumni who play somewhere now — players with statistics in
 * the league (`statsType` default, in seasons the key may see) who have a current team (in a league
 * the key may see). Reads the connection's materialised alumni table (service/ops/records/caches/alumni.ts). One record per player: `id`, `player` (the embedded Player with `staff`,
 * `draftSelection` and `team`, the current Team), `firstSeasonInLeague`, `lastSeasonInLeague`
 * (Season), `gamesPlayedInLeague` (regular-season GP summed over those seasons). Sorts `id`, `player`
 * (last then first name), `player.age`, `team` (current team name), `firstSeasonInLeague`,
 * `lastSeasonInLeague`, `gamesPlayedInLeague`, `updatedAt`; default `-lastSeasonInLeague`. Filters
 * `id`, `id:gt`, `season` (played in the league in one of these seasons), `league` (current league),
 * `nationality` (country slugs), `position`, `updatedAt:min`.
 */
export const whereAreTheyNow: ListOp<Row> = {
  kind: 'list',
  path: '/leagues/{slug}/where-are-they-now',
  category: 'league',
  summary: "The league's former players and where they play now",
  pathParams: { slug: 'slug' },
  // a: the league-season rows of players with a current team (records/caches/alumni.ts), grouped per player.
  from: `${LEAGUE_ALUMNI} a CROSS JOIN players p ON p.id = a.playerId`,
  // Only what the record needs (the Player is batch-loaded for the page), so the sort carries little.
  select:
    'a.playerId AS id, p.currentTeamId AS currentTeamId, p.updatedAt AS updatedAt, MIN(a.seasonSlug) AS firstSeasonInLeague,' +
    ' MAX(a.seasonSlug) AS lastSeasonInLeague, SUM(a.GP) AS gamesPlayedInLeague',
  groupBy: 'a.playerId',
  scope: (ctx) => {
    const lg = requireLeague(ctx);
    ensureLeagueAlumni(ctx.db);
    return {
      where: [
        { sql: 'a.leagueSlug = ?', params: [lg.slug] },
        seasonScope(ctx.sub, 'a.seasonSlug'),
        leagueScope(ctx.sub, CURRENT_LEAGUE),
      ],
    };
  },
  fields: {
    allowed: ['id', 'player', 'firstSeasonInLeague', 'lastSeasonInLeague', 'gamesPlayedInLeague', 'updatedAt'],
    objects: ['player', 'firstSeasonInLeague', 'lastSeasonInLeague'],
  },
  ...declaredList(ALUMNI_LIST, {
    sorts: {
      id: { sql: 'p.id' },
      player: { sql: "p.lastName || ' ' || p.firstName" },
      'player.age': nullable(AGE_SQL('p')),
      team: { sql: '(SELECT ct.name FROM teams ct WHERE ct.id = p.currentTeamId) COLLATE NOCASE' },
      firstSeasonInLeague: { sql: 'MIN(a.seasonSlug)' },
      lastSeasonInLeague: { sql: 'MAX(a.seasonSlug)' },
      gamesPlayedInLeague: nullable('SUM(a.GP)'),
      updatedAt: { sql: 'p.updatedAt' },
    },
    filters: {
      id: intIn('p.id'),
      'id:gt': intGt('p.id'),
      // Played in the league in one of these seasons (the aggregates still cover every season).
      season: custom(parseSeasonList, (seasons, ctx) => {
        for (const s of seasons) assertSeason(ctx.sub, s, 'season');
        return {
          sql:
            `EXISTS (SELECT 1 FROM ${LEAGUE_ALUMNI} x WHERE x.leagueSlug = a.leagueSlug AND x.playerId = a.playerId` +
            ' AND x.seasonSlug IN (SELECT value FROM json_each(?)))',
          params: [JSON.stringify(seasons)],
        };
      }),
      league: leagueIn(CURRENT_LEAGUE),
      nationality: slugIn('p.nationalitySlug'),
      position: declaredEnum('p.position', ALUMNI_LIST.filters.position),
      'updatedAt:min': dateMin('p.updatedAt'),
    },
    keys: { playerId: 'a.playerId' },
  }),
  // Records are kept per connection and link context (records/shapes/player-stats.ts, keptRecords), keyed by
  // every value of the row: the same player's league span differs with the `season` filter.
  build: (rows, ctx, fields) =>
    keptRecords(
      ctx,
      `where-are-they-now:${fields.has('player') ? 1 : 0}`,
      rows,
      (missing) => buildRecords(missing, ctx, fields),
      {
        keyOf: (r) =>
          `${r.id}|${r.currentTeamId}|${r.firstSeasonInLeague}|${r.lastSeasonInLeague}|${r.gamesPlayedInLeague}|${r.updatedAt}`,
      },
    ),
};

/** The records of a page of alumni rows (the embedded Player carries his current team). */
function buildRecords(rows: Row[], ctx: RequestContext, fields: Projection): Record<string, unknown>[] {
  const loader = loaderOf(ctx);
  const wantPlayer = fields.has('player');
  const players = wantPlayer ? loader.players(rows.map((r) => r.id)) : new Map();
  const teams = wantPlayer ? loader.teams(rows.map((r) => r.currentTeamId)) : new Map();
  return rows.map((r) => ({
    id: r.id,
    player: keptEmbeddedPlayer(get(players, r.id), `team:${r.currentTeamId}`, () => ({
      team: get(teams, r.currentTeamId),
    })),
    firstSeasonInLeague: season(r.firstSeasonInLeague),
    lastSeasonInLeague: season(r.lastSeasonInLeague),
    gamesPlayedInLeague: r.gamesPlayedInLeague === null ? null : Number(r.gamesPlayedInLeague),
    updatedAt: r.updatedAt,
  }));
}
