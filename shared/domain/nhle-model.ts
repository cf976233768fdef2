/**
 * NHLe's constants and its per-line arithmetic, with no dependency at all, so the page can import them
 * without bundling zod (shared/domain/nhle.ts builds NHLe's schemas on them and re-exports them; the method is
 * described there).
 */

/** The league every factor translates into. */
export const NHLE_TARGET = 'nhl';
/** Games a player needs in both leagues of a pair, by default (a quarter of a season). */
export const FACTOR_MIN_GP = 20;
/** Bootstrap replicates per pair. */
export const BOOTSTRAP_DRAWS = 1000;
/** The bootstrap's fixed seed (each pair's stream is this mixed with its slugs). */
export const BOOTSTRAP_SEED = 0x4e484c65;
/** The interval's coverage. */
export const INTERVAL_LEVEL = 0.9;
/** Games of the NHL season an 82-game NHLe scales to. */
export const NHLE_SEASON_GAMES = 82;

/** NHLe points per game of a line: its PTS/GP times its league's factor; null without games or a factor. */
export function nhlePerGame(pts: number | null, gp: number | null, factor: number | null): number | null {
  if (pts === null || gp === null || gp <= 0 || factor === null) return null;
  return (pts / gp) * factor;
}

/** An 82-game NHLe: NHLe points per game over an NHL season. */
export function nhle82(perGame: number | null): number | null {
  return perGame === null ? null : perGame * NHLE_SEASON_GAMES;
}

/** NHL games a career needs to count as reaching the NHL (Prospect Cohort Success's line: 200 games). */
export const NHL_CAREER_GAMES = 200;
/** Seasons between a player's last season in the store and the store's newest for his career to count as complete. */
export const COMPLETE_CAREER_GAP = 3;
/** Comparables of a player-season by default. */
export const COMPARABLES_K = 10;
