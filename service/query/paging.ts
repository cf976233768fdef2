import { LIMIT_DEFAULT, LIMIT_MAX, LIMIT_MIN, OFFSET_DEFAULT } from '../../shared/spec.ts';
import { badParameter } from './errors.ts';

/** `offset` ≥ 0 (default 0) and `limit` 0..1000 (default 100): spec, "Limits". 400 otherwise. */
export function parsePaging(query: Map<string, string>): { offset: number; limit: number } {
  return {
    offset: parseBounded(query.get('offset'), 'offset', OFFSET_DEFAULT, 0, 2 ** 31 - 1),
    limit: parseBounded(query.get('limit'), 'limit', LIMIT_DEFAULT, LIMIT_MIN, LIMIT_MAX),
  };
}

function parseBounded(raw: string | undefined, name: string, dflt: number, min: number, max: number): number {
  if (raw === undefined) return dflt;
  const n = /^\d{1,10}$/.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isSafeInteger(n) || n < min || n > max) {
    throw badParameter(name, `Parameter '${name}' must be an integer from ${min} to ${max}`);
  }
  return n;
}

/** The page offsets of the envelope links (real-service-notes, "Envelope and paging"). */
export function pageOffsets(
  offset: number,
  limit: number,
  total: number,
): { first: number; last: number; prev: number | null; next: number | null } {
  if (limit === 0) return { first: 0, last: 0, prev: null, next: null };
  const last = total === 0 ? 0 : Math.floor((total - 1) / limit) * limit;
  // Past the end, `prev` leads back to the last page rather than to another empty one.
  const prev = offset === 0 ? null : offset >= total ? last : Math.max(0, offset - limit);
  const next = offset + limit < total ? offset + limit : null;
  return { first: 0, last, prev, next };
}
