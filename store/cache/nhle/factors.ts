import { seasonEndYear } from '../../../shared/domain/draft.ts';
import {
  BOOTSTRAP_DRAWS,
  BOOTSTRAP_SEED,
  type FactorEdge,
  type FactorQuery,
  INTERVAL_LEVEL,
  type LeagueFactor,
  type LeagueFactors,
  NHLE_TARGET,
  type PinnedFactor,
} from '../../../shared/domain/nhle.ts';
import type { ReadableDB } from '../../common/db.ts';
import { bootstrapDraws, hash32, type Move, multiplyDraws, percentileInterval, ratioOfSums } from './bootstrap.ts';
import { choosePaths } from './paths.ts';

/**
 * League factors from the moves in the store (shared/domain/nhle.ts states the rule and its sources): one pass over
 * the skaters' regular-season lines of `player_seasons` (stints of a league-season already combined), in
 * player order, pairs each line of season y with each of the same player's lines in another league in
 * season y + 1 (both with at least `minGP` games); each league pair's moves give its factor
 * (a ratio of sums), its sample and its bootstrap interval; paths into the NHL give every other league's.
 */

/** One league pair's moves and what they give, with its bootstrap replicates (for paths through it). */
interface Pair extends FactorEdge {
  draws: Float64Array;
}

/** A skating line as the pass reads it, a row of SQLite as an array: playerId, leagueSlug, endYear, GP, PTS. */
type LineRow = [playerId: number, leagueSlug: string, endYear: number, gp: number, pts: number];

/**
 * The moves of every league pair (`from>to`) the query pools. One pass in player order through the
 * players' index (the rows of a player lie together in the table, so this reads it nearly in storage
 * order, about as fast as a full scan, and needs no sort); each player's lines are paired when his next
 * player begins.
 */
export function collectMoves(db: ReadableDB, q: FactorQuery): Map<string, Move[]> {
  const lo = q.seasonFrom === undefined ? 0 : (seasonEndYear(q.seasonFrom) ?? 0);
  const hi = q.seasonTo === undefined ? 9998 : (seasonEndYear(q.seasonTo) ?? 9998);
  // Rows as arrays: otherwise node:sqlite builds an object per row, a large part of a pass over a million
  // lines.
  const rows = db
    .tuples<[number, number, number]>(
      `SELECT playerId, leagueSlug, endYear, regularStats_GP, COALESCE(regularStats_PTS, 0)
     FROM player_seasons INDEXED BY player_seasons_player
     WHERE goalieLine = 0 AND regularStats_GP >= ? AND endYear BETWEEN ? AND ? ORDER BY playerId`,
    )
    // The SELECT's columns, in LineRow's order.
    .iterate(q.minGP, lo, hi + 1) as IterableIterator<LineRow>;
  const pairs = new Map<string, Move[]>();
  let mine: LineRow[] = [];
  const pairUp = () => {
    for (const [, leagueA, yearA, gpA, ptsA] of mine) {
      if (yearA > hi) continue;
      for (const [, leagueB, yearB, gpB, ptsB] of mine) {
        if (yearB !== yearA + 1 || leagueB === leagueA) continue;
        const key = `${leagueA}>${leagueB}`;
        const move = { gpA, ptsA, gpB, ptsB };
        const list = pairs.get(key);
        if (list) list.push(move);
        else pairs.set(key, [move]);
      }
    }
  };
  for (const r of rows) {
    if (mine.length > 0 && (mine[0] as LineRow)[0] !== r[0]) {
      if (mine.length > 1) pairUp();
      mine = [];
    }
    mine.push(r);
  }
  if (mine.length > 1) pairUp();
  return pairs;
}

/** Each pair's factor, sample, interval and replicates (a seed per pair: its slugs mixed into the fixed seed). */
function pairsOf(moves: Map<string, Move[]>): Pair[] {
  const out: Pair[] = [];
  for (const [key, list] of [...moves].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const [from, to] = key.split('>') as [string, string];
    const draws = bootstrapDraws(list, BOOTSTRAP_DRAWS, (hash32(key) ^ BOOTSTRAP_SEED) >>> 0);
    out.push({
      from,
      to,
      factor: ratioOfSums(list),
      sample: list.length,
      interval: percentileInterval(draws, INTERVAL_LEVEL),
      draws,
    });
  }
  return out;
}

