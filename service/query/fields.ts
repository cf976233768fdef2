import type { FieldsDef, Projection } from './types.ts';
import { unknownValue } from './values.ts';

/** Every value the `fields` parameter accepts for this op: the names, `obj.*` forms and `*`. */
export function allowedFieldValues(def: FieldsDef): string[] {
  return [...def.allowed, ...def.objects.map((o) => `${o}.*`), '*'];
}

/**
 * Parses `fields` (spec, "Common conventions"): comma-separated names; `*` selects all allowed
 * fields; `obj.*` selects the object field `obj` with all its subfields (here the same as `obj`,
 * which always carries the whole nested object). Absent: the op's default set. 400 for any other value.
 */
export function parseFields(raw: string | undefined, def: FieldsDef): Projection {
  if (raw === undefined) return new Set(def.defaults ?? def.allowed);
  const out = new Set<string>();
  for (const item of raw.split(',').map((s) => s.trim())) {
    if (item === '*') {
      for (const f of def.allowed) out.add(f);
    } else if (item.endsWith('.*') && def.objects.includes(item.slice(0, -2))) {
      out.add(item.slice(0, -2));
    } else if (def.allowed.includes(item)) {
      out.add(item);
    } else {
      throw unknownValue('fields', allowedFieldValues(def));
    }
  }
  return out;
}

/** Keeps only the selected top-level fields of a record, in the record's own order. */
export function project(record: Record<string, unknown>, fields: Projection): Record<string, unknown> {
  const keys = Object.keys(record);
  // Every field selected: the record itself (a kept record stays recognisable to the JSON writer).
  if (keys.every((k) => fields.has(k))) return record;
  const out: Record<string, unknown> = {};
  for (const k of keys) if (fields.has(k)) out[k] = record[k];
  return out;
}
