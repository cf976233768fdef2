import { LIMIT_DEFAULT, LIMIT_MAX, LIMIT_MIN, OFFSET_DEFAULT } from '../contract/spec.ts';

/**
 * The one list-query engine (DESIGN.md, "Where the next capabilities live"): sort tokens read against an
 * allow-list, the ORDER BY built from them with a stable tie-break, in-memory ordering by the same rules,
 * and `offset`/`limit` checked against the spec's bounds. Pure: no I/O, no database. The local service's
 * query engine (service/query/) and the scout's store (store/) both order and page through it.
 *
 * Grammar (spec, "Common conventions"): `sort` is a comma-separated list of keys, a leading `-` meaning
 * descending (`-regularStats.SVP,name`); items are trimmed; a key named twice counts once (the first).
 * A key is allowed only when it is an own key of the allow-list (never `constructor`, `__proto__` or
 * `toString` through the prototype). Errors are values naming the parameter and its allowed values, and
 * never repeat what was sent (a guessed value might be a secret the client redacts elsewhere).
 */

/** One sortable key: the SQL expression it orders by (trusted text from code, never from a request). */
export interface SortColumn {
  sql: string;
  /** NULLs last in both directions (`NULLS LAST`); without it, SQLite's rule (NULLs first ascending). */
  nullable?: boolean;
  /** Ascending on the key is descending on the expression (age, ordered by date of birth). */
  inverted?: boolean;
}

/** Sortable keys by name. Read with own-key checks only. */
export type SortColumns = Readonly<Record<string, SortColumn>>;

/** One parsed sort item. */
export interface SortTerm {
  key: string;
  descending: boolean;
}

/** What was wrong with a list query: the parameter, a sentence, and the allowed values of a closed set. */
export interface ListQueryIssue {
  parameter: string;
  message: string;
  allowed?: readonly string[];
}

/** A checked value, or the issue that refused it. */
export type Checked<T> = { ok: true; value: T } | { ok: false; issue: ListQueryIssue };

/** An allow-list: the keys of a record (own keys only) or a list of names. */
export type AllowList = Readonly<Record<string, unknown>> | readonly string[];

/** Whether `key` is on the allow-list: an own key of a record, or an item of a list. */
export function isAllowed(allowed: AllowList, key: string): boolean {
  return isList(allowed) ? allowed.includes(key) : Object.hasOwn(allowed, key);
}

function isList(allowed: AllowList): allowed is readonly string[] {
  return Array.isArray(allowed);
}

function keysOf(allowed: AllowList): readonly string[] {
  return isList(allowed) ? allowed : Object.keys(allowed);
}

/** The key of a sort token without its direction: `-regularStats.SVP` → `regularStats.SVP`. */
export function sortKeyOf(token: string): string {
  return token.startsWith('-') ? token.slice(1) : token;
}

/** Whether a sort token is descending. */
export function isDescending(token: string): boolean {
  return token.startsWith('-');
}

/** Builds a sort token from a key and direction. */
export function sortToken(key: string, descending: boolean): string {
  return descending ? `-${key}` : key;
}

/** The values `sort` accepts: each key and its `-` form, in the allow-list's order. */
export function allowedSortValues(allowed: AllowList): string[] {
  return keysOf(allowed).flatMap((k) => [k, `-${k}`]);
}

/** The issue of a `sort` item outside the allow-list (the same sentence whatever was sent). */
export function unknownSortIssue(allowed: AllowList): ListQueryIssue {
  const values = allowedSortValues(allowed);
  return { parameter: 'sort', message: `Unknown value in 'sort'; allowed: ${values.join(', ')}`, allowed: values };
}

/**
 * Reads a `sort` value into terms. Every item must name an allowed key: an empty item, `-` alone, `--x`,
 * `a;DROP` or an inherited name such as `constructor` is refused with {@link unknownSortIssue}. A key
 * named twice keeps its first direction.
 */
export function parseSortTokens(raw: string, allowed: AllowList): Checked<SortTerm[]> {
  const terms: SortTerm[] = [];
  const seen = new Set<string>();
  for (const item of raw.split(',')) {
    const token = item.trim();
    const key = sortKeyOf(token);
    if (!isAllowed(allowed, key)) return { ok: false, issue: unknownSortIssue(allowed) };
    if (seen.has(key)) continue;
    seen.add(key);
    terms.push({ key, descending: isDescending(token) });
  }
  return { ok: true, value: terms };
}

/**
 * The ORDER BY terms (without the words `ORDER BY`) for parsed terms: each key's own SQL expression
 * with its direction (`NULLS LAST` for nullable keys), then `tieBreak`, which must end in a unique
 * column so that paging is stable. Only allow-listed expressions reach the text: a term whose key is not
 * an own key of `columns` throws (a programming error; parsed terms never have one).
 */
