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

/** Where an answer breaks its endpoint's schema: the issue's path (`data.3.regularStats.GP`) and message. */
export interface ResponseIssue {
  path: readonly PropertyKey[];
  message: string;
}

function firstIssue(issues: readonly z.core.$ZodIssue[], prefix: readonly PropertyKey[] = []): ResponseIssue {
  const issue = issues[0];
  return { path: [...prefix, ...(issue?.path ?? [])], message: issue?.message ?? 'invalid' };
}

/**
 * Checks an answer's envelope (list or item, by the endpoint's `kind`) without its records: `json.data`
 * itself is checked (an array for a list, an object for an item), not what it holds. The first issue, or
 * null.
 */
export function envelopeIssue(endpoint: EndpointName, json: unknown): ResponseIssue | null {
  const schema = ENDPOINTS[endpoint].kind === 'list' ? ListEnvelopeSchema : ItemEnvelopeSchema;
  const envelope = schema.safeParse(json);
  return envelope.success ? null : firstIssue(envelope.error.issues);
}

/**
 * Checks one record of an answer against its endpoint's record schema: record `index` of a list's
 * `data`, or an item's `data` (index ignored). The first issue, its path from the answer's root
 * (`data.3.regularStats.GP`), or null.
 */
export function recordIssue(endpoint: EndpointName, record: unknown, index: number): ResponseIssue | null {
  const def = ENDPOINTS[endpoint];
  const checked = def.record.safeParse(record);
  if (checked.success) return null;
  return firstIssue(checked.error.issues, def.kind === 'list' ? ['data', index] : ['data']);
}

/**
 * Checks an answer against {@link responseSchemaOf} its endpoint, and gives the first issue, or null when
 * it is valid. The envelope is checked first, then each record alone, so the checked copy zod makes is
 * one record at a time (short-lived) rather than the whole page: a 1000-row page of the widest records is
 * tens of megabytes.
 */
export function responseIssue(endpoint: EndpointName, json: unknown): ResponseIssue | null {
  const envelope = envelopeIssue(endpoint, json);
  if (envelope !== null) return envelope;
  const data = (json as { data: unknown }).data;
  const records = ENDPOINTS[endpoint].kind === 'list' ? (data as unknown[]) : [data];
  for (const [i, record] of records.entries()) {
    const issue = recordIssue(endpoint, record, i);
    if (issue !== null) return issue;
  }
  return null;
}

/**
 * The answer of an endpoint as the page receives it: `ListEnvelope<Team>` for `teams`, `ItemEnvelope<Team>`
 * for `team`; for a union of endpoints, the union of their answers.
 */
export type EndpointResponse<E extends EndpointName> = E extends EndpointName
  ? (typeof ENDPOINTS)[E]['kind'] extends 'list'
    ? ListEnvelope<EndpointRecord<E>>
    : ItemEnvelope<EndpointRecord<E>>
  : never;
