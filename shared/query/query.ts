import { LIMIT_DEFAULT, LIMIT_MAX, LIMIT_MIN, OFFSET_DEFAULT } from '../contract/spec.ts';
import { isAllowed, sortKeyOf } from './list-engine.ts';

export { isDescending, sortKeyOf, sortToken } from './list-engine.ts';

/**
 * The list-query model (DESIGN.md, "Server-driven tables"): what a table view asks
 * the service for, held in the URL so a view can be reloaded, linked and restored.
 *
 * - `sort`: sort keys in the spec's form, `-` for descending (`-regularStats.SVP`);
 *   sent as one comma-separated `sort` parameter (spec, "Common conventions").
 * - `offset` ≥ 0 and `limit` 0..1000 (spec, "Limits").
 * - `filters`: spec filter parameters by name (`q`, `league`, `season`, `status` …).
 * - `fields`: the `fields` values the view needs, or absent for the default set.
 */
export interface ListQuery {
  sort?: string[];
  offset: number;
  limit: number;
  filters: Record<string, string>;
  fields?: string[];
}

/** What a view allows and assumes when it reads a {@link ListQuery} from the URL. */
export interface ListQueryOptions {
  /** Filter parameter names this view reads from the URL; other URL parameters are ignored. */
  filterKeys: readonly string[];
  /** Sort used when the URL names none (or only disallowed keys). */
  defaultSort?: readonly string[];
  /** Page size used when the URL names none. Default: the spec's 100. */
  defaultLimit?: number;
  /** Sort keys (without `-`) the endpoint accepts; keys outside it are dropped. Absent: any well-formed key. */
  sortKeys?: readonly string[];
  /** The `fields` value sent to the service (comes from the column catalog, not the URL). */
  fields?: readonly string[];
}

/** URL / service parameter names of the model itself; filters may not use them. */
export const RESERVED_PARAMS = ['sort', 'offset', 'limit', 'fields'] as const;

/** A sort token: an optional `-` and a dotted field path (`-regularStats.SVP`, `position`). */
const SORT_TOKEN_RE = /^-?[A-Za-z][A-Za-z0-9_]*(\.[A-Za-z][A-Za-z0-9_]*)*$/;

/**
 * Splits `'-a,b'` into `['-a','b']`, dropping blanks, malformed tokens and keys outside `allowedKeys`:
 * a URL edited by hand still opens its view (the service, strict, is asked only with what is left).
 */
export function parseSort(value: string | null | undefined, allowedKeys?: readonly string[]): string[] {
  if (!value) return [];
  return value
    .split(',')
    .map((s) => s.trim())
    .filter((s) => SORT_TOKEN_RE.test(s))
    .filter((s) => allowedKeys === undefined || isAllowed(allowedKeys, sortKeyOf(s)));
}

function parseIntParam(value: string | null, min: number, max: number): number | undefined {
  if (value === null || !/^\d+$/.test(value)) return undefined;
  const n = Number(value);
  return n >= min && n <= max ? n : undefined;
}

function sameList(a: readonly string[] | undefined, b: readonly string[] | undefined): boolean {
  const x = a ?? [];
  const y = b ?? [];
  return x.length === y.length && x.every((v, i) => v === y[i]);
}

/**
 * Reads a list query from URL search params. Never throws: malformed or out-of-range
 * values fall back to the view's defaults (a hand-edited URL must still open a view).
 */
export function listQueryFromSearchParams(params: URLSearchParams, options: ListQueryOptions): ListQuery {
  const defaultLimit = options.defaultLimit ?? LIMIT_DEFAULT;
  const sort = parseSort(params.get('sort'), options.sortKeys);
  const filters: Record<string, string> = {};
  for (const key of options.filterKeys) {
    const value = params.get(key);
    if (value !== null && value.trim() !== '') filters[key] = value.trim();
  }
  const q: ListQuery = {
    offset: parseIntParam(params.get('offset'), 0, Number.MAX_SAFE_INTEGER) ?? OFFSET_DEFAULT,
    limit: parseIntParam(params.get('limit'), LIMIT_MIN, LIMIT_MAX) ?? defaultLimit,
    filters,
  };
  const effectiveSort = sort.length > 0 ? sort : options.defaultSort;
  if (effectiveSort && effectiveSort.length > 0) q.sort = [...effectiveSort];
  if (options.fields && options.fields.length > 0) q.fields = [...options.fields];
  return q;
}

/**
 * Writes a list query into URL search params, keeping the URL short: default sort,
 * offset 0 and the default limit are left out, as are empty filters and `fields`
 * (fields come from the column catalog, not the URL). Parameters that are not part of
 * the model (a view's `block`, say) are kept from `base`.
 */
export function listQueryToSearchParams(
  query: ListQuery,
  options: ListQueryOptions,
  base: URLSearchParams = new URLSearchParams(),
): URLSearchParams {
  const out = new URLSearchParams(base);
  for (const key of [...RESERVED_PARAMS, ...options.filterKeys]) out.delete(key);
  for (const key of options.filterKeys) {
    const value = query.filters[key];
    if (value !== undefined && value !== '') out.set(key, value);
  }
  if (query.sort && query.sort.length > 0 && !sameList(query.sort, options.defaultSort)) {
    out.set('sort', query.sort.join(','));
  }
  if (query.offset !== OFFSET_DEFAULT) out.set('offset', String(query.offset));
  if (query.limit !== (options.defaultLimit ?? LIMIT_DEFAULT)) out.set('limit', String(query.limit));
  out.sort();
  return out;
}

/**
 * The query parameters of the service request (a `Record<string,string>` for the
 * bridge's `request`): `offset`, `limit`, `sort` and `fields` comma-separated
 * (spec, "Common conventions"), and every non-empty filter. Keys are in a stable
 * order so the record can serve as a cache key.
 */
export function listQueryToServiceQuery(query: ListQuery): Record<string, string> {
  const out: Record<string, string> = {};
  const filterNames = Object.keys(query.filters)
    .filter((k) => !(RESERVED_PARAMS as readonly string[]).includes(k))
    .sort();
  for (const key of filterNames) {
    const value = query.filters[key];
    if (value !== undefined && value !== '') out[key] = value;
  }
  if (query.fields && query.fields.length > 0) out.fields = query.fields.join(',');
  out.limit = String(query.limit);
  out.offset = String(query.offset);
  if (query.sort && query.sort.length > 0) out.sort = query.sort.join(',');
  return out;
}

/** Reads a service query record back into a list query (for links and the tests' round trips). */
export function listQueryFromServiceQuery(record: Record<string, string>): ListQuery {
  const filters: Record<string, string> = {};
  for (const [key, value] of Object.entries(record)) {
    if (!(RESERVED_PARAMS as readonly string[]).includes(key)) filters[key] = value;
  }
  const q: ListQuery = {
    offset: parseIntParam(record.offset ?? null, 0, Number.MAX_SAFE_INTEGER) ?? OFFSET_DEFAULT,
    limit: parseIntParam(record.limit ?? null, LIMIT_MIN, LIMIT_MAX) ?? LIMIT_DEFAULT,
    filters,
  };
  const sort = parseSort(record.sort);
  if (sort.length > 0) q.sort = sort;
  if (record.fields) q.fields = record.fields.split(',').filter((f) => f !== '');
  return q;
}

/** The query of the page after `query` (for prefetching), or null on the last page. */
export function nextPageQuery(query: ListQuery, totalRecords: number): ListQuery | null {
  if (query.limit <= 0) return null;
  const offset = query.offset + query.limit;
  return offset < totalRecords ? { ...query, offset } : null;
}
