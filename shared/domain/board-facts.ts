import type { Projection } from './report-areas.ts';

/**
 * What a draft board's rows carry beside the scout's order, for a director to decide from: each player's
 * latest season as the offline store holds it (position, team, league, draft age, the line and its NHLe)
 * and what the department's final reports say of him (viewings, mean grade, most common projection, days
 * since the last viewing). The store's facts come from the player cache (store/cache/board-lines.ts), the
 * department's from the lists (store/lists/department/desk/board-department.ts); the host joins them
 * (electron/host/lists/board-facts.ts) into one answer per board, read once for all its rows.
 */

/**
 * A player's latest season in the offline store: the regular-season line of the league he played most
 * games in during his newest season, summed over his teams there (the stats browser's player-season row),
 * with his draft age that season (the stats browser's rule, draft.ts) and its NHLe points per game
 * (nhle.ts: PTS/GP times the league's factor, the scout's pin winning; skaters only). Null where the store
 * has no season of his or no such value.
 */
export interface BoardPlayerLine {
  id: number;
  /** The player as the store holds him (to tell whether he is the one the board keeps). */
  name: string;
  dateOfBirth: string | null;
  position: string | null;
  season: string | null;
  /** The league's name as the store holds it (`NHL`, `OHL`), else its slug. */
  league: string | null;
  /** His team or teams in that league-season (`A / B`). */
  team: string | null;
  draftAge: number | null;
  GP: number | null;
  G: number | null;
  A: number | null;
  PTS: number | null;
  PTSperGP: number | null;
  nhlePTSperGP: number | null;
}

/** A board's player with the department's final reports on him, as coverage counts them. */
export interface BoardDepartmentLine {
  source: string;
  playerId: number;
  name: string;
  dateOfBirth: string | null;
  position: string | null;
  /** The department's final reports on him (0: nobody has seen him). */
  viewings: number;
  /** The mean of every grade of those reports, all areas together; null without a grade. */
  meanGrade: number | null;
  /** The projection most reports gave (ties: the higher role), or null. */
  projection: Projection | null;
  /** The date of his latest viewing (`YYYY-MM-DD`), or null. */
  lastSeen: string | null;
}

/** The department's side of some boards: whether one is set up, and each of their players once. */
export interface BoardDepartment {
  configured: boolean;
  players: BoardDepartmentLine[];
}

/** One board row's facts (every value null where unknown): the store's, then the department's. */
export interface BoardRowFacts extends Omit<BoardPlayerLine, 'id' | 'name' | 'dateOfBirth'> {
  viewings: number | null;
  meanGrade: number | null;
  projection: Projection | null;
  /** Whole days from his latest viewing to today (0: seen today). */
  daysSinceSeen: number | null;
}

/** A row of which nothing is known. */
export const NO_ROW_FACTS: Readonly<BoardRowFacts> = {
  position: null,
  team: null,
  league: null,
  season: null,
  draftAge: null,
  GP: null,
  G: null,
  A: null,
  PTS: null,
  PTSperGP: null,
  nhlePTSperGP: null,
  viewings: null,
  meanGrade: null,
  projection: null,
  daysSinceSeen: null,
};

/** The facts of some boards' rows, by player (board-order.ts `playerKey`). */
export interface BoardFacts {
  /** Why the department's columns are empty (none is set up), or null when they are filled. */
  departmentMissing: string | null;
  rows: Record<string, BoardRowFacts>;
}
