import type { DatabaseSync } from 'node:sqlite';
import { GOALIE_LINE_BESIDE_SKATING_SQL } from '../../player-lines.ts';

/** The per-connection temp table of league alumni (see {@link ensureLeagueAlumni}). */
export const LEAGUE_ALUMNI = 'temp.league_alumni';

const built = new WeakSet<DatabaseSync>();

/**
 * Makes sure the connection has `temp.league_alumni(leagueSlug, playerId, seasonSlug, GP)`: one row per
 * league, season and player who has a current team (`players.currentTeamId`), with his regular-season
 * GP in that league-season (`statsType` default; a skater's goalie line beside his skating line is not
 * counted again: his skating GP holds those games). It is a materialised view of `player_stats` for
 * `GET /leagues/{slug}/where-are-they-now`: the service's database is read-only, so the view never goes
 * stale, and without it each request would join every active player with his rows (slow on the
 * `large` data set). Built once per connection on first use (in SQLite's temp
 * store; a read-only connection may still write its temp schema), indexed for the league's players
 * in player order.
 */
export function ensureLeagueAlumni(db: DatabaseSync): void {
  if (built.has(db)) return;
  db.exec(`
    CREATE TEMP TABLE IF NOT EXISTS league_alumni AS
      SELECT ps.leagueSlug AS leagueSlug, ps.playerId AS playerId, ps.seasonSlug AS seasonSlug, SUM(ps.reg_GP) AS GP
      FROM players p INDEXED BY players_current_team CROSS JOIN player_stats ps ON ps.playerId = p.id
      WHERE p.currentTeamId IS NOT NULL AND ps.statsType = 'default' AND NOT ${GOALIE_LINE_BESIDE_SKATING_SQL('ps')}
      GROUP BY ps.leagueSlug, ps.playerId, ps.seasonSlug;
    CREATE INDEX IF NOT EXISTS temp.league_alumni_league ON league_alumni(leagueSlug, playerId, seasonSlug, GP);
  `);
  built.add(db);
}
