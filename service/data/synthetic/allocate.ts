/** Splitting whole numbers among weighted parts, exactly (largest remainder), for stats that must add up. */

/** Splits `total` into integers proportional to `weights` that sum exactly to `total`. */
export function allocate(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((s, w) => s + Math.max(0, w), 0);
  if (weights.length === 0) return [];
  if (sum <= 0) return weights.map((_, i) => (i === 0 ? total : 0));
  const raw = weights.map((w) => (Math.max(0, w) / sum) * total);
  const out = raw.map(Math.floor);
  let rest = total - out.reduce((s, x) => s + x, 0);
  const order = raw.map((r, i) => [r - Math.floor(r), i] as const).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  for (let k = 0; rest > 0; k = (k + 1) % order.length, rest--) {
    const i = order[k]?.[1] ?? 0;
    out[i] = (out[i] ?? 0) + 1;
  }
  return out;
}

/** Binomial draw by counting successes (n is small: games or wins in a season). */
export function binomial(next: () => number, n: number, p: number): number {
  let k = 0;
  for (let i = 0; i < n; i++) if (next() < p) k++;
  return k;
}
