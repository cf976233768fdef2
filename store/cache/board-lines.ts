import type { BoardPlayerLine } from '../../shared/domain/board-facts.ts';
import { nhlePerGame, type PinnedFactor } from '../../shared/domain/nhle.ts';
import type { ReadableDB } from '../common/db.ts';
import type { FactorCache } from './nhle/cache.ts';

/**
 * The offline store's facts of a draft board's players (shared/domain/board-facts.ts): each one's latest
 * season as the stats browser's player-season rows hold it (`player_seasons`: one row per player, league,
 * season and kind of line, summed over his teams there, with his draft age), in one statement for every
 * player of a board. His newest season's row of most regular-season games wins (the league he played in
 * most); NHLe is its PTS/GP times the factor NHLe uses for that league (the temporary `nhle_factors`,
 * made current with the scout's pins first), for skaters' lines only.
 */

/** A row of {@link LINES_SQL}: the line, with its kind and its league's factor for NHLe. */
type LineRow = Omit<BoardPlayerLine, 'nhlePTSperGP'> & { goalieLine: number | null; factor: number | null };

const LINES_SQL = `WITH ids(id) AS (SELECT DISTINCT value FROM json_each(?)),
latest AS (
  SELECT ps.playerId, ps.seasonSlug, ps.leagueSlug, ps.teamNames, ps.draftAge, ps.goalieLine, ps.regularStats_GP,
    ps.regularStats_G, ps.regularStats_A, ps.regularStats_PTS, ps.regularStats_PTSperGP,
    row_number() OVER (PARTITION BY ps.playerId
      ORDER BY ps.seasonSlug DESC, coalesce(ps.regularStats_GP, 0) DESC, ps.goalieLine, ps.id) AS n
  FROM player_seasons ps WHERE ps.playerId IN (SELECT id FROM ids)
)
SELECT p.id, p.name, p.dateOfBirth, p.position, l.seasonSlug AS season, coalesce(lg.name, l.leagueSlug) AS league, l.teamNames AS team,
  l.draftAge, l.goalieLine, l.regularStats_GP AS GP, l.regularStats_G AS G, l.regularStats_A AS A,
  l.regularStats_PTS AS PTS, l.regularStats_PTSperGP AS PTSperGP, nf.factor AS factor
FROM ids JOIN players p ON p.id = ids.id
  LEFT JOIN latest l ON l.playerId = p.id AND l.n = 1
  LEFT JOIN leagues lg ON lg.slug = l.leagueSlug
  LEFT JOIN nhle_factors nf ON nf.leagueSlug = l.leagueSlug`;

/** The store's calls of the boards' facts. */
export interface BoardLineCalls {
  /**
   * The latest season of each of these players the store holds (players it lacks are left out), NHLe with
   * the scout's `pins` applied. One statement, whatever the number of players.
   */
  boardLines(ids: readonly number[], pins: readonly PinnedFactor[]): BoardPlayerLine[];
}

/** The boards' calls over the store's connection `db` and its league factors `factors`. */
export function createBoardLineCalls(db: ReadableDB, factors: FactorCache): BoardLineCalls {
  return {
    boardLines(ids, pins) {
      if (ids.length === 0) return [];
      factors.applied(pins);
      return db
        .query<LineRow, [string]>(LINES_SQL)
        .all(JSON.stringify(ids))
        .map(({ goalieLine, factor, ...r }) => ({
          ...r,
          nhlePTSperGP: goalieLine === 0 ? nhlePerGame(r.PTS, r.GP, factor) : null,
        }));
    },
  };
}
