import { z } from 'zod';

/**
 * The pagination envelope of every list response (spec, "Pagination envelope").
 * `_links` values are strings, or null for `prev`/`next` at the ends
 * (real-service-notes, "Envelope and paging"). Links handed to the page have had
 * `apiKey` stripped by the host.
 */
export const ListEnvelopeSchema = z.object({
  _meta: z.object({
    generatedAt: z.string(),
    offset: z.number().int().min(0),
    limit: z.number().int().min(0),
    totalRecords: z.number().int().min(0),
  }),
  _links: z.object({
    first: z.string().nullable(),
    last: z.string().nullable(),
    prev: z.string().nullable(),
    next: z.string().nullable(),
  }),
  data: z.array(z.unknown()),
});

/** A single-item response (`/teams/{id}`): `{_meta, data}` with `data` an object (real-service-notes). */
export const ItemEnvelopeSchema = z.object({
  _meta: z.object({ generatedAt: z.string() }).loose(),
  data: z.record(z.string(), z.unknown()),
});

export type ListEnvelope<T = unknown> = Omit<z.infer<typeof ListEnvelopeSchema>, 'data'> & { data: T[] };
export type ItemEnvelope<T = unknown> = { _meta: { generatedAt: string }; data: T };
