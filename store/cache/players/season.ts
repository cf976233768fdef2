import { draftYearLabel } from '../../../shared/domain/draft.ts';
import { LEADER_STAT_SORTS, type LeaderStats } from '../../../shared/domain/leaders.ts';
import type { PlayerSeasonStats } from '../../../shared/domain/offline.ts';
import type { SortColumn } from '../../../shared/query/list-engine.ts';

/**
 * The chosen season's line of each player in the players list: when the query names a `season`, each
 * player row is joined to his row of that season in `player_seasons` (the stats browser's rows: stints
 * combined), of his own kind (a goalie's goalie line, a skater's skating line), in the chosen leagues when
 * the query names some, else the one with the most games. The list's `season.*` sort keys order by it.
 */

/** The stats of the season line the list sorts by (regular season), by sort key: `season.PTS`. */
export const SEASON_SORTS: Record<
  `season.${(typeof LEADER_STAT_SORTS)[number]}` | 'season.teams' | 'season.draftAge',
  SortColumn
> = {
  ...(Object.fromEntries(
    LEADER_STAT_SORTS.map((k) => [`season.${k}`, { sql: `ss.regularStats_${k}`, nullable: true }]),
  ) as Record<`season.${(typeof LEADER_STAT_SORTS)[number]}`, SortColumn>),
  'season.teams': { sql: 'ss.teamNames', nullable: true },
  'season.draftAge': { sql: 'ss.draftAge', nullable: true },
};

/**
 * The JOIN of the season line (alias `ss`) and its bound values: `seasons` and `leagues` as the query's
 * filters give them. Without a season, a join that matches nothing (the `season.*` keys then sort nulls).
 */
export function seasonJoin(seasons: string[] | null, leagues: string[] | null): { sql: string; params: string[] } {
  // `ON 0` would make SQLite scan player_seasons once per player (it does not fold the constant), which
  // a sort without an index pays for every player; a primary-key lookup of NULL finds nothing at once.
  if (seasons === null || seasons.length === 0)
    return { sql: 'LEFT JOIN player_seasons ss ON ss.id = NULL', params: [] };
  const marks = (n: number) => new Array(n).fill('?').join(',');
  const inLeagues = leagues !== null && leagues.length > 0 ? ` AND x.leagueSlug IN (${marks(leagues.length)})` : '';
  return {
    sql: `LEFT JOIN player_seasons ss ON ss.id = (SELECT x.id FROM player_seasons x
      WHERE x.playerId = p.id AND x.seasonSlug IN (${marks(seasons.length)})${inLeagues}
      ORDER BY x.seasonSlug DESC, x.goalieLine = (COALESCE(p.position, '') = 'G') DESC, x.regularStats_GP DESC, x.id LIMIT 1)`,
    params: [...seasons, ...(leagues ?? [])],
  };
}

/** The columns of the season line a players row reads (aliased `ss_…`). */
export const SEASON_COLUMNS = [
  'ss.seasonSlug AS ss_season',
  'ss.leagueSlug AS ss_league',
  'ss.teamNames AS ss_teams',
  'ss.draftAge AS ss_draftAge',
  'ss.goalieLine AS ss_goalieLine',
  ...LEADER_STAT_SORTS.map((k) => `ss.regularStats_${k} AS ss_${k}`),
].join(', ');

/** A players row's season line, or null when the query names no season or he has no row in it. */
export function seasonStatsOf(r: Record<string, unknown>): PlayerSeasonStats | null {
  if (typeof r.ss_season !== 'string') return null;
  const age = typeof r.ss_draftAge === 'number' ? r.ss_draftAge : null;
  return {
    season: r.ss_season,
    league: String(r.ss_league ?? '').toUpperCase(),
    teams: typeof r.ss_teams === 'string' ? r.ss_teams : null,
    draftAge: age,
    draftYear: draftYearLabel(age),
    goalieLine: r.ss_goalieLine === 1,
    stats: Object.fromEntries(
      LEADER_STAT_SORTS.map((k) => [k, typeof r[`ss_${k}`] === 'number' ? r[`ss_${k}`] : null]),
    ) as LeaderStats,
  };
}