/**
 * The store's leagues with skating lines, named where the leagues table names them, by slug: each found by
 * one seek of the scope index past the one before (no scan of the rows).
 */
function leaguesOf(db: ReadableDB): { slug: string; name: string | null }[] {
  const nextLeague = db.query<{ slug: string | null }, [string]>(
    'SELECT MIN(leagueSlug) AS slug FROM player_seasons INDEXED BY player_seasons_scope WHERE leagueSlug > ?',
  );
  const skaters = db.query<{ one: number }, [string]>(
    'SELECT 1 AS one FROM player_seasons INDEXED BY player_seasons_scope WHERE leagueSlug = ? AND goalieLine = 0 LIMIT 1',
  );
  const name = db.query<{ name: string | null }, [string]>('SELECT name FROM leagues WHERE slug = ?');
  const out: { slug: string; name: string | null }[] = [];
  for (let slug = nextLeague.get('')?.slug ?? null; slug != null; slug = nextLeague.get(slug)?.slug ?? null)
    if (skaters.get(slug) !== undefined) out.push({ slug, name: name.get(slug)?.name ?? null });
  return out;
}

/**
 * Every league's factor into the NHL for `q`, as computed from the store (direct pair, else the chosen
 * path's product, its weakest link's players, and the interval of the product of the links' replicates),
 * with every pair; no pins yet ({@link withPins}).
 */
export function computeFactors(db: ReadableDB, q: FactorQuery): LeagueFactors {
  const pairs = pairsOf(collectMoves(db, q));
  const usable = pairs.filter((p) => p.factor !== null);
  const byKey = new Map(usable.map((p) => [`${p.from}>${p.to}`, p]));
  const paths = choosePaths(usable, NHLE_TARGET);
  const leagues: LeagueFactor[] = leaguesOf(db).map(({ slug, name }) => {
    const computed = computedOf(paths.get(slug)?.leagues ?? null, byKey);
    return { league: slug, name, computed, pinned: null, factor: computed?.factor ?? null };
  });
  return {
    target: NHLE_TARGET,
    minGP: q.minGP,
    seasonFrom: q.seasonFrom ?? null,
    seasonTo: q.seasonTo ?? null,
    leagues,
    edges: pairs.map(({ draws: _draws, ...edge }) => edge),
  };
}

/** The factors with the scout's pins: a pinned league's NHLe uses his factor (a pin of a league not held is listed too). */
export function withPins(f: LeagueFactors, pins: readonly PinnedFactor[]): LeagueFactors {
  const pinOf = new Map(pins.map((p) => [p.league, p]));
  const leagues = f.leagues.map((l) => {
    const pinned = pinOf.get(l.league) ?? null;
    return { ...l, pinned, factor: pinned?.factor ?? l.computed?.factor ?? null };
  });
  for (const pin of pins)
    if (!leagues.some((l) => l.league === pin.league))
      leagues.push({ league: pin.league, name: null, computed: null, pinned: pin, factor: pin.factor });
  return { ...f, leagues };
}

function computedOf(path: string[] | null, byKey: Map<string, Pair>): LeagueFactor['computed'] {
  if (path === null) return null;
  if (path.length === 1) return { factor: 1, sample: 0, interval: [1, 1], path };
  let factor = 1;
  let sample = Number.POSITIVE_INFINITY;
  let draws: Float64Array | null = null;
  for (let i = 0; i + 1 < path.length; i++) {
    const pair = byKey.get(`${path[i]}>${path[i + 1]}`) as Pair;
    factor *= pair.factor as number;
    sample = Math.min(sample, pair.sample);
    draws = draws === null ? pair.draws : multiplyDraws(draws, pair.draws);
  }
  return { factor, sample, interval: draws === null ? null : percentileInterval(draws, INTERVAL_LEVEL), path };
}
