import { z } from 'zod';
import { IdSchema } from '../contract/id.ts';
import { SEASON_SLUG_RE, SLUG_RE } from '../contract/spec.ts';
import { wholeNumberSchema } from '../contract/whole-number.ts';
import { COMPARABLES_K, FACTOR_MIN_GP } from './nhle-model.ts';
import { refuseUnsafeText } from './text-schemas.ts';

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
 * Rinkside's rule (store/cache/nhle/): a player's line in a league-season is the sum of his stints in it
 * (skaters, regular season). For each pair of league A in season y and league B in season y+1, the players
 * with at least `minGP` games in both count (one who also played elsewhere in season y counts for each of
 * his leagues): factor(A→B) = (ΣPTS_B / ΣGP_B) / (ΣPTS_A / ΣGP_A) over them, pooled over the seasons chosen,
 * with the number of players and a 90 % interval from a bootstrap over the players (1,000 draws, fixed
 * seed). A league with no direct pairs into the NHL gets the product of the factors along the path whose
 * weakest link has the most players (ties: fewer steps).
 */

export * from './nhle-model.ts';

/** Which transitions a computation pools: min GP in both leagues, and the range of the first season. */
export const FactorQuerySchema = z
  .object({
    minGP: wholeNumberSchema(1, 82).default(FACTOR_MIN_GP),
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
    note: z.string().trim().max(500, 'at most 500 characters').superRefine(refuseUnsafeText).default(''),
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

// ─── Comparable players (store/cache/nhle/comparables.ts) ─────────────────────────────────────────────────────

/**
 * A comparables query: the player-season (player, league, season), how many (`k`, 1–50, default 10), and
 * whether height and weight count in the distance (`size`).
 */
export const ComparablesQuerySchema = z
  .object({
    playerId: IdSchema,
    league: LeagueSlugSchema,
    season: z.string().regex(SEASON_SLUG_RE, 'a season slug such as 2015-2016'),
    k: wholeNumberSchema(1, 50).default(COMPARABLES_K),
    size: z.boolean({ error: 'true or false' }).default(false),
  })
  .strict();
export type ComparablesQuery = z.input<typeof ComparablesQuerySchema>;

/** Forwards (C, LW, RW, F) or defence: the position groups comparables stay within. */
export type PositionGroup = 'F' | 'D';

/** A skater's regular-season line in one league and season, with its NHLe. */
export interface NhleLine {
  playerId: number;
  name: string;
  league: string;
  season: string;
  draftAge: number | null;
  group: PositionGroup;
  GP: number;
  PTS: number;
  PTSperGP: number;
  factor: number;
  nhlePTSperGP: number;
  heightCm: number | null;
  weightKg: number | null;
}

/** What a comparable player became, from the store's NHL lines. */
export interface CareerOutcome {
  /** His NHL regular-season games and points over his skating lines (games in goal are not counted). */
  nhlGP: number;
  nhlPTS: number;
  /** His best NHL PTS/GP in a skating season of at least 20 games; null: none. */
  peakPTSperGP: number | null;
  /** His draft selection in words (`1988 R1 #10`), where the data gives it. */
  draft: string | null;
  /** His last season in the store. */
  lastSeason: string;
  /** His career is complete: his last season is at least three before the store's newest. */
  complete: boolean;
}

export interface Comparable extends NhleLine {
  /** The distance to the subject (standardised units; smaller is nearer). */
  distance: number;
  outcome: CareerOutcome;
}

/**
 * The comparables of a player-season: the k historical player-seasons nearest to it (same position group,
 * same draft age; distance in NHLe PTS/GP, and height and weight when asked, each over its spread among the
 * candidates), what each became, and the share of those with complete careers who reached 200 NHL games.
 */
export interface Comparables {
  subject: NhleLine;
  k: number;
  size: boolean;
  /** Player-seasons the comparables were chosen from. */
  candidates: number;
  rows: Comparable[];
  /** Of the rows: complete careers, and those of them with 200+ NHL games. */
  complete: number;
  reached: number;
  /** reached / complete; null when no career is complete. */
  share: number | null;
  /** The store's newest season (careers ending three seasons before it count as complete). */
  newestSeason: string | null;
}

// ─── Career arcs (store/cache/nhle/arcs.ts) ──────────────────────────────────────────────────────────────────

/** 2–6 players compared in charts, and (optionally) the player-season whose comparables' median arc is drawn. */
export const CareerArcsQuerySchema = z
  .object({
    playerIds: z.array(IdSchema).min(1, 'choose a player').max(6, 'at most 6 players'),
    comparablesOf: z
      .object({ playerId: IdSchema, league: LeagueSlugSchema, season: z.string().regex(SEASON_SLUG_RE) })
      .strict()
      .optional(),
  })
  .strict();
export type CareerArcsQuery = z.input<typeof CareerArcsQuerySchema>;

/** A player's skating at one draft age, every league summed (regular season). */
export interface ArcPoint {
  draftAge: number;
  GP: number;
  PTS: number;
  PTSperGP: number | null;
  /** Σ(PTS × factor) / ΣGP over his lines with a factor; null when none has one. */
  nhlePTSperGP: number | null;
}

export interface CareerArc {
  playerId: number;
  name: string;
  points: ArcPoint[];
}

/** The players' arcs, and the median arc of the comparables of `of` (each draft age: the median of those with games then). */
export interface CareerArcs {
  players: CareerArc[];
  median: { of: NhleLine; count: number; points: ArcPoint[] } | null;
}
