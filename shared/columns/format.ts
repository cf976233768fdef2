import type { ColumnSpec, FormatKind } from './types.ts';

/**
 * Formatters of column values: pure and locale-fixed (`en-US` digits and separators), because hockey
 * people read `.915` and `3,412` the same way everywhere. Null, undefined and blanks show `—`.
 */

/** How a table writes a missing value. */
export const NULL_TEXT = '—';
const intFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** Reads a number from a number or a numeric string; anything else is null. */
function toNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  return null;
}

/** SV% as hockey writes it: 0.915 → `.915`, 0.9 → `.900`, 1 → `1.000`; null → `—`. Input is a fraction 0..1. */
export function formatSavePct(value: unknown): string {
  const n = toNumber(value);
  if (n === null) return NULL_TEXT;
  const s = n.toFixed(3);
  return s.startsWith('0.') ? s.slice(1) : s.startsWith('-0.') ? `-${s.slice(2)}` : s;
}

/** GAA (goals per 60 minutes) to two decimals: 2.4471 → `2.45`; null → `—`. */
export function formatGaa(value: unknown): string {
  const n = toNumber(value);
  return n === null ? NULL_TEXT : n.toFixed(2);
}

/** A rate per game to two decimals: 1.5333 → `1.53`; null → `—`. */
export function formatRate(value: unknown): string {
  const n = toNumber(value);
  return n === null ? NULL_TEXT : n.toFixed(2);
}

/**
 * TOI as whole minutes with thousands separators: 3412.4 → `3,412`. Accepts minutes
 * as a number, or `m:ss` as the real service writes TOI filters (`3412:30` → `3,413`).
 */
export function formatToi(value: unknown): string {
  if (typeof value === 'string') {
    const m = /^(\d+):([0-5]\d)$/.exec(value.trim());
    if (m) return intFormat.format(Math.round(Number(m[1]) + Number(m[2]) / 60));
  }
  const n = toNumber(value);
  return n === null ? NULL_TEXT : intFormat.format(Math.round(n));
}

/** A whole number with thousands separators: 1234 → `1,234`; null → `—`. */
export function formatInt(value: unknown): string {
  const n = toNumber(value);
  return n === null ? NULL_TEXT : intFormat.format(Math.round(n));
}

/**
 * A count with its noun, singular for one: `formatCount(1, 'team')` → `1 team`, `(1234, 'team')` →
 * `1,234 teams`. `plural` defaults to the noun plus `s`.
 */
export function formatCount(n: number, noun: string, plural = `${noun}s`): string {
  return `${intFormat.format(n)} ${n === 1 ? noun : plural}`;
}

/** A whole number with its sign: 12 → `+12`, -3 → `-3`, 0 → `0`; null → `—`. */
export function formatSigned(value: unknown): string {
  const n = toNumber(value);
  if (n === null) return NULL_TEXT;
  const r = Math.round(n);
  return r > 0 ? `+${intFormat.format(r)}` : intFormat.format(r);
}

/** Text, or `—` for null, undefined and empty strings. Objects with a `name` show their name. */
export function formatText(value: unknown): string {
  if (value === null || value === undefined || value === '') return NULL_TEXT;
  if (typeof value === 'object' && 'name' in value && typeof value.name === 'string') return value.name;
  return String(value);
}

/** The date part of an ISO 8601 date-time: `2026-11-21T08:00:00Z` → `2026-11-21`. */
export function formatDate(value: unknown): string {
  if (typeof value !== 'string' || value === '') return NULL_TEXT;
  const m = /^\d{4}-\d{2}-\d{2}/.exec(value);
  return m ? m[0] : value;
}

/** A number to one decimal: 27.36 → `27.4`; null → `—`. */
export function formatDecimal1(value: unknown): string {
  const n = toNumber(value);
  return n === null ? NULL_TEXT : n.toFixed(1);
}

/** What {@link countryText} reads of a Country reference (spec "Country"). */
export interface CountryLike {
  slug?: string | null;
  name?: string | null;
  iso_3166_1_alpha_2?: string | null;
}

/**
 * A country as every view writes a nationality: its name with its code, `Canada (CAN)`. The code is the
 * slug when it is a three-letter code (the local service's slugs are ISO 3166-1 alpha-3, lower-case),
 * else the spec's `iso_3166_1_alpha_2`; the name alone when neither is there or the name is the code
 * (`USA`); the code alone without a name; `—` for no country.
 */
export function countryText(c: CountryLike | null | undefined): string {
  if (!c) return NULL_TEXT;
  const slug = c.slug?.trim() ?? '';
  const alpha2 = c.iso_3166_1_alpha_2?.trim() ?? '';
  const code = /^[A-Za-z]{3}$/.test(slug)
    ? slug.toUpperCase()
    : /^[A-Za-z]{2}$/.test(alpha2)
      ? alpha2.toUpperCase()
      : '';
  const name = c.name?.trim() ?? '';
  if (name === '') return code === '' ? NULL_TEXT : code;
  return code === '' || name.toUpperCase() === code ? name : `${name} (${code})`;
}

/** A Country reference as {@link countryText} writes it; anything that is no object shows as text. */
export function formatCountry(value: unknown): string {
  return value !== null && typeof value === 'object' ? countryText(value as CountryLike) : formatText(value);
}

const FORMATTERS: Record<FormatKind, (value: unknown) => string> = {
  text: formatText,
  int: formatInt,
  signed: formatSigned,
  svp: formatSavePct,
  gaa: formatGaa,
  rate: formatRate,
  toi: formatToi,
  date: formatDate,
  decimal1: formatDecimal1,
  country: formatCountry,
};

/** Formats a value as a column shows it. */
export function formatValue(column: Pick<ColumnSpec, 'format'>, value: unknown): string {
  return FORMATTERS[column.format](value);
}

/** The steps of each dotted path read so far: split once, not once per cell of an export or a table. */
const PATH_STEPS = new Map<string, readonly string[]>();
/** Paths are the column catalog's, a few hundred; the bound only guards against a caller making them up. */
const PATH_STEPS_MAX = 2000;

/** Reads a dotted path from a record: `getField(r, 'regularStats.SVP')`. Missing steps give undefined. */
export function getField(record: unknown, path: string): unknown {
  let steps = PATH_STEPS.get(path);
  if (steps === undefined) {
    steps = path.split('.');
    if (PATH_STEPS.size < PATH_STEPS_MAX) PATH_STEPS.set(path, steps);
  }
  let cur: unknown = record;
  for (const step of steps) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string, unknown>)[step];
  }
  return cur;
}

/** A column's value in a record: its computed {@link ColumnSpec.value}, else the value at its field path. */
export function columnValue(column: Pick<ColumnSpec, 'field' | 'value'>, record: unknown): unknown {
  return column.value ? column.value(record) : getField(record, column.field);
}
