import { z } from 'zod';
import { ENDPOINTS, type EndpointName, type EndpointRecord } from './endpoints.ts';

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

/**
 * The whole answer of an endpoint as zod validates it: its envelope (list or item, by the endpoint's
 * `kind`) with `data` checked against the endpoint's record schema. Built once per endpoint.
 */
export function responseSchemaOf(endpoint: EndpointName): z.ZodType {
  let schema = RESPONSE_SCHEMAS.get(endpoint);
  if (!schema) {
    const def = ENDPOINTS[endpoint];
    schema =
      def.kind === 'list'
        ? ListEnvelopeSchema.extend({ data: z.array(def.record) })
        : ItemEnvelopeSchema.extend({ data: def.record });
    RESPONSE_SCHEMAS.set(endpoint, schema);
  }
  return schema;
}
const RESPONSE_SCHEMAS = new Map<EndpointName, z.ZodType>();

/**
 * The answer of an endpoint as the page receives it: `ListEnvelope<Team>` for `teams`, `ItemEnvelope<Team>`
 * for `team`; for a union of endpoints, the union of their answers.
 */
export type EndpointResponse<E extends EndpointName> = E extends EndpointName
  ? (typeof ENDPOINTS)[E]['kind'] extends 'list'
    ? ListEnvelope<EndpointRecord<E>>
    : ItemEnvelope<EndpointRecord<E>>
  : never;
