import { parsePaging as checkPaging } from '../../shared/query/list-engine.ts';
import { badParameter } from './errors.ts';

/** `offset` ≥ 0 (default 0) and `limit` 0..1000 (default 100): spec, "Limits". 400 naming the parameter otherwise. */
export function parsePaging(query: Map<string, string>): { offset: number; limit: number } {
  const paging = checkPaging({ offset: query.get('offset'), limit: query.get('limit') });
  if (!paging.ok) throw badParameter(paging.issue.parameter, paging.issue.message);
  return paging.value;
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
