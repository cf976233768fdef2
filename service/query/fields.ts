import type { FieldsDef, Projection } from './types.ts';
import { unknownValue } from './values.ts';

/** Every value the `fields` parameter accepts for this op: the names, `obj.*` and `obj.sub` forms and `*`. */
export function allowedFieldValues(def: FieldsDef): string[] {
  const named = Object.entries(def.subfields ?? {}).flatMap(([obj, subs]) => subs.map((s) => `${obj}.${s}`));
  return [...def.allowed, ...def.objects.map((o) => `${o}.*`), ...named, '*'];
}

/**
 * Parses `fields` (spec, "Common conventions"): comma-separated names; `*` selects all allowed
 * fields; `obj.*` selects the object field `obj` with all its subfields (kept in the projection as
 * `obj` and `obj.*`); where the op lists an object's subfields (`FieldsDef.subfields`), `obj.sub`
 * selects the object with just the named subfields (kept as `obj` and `obj.sub`; an `obj` or `obj.*`
 * also given selects it whole). Absent: the op's default set. 400 for any other value.
 */
export function parseFields(raw: string | undefined, def: FieldsDef): Projection {
  if (raw === undefined) return new Set(def.defaults ?? def.allowed);
  const out = new Set<string>();
  const whole = new Set<string>();
  const named: string[] = [];
  for (const item of raw.split(',').map((s) => s.trim())) {
    const dot = item.indexOf('.');
    const obj = item.slice(0, dot);
    if (item === '*') {
      for (const f of def.allowed) out.add(f);
      for (const o of def.objects) whole.add(o);
    } else if (item.endsWith('.*') && def.objects.includes(item.slice(0, -2))) {
      out.add(obj);
      out.add(item);
      whole.add(obj);
    } else if (def.allowed.includes(item)) {
      out.add(item);
      whole.add(item);
    } else if (dot > 0 && def.subfields?.[obj]?.includes(item.slice(dot + 1))) {
      out.add(obj);
      named.push(item);
    } else {
      throw unknownValue('fields', allowedFieldValues(def));
    }
  }
  for (const item of named) if (!whole.has(item.slice(0, item.indexOf('.')))) out.add(item);
  return out;
}

/** The subfields named for each object field of a projection (`obj.sub` entries), kept per projection. */
const namedOf = new WeakMap<Projection, Map<string, string[]>>();

/** The subfields of object field `name` a projection names one by one, or null when it takes the object whole. */
export function namedSubfields(fields: Projection, name: string): string[] | null {
  let named = namedOf.get(fields);
  if (named === undefined) {
    named = new Map();
    for (const f of fields) {
      const dot = f.indexOf('.');
      if (dot <= 0 || f.endsWith('.*')) continue;
      const list = named.get(f.slice(0, dot)) ?? [];
      list.push(f.slice(dot + 1));
      named.set(f.slice(0, dot), list);
    }
    namedOf.set(fields, named);
  }
  return named.get(name) ?? null;
}

/**
 * Keeps only the selected top-level fields of a record, in the record's own order, and of an object
 * field whose subfields are named one by one, only those subfields (in the object's own order).
 */
export function project(record: Record<string, unknown>, fields: Projection): Record<string, unknown> {
  const keys = Object.keys(record);
  const trims = keys.some((k) => namedSubfields(fields, k) !== null);
  // Every field selected whole: the record itself (a kept record stays recognisable to the JSON writer).
  if (!trims && keys.every((k) => fields.has(k))) return record;
  const out: Record<string, unknown> = {};
  for (const k of keys) {
    if (!fields.has(k)) continue;
    const subs = namedSubfields(fields, k);
    const v = record[k];
    out[k] = subs !== null && v !== null && typeof v === 'object' && !Array.isArray(v) ? pick(v as Rec, subs) : v;
  }
  return out;
}

type Rec = Record<string, unknown>;

/** The named keys of an object that it has, in its own order. */
function pick(obj: Rec, keys: readonly string[]): Rec {
  const out: Rec = {};
  for (const k of Object.keys(obj)) if (keys.includes(k)) out[k] = obj[k];
  return out;
}
