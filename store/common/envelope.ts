import type { ListEnvelope } from '../../shared/contract/envelope.ts';

/**
 * The spec's pagination envelope for an answer of the store. Links are null: the store has no
 * addresses, and the renderer pages by offset (shared/query/query.ts).
 */
export function envelope<T>(data: T[], offset: number, limit: number, totalRecords: number): ListEnvelope<T> {
  return {
    _meta: { generatedAt: new Date().toISOString(), offset, limit, totalRecords },
    _links: { first: null, last: null, prev: null, next: null },
    data,
  };
}
