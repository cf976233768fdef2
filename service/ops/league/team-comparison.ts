import { TEAM_COMPARISON_LIST } from '../../../shared/query/lists/league-teams-players.ts';
import { assertSeason } from '../../auth/subscription.ts';
import { declaredList } from '../../query/declared.ts';
import { notFound } from '../../query/errors.ts';
import { intIn } from '../../query/filters.ts';
import type { ListOp, SortDef } from '../../query/types.ts';
import { requireLeague } from '../entities.ts';
import { GOALIE_LINE_BESIDE_SKATING_SQL } from '../player-lines.ts';
import { get, loaderOf } from '../records/caches/loader.ts';
import { heightOf, weightOf } from '../records/shapes/build.ts';
import { season } from '../records/shapes/urls.ts';

interface Row {
  teamId: number;
  leagueSlug: string;
  seasonSlug: string;
  players: number;
  playedGamesInLeague: number | null;
  averageWeight: number | null;
  averageHeight: number | null;
  averageAge: number | null;
}

/** Aggregates of one team's players in the league-season, rounded as served (kg, cm, years to 0.1). */
const AGG = {
  players: 'COUNT(DISTINCT ps.playerId)',
  // The team's games from its standings row; without one, the most games any of its players played.
  playedGamesInLeague:
    'COALESCE((SELECT s.GP FROM standings s WHERE s.leagueSlug = ps.leagueSlug AND s.seasonSlug = ps.seasonSlug' +
    ' AND s.teamId = ps.teamId), MAX(ps.reg_GP))',
  averageWeight: 'ROUND(AVG(p.weightKg), 1)',
  averageHeight: 'ROUND(AVG(p.heightCm), 1)',
  averageAge: 'ROUND(AVG(ps.playerAge), 1)',
} as const;

const nullable = (sql: string): SortDef => ({ sql, nullable: true });

/**
 * `GET /leagues/{slug}/{season}/team-comparison` (spec, "League operations"; record: spec "Team
 * comparison" and real-service-notes): one record per team with player statistics in the league that
 * season (`statsType` default): `players` (distinct players), `playedGamesInLeague` (the team's GP in
 * the standings, else its players' most games), `averageWeight` {metrics kg, imperial lb},
 * `averageHeight` {metrics cm, imperial `6'1"`}, `averageAge` (the players' age that season), all
 * aggregated in SQL and rounded to 0.1. Query parameters beyond `offset`/`limit` are not shown: sorts
 * `team` (the name the team carried that season, else its name now), `players`, `playedGamesInLeague`,
 * `averageWeight`, `averageHeight`, `averageAge`, default `team`; filter `team` (team ids); `fields` of the record with `team.*`,
 * `league.*`, `season.*`, `averageWeight.*`, `averageHeight.*`, `*`. 404 when the league has no team
 * in that season; 403 for a league or season outside the key.
 */
export const teamComparison: ListOp<Row> = {
  kind: 'list',
  path: '/leagues/{slug}/{season}/team-comparison',
  category: 'league',
  summary: "Compares the league's teams in a season: players, games, average weight, height and age",
  pathParams: { slug: 'slug', season: 'season' },
  from: 'player_stats ps JOIN players p ON p.id = ps.playerId',
  select: `ps.teamId AS teamId, ps.leagueSlug AS leagueSlug, ps.seasonSlug AS seasonSlug, ${Object.entries(AGG)
    .map(([k, sql]) => `${sql} AS ${k}`)
    .join(', ')}`,
  groupBy: 'ps.teamId',
  scope: (ctx) => {
    const lg = requireLeague(ctx);
    const s = ctx.path.season ?? '';
    assertSeason(ctx.sub, s, 'season');
    const played = ctx.stmts
      .get('SELECT 1 AS x FROM team_seasons WHERE leagueSlug = ? AND seasonSlug = ? LIMIT 1')
      .get(lg.slug, s);
    if (!played) throw notFound(`League '${lg.slug}' has no teams in season ${s}`);
    return {
      where: [
        { sql: "ps.leagueSlug = ? AND ps.seasonSlug = ? AND ps.statsType = 'default'", params: [lg.slug, s] },
        // Each player once: a skater's goalie line would count his weight, height and age twice.
        { sql: `NOT ${GOALIE_LINE_BESIDE_SKATING_SQL('ps')}`, params: [] },
      ],
    };
  },
  fields: {
    allowed: [
      'team',
      'league',
      'season',
      'players',
      'playedGamesInLeague',
      'averageWeight',
      'averageHeight',
      'averageAge',
    ],
    objects: ['team', 'league', 'season', 'averageWeight', 'averageHeight'],
  },
  ...declaredList(TEAM_COMPARISON_LIST, {
    sorts: {
      // By the name the team carried that season (its team-season's), else its name now: the name a
      // season's table shows, so "Team ▲" reads A→Z there.
      team: {
        sql:
          'COALESCE((SELECT ts.teamName FROM team_seasons ts WHERE ts.teamId = ps.teamId AND ts.leagueSlug = ps.leagueSlug' +
          ' AND ts.seasonSlug = ps.seasonSlug), (SELECT t.name FROM teams t WHERE t.id = ps.teamId)) COLLATE NOCASE',
      },
      players: { sql: AGG.players },
      playedGamesInLeague: nullable(AGG.playedGamesInLeague),
      averageWeight: nullable(AGG.averageWeight),
      averageHeight: nullable(AGG.averageHeight),
      averageAge: nullable(AGG.averageAge),
    },
    filters: { team: intIn('ps.teamId') },
    keys: { teamId: 'ps.teamId' },
  }),
  build: (rows, ctx, fields) => {
    const loader = loaderOf(ctx);
    const teams = fields.has('team') ? loader.teams(rows.map((r) => r.teamId)) : new Map();
    const leagues = loader.leagues(rows.map((r) => r.leagueSlug));
    const num = (v: number | null) => (v === null ? null : Number(v));
    return rows.map((r) => {
      const kg = num(r.averageWeight);
      const cm = num(r.averageHeight);
      return {
        team: get(teams, r.teamId),
        league: get(leagues, r.leagueSlug),
        season: season(r.seasonSlug),
        players: Number(r.players),
        playedGamesInLeague: num(r.playedGamesInLeague),
        averageWeight: kg === null ? null : { metrics: kg, imperial: weightOf(kg)?.imperial ?? null },
        averageHeight: cm === null ? null : { metrics: cm, imperial: heightOf(cm)?.imperial ?? null },
        averageAge: num(r.averageAge),
      };
    });
  },
};
