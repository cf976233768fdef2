/**
 * The arithmetic of a league factor (shared/domain/nhle.ts): a ratio of sums over the players who moved between
 * two leagues, and its 90 % interval by a bootstrap over those players (Efron's percentile interval:
 * resample the players with replacement, recompute the ratio, take the 5th and 95th percentiles of the
 * draws). A fixed seed per league pair makes every interval the same at each computation and independent of
 * which other pairs the store holds.
 */

/** One player's move from league A (season y) to league B (season y + 1): his games and points in each. */
export interface Move {
  gpA: number;
  ptsA: number;
  gpB: number;
  ptsB: number;
}

/**
 * (ΣPTS_B / ΣGP_B) / (ΣPTS_A / ΣGP_A) over `moves`: the factor that turns a point per game in A into one in
 * B (Desjardins' "League Equivalencies", 2004, as a ratio of sums rather than a mean of ratios, so a player
 * with few games weighs as little as his games). Null when either side has no games or A no points.
 */
export function ratioOfSums(moves: readonly Move[]): number | null {
  let gpA = 0;
  let ptsA = 0;
  let gpB = 0;
  let ptsB = 0;
  for (const m of moves) {
    gpA += m.gpA;
    ptsA += m.ptsA;
    gpB += m.gpB;
    ptsB += m.ptsB;
  }
  return factorOf(gpA, ptsA, gpB, ptsB);
}

function factorOf(gpA: number, ptsA: number, gpB: number, ptsB: number): number | null {
  if (gpA <= 0 || gpB <= 0 || ptsA <= 0) return null;
  return ptsB / gpB / (ptsA / gpA);
}

/** Mulberry32: a small, fast 32-bit generator; a seed gives the same sequence on every machine. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A 32-bit FNV-1a hash of a text (the seed of a league pair: its slugs). */
export function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/**
 * `draws` bootstrap replicates of the ratio of sums: each resamples `moves.length` moves with replacement
 * (the players are the unit: a player's games and points stay together). A replicate whose resample has no
 * points in A is NaN (left out of the interval). Deterministic for a seed.
 */
export function bootstrapDraws(moves: readonly Move[], draws: number, seed: number): Float64Array {
  const n = moves.length;
  const out = new Float64Array(draws);
  if (n === 0) return out.fill(Number.NaN);
  const gpA = Float64Array.from(moves, (m) => m.gpA);
  const ptsA = Float64Array.from(moves, (m) => m.ptsA);
  const gpB = Float64Array.from(moves, (m) => m.gpB);
  const ptsB = Float64Array.from(moves, (m) => m.ptsB);
  const rand = mulberry32(seed);
  for (let d = 0; d < draws; d++) {
    let ga = 0;
    let pa = 0;
    let gb = 0;
    let pb = 0;
    for (let i = 0; i < n; i++) {
      const j = (rand() * n) | 0;
      ga += gpA[j] as number;
      pa += ptsA[j] as number;
      gb += gpB[j] as number;
      pb += ptsB[j] as number;
    }
    out[d] = factorOf(ga, pa, gb, pb) ?? Number.NaN;
  }
  return out;
}

/**
 * The central `level` interval of finite draws (percentile method, linear interpolation between order
 * statistics, as R's default quantile type 7): `[low, high]`, or null when no draw is finite.
 */
export function percentileInterval(draws: Float64Array, level: number): [number, number] | null {
  const finite = draws.filter((d) => Number.isFinite(d)).sort();
  if (finite.length === 0) return null;
  const tail = (1 - level) / 2;
  return [quantile(finite, tail), quantile(finite, 1 - tail)];
}

/** The `p` quantile of ascending `sorted` (type 7). */
export function quantile(sorted: ArrayLike<number>, p: number): number {
  const h = (sorted.length - 1) * p;
  const lo = Math.floor(h);
  const hi = Math.min(sorted.length - 1, lo + 1);
  const a = sorted[lo] as number;
  return a + (h - lo) * ((sorted[hi] as number) - a);
}

/** Element-wise product of replicates (the draws of a factor along a path of independently drawn links). */
export function multiplyDraws(a: Float64Array, b: Float64Array): Float64Array {
  const out = new Float64Array(a.length);
  for (let i = 0; i < a.length; i++) out[i] = (a[i] as number) * (b[i] as number);
  return out;
}
