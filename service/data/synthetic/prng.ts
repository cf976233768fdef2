/**
 * A small seeded pseudo-random generator (mulberry32 seeded through splitmix32), so the synthetic world is
 * a pure function of its seed: the same seed and size always give the same rows.
 */

/** A seeded random source. All methods advance the same stream. */
export interface Rng {
  /** Uniform float in [0, 1). */
  next(): number;
  /** Uniform integer in [min, max] (both inclusive). */
  int(min: number, max: number): number;
  /** True with probability `p`. */
  chance(p: number): boolean;
  /** Normal deviate (Box–Muller) with the given mean and standard deviation. */
  normal(mean: number, sd: number): number;
  /** One element of a non-empty array. @throws Error on an empty array. */
  pick<T>(items: readonly T[]): T;
  /** Fisher–Yates shuffle of a copy. */
  shuffle<T>(items: readonly T[]): T[];
  /** A new independent stream derived from this one and a label (stable: the same label gives the same stream). */
  fork(label: string): Rng;
}

function splitmix32(a: number): number {
  a = (a + 0x9e3779b9) | 0;
  let t = a ^ (a >>> 16);
  t = Math.imul(t, 0x21f0aaad);
  t ^= t >>> 15;
  t = Math.imul(t, 0x735a2d97);
  return (t ^ (t >>> 15)) >>> 0;
}

function hashLabel(label: string): number {
  // FNV-1a, enough to separate sub-streams by name.
  let h = 0x811c9dc5;
  for (let i = 0; i < label.length; i++) {
    h ^= label.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** Creates a generator from an integer seed. */
export function createRng(seed: number): Rng {
  let state = splitmix32(seed >>> 0 || 0x5eed);
  let spare: number | null = null;
  const next = (): number => {
    state = (state + 0x6d2b79f5) | 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const rng: Rng = {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    chance: (p) => next() < p,
    normal: (mean, sd) => {
      if (spare !== null) {
        const s = spare;
        spare = null;
        return mean + sd * s;
      }
      const u = 1 - next();
      const v = next();
      const r = Math.sqrt(-2 * Math.log(u));
      spare = r * Math.sin(2 * Math.PI * v);
      return mean + sd * r * Math.cos(2 * Math.PI * v);
    },
    pick: <T>(items: readonly T[]): T => {
      if (items.length === 0) throw new Error('pick from an empty array');
      return items[Math.floor(next() * items.length)] as T;
    },
    shuffle: <T>(items: readonly T[]): T[] => {
      const a = items.slice();
      for (let i = a.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        const tmp = a[i] as T;
        a[i] = a[j] as T;
        a[j] = tmp;
      }
      return a;
    },
    fork: (label) => createRng(splitmix32(state ^ hashLabel(label))),
  };
  return rng;
}

/** Clamps `x` into [lo, hi]. */
export function clamp(x: number, lo: number, hi: number): number {
  return x < lo ? lo : x > hi ? hi : x;
}
