/**
 * Numbers as every view writes them: `en-US` digits with thousands separators (`1,487`), whatever the
 * computer's language, as the column catalog writes a table's cells (shared/columns/format.ts, whose
 * formatters are the same here). `—` for no number.
 */

export {
  formatCount,
  formatDecimal1,
  formatGaa,
  formatInt,
  formatRate,
  formatSavePct,
  formatSigned,
  formatToi,
} from '../../shared/columns/format.ts';

const NONE = '—';

/**
 * A number to `digits` decimals with thousands separators: `(1451.26, 1)` → `1,451.3`; null → `—`. Rounded
 * as the catalog's formatters round (`toFixed`, on the number as stored: 3.175 → `3.17`), so a value reads
 * the same in a table, a chart and a file.
 */
export function formatFixed(value: number | null | undefined, digits: number): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return NONE;
  const [whole = '', fraction] = value.toFixed(digits).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction === undefined ? grouped : `${grouped}.${fraction}`;
}

/** A size in bytes: `812 KB`, `321.4 MB`, `1.25 GB` (1 KB = 1,024 bytes; never `0 KB`). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  if (bytes < 1024 ** 3) return `${formatFixed(bytes / 1024 / 1024, 1)} MB`;
  return `${formatFixed(bytes / 1024 ** 3, 2)} GB`;
}

/**
 * A scout's grade as he gives it, in half points: `7`, `9.5`; `—` for none. The same wherever a grade or a
 * range of grades is written (a report, the player page's department grades, Coverage's lowest–highest), so
 * `6–9.5` never reads `6.0–9.5` in another view. A mean of grades is no grade: it takes one decimal
 * ({@link formatFixed}).
 */
export function formatGrade(grade: number | null | undefined): string {
  return typeof grade === 'number' && Number.isFinite(grade) ? String(grade) : NONE;
}