export function orderByTerms(terms: readonly SortTerm[], columns: SortColumns, tieBreak: string): string {
  const parts: string[] = [];
  for (const t of terms) {
    if (!Object.hasOwn(columns, t.key)) throw new Error(`sort key ${JSON.stringify(t.key)} has no column`);
    const c = columns[t.key] as SortColumn;
    const down = c.inverted === true ? !t.descending : t.descending;
    parts.push(`${c.sql} ${down ? 'DESC' : 'ASC'}${c.nullable === true ? ' NULLS LAST' : ''}`);
  }
  parts.push(tieBreak);
  return parts.join(', ');
}

/** {@link parseSortTokens} then {@link orderByTerms}: a `sort` value as ORDER BY terms, or its issue. */
export function sortOrderSql(raw: string, columns: SortColumns, tieBreak: string): Checked<string> {
  const terms = parseSortTokens(raw, columns);
  return terms.ok ? { ok: true, value: orderByTerms(terms.value, columns, tieBreak) } : terms;
}

/**
 * A comparator of records by parsed terms, for lists ordered in memory (by the same rules as SQL with
 * `NULLS LAST`): missing values (null, undefined, empty text) last in both directions, numbers by value,
 * text by `collator`; records equal on every term fall to `tieBreak`, which must tell apart any two
 * records so that paging is stable.
 */
export function compareByTerms<T>(
  terms: readonly SortTerm[],
  read: (record: T, key: string) => unknown,
  tieBreak: (a: T, b: T) => number,
  collator: Intl.Collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true }),
): (a: T, b: T) => number {
  return (a, b) => {
    for (const { key, descending } of terms) {
      const x = read(a, key);
      const y = read(b, key);
      if (x === y) continue;
      if (x === null || x === undefined || x === '') return 1;
      if (y === null || y === undefined || y === '') return -1;
      const c = typeof x === 'number' && typeof y === 'number' ? x - y : collator.compare(String(x), String(y));
      if (c !== 0) return descending ? -c : c;
    }
    return tieBreak(a, b);
  };
}

/** The bounds of `offset` and `limit` (spec, "Limits"): `offset` ≥ 0, `limit` 0..1000 (default 100). */
export interface PagingBounds {
  /** Largest offset accepted; default 2^31 - 1. */
  offsetMax?: number;
  /** Default limit; default 100. */
  limitDefault?: number;
}

/** The largest offset a list accepts unless told otherwise (a 32-bit integer). */
export const OFFSET_MAX = 2 ** 31 - 1;

/** A raw paging value: a query-string value or a number; absent (undefined or null) takes the default. */
export type RawPagingValue = string | number | null | undefined;

/**
 * Checks `offset` and `limit` (spec, "Common conventions" and "Limits"): whole numbers (digits only, or
 * a safe integer), `offset` 0..`offsetMax`, `limit` 0..1000; absent values take the defaults. The issue
 * names the parameter and its range: `Parameter 'limit' must be an integer from 0 to 1000`.
 */
export function parsePaging(
  raw: { offset?: RawPagingValue; limit?: RawPagingValue },
  bounds: PagingBounds = {},
): Checked<{ offset: number; limit: number }> {
  const offset = bounded(raw.offset, 'offset', OFFSET_DEFAULT, 0, bounds.offsetMax ?? OFFSET_MAX);
  if (!offset.ok) return offset;
  const limit = bounded(raw.limit, 'limit', bounds.limitDefault ?? LIMIT_DEFAULT, LIMIT_MIN, LIMIT_MAX);
  if (!limit.ok) return limit;
  return { ok: true, value: { offset: offset.value, limit: limit.value } };
}

/** The number written by `raw` when it is 1..`most` digits (leading zeros allowed), else NaN. */
function digitsOnly(raw: string, most: number): number {
  return raw.length >= 1 && raw.length <= most && /^\d+$/.test(raw) ? Number(raw) : Number.NaN;
}

function bounded(raw: RawPagingValue, name: string, dflt: number, min: number, max: number): Checked<number> {
  if (raw === undefined || raw === null) return { ok: true, value: dflt };
  const n = typeof raw === 'number' ? raw : digitsOnly(raw, Math.max(10, String(max).length));
  if (!Number.isSafeInteger(n) || n < min || n > max) {
    return {
      ok: false,
      issue: { parameter: name, message: `Parameter '${name}' must be an integer from ${min} to ${max}` },
    };
  }
  return { ok: true, value: n };
}
