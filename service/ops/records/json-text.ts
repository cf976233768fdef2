/**
 * JSON text of responses that reuses the text of records which cannot change.
 *
 * Records kept per connection (teams, leagues, arenas, countries: records/loader.ts, SHARED_KINDS) are
 * registered here with {@link markImmutable}; {@link toJsonText} then serialises each of them once and
 * splices that text into every later response that embeds it, instead of serialising the same objects
 * again for every request. A team embeds its league and country (~4 KB of JSON), so a page of 100 teams
 * or of 100 records that embed teams is mostly spliced text. The output is exactly `JSON.stringify`'s.
 */

const immutable = new WeakSet<object>();
const texts = new WeakMap<object, string>();

/** Registers a built record that is never mutated again (its JSON text may be reused). */
export function markImmutable(record: object): void {
  immutable.add(record);
}

/** `JSON.stringify(value)` for the plain JSON values records are made of. */
const plain = (value: unknown): string | undefined => JSON.stringify(value);

/**
 * `JSON.stringify(value)` of a response, with the text of registered records reused. Walks the
 * envelope → `data` → record → field levels only when some record of `data` is registered itself or
 * has registered members making up at least a tenth of its fields (a team in a standings row, both
 * teams of a game log); otherwise, and below those levels, `JSON.stringify` does it all (splitting
 * the text costs more than it saves when little of it is reused). Values are the plain JSON of
 * records (objects, arrays, strings, numbers, booleans, null).
 */
export function toJsonText(value: unknown): string {
  const data = (value as { data?: unknown } | null)?.data;
  if (!Array.isArray(data) || !data.some(splices)) return JSON.stringify(value) ?? 'null';
  return walk(value, 3) ?? 'null';
}

const isKept = (v: unknown): boolean => typeof v === 'object' && v !== null && immutable.has(v);

/** Whether a record's text is better spliced than written whole. */
function splices(record: unknown): boolean {
  if (isKept(record)) return true;
  if (typeof record !== 'object' || record === null || Array.isArray(record)) return false;
  const values = Object.values(record);
  let kept = 0;
  for (const v of values) if (isKept(v)) kept++;
  return kept > 0 && kept * 10 >= values.length;
}

function walk(value: unknown, depth: number): string | undefined {
  if (value === null || typeof value !== 'object') return plain(value);
  if (immutable.has(value)) {
    let text = texts.get(value);
    if (text === undefined) {
      text = plain(value) as string;
      texts.set(value, text);
    }
    return text;
  }
  if (depth === 0) return plain(value);
  if (Array.isArray(value)) {
    const parts: string[] = [];
    for (const v of value) parts.push(walk(v, depth - 1) ?? 'null');
    return `[${parts.join(',')}]`;
  }
  // A record (the level below `data`) that gains nothing from splicing is written whole.
  if (depth === 1 && !splices(value)) return plain(value);
  const obj = value as Record<string, unknown>;
  const parts: string[] = [];
  for (const key of Object.keys(obj)) {
    const text = walk(obj[key], depth - 1);
    if (text !== undefined) parts.push(`${JSON.stringify(key)}:${text}`);
  }
  return `{${parts.join(',')}}`;
}
