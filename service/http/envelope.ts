import { pageOffsets } from '../query/paging.ts';

/** `_meta` of a list (spec, "Pagination envelope"). */
export interface ListMeta {
  generatedAt: string;
  offset: number;
  limit: number;
  totalRecords: number;
}

/**
 * The list envelope `{_meta, _links, data}`. Links are absolute, keep every query parameter of the
 * request (so they page the same query) and replace only `offset`/`limit`; `prev`/`next` are null at
 * the ends. An `apiKey` given as a query parameter stays in them, as the real service does
 * (real-service-notes, "Envelope and paging"); a key given in the header is never added.
 */
export function listEnvelope(
  url: URL,
  origin: string,
  page: { offset: number; limit: number; totalRecords: number },
  data: unknown[],
): { _meta: ListMeta; _links: Record<'first' | 'last' | 'prev' | 'next', string | null>; data: unknown[] } {
  const o = pageOffsets(page.offset, page.limit, page.totalRecords);
  const link = (offset: number | null): string | null => {
    if (offset === null) return null;
    const params = new URLSearchParams(url.searchParams);
    params.set('offset', String(offset));
    params.set('limit', String(page.limit));
    return `${origin}${url.pathname}?${params.toString()}`;
  };
  return {
    _meta: { generatedAt: new Date().toISOString(), ...page },
    _links: { first: link(o.first), last: link(o.last), prev: link(o.prev), next: link(o.next) },
    data,
  };
}

/** The single-item envelope `{_meta, data}` (real-service-notes, "Envelope and paging"). */
export function itemEnvelope(data: unknown): { _meta: { generatedAt: string }; data: unknown } {
  return { _meta: { generatedAt: new Date().toISOString() }, data };
}
