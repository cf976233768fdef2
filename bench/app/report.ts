/** Statistics and plain-text tables of bench:app's report. */

/** The `q` quantile (0..1) of `values` by the nearest-rank method; NaN for none. */
export function quantile(values: readonly number[], q: number): number {
  const s = [...values].sort((a, b) => a - b);
  if (s.length === 0) return Number.NaN;
  const i = Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1));
  return s[i] as number;
}

/** The median of `values` (the mean of the two middle ones for an even count). */
export const median = (v: readonly number[]) => {
  const s = [...v].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
};
/** A duration in ms as the tables print it, right-aligned; `—` for NaN. */
export const ms = (n: number) => (Number.isNaN(n) ? '—' : `${n.toFixed(0)} ms`).padStart(8);

/** A plain-text table: the header, a rule, the rows, columns padded to their widest cell. */
export function table(head: string[], rows: string[][]): string {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join('  ');
  return [line(head), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}
