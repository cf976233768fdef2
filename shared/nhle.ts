import { z } from 'zod';
import { SEASON_SLUG_RE, SLUG_RE } from './spec.ts';

/**
 * NHL equivalency (NHLe), computed from the scout's own store: what a point per game in one league is
 * worth in the NHL. The field's sources, whose definitions these follow:
 * - Gabriel Desjardins, "League Equivalencies" (hockeyanalytics.com, 2004): the factor of a league is
 *   the ratio of the scoring of the players who moved from it to the NHL the next season, in the NHL and
 *   in it;
 * - CJ Turtoro's network NHLe (2019–2020): leagues as a network of the players who moved between them, so
 *   a league that rarely feeds the NHL directly gets a factor through the leagues it feeds;
 * - Patrick Bacon, "NHL Equivalency and Prospect Projection Models" (TopDownHockey / Towards Data
 *   Science, 2020): the network method with minimum games in both leagues;
 * - Hockey Prospecting and Prospect Cohort Success (Weissbock and Jessop, Hockey-Graphs, 2015): a
 *   prospect's comparables by age, size and NHLe scoring, and the share of them who played 200 NHL games.
 *
 * Rinkside's rule (store/nhle/): a player's line in a league-season is the sum of his stints in it
 * (skaters, regular season). For each pair of league A in season y and league B in season y+1, the players
 * with at least `minGP` games in both count (one who also played elsewhere in season y counts for each of
 * his leagues): factor(A→B) = (ΣPTS_B / ΣGP_B) / (ΣPTS_A / ΣGP_A) over them, pooled over the seasons chosen,
 * with the number of players and a 90 % interval from a bootstrap over the players (1,000 draws, fixed
 * seed). A league with no direct pairs into the NHL gets the product of the factors along the path whose
 * weakest link has the most players (ties: fewer steps).
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

/** Which transitions a computation pools: min GP in both leagues, and the range of the first season. */
export const FactorQuerySchema = z
  .object({
    minGP: z.coerce
      .number({ error: 'a whole number' })
      .int('a whole number')
      .min(1, 'at least 1')
      .max(82, 'at most 82')
      .default(FACTOR_MIN_GP),
    seasonFrom: z.string().regex(SEASON_SLUG_RE, 'a season slug such as 1978-1979').optional(),
    seasonTo: z.string().regex(SEASON_SLUG_RE, 'a season slug such as 1978-1979').optional(),
  })
  .strict();
export type FactorQuery = z.output<typeof FactorQuerySchema>;

/** One pair of leagues: league `from` in a season, `to` the next, pooled over the seasons chosen. */
export interface FactorEdge {
  from: string;
  to: string;
  /** (ΣPTS_to / ΣGP_to) / (ΣPTS_from / ΣGP_from); null when the players scored nothing in `from`. */
  factor: number | null;
  /** Players (moves of one player from one season to the next) behind it. */
  sample: number;
  /** The 90 % bootstrap interval, or null. */
  interval: [number, number] | null;
}

/** The factor the scout pinned for a league, kept with his lists (store/lists/FORMAT.md, `leagueFactors`). */
export interface PinnedFactor {
  league: string;
  /** What a point per game there is worth in the NHL, in his judgement. */
  factor: number;
  /** Why (may be empty). */
  note: string;
  /** When he pinned it (ISO 8601). */
  pinnedAt: string;
}

export const LeagueSlugSchema = z.string().regex(SLUG_RE, 'a league slug');
export const PinFactorSchema = z
  .object({
    league: LeagueSlugSchema,
    factor: z
      .number({ error: 'a number' })
      .gt(0, 'greater than 0')
      .max(10, 'at most 10')
      .refine((n) => Number.isFinite(n), 'a number'),
    note: z.string().trim().max(500, 'at most 500 characters').default(''),
  })
  .strict();
export type PinFactor = z.input<typeof PinFactorSchema>;

/** A league's factor into the NHL: as computed from the store, as pinned, and which one NHLe uses. */
export interface LeagueFactor {
  league: string;
  /** The league's name as the store holds it. */
  name: string | null;
  /** From the store's moves: the factor, its sample (the weakest link's players), interval and path; null: no path. */
  computed: {
    factor: number;
    sample: number;
    interval: [number, number] | null;
    /** The leagues from this one to the NHL: `['ohl', 'ahl', 'nhl']`; direct: two leagues. */
    path: string[];
  } | null;
  pinned: PinnedFactor | null;
  /** The factor NHLe uses: the scout's pin, else the computed one, else null ("no factor"). */
  factor: number | null;
}

/** Every league's factor and every pair behind them, for a {@link FactorQuery}. */
export interface LeagueFactors {
  target: string;
  minGP: number;
  seasonFrom: string | null;
  seasonTo: string | null;
  leagues: LeagueFactor[];
  edges: FactorEdge[];
}

/** NHLe points per game of a line: its PTS/GP times its league's factor; null without games or a factor. */
export function nhlePerGame(pts: number | null, gp: number | null, factor: number | null): number | null {
  if (pts === null || gp === null || gp <= 0 || factor === null) return null;
  return (pts / gp) * factor;
}

/** An 82-game NHLe: NHLe points per game over an NHL season. */
export function nhle82(perGame: number | null): number | null {
  return perGame === null ? null : perGame * NHLE_SEASON_GAMES;
}
