/**
 * JSON bodies of responses that reuse the encoded text of records which cannot change.
 *
 * Records kept per connection (teams, leagues, arenas, countries, players, staff, embedded players:
 * records/caches/loader.ts, records/shapes/embedded-player.ts) are registered here with {@link markImmutable};
 * {@link toJsonBody} then serialises and UTF-8-encodes each of them once and copies those bytes into
 * every later response that embeds it, instead of serialising and encoding the same objects again for
 * every request. A team embeds its league and country and a player his teams, so a page of
 * records that embed them is mostly copied bytes. The output is exactly `JSON.stringify`'s, encoded.
 */

const immutable = new WeakSet<object>();
const encoded = new WeakMap<object, Buffer>();

/** Registers a built record that is never mutated again (its JSON text may be reused). */
export function markImmutable(record: object): void {
  immutable.add(record);
}

/** Whether `record` was registered with {@link markImmutable}. */
export function isImmutable(record: unknown): boolean {
  return typeof record === 'object' && record !== null && immutable.has(record);
}

/**
 * An encoded JSON body as chunks to write in order (`writev`, no copy into one buffer: a large page
 * copied whole costs a fresh allocation per request) and its length in bytes (`Content-Length`).
 */
export interface JsonBody {
  chunks: Buffer[];
  length: number;
}

/** Collects a body as encoded chunks: runs of written text, and the kept bytes of registered records. */
class BodyWriter {
  private readonly chunks: Buffer[] = [];
  private text: string[] = [];
  private length = 0;

  write(s: string): void {
    this.text.push(s);
  }

  writeBytes(b: Buffer): void {
    this.flush();
    this.chunks.push(b);
    this.length += b.length;
  }

  private flush(): void {
    if (this.text.length === 0) return;
    const b = Buffer.from(this.text.join(''), 'utf8');
    this.text = [];
    this.chunks.push(b);
    this.length += b.length;
  }

  /** The body as its chunks, in order, and their total length in bytes. */
  done(): JsonBody {
    this.flush();
    return { chunks: this.chunks, length: this.length };
  }
}

/**
 * The kept UTF-8 bytes of a registered record's JSON text, encoded on first use; the kept bytes of the
 * registered records it embeds (a statistics record's player) are copied in, not serialised again.
 */
function bytesOf(record: object): Buffer {
  let b = encoded.get(record);
  if (b === undefined) {
    if (splices(record)) {
      const out = new BodyWriter();
      walkMembers(record, out);
      const { chunks, length } = out.done();
      b = Buffer.concat(chunks, length);
    } else {
      b = Buffer.from(JSON.stringify(record), 'utf8');
    }
    encoded.set(record, b);
  }
  return b;
}

/**
 * Whether an object or array is worth writing member by member: some member is a registered record,
 * or an array holding one (a record's `coaches` lists, its latest game logs). Otherwise one
 * `JSON.stringify` of the whole value is cheaper than splitting it.
 */
function splices(value: object): boolean {
  const values = Array.isArray(value) ? value : Object.values(value);
  for (const v of values) {
    if (typeof v !== 'object' || v === null) continue;
    if (immutable.has(v)) return true;
    if (Array.isArray(v)) for (const e of v) if (typeof e === 'object' && e !== null && immutable.has(e)) return true;
  }
  return false;
}

function walk(value: unknown, out: BodyWriter, force: boolean): void {
  if (value === null || typeof value !== 'object') {
    out.write(JSON.stringify(value) ?? 'null');
    return;
  }
  if (immutable.has(value)) {
    out.writeBytes(bytesOf(value));
    return;
  }
  if (!force && !splices(value)) {
    out.write(JSON.stringify(value));
    return;
  }
  walkMembers(value, out);
}

/** Writes an object or array member by member (each member through {@link walk}). */
function walkMembers(value: object, out: BodyWriter): void {
  if (Array.isArray(value)) {
    out.write('[');
    for (let i = 0; i < value.length; i++) {
      if (i > 0) out.write(',');
      const v: unknown = value[i];
      // JSON.stringify writes null for what JSON cannot hold in an array.
      if (v === undefined || typeof v === 'function' || typeof v === 'symbol') out.write('null');
      else walk(v, out, false);
    }
    out.write(']');
    return;
  }
  const obj = value as Record<string, unknown>;
  out.write('{');
  let first = true;
  for (const key of Object.keys(obj)) {
    const v = obj[key];
    // JSON.stringify leaves out members JSON cannot hold.
    if (v === undefined || typeof v === 'function' || typeof v === 'symbol') continue;
    out.write(first ? `${JSON.stringify(key)}:` : `,${JSON.stringify(key)}:`);
    first = false;
    walk(v, out, false);
  }
  out.write('}');
}

/**
 * `Buffer.from(JSON.stringify(value), 'utf8')` of a response, as chunks, with the bytes of registered records
 * reused. A list envelope (`{_meta, _links, data}`) is written member by member down to each record of
 * `data`; below that, a value is split only where it holds registered records (see {@link splices}).
 * Values are the plain JSON of records (objects, arrays, strings, numbers, booleans, null); a value
 * with a `toJSON` method (e.g. a Date) is not one and is not supported below the envelope.
 */
export function toJsonBody(value: unknown): JsonBody {
  const data = (value as { data?: unknown } | null)?.data;
  if (!Array.isArray(data) || !data.some((r) => isImmutable(r) || (typeof r === 'object' && r && splices(r)))) {
    const whole = Buffer.from(JSON.stringify(value) ?? 'null', 'utf8');
    return { chunks: [whole], length: whole.length };
  }
  const out = new BodyWriter();
  const envelope = value as Record<string, unknown>;
  out.write('{');
  let first = true;
  for (const key of Object.keys(envelope)) {
    const v = envelope[key];
    if (v === undefined || typeof v === 'function' || typeof v === 'symbol') continue;
    out.write(first ? `${JSON.stringify(key)}:` : `,${JSON.stringify(key)}:`);
    first = false;
    walk(v, out, v === data);
  }
  out.write('}');
  return out.done();
}

/** {@link toJsonBody} as one buffer. */
export function toJsonBuffer(value: unknown): Buffer {
  const { chunks, length } = toJsonBody(value);
  return chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, length);
}

/** {@link toJsonBody} as a string (`JSON.stringify(value)` exactly). */
export function toJsonText(value: unknown): string {
  return toJsonBuffer(value).toString('utf8');
}
