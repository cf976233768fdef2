/**
 * A player may have two player statistics records in one team-season: a skater who went in goal (King Clancy,
 * Toronto 1931-32) has his skating line and his goalie line, each with its own `id` and its own GP (spec,
 * "Player statistics record": a record is its `id`; nothing makes player, team and season unique). Lists of
 * records show both (`/teams/{id}/player-stats`) or only goalie lines (`/teams/{id}/goaltending-leaders`);
 * aggregates over players count each player once per team-season, from his skating line, whose GP already
 * counts the games in which he also went in goal.
 */

/**
 * SQL true for a goalie line beside which the same player has a skating line in the same team-season
 * (league and `statsType` alike), over the `player_stats` alias `ps`. Served by the `player_stats_player`
 * index (playerId, seasonSlug), and evaluated only for goalie lines.
 */
export const GOALIE_LINE_BESIDE_SKATING_SQL = (ps: string): string =>
  `(${ps}.isGoalie = 1 AND EXISTS (SELECT 1 FROM player_stats sk WHERE sk.playerId = ${ps}.playerId` +
  ` AND sk.seasonSlug = ${ps}.seasonSlug AND sk.teamId = ${ps}.teamId AND sk.leagueSlug = ${ps}.leagueSlug` +
  ` AND sk.statsType = ${ps}.statsType AND sk.isGoalie = 0))`;
