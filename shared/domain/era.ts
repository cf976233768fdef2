/**
 * Era-adjusted scoring: goals, assists and points scaled to a common scoring environment, so that a line of
 * a high-scoring season (NHL 1981-82: about 8 goals a game) and one of a low-scoring season (2000-01: about
 * 5.5) can be compared. Pure functions.
 *
 * The method is Hockey-Reference's "adjusted" goals and assists (hockey-reference.com, "About: Adjusted
 * Stats"): a player's goals are scaled by the ratio of a baseline of 6 goals per game to his league-season's
 * goals per game, his assists by the ratio of a baseline of 10 assists per game to its assists per game (an
 * assist environment of its own, as assists per goal changed over time), and adjusted points are adjusted
 * goals plus adjusted assists. Hockey-Reference also scales to an 82-game schedule and an 18-skater roster;
 * these columns do not (the store keeps neither schedules nor rosters): a shortened season keeps its
 * games, and PTS/GP compares rates across schedules.
 */

/** The baseline scoring environment: goals and assists per game (both teams), Hockey-Reference's. */
export const ERA_BASELINE = { goalsPerGame: 6, assistsPerGame: 10 } as const;

/**
 * A league-season's scoring, as totals: goals and assists credited to every player of it (skaters and
 * goalies), and the games played (each game once, not once per team).
 */
export interface ScoringEnvironment {
  goals: number;
  assists: number;
  games: number;
}

/** The factors a league-season's goals and assists are multiplied by; null where its totals are unknown or zero. */
export interface EraFactors {
  goals: number | null;
  assists: number | null;
}

/**
 * Games of a league-season from its teams' games: each game has two teams, so the sum over the teams,
 * halved. `teamGames` holds one count per team-season (the most games any of its players played, when the
 * store keeps no team records).
 */
export function leagueGames(teamGames: readonly number[]): number {
  return teamGames.reduce((n, g) => n + g, 0) / 2;
}

/**
 * The era factors of a league-season: baseline goals per game over its goals per game, and the same for
 * assists. A factor is null without games or without goals (assists).
 */
export function eraFactors(env: ScoringEnvironment): EraFactors {
  if (!(env.games > 0)) return { goals: null, assists: null };
  const gpg = env.goals / env.games;
  const apg = env.assists / env.games;
  return {
    goals: gpg > 0 ? ERA_BASELINE.goalsPerGame / gpg : null,
    assists: apg > 0 ? ERA_BASELINE.assistsPerGame / apg : null,
  };
}

/**
 * A line's era-adjusted goals, assists and points (unrounded): G and A times their factors, and their
 * sum. Each is null where its input or factor is missing; points need both.
 */
export function eraAdjusted(
  line: { G: number | null | undefined; A: number | null | undefined },
  factors: EraFactors,
): { G: number | null; A: number | null; PTS: number | null } {
  const g = typeof line.G === 'number' && factors.goals !== null ? line.G * factors.goals : null;
  const a = typeof line.A === 'number' && factors.assists !== null ? line.A * factors.assists : null;
  return { G: g, A: a, PTS: g !== null && a !== null ? g + a : null };
}
