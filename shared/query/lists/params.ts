import { z } from 'zod';
import { SEASON_SLUG_RE } from '../../contract/spec.ts';
import type { Checked, ListQueryIssue } from '../list-engine.ts';
import type { FilterDefinition, FilterDefinitions, FilterKind, ListDefinition } from './definition.ts';

/**
 * A list's parameters checked against its definition (definition.ts), with zod: each filter by its kind
 * and bounds, `sort`, `offset`, `limit` and `fields` as text for the list-query engine, any other name
 * refused. The store's planners read their queries through it; errors are issues naming the parameter.
 */

/** What a filter of a kind is once checked. */
export type ParsedValue<K extends FilterKind> = K extends { kind: 'list' }
  ? string[]
  : K extends { kind: 'whole' | 'measure' }
    ? number
    : string;

/** The checked filters of a definition: each given one as its kind parses it. */
export type ParsedFilters<F extends FilterDefinitions> = { [N in keyof F]?: ParsedValue<F[N]> };

/** The paging, sort and fields parameters every list takes, as the engine reads them (text). */
export interface RawListControls {
  sort?: string;
  offset?: string;
  limit?: string;
  fields?: string;
}

const items = (v: string) =>
  v
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');

/** The zod schema of one filter parameter `name` of definition `f`. */
export function filterSchema(name: string, f: FilterDefinition): z.ZodType<unknown, string> {
  switch (f.kind) {
    case 'text':
      return z.string().max(f.maxLength);
    case 'choice':
      return z.enum(f.values as [string, ...string[]]);
    case 'list': {
      const alone = f.alone;
      const list = z
        .string()
        .max(f.maxLength)
        .transform(items)
        .refine((v) => v.every((s) => f.item.test(s)), `each item must be ${f.what}`);
      return alone === undefined ? list : list.refine((v) => !v.includes(alone.value) || v.length === 1, alone.message);
    }
    case 'whole': {
      const refused = f.what === undefined ? undefined : `${name} must be ${f.what}`;
      return z
        .string()
        .regex(f.min === 1 ? /^[1-9]\d*$/ : /^\d+$/, refused ?? `${name} must be a whole number`)
        .transform(Number)
        .refine((n) => n <= f.max, refused ?? `${name} must be between ${f.min} and ${f.max}`);
    }
    case 'measure':
      return z
        .string()
        .regex(/^\d{1,3}(\.\d)?$/, `${name} must be a number such as 185 or 85.5`)
        .transform(Number)
        .refine((n) => n <= f.max, `${name} must be between 0 and ${f.max}`);
    case 'season':
      return z.string().regex(SEASON_SLUG_RE, 'a season slug such as 1992-1993');
    case 'dateTime':
      return z.iso.datetime({ offset: true, message: 'an ISO 8601 date-time such as 2024-01-31T00:00:00Z' });
  }
}

/** The zod schema of a definition's whole query: its filters, then `sort`, `offset`, `limit`, `fields`; strict. */
function querySchema(def: ListDefinition) {
  const shape: Record<string, z.ZodType<unknown, string>> = {};
  for (const [name, f] of Object.entries(def.filters)) shape[name] = filterSchema(name, f);
  return z
    .object({
      ...Object.fromEntries(Object.entries(shape).map(([k, s]) => [k, s.optional()])),
      sort: z.string().max(500).optional(),
      offset: z.string().optional(),
      limit: z.string().optional(),
      fields: z.string().max(2000).optional(),
    })
    .strict();
}

const schemas = new WeakMap<ListDefinition, ReturnType<typeof querySchema>>();

/** The parameter names a definition's query accepts: its filters, then `sort`, `offset`, `limit`, `fields`. */
export function paramNames(def: ListDefinition): string[] {
  return [...Object.keys(def.filters), 'sort', 'offset', 'limit', 'fields'];
}

/** The first zod issue as an issue naming its parameter (an unknown name: the names allowed). */
function issueOf(def: ListDefinition, error: z.ZodError): ListQueryIssue {
  const issue = error.issues[0];
  if (issue?.code === 'unrecognized_keys') {
    const parameter = issue.keys[0] ?? 'query';
    const allowed = paramNames(def);
    return { parameter, message: `Unknown parameter ${parameter}; allowed: ${allowed.join(', ')}`, allowed };
  }
  const parameter = issue?.path.map(String).join('.') || 'query';
  return { parameter, message: `Invalid ${parameter}: ${issue?.message ?? 'malformed'}` };
}

/**
 * Checks a raw query (strings by name, untrusted) against a definition: each filter by its kind and
 * bounds, unknown names refused. The controls (`sort`, `offset`, `limit`, `fields`) come back as text for
 * the list-query engine to check (shared/query/list-engine.ts).
 */
export function checkListParams<F extends FilterDefinitions>(
  def: ListDefinition<F>,
  raw: Readonly<Record<string, string | undefined>>,
): Checked<{ filters: ParsedFilters<F>; controls: RawListControls }> {
  let schema = schemas.get(def as ListDefinition);
  if (schema === undefined) {
    schema = querySchema(def as ListDefinition);
    schemas.set(def as ListDefinition, schema);
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) return { ok: false, issue: issueOf(def as ListDefinition, parsed.error) };
  const { sort, offset, limit, fields, ...filters } = parsed.data as RawListControls & Record<string, unknown>;
  const controls: RawListControls = {};
  if (sort !== undefined) controls.sort = sort;
  if (offset !== undefined) controls.offset = offset;
  if (limit !== undefined) controls.limit = limit;
  if (fields !== undefined) controls.fields = fields;
  return { ok: true, value: { filters: filters as ParsedFilters<F>, controls } };
}
